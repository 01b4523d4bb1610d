import { describe, expect, it } from 'vitest';
import { MAX_RESULT_BYTES } from './envelopes';
import { SMALL_FIELD_CAP, capText, cleanCut, extractAnswer } from './extractAnswer';
import { jsonBytes } from './listCut';

/** An extract answer in the order the driver sends it: markdown before the small fields. */
function extracted(markdown: string, fields: Record<string, unknown> = {}) {
  return {
    tabId: 'btab-1',
    title: 'A long story',
    byline: 'Ada',
    url: 'http://127.0.0.1:8000/story',
    markdown,
    textLength: markdown.length,
    truncated: false,
    generation: 3,
    untrusted: true,
    ...fields,
  };
}

/** `count` numbered paragraphs of about 100 characters, separated by blank lines. */
function paragraphs(count: number): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `Paragraph ${i + 1} says something about the story, at some length, ${'so '.repeat(10)}on.`,
  ).join('\n\n');
}

function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}

describe('extractAnswer', () => {
  it('moves markdown after the small fields of an answer that fits, changing nothing else', () => {
    const answer = extracted(paragraphs(10));
    const shaped = extractAnswer(answer);
    expect(shaped).toEqual(answer);
    expect(Object.keys(shaped)).toEqual([
      'tabId',
      'title',
      'byline',
      'url',
      'textLength',
      'truncated',
      'generation',
      'untrusted',
      'markdown',
    ]);
  });

  it('leaves an answer exactly at the bound whole, and cuts one a byte over it', () => {
    const base = extractAnswer(extracted(''));
    const room = MAX_RESULT_BYTES - jsonBytes(base);
    const fits = extractAnswer({ ...base, markdown: 'a'.repeat(room) });
    expect(jsonBytes(fits)).toBe(MAX_RESULT_BYTES);
    expect(JSON.stringify(fits)).toBe(JSON.stringify({ ...base, markdown: 'a'.repeat(room) }));
    expect(fits.truncated).toBe(false);

    const over = extractAnswer({ ...base, markdown: 'a'.repeat(room + 1) });
    expect(over.truncated).toBe(true);
    expect(over.markdownLength).toBe(room + 1);
    expect(jsonBytes(over)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
  });

  it('cuts huge markdown at a paragraph break and keeps every small field whole, before it', () => {
    const markdown = paragraphs(20_000);
    const answer = extracted(markdown);
    expect(jsonBytes(answer)).toBeGreaterThan(1_000_000);
    const cut = extractAnswer(answer);
    const text = JSON.stringify(cut);
    expect(jsonBytes(cut)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(JSON.parse(text)).toEqual(cut);

    const shown = cut.markdown as string;
    expect(markdown.startsWith(shown)).toBe(true);
    expect(markdown.slice(shown.length, shown.length + 2)).toBe('\n\n');
    expect(shown.length).toBeGreaterThan(MAX_RESULT_BYTES - 4_000);
    expect(cut).toMatchObject({
      tabId: 'btab-1',
      title: 'A long story',
      byline: 'Ada',
      url: 'http://127.0.0.1:8000/story',
      textLength: markdown.length,
      truncated: true,
      generation: 3,
      untrusted: true,
      markdownLength: markdown.length,
      markdownShown: shown.length,
    });
    expect(cut.truncation_note).toBe(
      `Gave the first ${shown.length.toLocaleString('en-US')} of ${markdown.length.toLocaleString('en-US')} characters of markdown, ending at a paragraph break, to keep this answer within 75,000 bytes: the page is longer than one answer, and extract cannot give the rest. For a later section, query it with a CSS selector, or screenshot it.`,
    );
    expect(Object.keys(cut).at(-1)).toBe('markdown');
    expect(text.indexOf('"textLength"')).toBeLessThan(text.indexOf('"markdown"'));
  });

  it('says so when the captured HTML was cut as well', () => {
    const cut = extractAnswer(extracted(paragraphs(2_000), { truncated: true }));
    expect(cut.truncated).toBe(true);
    expect(cut.truncation_note).toContain('also longer than the capture cap');
    const fits = extractAnswer(extracted('short', { truncated: true }));
    expect(fits).not.toHaveProperty('truncation_note');
  });

  it('never splits a surrogate pair at the cut, and gives as many code points as fit', () => {
    for (const lead of ['', 'a']) {
      const markdown = lead + '😀'.repeat(40_000);
      for (const max of [1_000, 1_001, 1_002, 1_003, MAX_RESULT_BYTES]) {
        const cut = extractAnswer(extracted(markdown), max);
        const shown = cut.markdown as string;
        expect(jsonBytes(cut)).toBeLessThanOrEqual(max);
        expect(hasLoneSurrogate(shown)).toBe(false);
        expect(markdown.startsWith(shown)).toBe(true);
        expect(cut.truncation_note).toContain('ending at a character boundary');
        const oneMore = markdown.slice(0, shown.length + 2);
        const longer: Record<string, unknown> = {
          ...cut,
          markdown: oneMore,
          markdownShown: oneMore.length,
        };
        longer.truncation_note = String(cut.truncation_note).replace(
          `first ${shown.length.toLocaleString('en-US')} `,
          `first ${oneMore.length.toLocaleString('en-US')} `,
        );
        expect(jsonBytes(longer)).toBeGreaterThan(max);
      }
    }
  });

  it('cuts one long line at a space, and a line break is preferred over a space', () => {
    const words = 'word '.repeat(100_000);
    const cut = extractAnswer(extracted(words));
    expect(cut.markdown).toMatch(/^(word )*word$/);
    expect(cut.truncation_note).toContain('ending at a space between words');

    const lines = Array.from({ length: 20_000 }, (_, i) => `- item ${i} of a list`).join('\n');
    const listCut = extractAnswer(extracted(lines));
    const shown = listCut.markdown as string;
    expect(lines[shown.length]).toBe('\n');
    expect(listCut.truncation_note).toContain('ending at a line break');
  });

  it('caps a huge title and byline and still gives the markdown that fits', () => {
    const title = `T${'😀'.repeat(100_000)}`;
    const byline = 'b'.repeat(200_000);
    const shaped = extractAnswer(extracted('Short text.', { title, byline }));
    expect(shaped.title).toBe(`${title.slice(0, SMALL_FIELD_CAP - 1)}…`);
    expect(shaped.byline).toBe(`${'b'.repeat(SMALL_FIELD_CAP)}…`);
    expect(shaped).toMatchObject({ markdown: 'Short text.', truncated: false });

    const both = extractAnswer(extracted(paragraphs(2_000), { title, byline }));
    expect(jsonBytes(both)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(both).toMatchObject({ title: shaped.title, byline: shaped.byline, truncated: true });
  });

  it('leaves answers without markdown alone', () => {
    const other = { matched: true, url: 'http://127.0.0.1:8000/' };
    expect(extractAnswer(other, 10)).toBe(other);
  });

  it('leaves the ordered answer to the generic bound when not even its small fields fit', () => {
    const answer = extracted(paragraphs(100), { url: `http://127.0.0.1/${'p'.repeat(2_000)}` });
    const shaped = extractAnswer(answer, 1_000);
    expect(shaped.markdown).toBe(answer.markdown);
    expect(Object.keys(shaped).at(-1)).toBe('markdown');
  });
});

describe('capText and cleanCut', () => {
  it('capText keeps short text and cuts long text between code points', () => {
    expect(capText('short', 10)).toBe('short');
    expect(capText('abc😀def', 4)).toBe('abc…');
    expect(capText('abc😀def', 5)).toBe('abc😀…');
  });

  it('cleanCut prefers a near paragraph break, then a line break, then a space', () => {
    expect(cleanCut('one\n\ntwo\nthree four', 18)).toEqual({ end: 3, where: 'paragraph' });
    expect(cleanCut(`${'x'.repeat(3_000)}\n\nab\ncd ef`, 3_009)).toEqual({
      end: 3_000,
      where: 'paragraph',
    });
    expect(cleanCut(`\n\n${'x'.repeat(3_000)}\nab cd`, 3_006)).toEqual({
      end: 3_002,
      where: 'line',
    });
    expect(cleanCut(`${'x'.repeat(3_000)} abc`, 3_003)).toEqual({ end: 3_000, where: 'word' });
    expect(cleanCut('x'.repeat(500), 300)).toEqual({ end: 300, where: 'character' });
    expect(cleanCut('ab😀c', 3)).toEqual({ end: 2, where: 'character' });
    expect(cleanCut('ab\u200dcd', 3)).toEqual({ end: 2, where: 'character' });
  });
});
