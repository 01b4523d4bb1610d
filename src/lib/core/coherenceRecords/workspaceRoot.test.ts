import { describe, expect, it } from 'vitest';
import { mountOfRoot } from './workspaceRoot';

describe('workspace_root', () => {
  const mounts = ['notes', 'book'];
  it('names an open folder by its root', () => {
    expect(mountOfRoot('/notes', mounts)).toBe('notes');
    expect(mountOfRoot('/book/', mounts)).toBe('book');
  });
  it.each([
    [undefined, /^workspace_root is missing: give one of the open folders \(\/notes, \/book\)$/],
    ['  ', /is missing/],
    ['notes', /is relative/],
    ['/elsewhere', /is not an open folder \(open: \/notes, \/book\)/],
    ['/', /is not an open folder/],
    ['/notes/scene-01.md', /is not a workspace folder: use its root, \/notes/],
  ])('refuses %j with a plain sentence', (root, message) => {
    const r = mountOfRoot(root, mounts);
    expect(typeof r === 'object' && r.error).toMatch(message);
  });
});
