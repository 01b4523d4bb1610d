import { describe, expect, it } from 'vitest';
import {
  basenameOf,
  dirnameOf,
  extnameOf,
  formatVirtualPath,
  joinVirtual,
  parseVirtualPath,
} from './virtualPath';

const MOUNTS = ['notes', 'Docs'];

describe('parseVirtualPath accepts canonical paths', () => {
  it.each([
    ['/notes', 'notes', []],
    ['/notes/a.md', 'notes', ['a.md']],
    ['/notes/sub/deeper/a.md', 'notes', ['sub', 'deeper', 'a.md']],
    ['/Docs/.github/workflows/ci.yml', 'Docs', ['.github', 'workflows', 'ci.yml']],
    ['/notes/my file (1).md', 'notes', ['my file (1).md']],
    ['/notes/회의록/메모.md', 'notes', ['회의록', '메모.md']],
    ['/notes/笔记.md', 'notes', ['笔记.md']],
    ['/notes/🚀 launch.md', 'notes', ['🚀 launch.md']],
    ['/notes/.hidden', 'notes', ['.hidden']],
    ['/notes/...a', 'notes', ['...a']],
  ])('%s', (input, mount, segments) => {
    expect(parseVirtualPath(input, MOUNTS)).toEqual({ ok: true, path: input, mount, segments });
  });

  it('accepts a segment of exactly 255 bytes (85 Korean syllables)', () => {
    const name = '가'.repeat(85);
    expect(parseVirtualPath(`/notes/${name}`, MOUNTS)).toEqual({
      ok: true,
      path: `/notes/${name}`,
      mount: 'notes',
      segments: [name],
    });
  });

  it('accepts a path of exactly 4096 bytes', () => {
    const segments = Array.from({ length: 16 }, () => 'a'.repeat(249));
    segments.push('b'.repeat(4096 - '/notes'.length - 16 * 250 - 1));
    const path = `/notes/${segments.join('/')}`;
    expect(new TextEncoder().encode(path).length).toBe(4096);
    expect(parseVirtualPath(path, MOUNTS)).toEqual({ ok: true, path, mount: 'notes', segments });
  });
});

describe('parseVirtualPath refuses hostile input', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'A path must be a string, but got null.'],
    ['undefined', undefined, 'A path must be a string, but got undefined.'],
    ['a number', 42, 'A path must be a string, but got the number 42.'],
    ['an object', {}, 'A path must be a string, but got an object.'],
    ['an array', ['/notes/a.md'], 'A path must be a string, but got an array.'],
    ['empty', '', 'The path is empty.'],
    ['blank', '   ', 'The path "   " is blank.'],
    ['..', '..', 'The path ".." is relative; it must be absolute, like "/notes/file.md".'],
    ['.', '.', 'The path "." is relative; it must be absolute, like "/notes/file.md".'],
    [
      'relative with folder',
      'notes/a.md',
      'The path "notes/a.md" is relative; it must be absolute, like "/notes/file.md".',
    ],
    [
      'bare name',
      'a.md',
      'The path "a.md" is relative; it must be absolute, like "/notes/file.md".',
    ],
    [
      'leading space',
      ' /notes/a.md',
      'The path " /notes/a.md" is relative; it must be absolute, like "/notes/file.md".',
    ],
    [
      'root',
      '/',
      'The path "/" names no workspace; use a mount such as "/notes" or a path inside one.',
    ],
    [
      'parent segment',
      '/notes/../etc',
      'The path "/notes/../etc" contains a ".." segment, which is not allowed; use the full path.',
    ],
    [
      'trailing parent segment',
      '/notes/a/..',
      'The path "/notes/a/.." contains a ".." segment, which is not allowed; use the full path.',
    ],
    [
      'current segment',
      '/notes/./a',
      'The path "/notes/./a" contains a "." segment, which is not allowed; use the full path.',
    ],
    ['double leading slash', '//notes/a', 'The path "//notes/a" contains an empty segment ("//").'],
    ['double slash', '/notes//a', 'The path "/notes//a" contains an empty segment ("//").'],
    ['trailing slash', '/notes/a/', 'The path "/notes/a/" ends with "/".'],
    ['mount with trailing slash', '/notes/', 'The path "/notes/" ends with "/".'],
    [
      'backslashes only',
      '\\notes\\a',
      'The path "\\notes\\a" contains a backslash; virtual paths use "/" as separator.',
    ],
    [
      'backslash in name',
      '/notes/a\\b.md',
      'The path "/notes/a\\b.md" contains a backslash; virtual paths use "/" as separator.',
    ],
    [
      'NUL',
      '/notes/a\u0000.md',
      'The path "/notes/a\\u0000.md" contains the control character U+0000.',
    ],
    ['U+0001', '/notes/\u0001', 'The path "/notes/\\u0001" contains the control character U+0001.'],
    [
      'newline',
      '/notes/a\n.md',
      'The path "/notes/a\\u000a.md" contains the control character U+000A.',
    ],
    [
      'trailing whitespace',
      '/notes/a.md ',
      'The path "/notes/a.md " has the segment "a.md ", which ends with whitespace.',
    ],
    [
      'leading whitespace in a segment',
      '/notes/ a.md',
      'The path "/notes/ a.md" has the segment " a.md", which starts with whitespace.',
    ],
    [
      'blank segment',
      '/notes/ /a.md',
      'The path "/notes/ /a.md" has the segment " ", which is only whitespace.',
    ],
    [
      'trailing dot',
      '/notes/a.',
      'The path "/notes/a." has the segment "a.", which ends with a dot.',
    ],
    [
      'unknown mount',
      '/etc/passwd',
      'The path "/etc/passwd" is not in a mounted workspace: "etc" is not a known mount; the known mounts are /notes, /Docs.',
    ],
    [
      'mount prefix confusion',
      '/notes2/a.md',
      'The path "/notes2/a.md" is not in a mounted workspace: "notes2" is not a known mount; the known mounts are /notes, /Docs.',
    ],
    [
      'mount in the wrong case',
      '/docs/a.md',
      'The path "/docs/a.md" is not in a mounted workspace: "docs" is not a known mount (did you mean /Docs?); the known mounts are /notes, /Docs.',
    ],
  ])('%s', (_label, input, reason) => {
    expect(parseVirtualPath(input, MOUNTS)).toEqual({ ok: false, reason });
  });

  it('refuses any path when no workspace is mounted', () => {
    expect(parseVirtualPath('/notes/a.md', [])).toEqual({
      ok: false,
      reason:
        'The path "/notes/a.md" is not in a mounted workspace: "notes" is not a known mount, and no workspace is mounted.',
    });
  });

  it('refuses a 256-byte segment', () => {
    const name = 'a'.repeat(256);
    expect(parseVirtualPath(`/notes/${name}`, MOUNTS)).toEqual({
      ok: false,
      reason: `The path "/notes/${'a'.repeat(73)}…" has the segment "${'a'.repeat(80)}…", which is 256 bytes long in UTF-8, over the 255-byte limit.`,
    });
  });

  it('refuses a segment of 86 Korean syllables (258 bytes)', () => {
    const name = '가'.repeat(86);
    expect(parseVirtualPath(`/notes/${name}`, MOUNTS)).toEqual({
      ok: false,
      reason: `The path "/notes/${'가'.repeat(73)}…" has the segment "${'가'.repeat(80)}…", which is 258 bytes long in UTF-8, over the 255-byte limit.`,
    });
  });

  it('refuses a 4097-byte path', () => {
    const path =
      '/notes/' + [...Array.from({ length: 16 }, () => 'a'.repeat(249)), 'b'.repeat(90)].join('/');
    expect(new TextEncoder().encode(path).length).toBe(4097);
    expect(parseVirtualPath(path, MOUNTS)).toEqual({
      ok: false,
      reason: `The path "/notes/${'a'.repeat(73)}…" is 4097 bytes long in UTF-8, over the 4096-byte limit.`,
    });
  });
});

