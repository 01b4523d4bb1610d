/**
 * Pages built to hurt the reader: deep nesting, long runs, huge tables. Each must be read without
 * an exception and in time that grows with the page, not its square (a quadratic step on these
 * inputs would take minutes; the bound below leaves room for a busy machine).
 */
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, parseDocument } from './dom.js';
import { extract } from './extract.js';
import { NESTING_LIMIT, limitNesting } from './nesting.js';

const BOUND_MS = 10_000;

function timed(html: string): { ms: number; markdown: string } {
  const started = performance.now();
  const { markdown } = extract(html, 'https://example.com/');
  return { ms: performance.now() - started, markdown };
}

const doc = (body: string, title = 'Hostile') =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body>${body}</body></html>`;

describe('hostile pages', () => {
  it('reads 150,000 nested elements, keeping the text at the bottom', () => {
    const n = 150_000;
    const { ms, markdown } = timed(
      doc(`${'<div>'.repeat(n)}<p>bottom text</p>${'</div>'.repeat(n)}`),
    );
    expect(markdown).toBe('bottom text');
    expect(ms).toBeLessThan(BOUND_MS);
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
    expect(timed(doc(`${'<b>'.repeat(100_000)}x${'</b>'.repeat(100_000)}`)).markdown).toBe('**x**');
    expect(timed(doc(`${'<span>'.repeat(100_000)}y`)).markdown).toBe('y');
  });

  it('handles long runs of #, spaces, breaks and backticks', () => {
    const runs = [
      `<h2>${'#'.repeat(200_000)}x</h2>`,
      `<p><b>${'<i> </i>'.repeat(100_000)}</b>z</p>`,
      `<p>a${'<br>'.repeat(100_000)}b</p>`,
      `<p><code>${'`'.repeat(200_000)}</code></p>`,
      `<pre>${'`'.repeat(200_000)}</pre>`,
    ];
    for (const body of runs) expect(timed(doc(body)).ms).toBeLessThan(BOUND_MS);
  });

  it('reads a title of a million characters and a table of 50,000 rows', () => {
    const title = ' - part'.repeat(150_000);
    const read = extract(doc('<p>x</p>', title), 'https://example.com/');
    expect(read.title.length).toBeLessThanOrEqual(500);
    const rows = '<tr><td>a</td><td>b</td></tr>'.repeat(50_000);
    expect(timed(doc(`<table>${rows}</table>`)).ms).toBeLessThan(BOUND_MS);
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
