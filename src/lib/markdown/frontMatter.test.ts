import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './frontMatter';

describe('splitFrontMatter', () => {
  it('splits YAML front matter closed by ---, keeping the newline after the fence', () => {
    const text = '---\ntitle: x\n---\n# Body\n';
    expect(splitFrontMatter(text)).toEqual({
      frontMatter: '---\ntitle: x\n---\n',
      body: '# Body\n',
    });
  });

  it('accepts ... as the closing YAML fence', () => {
    const text = '---\ntitle: x\n...\n\nBody';
    expect(splitFrontMatter(text)).toEqual({ frontMatter: '---\ntitle: x\n...\n', body: '\nBody' });
  });

  it('splits TOML front matter', () => {
    const text = '+++\ntitle = "x"\n+++\nBody\n';
    expect(splitFrontMatter(text)).toEqual({
      frontMatter: '+++\ntitle = "x"\n+++\n',
      body: 'Body\n',
    });
  });

  it('does not close TOML with --- or YAML with +++', () => {
    expect(splitFrontMatter('+++\na = 1\n---\n').frontMatter).toBe('');
    expect(splitFrontMatter('---\na: 1\n+++\n').frontMatter).toBe('');
  });

  it('takes front matter that ends the document, with or without a final newline', () => {
    expect(splitFrontMatter('---\na: 1\n---')).toEqual({ frontMatter: '---\na: 1\n---', body: '' });
    expect(splitFrontMatter('---\na: 1\n---\n')).toEqual({
      frontMatter: '---\na: 1\n---\n',
      body: '',
    });
  });

  it('allows empty front matter and trailing spaces on fence lines', () => {
    expect(splitFrontMatter('---\n---\nx').frontMatter).toBe('---\n---\n');
    expect(splitFrontMatter('--- \na: 1\n---\t\nx').frontMatter).toBe('--- \na: 1\n---\t\n');
  });

  it('keeps CRLF line endings inside the front matter', () => {
    const text = '---\r\na: 1\r\n---\r\nBody\r\n';
    expect(splitFrontMatter(text)).toEqual({
      frontMatter: '---\r\na: 1\r\n---\r\n',
      body: 'Body\r\n',
    });
  });

  it('finds no front matter without a closing fence', () => {
    const text = '---\ntitle: x\n# Body\n';
    expect(splitFrontMatter(text)).toEqual({ frontMatter: '', body: text });
  });

  it('treats --- followed by a blank line as a thematic break', () => {
    const text = '---\n\ntitle: x\n---\n';
    expect(splitFrontMatter(text)).toEqual({ frontMatter: '', body: text });
  });

  it('needs the fence on the very first line', () => {
    for (const text of [
      '\n---\na: 1\n---\n',
      ' ---\na: 1\n---\n',
      '----\na: 1\n----\n',
      '---x\n---\n',
    ]) {
      expect(splitFrontMatter(text).frontMatter).toBe('');
    }
  });

  it('finds nothing in empty or fence-only text', () => {
    expect(splitFrontMatter('')).toEqual({ frontMatter: '', body: '' });
    expect(splitFrontMatter('---')).toEqual({ frontMatter: '', body: '---' });
    expect(splitFrontMatter('---\n')).toEqual({ frontMatter: '', body: '---\n' });
  });

  it('always gives back the whole text', () => {
    const samples = [
      '---\na\n---\nb',
      '---\n\n---',
      '+++\n+++',
      '---\na\n...\n---\n',
      'plain',
      '---\r\n---\r\n',
      '+++\nx\n',
    ];
    for (const text of samples) {
      const { frontMatter, body } = splitFrontMatter(text);
      expect(frontMatter + body).toBe(text);
    }
  });
});
