/**
 * Random pages made of markdown's own characters in random inline and block elements: the markdown
 * written for them, read back by a CommonMark + GFM parser, holds no structure the page did not
 * have — no raw HTML, no image, no link but the page's own, and no more headings, lists, quotes,
 * code blocks or tables than the page has elements for.
 */
import fc from 'fast-check';
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, it } from 'vitest';
import { parseDocument } from './dom.js';
import { toMarkdown } from './markdown.js';

const UNITS = [...'#*_-+>=~|<[]()!`\\&;:.)0123456789 \u00a0\n', 'a', 'b', 'amp', '1.', '```'];
const text = fc
  .string({ unit: fc.constantFrom(...UNITS), maxLength: 12 })
  .map((v) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;'));

const INLINE = ['b', 'i', 'em', 'code', 'span', 's', 'a', 'br'];
const BLOCK = ['p', 'div', 'ul', 'ol', 'blockquote', 'h2', 'pre', 'table'];

function element(tag: string, kids: string[]): string {
  const inner = kids.join('');
  switch (tag) {
    case 'br':
      return '<br>';
    case 'a':
      return `<a href="/x">${inner}</a>`;
    case 'ul':
    case 'ol':
      return `<${tag}>${kids.map((k) => `<li>${k}</li>`).join('')}</${tag}>`;
    case 'table':
      return `<table><tr><th>${kids[0] ?? ''}</th><th>h</th></tr><tr><td>${kids[1] ?? ''}</td><td>${kids[2] ?? ''}</td></tr></table>`;
    default:
      return `<${tag}>${inner}</${tag}>`;
  }
}

const page = fc.letrec<{ node: string; inline: string; block: string }>((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, tie('inline'), tie('block')),
  inline: fc
    .tuple(fc.constantFrom(...INLINE), fc.array(tie('node'), { maxLength: 3 }))
    .map(([tag, kids]) => element(tag, kids as string[])),
  block: fc
    .tuple(fc.constantFrom(...BLOCK), fc.array(tie('node'), { maxLength: 3 }))
    .map(([tag, kids]) => element(tag, kids as string[])),
})).node;

function count(node: Nodes, counts: Map<string, number>): Map<string, number> {
  counts.set(node.type, (counts.get(node.type) ?? 0) + 1);
  if (node.type === 'link' && node.url !== 'https://example.com/x') counts.set('foreign link', 1);
  if ('children' in node) for (const child of node.children) count(child as Nodes, counts);
  return counts;
}

const tags = (html: string, tag: string) => html.split(`<${tag}>`).length - 1;

describe('markdown made of random pages', () => {
  it('holds no structure the page did not have', () => {
    fc.assert(
      fc.property(fc.array(page, { minLength: 1, maxLength: 4 }), (parts) => {
        const html = `<div>${parts.join('')}</div>`;
        const doc = parseDocument(`<!DOCTYPE html><html><body>${html}</body></html>`);
        const markdown = toMarkdown(doc.body, 'https://example.com/');
        const root: Root = fromMarkdown(markdown, {
          extensions: [gfm()],
          mdastExtensions: [gfmFromMarkdown()],
        });
        const found = count(root, new Map());
        const at = (type: string) => found.get(type) ?? 0;
        const never = ['html', 'image', 'imageReference', 'linkReference', 'definition'];
        const problems = [
          ...never.filter((type) => at(type) > 0),
          ...(at('foreign link') ? ['foreign link'] : []),
          ...(at('thematicBreak') ? ['thematicBreak'] : []),
          ...(at('footnoteReference') + at('footnoteDefinition') ? ['footnote'] : []),
          ...(at('heading') > tags(html, 'h2') ? ['heading'] : []),
          ...(at('list') > tags(html, 'ul') + tags(html, 'ol') ? ['list'] : []),
          ...(at('blockquote') > tags(html, 'blockquote') ? ['blockquote'] : []),
          ...(at('code') > tags(html, 'pre') ? ['code'] : []),
          ...(at('table') > tags(html, 'table') ? ['table'] : []),
        ];
        if (problems.length > 0) {
          throw new Error(
            `${problems.join(', ')}: ${JSON.stringify(html)} → ${JSON.stringify(markdown)}`,
          );
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 1500) },
    );
  }, 120_000);
});
