import { describe, expect, it } from 'vitest';
import { checkPathScope, type PathScope } from './scope';

const SCOPE: PathScope = {
  workspaceRoots: ['/notes', '/Docs/sub'],
  openDocumentPaths: ['/Other/plans/q3.md', '/notes/inbox.md'],
};

const OUTSIDE = (path: string): string =>
  `The path "${path}" is outside the open workspaces (/notes, /Docs/sub) and the folders of the open documents (/Other/plans, /notes).`;

describe('checkPathScope accepts paths in scope', () => {
  it.each([
    ['a workspace root itself', '/notes'],
    ['a file in a root', '/notes/a.md'],
    ['a deep file in a root', '/notes/x/y/z.md'],
    ['a nested root', '/Docs/sub'],
    ['a file in a nested root', '/Docs/sub/a.md'],
    ['the folder of an open document', '/Other/plans'],
    ['a sibling of an open document', '/Other/plans/q4.md'],
    ['a subfolder of an open document folder', '/Other/plans/archive/q1.md'],
    ['a multibyte name', '/notes/회의록/메모.md'],
  ])('%s: %s', (_label, path) => {
    expect(checkPathScope(path, SCOPE)).toEqual({ ok: true });
  });

  it('accepts with only open documents', () => {
    const scope = { workspaceRoots: [], openDocumentPaths: ['/Other/plans/q3.md'] };
    expect(checkPathScope('/Other/plans/q4.md', scope)).toEqual({ ok: true });
  });
});

describe('checkPathScope refuses paths out of scope', () => {
  it.each([
    ['a mount name sharing a prefix', '/notes2/x'],
    ['a file name sharing a prefix', '/notes.md'],
    ['a nested root sharing a prefix', '/Docs/sub2/a.md'],
    ['the parent of a nested root', '/Docs'],
    ['a sibling of a nested root', '/Docs/other.md'],
    ['the parent of an open document folder', '/Other'],
    ['a folder sharing a prefix with an open document folder', '/Other/plansB/a.md'],
    ['another mount', '/etc/passwd'],
    ['a root in another letter case', '/NOTES/a.md'],
  ])('%s: %s', (_label, path) => {
    expect(checkPathScope(path, SCOPE)).toEqual({ ok: false, reason: OUTSIDE(path) });
  });

  it.each([
    ['a parent segment', '/notes/../etc/passwd'],
    ['a current segment', '/notes/./a.md'],
    ['an empty segment', '/notes//a.md'],
    ['a double leading slash', '//notes/a.md'],
    ['a trailing slash', '/notes/'],
    ['a backslash', '/notes/..\\etc'],
    ['a relative path', 'notes/a.md'],
    ['an empty path', ''],
    ['the bare root', '/'],
  ])('a path with %s: %j', (_label, path) => {
    expect(checkPathScope(path, SCOPE)).toEqual({
      ok: false,
      reason: `The path "${path}" is not a canonical absolute path, so its scope cannot be checked.`,
    });
  });

  it('says that no workspace is open when nothing is open', () => {
    expect(checkPathScope('/notes/a.md', { workspaceRoots: [], openDocumentPaths: [] })).toEqual({
      ok: false,
      reason:
        'The path "/notes/a.md" cannot be used because no workspace is open and no document is open.',
    });
  });

  it('ignores malformed roots and documents instead of widening the scope', () => {
    const scope = {
      workspaceRoots: ['/', '', 'notes', '/notes/..'],
      openDocumentPaths: ['/notes', 'a.md', ''],
    };
    expect(checkPathScope('/notes/a.md', scope)).toEqual({
      ok: false,
      reason:
        'The path "/notes/a.md" is outside the open workspaces (/, , notes, /notes/..) and the folders of the open documents (/).',
    });
  });

  it('names "none" for the kind of scope that is empty', () => {
    const scope = { workspaceRoots: ['/notes'], openDocumentPaths: [] };
    expect(checkPathScope('/Docs/a.md', scope)).toEqual({
      ok: false,
      reason:
        'The path "/Docs/a.md" is outside the open workspaces (/notes) and the folders of the open documents (none).',
    });
  });
});
