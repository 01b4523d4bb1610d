/**
 * Page text, whatever it holds, comes back from a markdown parser (CommonMark + GFM) as the same
 * text in the same single block, with no emphasis, link, code, HTML, list, quote or heading made of
 * it. Letters that would spell a bare URL (w, :, @) are left out of the alphabet: GFM turns
 * `www.…` into a link by itself, which shows the text as it is.
 */
import fc from 'fast-check';
import type { Parent, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, it } from 'vitest';
import { parseDocument } from './dom.js';
import { toMarkdown } from './markdown.js';

const UNITS = [
  ...'#*_-+>=~|<[]()!`\\&;.)0123456789 \t\u00a0\n',
  ...['a', 'b', 'Z', 'é', '字', 'amp', 'lt', '#35', 'x2A', '---', '```', '~~~', '1.', '  '],
];
const text = fc.string({ unit: fc.constantFrom(...UNITS), maxLength: 40 });

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function parse(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

function markdownOf(body: string): string {
  const doc = parseDocument(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`);
  return toMarkdown(doc.body, 'https://example.com/');
}

/** Every node under `parent` is plain text. */
function onlyText(parent: Parent): boolean {
  return parent.children.every((child) => child.type === 'text');
}

const expected = (value: string) => value.replace(/\s+/g, ' ').trim();

// Thousands of generated pages a test: more than the default few seconds on a loaded machine.
describe('escaped page text stays text', { timeout: 60_000 }, () => {
  it('in a paragraph', () => {
    fc.assert(
      fc.property(text, (value) => {
        const root = parse(markdownOf(`<p>${escapeHtml(value)}</p>`));
        if (expected(value) === '') return root.children.length === 0;
        const [only] = root.children;
        return (
          root.children.length === 1 &&
          only.type === 'paragraph' &&
          onlyText(only) &&
          toString(only) === expected(value)
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('in a heading', () => {
    fc.assert(
      fc.property(text, (value) => {
        const root = parse(markdownOf(`<h2>${escapeHtml(value)}</h2>`));
        if (expected(value) === '') return root.children.length === 0;
        const [only] = root.children;
        return (
          root.children.length === 1 &&
          only.type === 'heading' &&
          only.depth === 2 &&
          onlyText(only) &&
          toString(only) === expected(value)
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('in a link', () => {
    fc.assert(
      fc.property(text, (value) => {
        const root = parse(markdownOf(`<p><a href="/a (b)">${escapeHtml(value)}</a></p>`));
        if (expected(value) === '') return root.children.length === 0;
        const [only] = root.children;
        if (root.children.length !== 1 || only.type !== 'paragraph') return false;
        const [link] = only.children;
        return (
          only.children.length === 1 &&
          link.type === 'link' &&
          link.url === 'https://example.com/a%20(b)' &&
          onlyText(link) &&
          toString(link) === expected(value)
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('across a line break', () => {
    fc.assert(
      fc.property(text, text, (first, second) => {
        const [a, b] = [expected(first), expected(second)];
        fc.pre(a !== '' && b !== '');
        const root = parse(markdownOf(`<p>${escapeHtml(first)}<br>${escapeHtml(second)}</p>`));
        const [only] = root.children;
        return (
          root.children.length === 1 &&
          only.type === 'paragraph' &&
          only.children.every((c) => c.type === 'text' || c.type === 'break') &&
          only.children.filter((c) => c.type === 'break').length === 1 &&
          toString(only) === a + b
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('in a table cell', () => {
    fc.assert(
      fc.property(text, (value) => {
        const html = `<table><tr><th>h</th><th>k</th></tr><tr><td>${escapeHtml(value)}</td><td>v</td></tr></table>`;
        const [table] = parse(markdownOf(html)).children;
        if (table?.type !== 'table' || table.children.length !== 2) return false;
        const [cell, other] = table.children[1].children;
        return onlyText(cell) && toString(cell) === expected(value) && toString(other) === 'v';
      }),
      { numRuns: 1000 },
    );
  });

  it('in a code span and a code block', () => {
    fc.assert(
      fc.property(text, (value) => {
        const inline = parse(markdownOf(`<p><code>${escapeHtml(value)}</code></p>`));
        const block = parse(markdownOf(`<pre>${escapeHtml(value)}</pre>`));
        const code = expected(value);
        const inlineOk =
          code === ''
            ? inline.children.length === 0
            : inline.children.length === 1 &&
              inline.children[0].type === 'paragraph' &&
              inline.children[0].children.length === 1 &&
              inline.children[0].children[0].type === 'inlineCode' &&
              inline.children[0].children[0].value === code;
        const raw = value.replace(/^\n/, '').trimEnd();
        const blockOk =
          raw.trim() === ''
            ? block.children.length === 0
            : block.children.length === 1 &&
              block.children[0].type === 'code' &&
              block.children[0].value === raw;
        return inlineOk && blockOk;
      }),
      { numRuns: 1000 },
    );
  });
});
