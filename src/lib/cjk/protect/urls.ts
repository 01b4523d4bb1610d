/**
 * Bare URLs and e-mail addresses in running text. A URL ends at whitespace, at a CJK letter or
 * CJK punctuation, or at `< > " \``; trailing sentence punctuation and unbalanced closing
 * brackets are left out, as GFM's autolink literals do. Stopping at CJK is deliberate:
 * `访问https://example.com获取` is a URL followed by Chinese, not one long URL.
 */

import type { ProtectedRange } from './ranges';

const URL_BODY =
  '[^\\s<>"`\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3000-\\u30FF\\uFF00-\\uFFEF\\uE000-\\uE0FF\\u2014\\u2026\\u201C\\u201D\\u2018\\u2019]';
/**
 * What may not come right before a URL or an address: ASCII word characters, and their
 * full-width forms too, since `cjk-format` turns those into ASCII; otherwise a URL found
 * before formatting could be lost after it.
 */
const WORD_BEFORE = 'A-Za-z0-9\\uFF10-\\uFF19\\uFF21-\\uFF3A\\uFF41-\\uFF5A';
const URL = new RegExp(
  `(?<![${WORD_BEFORE}_@.\\/+-])(?:(?:https?|ftp):\\/\\/|mailto:|www\\.)${URL_BODY}+`,
  'giu',
);
const EMAIL = new RegExp(
  `(?<![${WORD_BEFORE}._%+-])[A-Za-z0-9_%+-][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+`,
  'g',
);
const TRAILING = new Set(['?', '!', '.', ',', ':', ';', '*', '_', '~', "'", '"']);

/** The URLs and e-mail addresses in `source` between `from` and `to`. */
export function findUrls(source: string, from: number, to: number): ProtectedRange[] {
  const text = source.slice(from, to);
  const ranges: ProtectedRange[] = [];
  for (const match of text.matchAll(URL)) {
    const start = match.index;
    const end = start + trimUrl(match[0]).length;
    const prefix = /^(?:(?:https?|ftp):\/\/|mailto:|www\.)/i.exec(match[0])?.[0].length ?? 0;
    if (end - start > prefix) ranges.push({ start: from + start, end: from + end, kind: 'url' });
  }
  for (const match of text.matchAll(EMAIL)) {
    const start = from + match.index;
    ranges.push({ start, end: start + match[0].length, kind: 'email' });
  }
  return ranges;
}

/** Drops trailing punctuation and closing brackets that have no partner inside the URL. */
function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1];
    if (TRAILING.has(last)) end -= 1;
    else if (last === ')' && count(url, '(', end) < count(url, ')', end)) end -= 1;
    else if (last === ']' && count(url, '[', end) < count(url, ']', end)) end -= 1;
    else break;
  }
  return url.slice(0, end);
}

function count(text: string, ch: string, end: number): number {
  let total = 0;
  for (let index = 0; index < end; index += 1) if (text[index] === ch) total += 1;
  return total;
}
