import { describe, expect, it } from 'vitest';
import { exportName, htmlDocument } from './htmlDocument';

describe('the exported HTML file', () => {
  it('is one self-contained page: no script, no outside link, escaped title', () => {
    const html = htmlDocument('Tom & <Jerry>', '<p>Hi</p>', 'ko');
    expect(html.startsWith('<!doctype html>\n<html lang="ko">')).toBe(true);
    expect(html).toContain('<title>Tom &amp; &lt;Jerry&gt;</title>');
    expect(html).toContain('<article><p>Hi</p></article>');
    expect(html).not.toMatch(/<script|<link|@import|src="http/i);
  });

  it('falls back to English for a language tag that is not one', () => {
    expect(htmlDocument('t', '', 'zh-Hant')).toContain('<html lang="zh-Hant">');
    expect(htmlDocument('t', '', '"><script>')).toContain('<html lang="en">');
  });

  it('names the file after the document', () => {
    expect(exportName('chapter 1.md')).toBe('chapter 1.html');
    expect(exportName('notes')).toBe('notes.html');
    expect(exportName('a/b:c.md')).toBe('a-b-c.html');
    expect(exportName('.md')).toBe('document.html');
  });
});
