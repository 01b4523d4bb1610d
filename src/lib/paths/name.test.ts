import { describe, expect, it } from 'vitest';
import { uniqueMountName, validateName } from './name';

describe('validateName accepts ordinary names', () => {
  it.each([
    'a.md',
    'README',
    '.github',
    '.gitignore',
    '...a',
    'my file (1).md',
    '회의록.md',
    '笔记.md',
    '🚀 launch.md',
    'a'.repeat(255),
    '가'.repeat(85),
    '😀'.repeat(63) + 'abc',
  ])('%s', (name) => {
    expect(validateName(name)).toEqual({ ok: true, name });
  });
});

describe('validateName refuses invalid names', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'A name must be a string, but got null.'],
    ['undefined', undefined, 'A name must be a string, but got undefined.'],
    ['a number', 42, 'A name must be a string, but got the number 42.'],
    ['a boolean', true, 'A name must be a string, but got the boolean true.'],
    ['an object', {}, 'A name must be a string, but got an object.'],
    ['an array', ['a.md'], 'A name must be a string, but got an array.'],
    ['empty', '', 'The name "" is empty.'],
    ['blank', '   ', 'The name "   " is only whitespace.'],
    ['current folder', '.', 'The name "." is ".", which means the current folder.'],
    ['parent folder', '..', 'The name ".." is "..", which means the parent folder.'],
    ['slash', 'a/b.md', 'The name "a/b.md" contains "/", which separates folders.'],
    ['path', '/notes/a.md', 'The name "/notes/a.md" contains "/", which separates folders.'],
    ['traversal', '../etc', 'The name "../etc" contains "/", which separates folders.'],
    ['backslash', 'a\\b.md', 'The name "a\\b.md" contains a backslash.'],
    ['windows traversal', '..\\etc', 'The name "..\\etc" contains a backslash.'],
    ['NUL', 'a\u0000.md', 'The name "a\\u0000.md" contains the control character U+0000.'],
    ['U+0001', '\u0001', 'The name "\\u0001" contains the control character U+0001.'],
    ['tab', 'a\tb', 'The name "a\\u0009b" contains the control character U+0009.'],
    ['DEL', 'a\u007f', 'The name "a\\u007f" contains the control character U+007F.'],
    ['C1 control', 'a\u0085b', 'The name "a\\u0085b" contains the control character U+0085.'],
    ['leading space', ' a.md', 'The name " a.md" starts with whitespace.'],
    ['trailing space', 'a.md ', 'The name "a.md " ends with whitespace.'],
    ['trailing no-break space', 'a.md\u00a0', 'The name "a.md\u00a0" ends with whitespace.'],
    ['trailing dot', 'a.', 'The name "a." ends with a dot.'],
    ['trailing dots', 'a..', 'The name "a.." ends with a dot.'],
    ['three dots', '...', 'The name "..." ends with a dot.'],
  ])('%s', (_label, input, reason) => {
    expect(validateName(input)).toEqual({ ok: false, reason });
  });

  it('refuses a 256-byte ASCII name', () => {
    expect(validateName('a'.repeat(256))).toEqual({
      ok: false,
      reason: `The name "${'a'.repeat(80)}…" is 256 bytes long in UTF-8, over the 255-byte limit.`,
    });
  });

  it('refuses 86 Korean syllables (258 bytes)', () => {
    expect(validateName('가'.repeat(86))).toEqual({
      ok: false,
      reason: `The name "${'가'.repeat(80)}…" is 258 bytes long in UTF-8, over the 255-byte limit.`,
    });
  });

  it('refuses 86 Chinese characters (258 bytes)', () => {
    expect(validateName('笔'.repeat(86))).toEqual({
      ok: false,
      reason: `The name "${'笔'.repeat(80)}…" is 258 bytes long in UTF-8, over the 255-byte limit.`,
    });
  });

  it('refuses 64 emoji (256 bytes)', () => {
    expect(validateName('😀'.repeat(64))).toEqual({
      ok: false,
      reason: `The name "${'😀'.repeat(64)}" is 256 bytes long in UTF-8, over the 255-byte limit.`,
    });
  });
});

describe('uniqueMountName', () => {
  it.each<[string, string, readonly string[], string]>([
    ['a free name', 'Projects', [], 'Projects'],
    ['a taken name', 'Projects', ['Projects'], 'Projects-2'],
    ['a name taken in another case', 'Projects', ['projects'], 'Projects-2'],
    ['the next free number', 'Projects', ['projects', 'PROJECTS-2'], 'Projects-3'],
    ['the reserved default mount', 'notes', [], 'notes-2'],
    ['the reserved mount in another case', 'Notes', [], 'Notes-2'],
    ['the reserved mount with its -2 taken', 'notes', ['notes-2'], 'notes-3'],
    ['slashes and backslashes', 'a/b\\c', [], 'a-b-c'],
    ['control characters', 'a\u0000b\u0001', [], 'a-b-'],
    ['an empty name', '', [], 'folder'],
    ['a blank name', '   ', [], 'folder'],
    ['a dot', '.', [], 'folder'],
    ['two dots, with folder taken', '..', ['folder'], 'folder-2'],
    ['surrounding whitespace and dots', '  My Notes. ', [], 'My Notes'],
    ['a Korean name', '회의록', [], '회의록'],
    ['a Korean name taken', '회의록', ['회의록'], '회의록-2'],
    ['a decomposed accent', 'Cafe\u0301', [], 'Caf\u00e9'],
  ])('%s', (_label, desired, existing, expected) => {
    expect(uniqueMountName(desired, existing)).toBe(expected);
  });

  it('shortens a name over 255 bytes', () => {
    expect(uniqueMountName('a'.repeat(300), [])).toBe('a'.repeat(255));
  });

  it('shortens a long name further to make room for the number', () => {
    expect(uniqueMountName('a'.repeat(300), ['a'.repeat(255)])).toBe('a'.repeat(253) + '-2');
  });

  it('never cuts a multibyte character in half', () => {
    expect(uniqueMountName('가'.repeat(86), [])).toBe('가'.repeat(85));
    expect(uniqueMountName('가'.repeat(86), ['가'.repeat(85)])).toBe('가'.repeat(84) + '-2');
  });

  it.each(['', '.', '..', 'a/b', ' x. ', '\u0000', 'notes', 'a'.repeat(400), '가'.repeat(100)])(
    'always gives a valid, free name for %j',
    (desired) => {
      const existing = ['folder', 'a'.repeat(255), '가'.repeat(85)];
      const mount = uniqueMountName(desired, existing);
      expect(validateName(mount)).toEqual({ ok: true, name: mount });
      expect([...existing, 'notes'].map((m) => m.toLowerCase())).not.toContain(mount.toLowerCase());
    },
  );
});
