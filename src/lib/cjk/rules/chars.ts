/**
 * Character classes the CJK transforms agree on. Each predicate takes one code point as a string
 * (a UTF-16 pair for characters outside the BMP) or `undefined` for "no character here".
 */

/**
 * Stand-ins for protected regions while the transforms run (see `mask.ts`). Private-use code
 * points: `NEUTRAL` is neither CJK nor Latin, `LATIN_LIKE` (a URL or an e-mail address) counts
 * as a Latin word for spacing.
 */
export const NEUTRAL = '\uE000';
export const LATIN_LIKE = '\uE001';

const HAN_KANA =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u30FC\uFF70]$/u;
const HANGUL = /^\p{Script=Hangul}$/u;
const LATIN_LETTER = /^\p{Script=Latin}$/u;
const LETTER = /^\p{L}$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;

/** Han ideographs, Hiragana, Katakana (with the prolonged sound mark ー) and Bopomofo. */
export function isHanKana(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const code = ch.charCodeAt(0);
  if (code < 0x2e80) return false;
  // The common blocks by range; the regex settles the rest (and characters beyond the BMP).
  if (code >= 0x4e00 && code <= 0x9fff) return true;
  if (code >= 0x3040 && code <= 0x30ff) return code !== 0x30fb && HAN_KANA.test(ch);
  if (code >= 0xac00 && code <= 0xd7a3) return false;
  return HAN_KANA.test(ch);
}

/** Korean Hangul syllables and jamo. */
export function isHangul(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const code = ch.charCodeAt(0);
  if (code < 0x1100) return false;
  if (code >= 0xac00 && code <= 0xd7a3) return true;
  if (code >= 0x4e00 && code <= 0x9fff) return false;
  return HANGUL.test(ch);
}

/** Han, Kana, Bopomofo or Hangul. */
export function isCjkLetter(ch: string | undefined): boolean {
  return isHanKana(ch) || isHangul(ch);
}

/** A Latin-script letter in its ordinary (not full-width) form: `a`, `Z`, `é`, `ß`. */
export function isLatinLetter(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x80) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return code < 0xff00 && LATIN_LETTER.test(ch) && LETTER.test(ch);
}

export function isAsciiDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch.length === 1 && ch >= '0' && ch <= '9';
}

export function isAsciiAlnum(ch: string | undefined): boolean {
  return isAsciiDigit(ch) || (ch !== undefined && /^[A-Za-z]$/.test(ch));
}

/** A Latin letter or an ASCII digit: what CJK–Latin spacing puts a space next to. */
export function isLatinWordChar(ch: string | undefined): boolean {
  return isLatinLetter(ch) || isAsciiDigit(ch);
}

/** Any letter or digit of any script. */
export function isLetterOrDigit(ch: string | undefined): boolean {
  return ch !== undefined && LETTER_OR_DIGIT.test(ch);
}

/**
 * Full-width and CJK punctuation: the CJK Symbols and Punctuation block (except the ideographic
 * space), full-width ASCII punctuation, half-width CJK punctuation, the Katakana middle dot, and
 * the Chinese dash `—` and ellipsis `…`.
 */
export function isCjkPunctuation(ch: string | undefined): boolean {
  if (ch === undefined || ch.length !== 1) return false;
  const code = ch.charCodeAt(0);
  if (code >= 0x3001 && code <= 0x303f) return !isHanKana(ch);
  if (code >= 0xff01 && code <= 0xff65) {
    return !(
      (code >= 0xff10 && code <= 0xff19) ||
      (code >= 0xff21 && code <= 0xff3a) ||
      (code >= 0xff41 && code <= 0xff5a)
    );
  }
  return code === 0x30fb || code === 0x2014 || code === 0x2026;
}

/** Closing brackets and quotes of CJK typography, after which a sentence mark is CJK too. */
const CJK_CLOSERS = new Set([
  '）',
  '」',
  '』',
  '】',
  '》',
  '〉',
  '〕',
  '〗',
  '〙',
  '〛',
  '］',
  '｝',
]);

export function isCjkCloser(ch: string | undefined): boolean {
  return ch !== undefined && CJK_CLOSERS.has(ch);
}

/** Markdown emphasis and strike-through delimiters, looked through when finding a neighbour. */
export function isEmphasisMarker(ch: string | undefined): boolean {
  return ch === '*' || ch === '_' || ch === '~';
}

/** Horizontal whitespace (not a line break). */
export function isBlank(ch: string | undefined): boolean {
  return ch === ' ' || ch === '\t';
}
