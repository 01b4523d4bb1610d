import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CoreRemote } from '../../core/client';
import type { DirEntry } from '../../core/types';
import { app } from '../shell/appState.svelte';
import { FolderTree } from './treeModel.svelte';

const folders: Record<string, DirEntry[]> = {
  '/notes': [
    { name: 'a', path: '/notes/a', kind: 'directory' },
    { name: '.vmark', path: '/notes/.vmark', kind: 'directory' },
    { name: 'z.md', path: '/notes/z.md', kind: 'file' },
  ],
  '/notes/a': [
    { name: 'b', path: '/notes/a/b', kind: 'directory' },
    { name: 'x.md', path: '/notes/a/x.md', kind: 'file' },
  ],
};

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  flushSync();
};

const paths = (tree: FolderTree) =>
  tree.rows.map((r) => (r.kind === 'entry' ? `${r.depth}:${r.key}` : `${r.depth}:!${r.key}`));

describe('FolderTree', () => {
  beforeEach(() => {
    app.core = {
      listDir: async (dir: string) =>
        folders[dir]
          ? { ok: true, entries: folders[dir] }
          : { ok: false, code: 'NOT_FOUND', message: `Nothing at ${dir}.` },
    } as unknown as CoreRemote;
  });

  it('lists children right after their open folder, and hides .vmark at the root', async () => {
    const tree = new FolderTree('/notes');
    tree.refresh();
    await settle();
    expect(paths(tree)).toEqual(['0:/notes/a', '0:/notes/z.md']);
    tree.toggle('/notes/a');
    await settle();
    expect(paths(tree)).toEqual(['0:/notes/a', '1:/notes/a/b', '1:/notes/a/x.md', '0:/notes/z.md']);
    expect(tree.indexOf.get('/notes/z.md')).toBe(3);
    const row = tree.rows[2];
    expect(row.kind === 'entry' && [row.pos, row.size]).toEqual([2, 2]);
  });

  it('shows a folder that cannot be listed as an error row, and closes folders', async () => {
    const tree = new FolderTree('/notes');
    tree.refresh();
    tree.toggle('/notes/a', true);
    await settle();
    tree.toggle('/notes/a/b', true);
    await settle();
    expect(paths(tree)).toContain('2:!error:/notes/a/b');
    tree.toggle('/notes/a', false);
    expect(paths(tree)).toEqual(['0:/notes/a', '0:/notes/z.md']);
  });
});
