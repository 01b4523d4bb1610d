/**
 * `cjk-punctuation`: ASCII `, . ! ? ; :` and `( )` in CJK text become full-width. Works on
 * masked text (see `mask.ts`), so code, URLs, math, HTML and escapes are never seen.
 *
 * A mark converts when its nearest neighbour on the left is Han/Kana or a CJK closing bracket,
 * or (except `.`) its nearest neighbour on the right is Han/Kana. Emphasis markers (`*`, `_`,
 * `~`) are looked through; a space breaks the adjacency. Hangul on either side leaves the mark
 * alone, since Korean uses ASCII punctuation. Never converted: dots next to dots (`...`), a `.`
 * followed by a letter or digit (`说明.md`, `example.com`), marks between digits (`3.14`,
 * `12:30`, `1,000`), `!` before `[` (an image), `:` before `//`, and `:` of `:emoji:`.
 *
 * A pair of parentheses on one line converts when its content holds Han/Kana, or when the
 * character just outside either end is Han/Kana or CJK punctuation, unless the `(` follows a
 * letter, digit or `_` (a call such as `f(x)`). Empty pairs and pairs touching or holding
 * Hangul stay.
 */

import {
  LATIN_LIKE,
  NEUTRAL,
  isAsciiAlnum,
  isAsciiDigit,
  isBlank,
  isCjkCloser,
  isCjkPunctuation,
  isEmphasisMarker,
  isHanKana,
  isHangul,
} from './chars';

const FULL_WIDTH: Record<string, string> = {
  ',': '，',
  '.': '。',
  '!': '！',
  '?': '？',
  ';': '；',
  ':': '：',
};

export interface PunctuationOptions {
  marks: boolean;
  parentheses: boolean;
  /** `[重点]` → `【重点】` (cjk-format only, off by default there). */
  brackets: boolean;
}

/** Runs the enabled conversions until nothing changes, so the result is idempotent. */
export function convertPunctuation(text: string, options: PunctuationOptions): string {
  let current = text;
  for (let pass = 0; pass < 8; pass += 1) {
    let next = current;
    if (options.parentheses) next = convertPairs(next, '(', ')', parenthesesConvert, '（', '）');
    if (options.brackets) next = convertPairs(next, '[', ']', bracketsConvert, '【', '】');
    if (options.marks) next = convertMarks(next);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Converts `, . ! ? ; :` by the rule above; left context is read after conversion. */
export function convertMarks(text: string): string {
  const chars = Array.from(text);
  for (let index = 0; index < chars.length; index += 1) {
    const ch = chars[index];
    const full = FULL_WIDTH[ch];
    if (!full || staysAscii(chars, index)) continue;
    const left = neighbour(chars, index, -1);
    const right = neighbour(chars, index, 1);
    if (isHangul(left) || isHangul(right)) continue;
    const afterCjk =
      isHanKana(left) ||
      isCjkCloser(left) ||
      ((ch === '!' || ch === '?') && (left === '！' || left === '？'));
    const beforeCjk = ch !== '.' && isHanKana(right);
    if (afterCjk || beforeCjk) chars[index] = full;
  }
  return chars.join('');
}

/** The nearest character from `index` in direction `step`, looking through emphasis markers. */
export function neighbour(
  chars: readonly string[],
  index: number,
  step: 1 | -1,
): string | undefined {
  let at = index + step;
  while (isEmphasisMarker(chars[at])) at += step;
  return chars[at];
}

function staysAscii(chars: readonly string[], index: number): boolean {
  const ch = chars[index];
  const previous = chars[index - 1];
  const next = chars[index + 1];
  if (ch === '.' && (previous === '.' || next === '.' || isAsciiAlnum(next))) return true;
  if (isAsciiDigit(previous) && isAsciiDigit(next)) return true;
  if (ch === '!' && next === '[') return true;
  if (ch === ':') return (next === '/' && chars[index + 2] === '/') || inEmojiCode(chars, index);
  return false;
}

/** Whether the `:` at `index` opens or closes a `:short_code:`. */
function inEmojiCode(chars: readonly string[], index: number): boolean {
  const code = /^[a-z0-9_+-]$/;
  const scan = (step: 1 | -1) => {
    let at = index + step;
    while (code.test(chars[at] ?? '')) at += step;
    return Math.abs(at - index) > 1 && chars[at] === ':';
  };
  return scan(1) || scan(-1);
}

type PairTest = (chars: readonly string[], open: number, close: number) => boolean;

/** Matches `open`/`close` pairs within each line and converts those `test` accepts. */
function convertPairs(
  text: string,
  open: string,
  close: string,
  test: PairTest,
  fullOpen: string,
  fullClose: string,
): string {
  const chars = Array.from(text);
  const stack: number[] = [];
  for (let index = 0; index < chars.length; index += 1) {
    const ch = chars[index];
    if (ch === '\n') stack.length = 0;
    else if (ch === open) stack.push(index);
    else if (ch === close) {
      const start = stack.pop();
      if (start !== undefined && test(chars, start, index)) {
        chars[start] = fullOpen;
        chars[index] = fullClose;
      }
    }
  }
  return chars.join('');
}

function parenthesesConvert(chars: readonly string[], open: number, close: number): boolean {
  if (close === open + 1) return false;
  const inner = chars.slice(open + 1, close);
  const before = neighbour(chars, open, -1);
  const after = neighbour(chars, close, 1);
  if (isHangul(before) || isHangul(after) || inner.some(isHangul)) return false;
  if (inner.some(isHanKana)) return true;
  if (isAsciiAlnum(chars[open - 1]) || chars[open - 1] === '_') return false;
  const cjk = (ch: string | undefined) => isHanKana(ch) || isCjkPunctuation(ch);
  return cjk(before) || cjk(after);
}

/** `[重点]` → `【重点】` when the content starts with Han/Kana and it is no link syntax. */
function bracketsConvert(chars: readonly string[], open: number, close: number): boolean {
  const inner = chars.slice(open + 1, close);
  const first = inner.find((ch) => !isBlank(ch) && !isEmphasisMarker(ch));
  if (!isHanKana(first)) return false;
  const before = chars[open - 1];
  const after = chars[close + 1];
  if (before === '!' || before === ']' || before === NEUTRAL || before === LATIN_LIKE) return false;
  return !['(', '[', ':', NEUTRAL, LATIN_LIKE].includes(after ?? '');
}
