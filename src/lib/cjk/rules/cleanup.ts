/**
 * The cleanup rules of `cjk-format` that change characters or remove whitespace: full-width
 * letters and digits, ellipses, dashes, repeated marks, and spaces and blank lines. All work on
 * masked text (see `mask.ts`).
 */

import { isBlank, isCjkPunctuation, isEmphasisMarker, isHanKana, isHangul } from './chars';

/** `Ａ–Ｚ ａ–ｚ ０–９` → `A–Z a–z 0–9`. */
export function fullwidthToAscii(text: string): string {
  return text.replace(/[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g, (ch) =>
    String.fromCharCode(ch.charCodeAt(0) - 0xfee0),
  );
}

/**
 * Spaced dots (`. . .`) touching Han/Kana (directly, or across one space after them) become
 * `...`; three or more ideographic full stops (`。。。`) become `……`.
 */
export function normalizeEllipses(text: string): string {
  return text
    .replace(/\.(?:[ \t]\.){2,}/g, (dots, offset: number, whole: string) => {
      const before = Array.from(whole.slice(Math.max(0, offset - 2), offset)).pop();
      const after = whole.slice(offset + dots.length).replace(/^[ \t]/, '');
      return isHanKana(before) || isHanKana(Array.from(after.slice(0, 2))[0]) ? '...' : dots;
    })
    .replace(/。{3,}/g, '……');
}

/**
 * `--` (exactly two hyphens) becomes `——` when the nearest character on either side, on the
 * same line and looking through spaces and emphasis markers, is Han/Kana or CJK punctuation.
 * A command-line option (`--help` after a space) and Korean contexts stay.
 */
export function convertDashes(text: string): string {
  const chars = Array.from(text);
  let out = '';
  for (let index = 0; index < chars.length; index += 1) {
    const isPair =
      chars[index] === '-' &&
      chars[index + 1] === '-' &&
      chars[index - 1] !== '-' &&
      chars[index + 2] !== '-';
    if (!isPair) {
      out += chars[index];
      continue;
    }
    const option = /^[A-Za-z]$/.test(chars[index + 2] ?? '') && !/\S/.test(chars[index - 1] ?? '');
    const left = nearestOnLine(chars, index - 1, -1);
    const right = nearestOnLine(chars, index + 2, 1);
    const cjk = (ch: string | undefined) => isHanKana(ch) || isCjkPunctuation(ch);
    if (!option && !isHangul(left) && !isHangul(right) && (cjk(left) || cjk(right))) {
      out += '——';
    } else {
      out += '--';
    }
    index += 1;
  }
  return out;
}

function nearestOnLine(chars: readonly string[], from: number, step: 1 | -1): string | undefined {
  let at = from;
  while (isBlank(chars[at]) || isEmphasisMarker(chars[at])) at += step;
  return chars[at] === '\n' || chars[at] === '\r' ? undefined : chars[at];
}

/** Keeps at most `limit` of the same full-width mark in a row: `！！！` → `！` at 1. */
export function limitRepeatedPunctuation(text: string, limit: number): string {
  if (limit <= 0) return text;
  return text.replace(/([！？。，、；：])\1+/g, (run, mark: string) =>
    run.length > limit ? mark.repeat(limit) : run,
  );
}

/**
 * On lines with Han or Kana, removes spaces and tabs before the line end, except two or more
 * spaces before a line that is not blank: a hard line break, kept byte for byte.
 */
export function removeTrailingSpaces(text: string): string {
  return text.replace(/[ \t]+(?=\r?\n|$)/g, (run, offset: number, whole: string) => {
    const lineStart = whole.lastIndexOf('\n', offset) + 1;
    if (!hasHanKana(whole.slice(lineStart, offset))) return run;
    if (!/^ {2,}$/.test(run)) return '';
    const nextLine = /^\r?\n([^\r\n]*)/.exec(whole.slice(offset + run.length));
    return nextLine && nextLine[1].trim() !== '' ? run : '';
  });
}

/**
 * Runs of two or more spaces between two non-space characters become one space. Indentation,
 * trailing spaces, tabs and padding next to a table's `|` stay.
 */
export function collapseSpaces(text: string): string {
  return text.replace(/(?<=[^\s|]) {2,}(?=[^\s|])/g, ' ');
}

/** Two or more blank lines in a row become one, keeping the first line ending's style. */
export function collapseBlankLines(text: string): string {
  return text.replace(/(\r?\n)(?:[ \t]*\r?\n){2,}/g, (_run, ending: string) => ending + ending);
}

/**
 * Applies `rule` to each line (with its line ending) that contains Han or Kana and leaves every
 * other line as it is, so the general cleanups never touch pure Latin or Korean text.
 */
export function onCjkLines(text: string, rule: (line: string) => string): string {
  return text.replace(/[^\n]*\n|[^\n]+$/g, (line) => (hasHanKana(line) ? rule(line) : line));
}

function hasHanKana(text: string): boolean {
  for (const ch of text) if (isHanKana(ch)) return true;
  return false;
}
