import { describe, expect, it } from 'vitest';
import { outlineOf } from './outline';

describe('the outline of a document', () => {
  it('lists ATX and setext headings with level, readable text and offset', () => {
    const doc = '# Title\n\nIntro\n\n## Part *one* ##\n\nSecond\nline\n---\n\nBig\n===\n';
    expect(outlineOf(doc)).toEqual([
      { level: 1, text: 'Title', offset: 0 },
      { level: 2, text: 'Part one', offset: doc.indexOf('## Part') },
      { level: 2, text: 'Second line', offset: doc.indexOf('Second') },
      { level: 1, text: 'Big', offset: doc.indexOf('Big') },
    ]);
  });

  it('leaves out front matter, fenced code, quotes, lists and indented code', () => {
    const doc = [
      '---',
      '# not: a heading',
      '---',
      '```md',
      '# in code',
      '```',
      '> # quoted',
      '- # listed',
      '    # indented',
      '~~~',
      '## still code',
      '~~~',
      '### Real',
    ].join('\n');
    expect(outlineOf(doc)).toEqual([{ level: 3, text: 'Real', offset: doc.indexOf('### Real') }]);
  });

  it('does not take a thematic break after a list, or a quote line, for a setext heading', () => {
    expect(outlineOf('- item\n---\n')).toEqual([]);
    expect(outlineOf('> quote\n---\n')).toEqual([]);
    expect(outlineOf('***\n')).toEqual([]);
  });

  it('reads CRLF documents and CJK headings, and an empty heading', () => {
    const doc = '# 第一章\r\n\r\n## 나의 이야기\r\n#\r\n';
    expect(outlineOf(doc)).toEqual([
      { level: 1, text: '第一章', offset: 0 },
      { level: 2, text: '나의 이야기', offset: doc.indexOf('##') },
      { level: 1, text: '', offset: doc.lastIndexOf('#') },
    ]);
  });

  it('needs a space after the hashes', () => {
    expect(outlineOf('#hashtag\n####### seven\n')).toEqual([]);
  });
});