describe('path helpers', () => {
  it.each<[string, readonly string[], string]>([
    ['notes', [], '/notes'],
    ['notes', ['a.md'], '/notes/a.md'],
    ['Docs', ['sub', '회의록.md'], '/Docs/sub/회의록.md'],
  ])('formatVirtualPath(%s, %j) is %s', (mount, segments, expected) => {
    expect(formatVirtualPath(mount, segments)).toBe(expected);
  });

  it('formatVirtualPath round-trips through parseVirtualPath', () => {
    const parsed = parseVirtualPath('/notes/sub/a.md', MOUNTS);
    expect(parsed.ok && formatVirtualPath(parsed.mount, parsed.segments)).toBe('/notes/sub/a.md');
  });

  it.each([
    ['/notes/a/b.md', '/notes/a'],
    ['/notes/b.md', '/notes'],
    ['/notes', '/'],
  ])('dirnameOf(%s) is %s', (path, expected) => {
    expect(dirnameOf(path)).toBe(expected);
  });

  it.each([
    ['/notes/a/b.md', 'b.md'],
    ['/notes', 'notes'],
    ['/notes/.github', '.github'],
  ])('basenameOf(%s) is %s', (path, expected) => {
    expect(basenameOf(path)).toBe(expected);
  });

  it.each([
    ['/notes/a.md', '.md'],
    ['/notes/README.MD', '.md'],
    ['/notes/archive.tar.GZ', '.gz'],
    ['/notes/.github/workflows/ci.Yaml', '.yaml'],
    ['/notes/v1.2/Makefile', ''],
    ['/notes/.gitignore', ''],
    ['/notes/odd.', ''],
    ['/notes', ''],
  ])('extnameOf(%s) is %j', (path, expected) => {
    expect(extnameOf(path)).toBe(expected);
  });

  it.each([
    ['/notes', 'a.md', '/notes/a.md'],
    ['/notes/sub', '메모.md', '/notes/sub/메모.md'],
    ['/', 'notes', '/notes'],
  ])('joinVirtual(%s, %s) is %s', (dir, name, expected) => {
    expect(joinVirtual(dir, name)).toBe(expected);
  });
});
