/**
 * The spacing rules of `cjk-format` beyond CJK–Latin spacing: parentheses, quotes, the Chinese
 * dash, currency signs and slashes. All work on masked text (see `mask.ts`).
 */

import { isCjkLetter, isHanKana, isHangul, isLatinLetter } from './chars';

const HAN_KANA_CLASS =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Bopomofo}\\u30FC\\uFF70';
const SPACE_BEFORE_FULL_OPEN = new RegExp(`(?<=[${HAN_KANA_CLASS}]) +(?=（)`, 'gu');
const SPACE_AFTER_FULL_CLOSE = new RegExp(`(?<=）) +(?=[${HAN_KANA_CLASS}])`, 'gu');

/**
 * One space between Han/Kana and a half-width `( … )` pair outside it (`中文 (English) 中文`);
 * no spaces (tabs stay) between Han/Kana and a full-width `（` or `）`.
 */
export function spaceAroundParentheses(text: string): string {
  const chars = Array.from(text);
  const spaceBefore = new Set<number>();
  const stack: number[] = [];
  for (let index = 0; index < chars.length; index += 1) {
    const ch = chars[index];
    if (ch === '\n') stack.length = 0;
    else if (ch === '(') stack.push(index);
    else if (ch === ')') {
      const open = stack.pop();
      if (open === undefined) continue;
      if (isHanKana(chars[open - 1])) spaceBefore.add(open);
      if (isHanKana(chars[index + 1])) spaceBefore.add(index + 1);
    }
  }
  const spaced = chars.map((ch, index) => (spaceBefore.has(index) ? ' ' + ch : ch)).join('');
  return spaced.replace(SPACE_BEFORE_FULL_OPEN, '').replace(SPACE_AFTER_FULL_CLOSE, '');
}

const DOUBLE_PAIRS: ReadonlyArray<[string, string]> = [
  ['“', '”'],
  ['«', '»'],
];
const SINGLE_PAIRS: ReadonlyArray<[string, string]> = [
  ['‘', '’'],
  ['‹', '›'],
];

/**
 * One space between Han/Kana and typographic quotes around a Latin phrase, outside the quotes:
 * `他说“hello”然后` → `他说 “hello” 然后`. Quotes around CJK text are left as they are.
 */
export function spaceAroundQuotes(text: string, double: boolean, single: boolean): string {
  const pairs = [...(double ? DOUBLE_PAIRS : []), ...(single ? SINGLE_PAIRS : [])];
  const chars = Array.from(text);
  const spaceBefore = new Set<number>();
  for (const [open, close] of pairs) {
    let start = -1;
    for (let index = 0; index < chars.length; index += 1) {
      const ch = chars[index];
      if (ch === '\n') start = -1;
      else if (ch === open) start = index;
      else if (ch === close && start >= 0) {
        const inner = chars.slice(start + 1, index);
        const apostrophe = close === '’' && isLatinLetter(chars[index + 1]);
        if (!apostrophe && !inner.some(isCjkLetter)) {
          if (isHanKana(chars[start - 1])) spaceBefore.add(start);
          if (isHanKana(chars[index + 1])) spaceBefore.add(index + 1);
        }
        if (!apostrophe) start = -1;
      }
    }
  }
  return chars.map((ch, index) => (spaceBefore.has(index) ? ' ' + ch : ch)).join('');
}

/** No spaces between the Chinese dash `——` and the text on either side (same line). */
export function tightenDashes(text: string): string {
  return text.replace(/(?<=[^\s|]) +(?=——)/g, '').replace(/(?<=——) +(?=[^\s|])/g, '');
}

/**
 * No space between a currency sign and the amount after it: `$ 100` → `$100`. A `$` is left
 * alone when another `$` follows on the same line, where joining could make `$…$` math.
 */
export function tightenCurrency(text: string): string {
  return text.replace(
    /([$€£¥₩₹₽￥]) +(?=[0-9])/g,
    (run, sign: string, offset: number, whole: string) => {
      if (sign !== '$') return sign;
      const lineEnd = whole.indexOf('\n', offset);
      const rest = whole.slice(offset + 1, lineEnd < 0 ? whole.length : lineEnd);
      return rest.includes('$') ? run : sign;
    },
  );
}

/**
 * No spaces around a slash between two words: `A / B` → `A/B`, `中文 / English` →
 * `中文/English`. Arithmetic between two numbers (`10 / 2`) and Korean words stay.
 */
export function tightenSlashes(text: string): string {
  return text.replace(
    /(?<=[\p{L}\p{N}]) +\/ +(?=[\p{L}\p{N}])/gu,
    (run, offset: number, whole: string) => {
      const before = Array.from(whole.slice(Math.max(0, offset - 2), offset)).pop() ?? '';
      const after = Array.from(whole.slice(offset + run.length, offset + run.length + 2))[0] ?? '';
      const numbers = /\p{N}/u.test(before) && /\p{N}/u.test(after);
      return numbers || isHangul(before) || isHangul(after) ? run : '/';
    },
  );
}
