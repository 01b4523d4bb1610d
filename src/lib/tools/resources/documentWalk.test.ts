import { describe, expect, it } from 'vitest';
import { walkDocuments, type ListFolder } from './documentWalk';
import type { DirEntryView as DirEntry } from '../host';

/** A file tree from a list of file paths; every folder on the way exists. */
function tree(paths: string[]): { list: ListFolder; listed: string[] } {
  const listed: string[] = [];
  const list: ListFolder = async (dir) => {
    listed.push(dir);
    const entries = new Map<string, DirEntry>();
    for (const p of paths) {
      if (!p.startsWith(dir + '/')) continue;
      const [name, ...rest] = p.slice(dir.length + 1).split('/');
      const kind = rest.length > 0 ? 'directory' : 'file';
      entries.set(name, { name, path: `${dir}/${name}`, kind });
    }
    if (entries.size === 0 && !paths.some((p) => p.startsWith(dir + '/'))) return null;
    return [...entries.values()].sort((a, b) =>
      a.kind !== b.kind ? (a.kind === 'directory' ? -1 : 1) : a.name.localeCompare(b.name),
    );
  };
  return { list, listed };
}

async function all(walk: ReturnType<typeof walkDocuments>): Promise<string[]> {
  const out: string[] = [];
  while (!walk.done) out.push(...(await walk.next(3)));
  return out;
}

describe('walkDocuments', () => {
  it('lists documents depth first, a folder’s files before its subfolders', async () => {
    const { list } = tree([
      '/notes/b.md',
      '/notes/a.md',
      '/notes/sub/c.markdown',
      '/notes/sub/deeper/d.md',
      '/notes/z.md',
      '/notes/.github/workflows/ci.yml',
    ]);
    expect(await all(walkDocuments(['/notes'], list))).toEqual([
      '/notes/a.md',
      '/notes/b.md',
      '/notes/z.md',
      '/notes/.github/workflows/ci.yml',
      '/notes/sub/c.markdown',
      '/notes/sub/deeper/d.md',
    ]);
  });

  it('leaves out files that are not documents by their path, and ignored folders', async () => {
    const { list, listed } = tree([
      '/repo/README.md',
      '/repo/config.yml',
      '/repo/image.png',
      '/repo/node_modules/pkg/README.md',
      '/repo/.git/x.md',
      '/repo/.claude/worktrees/w/a.md',
      '/repo/.claude/notes.md',
      '/repo/build/CACHEDIR.TAG',
      '/repo/build/out.md',
    ]);
    expect(await all(walkDocuments(['/repo'], list))).toEqual([
      '/repo/README.md',
      '/repo/.claude/notes.md',
    ]);
    expect(listed).not.toContain('/repo/node_modules');
    expect(listed).not.toContain('/repo/.git');
  });

  it('reads only the folders a page needs', async () => {
    const paths = ['/w/first.md'];
    for (let i = 0; i < 20; i++) paths.push(`/w/f${String(i).padStart(2, '0')}/n.md`);
    const { list, listed } = tree(paths);
    const walk = walkDocuments(['/w'], list);
    expect(await walk.next(2)).toEqual(['/w/first.md', '/w/f00/n.md']);
    expect(listed).toEqual(['/w', '/w/f00']);
    expect(walk.position).toBe(2);
    expect(walk.done).toBe(false);
  });

  it('skips what `keep` refuses without counting it, and passes over unreadable folders', async () => {
    const { list } = tree(['/a/one.md', '/a/two.md', '/b/three.md']);
    const walk = walkDocuments(['/a', '/gone', '/b'], list);
    expect(await walk.next(5, (p) => p !== '/a/two.md')).toEqual(['/a/one.md', '/b/three.md']);
    expect(walk.position).toBe(2);
    expect(walk.done).toBe(true);
  });

  it('stops at the limit and says so', async () => {
    const { list } = tree(['/a/1.md', '/a/2.md', '/a/3.md']);
    const walk = walkDocuments(['/a'], list, 2);
    expect(await walk.next(10)).toEqual(['/a/1.md', '/a/2.md']);
    expect(walk.done).toBe(true);
    expect(walk.truncated).toBe(true);
  });
});
