import { describe, expect, it } from 'vitest';
import {
  boundText,
  decodeCursor,
  encodeCursor,
  fileUri,
  mimeTypeOf,
  parseResourceUri,
  tabUri,
} from './resourceUri';

describe('resource URIs', () => {
  it('name tabs and files, and read back', () => {
    expect(tabUri('tab-3')).toBe('vmark://tab/tab-3');
    expect(parseResourceUri('vmark://tab/tab-3')).toEqual({ kind: 'tab', tabId: 'tab-3' });
    expect(fileUri('/notes/a b/c#.md')).toBe('vmark://file/notes/a%20b/c%23.md');
    expect(parseResourceUri(fileUri('/notes/a b/c#.md'))).toEqual({
      kind: 'file',
      path: '/notes/a b/c#.md',
    });
    expect(parseResourceUri('vmark://file/notes/a.md')).toEqual({
      kind: 'file',
      path: '/notes/a.md',
    });
  });

  it('refuse what is not ours with a sentence', () => {
    expect(parseResourceUri('file:///etc/passwd')).toMatch(/not a VMark resource/);
    expect(parseResourceUri('vmark://tab/')).toMatch(/names no tab/);
    expect(parseResourceUri('vmark://file/%E0%A4%A')).toMatch(/percent-encoding/);
  });

  it('give MIME types by kind', () => {
    expect(mimeTypeOf('markdown')).toBe('text/markdown');
    expect(mimeTypeOf('yaml-workflow')).toBe('application/yaml');
  });
});

describe('list cursors', () => {
  it('round-trip and refuse anything else', () => {
    expect(decodeCursor(encodeCursor({ phase: 'tabs', offset: 100 }))).toEqual({
      phase: 'tabs',
      offset: 100,
    });
    const files = { phase: 'files', walk: 3, offset: 250 } as const;
    expect(decodeCursor(encodeCursor(files))).toEqual(files);
    expect(decodeCursor(btoa('files:1'))).toBeNull();
    expect(decodeCursor('100')).toBeNull();
    expect(decodeCursor('not base64!')).toBeNull();
    expect(decodeCursor(btoa('tabs:-1'))).toBeNull();
  });
});

describe('boundText', () => {
  it('keeps a text within the bound as it is', () => {
    expect(boundText('hello')).toEqual({ text: 'hello', meta: {} });
  });

  it('cuts a longer text at a character and says so', () => {
    const text = '世'.repeat(10);
    const r = boundText(text, 10);
    expect(r.text).toBe('世世世');
    expect(r.meta).toMatchObject({ truncated: true, bytes_total: 30, bytes_shown: 9 });
    expect(String(r.meta.truncation_note)).toMatch(/75,000-byte/);
  });
});
