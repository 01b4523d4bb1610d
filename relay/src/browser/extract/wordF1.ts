/**
 * Word-level F1, how the corpus test and the benchmark score a reading against a reference text.
 *
 * Words are lowercased runs of letters, marks and digits; a Han, Hiragana or Katakana character is a
 * word of its own (those scripts do not put spaces between words). Both texts become multisets of
 * words; the overlap counts each word as often as it occurs in both. Precision = overlap / words
 * read, recall = overlap / reference words, F1 = their harmonic mean (1 when both are empty).
 */
import { parseDocument } from './dom.js';
import { BLOCKS, SKIPPED, attr, isElement, isText } from './nodes.js';

const CJK = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])/gu;

export function wordsOf(text: string): string[] {
  return (text
    .replace(CJK, ' $1 ')
    .toLowerCase()
    .match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) as string[];
}

/** The words a reader sees in markdown: link and image destinations left out, escapes undone. */
export function markdownText(markdown: string): string {
  return markdown.replace(/\]\((?:<[^>\n]*>|[^)\s]*)\)/g, '] ').replace(/\\(.)/g, '$1');
}

/** The text of an HTML document or fragment: blocks and line breaks apart, image alt text included. */
export function htmlText(html: string): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (isText(child)) parts.push(child.data);
      else if (isElement(child) && !SKIPPED.has(child.localName)) {
        if (child.localName === 'img') parts.push(` ${attr(child, 'alt') ?? ''} `);
        const block = BLOCKS.has(child.localName) || child.localName === 'br';
        if (block) parts.push(' ');
        walk(child);
        if (block) parts.push(' ');
      }
    }
  };
  walk(parseDocument(html).body);
  return parts.join('');
}

export interface F1 {
  precision: number;
  recall: number;
  f1: number;
}

export function wordF1(read: string[], reference: string[]): F1 {
  if (read.length === 0 && reference.length === 0) return { precision: 1, recall: 1, f1: 1 };
  const counts = new Map<string, number>();
  for (const word of reference) counts.set(word, (counts.get(word) ?? 0) + 1);
  let overlap = 0;
  for (const word of read) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      overlap += 1;
      counts.set(word, left - 1);
    }
  }
  const precision = read.length ? overlap / read.length : 0;
  const recall = reference.length ? overlap / reference.length : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}
