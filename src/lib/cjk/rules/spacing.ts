/**
 * `cjk-spacing`: one space between Han or Kana and a Latin letter or digit, in both directions.
 * Works on masked text (see `mask.ts`): a masked URL or e-mail address counts as a Latin word,
 * any other masked region as neither side.
 *
 * - Hangul never gets a space: Korean attaches particles to words (`API를`).
 * - Full-width punctuation never gets a space: it is neither Han/Kana nor Latin.
 * - Only touching characters are separated, so existing spaces are never doubled.
 * - A number keeps its unit sign: `50%`, `30°`, `5‰`, `20℃` read as one Latin word.
 * - A currency sign before a digit (`$5`, `€10`, `£3`), `#` and `@` before a letter or digit
 *   (`#123`, `@alice`), and `#`/`+` after a letter (`C#`, `C++`) belong to the Latin word.
 */

import {
  LATIN_LIKE,
  isAsciiAlnum,
  isAsciiDigit,
  isHanKana,
  isLatinLetter,
  isLatinWordChar,
} from './chars';

const CURRENCY = new Set(['$', '€', '£', '¥', '₩', '₹', '₽', '¢', '₫', '฿']);
const UNIT_AFTER_NUMBER = new Set(['%', '‰', '°', '℃', '℉']);

/** Inserts the spaces. Idempotent. */
export function spaceCjkLatin(text: string): string {
  const chars = Array.from(text);
  let out = '';
  for (let index = 0; index < chars.length; index += 1) {
    out += chars[index];
    const next = chars[index + 1];
    if (next === undefined) break;
    if (
      (isHanKana(chars[index]) && startsLatinWord(chars, index + 1)) ||
      (isHanKana(next) && endsLatinWord(chars, index))
    ) {
      out += ' ';
    }
  }
  return out;
}

/** Whether a Latin word (in the sense above) starts at `index`. */
export function startsLatinWord(chars: readonly string[], index: number): boolean {
  const ch = chars[index];
  if (isLatinWordChar(ch) || ch === LATIN_LIKE) return true;
  if (CURRENCY.has(ch)) return isAsciiDigit(chars[index + 1]);
  if (ch === '#' || ch === '@') return isAsciiAlnum(chars[index + 1]);
  return false;
}

/** Whether a Latin word (in the sense above) ends at `index`. */
export function endsLatinWord(chars: readonly string[], index: number): boolean {
  const ch = chars[index];
  if (isLatinWordChar(ch) || ch === LATIN_LIKE) return true;
  if (UNIT_AFTER_NUMBER.has(ch)) return isAsciiDigit(chars[index - 1]);
  if (ch === '+' || ch === '#') {
    let before = index - 1;
    while (chars[before] === '+' || chars[before] === '#') before -= 1;
    return isLatinLetter(chars[before]);
  }
  return false;
}
