/** Character codes and character classes used by the block scanner (as micromark defines them). */

export const TAB = 9;
export const LF = 10;
export const CR = 13;
export const SPACE = 32;
export const EXCLAMATION = 33;
export const QUOTE = 34;
export const HASH = 35;
export const APOSTROPHE = 39;
export const LEFT_PAREN = 40;
export const RIGHT_PAREN = 41;
export const ASTERISK = 42;
export const PLUS = 43;
export const DASH = 45;
export const DOT = 46;
export const SLASH = 47;
export const DIGIT_ONE = 49;
export const COLON = 58;
export const LESS_THAN = 60;
export const EQUALS = 61;
export const GREATER_THAN = 62;
export const QUESTION = 63;
export const LEFT_BRACKET = 91;
export const BACKSLASH = 92;
export const RIGHT_BRACKET = 93;
export const CARET = 94;
export const UNDERSCORE = 95;
export const BACKTICK = 96;
export const PIPE = 124;
export const TILDE = 126;
export const DOLLAR = 36;
export const DEL = 127;

/** Space or tab: the only characters markdown treats as indentation or blank. */
export function isSpaceOrTab(code: number): boolean {
  return code === SPACE || code === TAB;
}

export function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export function isAsciiAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

export function isAsciiAlphanumeric(code: number): boolean {
  return isAsciiDigit(code) || isAsciiAlpha(code);
}

/** C0 controls and DEL (tabs and line endings included, as in micromark). */
export function isAsciiControl(code: number): boolean {
  return code < SPACE || code === DEL;
}

/** True when `text[from, to)` holds only spaces and tabs. */
export function isBlankRange(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    if (!isSpaceOrTab(text.charCodeAt(index))) return false;
  }
  return true;
}

/** Index of the first character at or after `from` that is not a space or tab (or `to`). */
export function skipSpaceOrTab(text: string, from: number, to: number): number {
  let index = from;
  while (index < to && isSpaceOrTab(text.charCodeAt(index))) index += 1;
  return index;
}
