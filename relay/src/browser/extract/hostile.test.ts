/**
 * Pages built to hurt the reader: deep nesting, long runs, huge tables. Each must be read without
 * an exception, and whole. A step quadratic in these inputs would take many minutes: the tests'
 * time limit, generous for a busy machine, catches it; how fast reading is belongs to bench/.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, parseDocument } from './dom.js';
import { extract } from './extract.js';
import { NESTING_LIMIT, limitNesting } from './nesting.js';

/** Far past a linear read of these pages on a loaded machine; far short of a quadratic one. */
const LIMIT_MS = 120_000;

const markdownOf = (html: string): string => extract(html, 'https://example.com/').markdown;

const doc = (body: string, title = 'Hostile') =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body>${body}</body></html>`;

describe('hostile pages', { timeout: LIMIT_MS }, () => {
  it('reads 150,000 nested elements, keeping the text at the bottom', () => {
    const n = 150_000;
    const markdown = markdownOf(doc(`${'<div>'.repeat(n)}<p>bottom text</p>${'</div>'.repeat(n)}`));
    expect(markdown).toBe('bottom text');
  });

  it('reads a page cut at the cap in the middle of a tag without the broken tag', () => {
    const n = 200_000;
    const read = extract(
      doc(`${'<div>'.repeat(n)}<p>bottom text</p>${'</div>'.repeat(n)}`),
      'https://example.com/',
    );
    expect(read.truncated).toBe(true);
    expect(read.markdown).toBe('bottom text');
  });

  it('reads deeply nested inline elements and unclosed tags', () => {
    expect(markdownOf(doc(`${'<b>'.repeat(100_000)}x${'</b>'.repeat(100_000)}`))).toBe('**x**');
    expect(markdownOf(doc(`${'<span>'.repeat(100_000)}y`))).toBe('y');
  });

  it('handles long runs of #, spaces, breaks and backticks', () => {
    const heading = markdownOf(doc(`<h2>${'#'.repeat(200_000)}x</h2>`));
    expect(heading.startsWith('## #')).toBe(true);
    expect(heading.endsWith('#x')).toBe(true);
    expect(markdownOf(doc(`<p><b>${'<i> </i>'.repeat(100_000)}</b>z</p>`))).toBe('z');
    expect(markdownOf(doc(`<p>a${'<br>'.repeat(100_000)}b</p>`))).toBe('a\n\nb');
    for (const body of [
      `<p><code>${'`'.repeat(200_000)}</code></p>`,
      `<pre>${'`'.repeat(200_000)}</pre>`,
    ]) {
      // Every backtick of the page is kept, between fences one longer than the run.
      const code = markdownOf(doc(body)).replace(/\s/g, '');
      expect(code).toBe('`'.repeat(200_001 + 200_000 + 200_001));
    }
  });

  it('reads a title of a million characters and a table of 50,000 rows', () => {
    const title = ' - part'.repeat(150_000);
    const read = extract(doc('<p>x</p>', title), 'https://example.com/');
    expect(read.title.length).toBeLessThanOrEqual(500);
    const rows = '<tr><td>a</td><td>b</td></tr>'.repeat(50_000);
    const table = markdownOf(doc(`<table>${rows}</table>`)).split('\n');
    // A header row, its rule, and the other 49,999 rows.
    expect(table).toHaveLength(50_001);
    expect(table.slice(0, 3)).toEqual(['| a | b |', '| --- | --- |', '| a | b |']);
  });
});

describe('the nesting bounds', () => {
  it('leave ordinary pages untouched', () => {
    const html = doc('<div><p>a<b>b</b></p><script>var s = "<div><div><div>";</script></div>');
    expect(limitNesting(html)).toBe(html);
  });

  it('drop the tags past the limit before parsing, keeping the text', () => {
    expect(limitNesting('<a><b><c>x</c></b></a>', 2)).toBe('<a><b>x</b></a>');
    expect(NESTING_LIMIT).toBeGreaterThan(MAX_DEPTH);
  });

  it('flatten the tree below MAX_DEPTH after parsing', () => {
    const n = MAX_DEPTH + 50;
    const parsed = parseDocument(doc(`${'<div>'.repeat(n)}<p>a</p><p>b</p>${'</div>'.repeat(n)}`));
    let depth = 0;
    for (let el: Element | null = parsed.body; el; el = el.firstElementChild) depth++;
    expect(depth).toBeLessThanOrEqual(MAX_DEPTH);
    expect(parsed.body.textContent).toBe('ab');
  });
});
