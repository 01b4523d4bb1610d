import { describe, expect, it } from 'vitest';
import { HTML_CAP, capHtml } from './cap.js';
import { extract, isReadableUrl } from './extract.js';

describe('the capture cap', () => {
  it('is 2,000,000 UTF-16 code units', () => {
    expect(HTML_CAP).toBe(2_000_000);
    expect(capHtml('a'.repeat(HTML_CAP))).toEqual({ html: 'a'.repeat(HTML_CAP), truncated: false });
    const cut = capHtml('a'.repeat(HTML_CAP + 1));
    expect(cut.truncated).toBe(true);
    expect(cut.html.length).toBe(HTML_CAP);
  });

  it('never leaves half a surrogate pair at the cut', () => {
    const html = `${'a'.repeat(HTML_CAP - 1)}😀tail`;
    const cut = capHtml(html);
    expect(cut.truncated).toBe(true);
    expect(cut.html.length).toBe(HTML_CAP - 1);
    expect(cut.html.endsWith('a')).toBe(true);
  });

  it('marks a page past the cap truncated and still reads what was kept', () => {
    const paragraph = `<p>${'Words of a very long page. '.repeat(40)}</p>`;
    const body = paragraph.repeat(Math.ceil(HTML_CAP / paragraph.length) + 10);
    const html = `<!DOCTYPE html><html><head><title>Long</title></head><body><div>${body}</div></body></html>`;
    expect(html.length).toBeGreaterThan(HTML_CAP);
    const read = extract(html, 'https://example.com/long');
    expect(read.truncated).toBe(true);
    expect(read.markdown.startsWith('Words of a very long page.')).toBe(true);
    expect(read.textLength).toBeLessThan(HTML_CAP);
    expect(extract('<p>short</p>', 'https://example.com/').truncated).toBe(false);
  });
});

describe('extract', () => {
  it('reads http and https pages only', () => {
    expect(isReadableUrl('https://example.com/')).toBe(true);
    expect(isReadableUrl('http://127.0.0.1:8080/x')).toBe(true);
    expect(isReadableUrl('file:///etc/passwd')).toBe(false);
    expect(isReadableUrl('about:blank')).toBe(false);
    expect(isReadableUrl('nonsense')).toBe(false);
  });

  it('never throws, whatever it is given', () => {
    for (const [html, url] of [
      ['', 'https://example.com/'],
      ['<p>x', 'about:blank'],
      ['<html><body><a href="/x">x</a></body></html>', 'not a url'],
      ['<<<>>>', 'https://example.com/'],
    ]) {
      expect(() => extract(html, url)).not.toThrow();
    }
    expect(extract('<a href="/x">x</a>', 'not a url').url).toBe('(unparseable url)');
  });
});
