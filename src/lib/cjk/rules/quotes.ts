/**
 * Quote rules of `cjk-format`: straight quotes to typographic ones, curly quotes around Chinese
 * to corner brackets, and nested corner quotes. Quotes pair within one line only. Works on
 * masked text (see `mask.ts`).
 */

import { isHanKana, isLatinWordChar, isLetterOrDigit } from './chars';
import type { QuoteStyle } from './settings';

const STYLES: Record<QuoteStyle, { double: [string, string]; single: [string, string] }> = {
  curly: { double: ['“', '”'], single: ['‘', '’'] },
  corner: { double: ['「', '」'], single: ['『', '』'] },
  guillemets: { double: ['«', '»'], single: ['‹', '›'] },
};

const HAN = /\p{Script=Han}/u;

/**
 * Pairs straight `"` and `'` on each line and converts the pairs in CJK context: the quoted
 * text holds Han/Kana, or the character just outside one quote is Han/Kana and the one outside
 * the other is not a Latin letter or digit (`他说"OK"。`). With `contextual` off every pair
 * converts. Never paired: apostrophes
 * (`don't`, `l'amour`, `'90s`) and primes (`5'`, `5'10"`).
 */
export function convertStraightQuotes(
  text: string,
  style: QuoteStyle,
  contextual: boolean,
): string {
  const chars = Array.from(text);
  const marks = STYLES[style];
  for (const quote of ['"', "'"] as const) {
    const [open, close] = quote === '"' ? marks.double : marks.single;
    for (const [start, end] of pairQuotes(chars, quote)) {
      const before = chars[start - 1];
      const after = chars[end + 1];
      const cjk =
        chars.slice(start + 1, end).some(isHanKana) ||
        (isHanKana(before) && !isLatinWordChar(after)) ||
        (isHanKana(after) && !isLatinWordChar(before));
      if (cjk || !contextual) {
        chars[start] = open;
        chars[end] = close;
      }
    }
  }
  return chars.join('');
}

/** Pairs of `quote` on each line: an opener is followed by a non-space, a closer follows one. */
function pairQuotes(chars: readonly string[], quote: '"' | "'"): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  let open = -1;
  for (let index = 0; index < chars.length; index += 1) {
    const ch = chars[index];
    if (ch === '\n') open = -1;
    if (ch !== quote || notAQuote(chars, index)) continue;
    const canOpen = chars[index + 1] !== undefined && !/\s/.test(chars[index + 1]);
    const canClose = index > 0 && !/\s/.test(chars[index - 1]);
    if (open >= 0 && canClose) {
      pairs.push([open, index]);
      open = -1;
    } else if (canOpen) {
      open = index;
    }
  }
  return pairs;
}

/** Apostrophes and primes, which look like quotes but never pair. */
function notAQuote(chars: readonly string[], index: number): boolean {
  const previous = chars[index - 1];
  const next = chars[index + 1];
  if (chars[index] === '"') {
    // 5'10": inches after feet.
    return /\d'\d+$/.test(chars.slice(Math.max(0, index - 8), index).join(''));
  }
  if (
    isLetterOrDigit(previous) &&
    isLetterOrDigit(next) &&
    !isHanKana(previous) &&
    !isHanKana(next)
  ) {
    return true; // don't, l'amour
  }
  if (/\d/.test(previous ?? '')) return true; // 5'
  return /^\d\ds/.test(chars.slice(index + 1, index + 4).join('')); // '90s
}

/** “…” around text containing Han characters becomes 「…」. */
export function cornerQuotes(text: string): string {
  const chars = Array.from(text);
  let open = -1;
  for (let index = 0; index < chars.length; index += 1) {
    const ch = chars[index];
    if (ch === '\n') open = -1;
    else if (ch === '“') open = index;
    else if (ch === '”' && open >= 0) {
      if (chars.slice(open + 1, index).some((inner) => HAN.test(inner))) {
        chars[open] = '「';
        chars[index] = '」';
      }
      open = -1;
    }
  }
  return chars.join('');
}

/** Inside 「…」, a phrase quoted with ‘…’, “…” or straight single quotes becomes 『…』. */
export function nestedCornerQuotes(text: string): string {
  return text.replace(/「[^「」\n]*」/g, (quoted) => {
    const parts = Array.from(quoted);
    const pairs = [...pairTypographic(parts, '‘', '’'), ...pairTypographic(parts, '“', '”')];
    for (const [start, end] of [...pairs, ...pairQuotes(parts, "'")]) {
      parts[start] = '『';
      parts[end] = '』';
    }
    return parts.join('');
  });
}

function pairTypographic(
  chars: readonly string[],
  open: string,
  close: string,
): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  let start = -1;
  for (let index = 0; index < chars.length; index += 1) {
    if (chars[index] === open) start = index;
    else if (chars[index] === close && start >= 0) {
      pairs.push([start, index]);
      start = -1;
    }
  }
  return pairs;
}
