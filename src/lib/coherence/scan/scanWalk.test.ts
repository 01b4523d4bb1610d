/**
 * The scan's walk (conformance §8 item 6, the walking part): which folders and files it takes,
 * which it refuses, and when it stops being complete.
 */
import { describe, expect, it } from 'vitest';
import { memoryLedgerFs } from '../ledger/memoryLedgerFs';
import { memoryWorkspaceFs } from './memoryWorkspaceFs';
import { isOutsideWalk, walkWorkspace, type KnownFile, type WalkedFile } from './scanWalk';

function workspace(files: Record<string, string | Uint8Array>) {
  const store = memoryLedgerFs();
  for (const [path, content] of Object.entries(files)) store.put(path, content);
  return { store, fs: memoryWorkspaceFs(store) };
}

const paths = (result: Awaited<ReturnType<typeof walkWorkspace>>) =>
  result.files.map((f) => f.path);
const textOf = (file: WalkedFile) => ('text' in file ? file.text : null);
const codes = (result: Awaited<ReturnType<typeof walkWorkspace>>) =>
  result.diagnostics.map((d) => `${d.code} ${d.path}`);

describe('the workspace walk', () => {
  it('reads every markdown file, in path order, and nothing else', async () => {
    const { fs } = workspace({
      'b.md': '# B\n',
      'a/z.md': '# Z\n',
      'a/notes.txt': 'not markdown',
      'README.MD': 'upper-case extension',
      'a/deep/c.md': '# C\n',
    });
    const result = await walkWorkspace(fs);
    expect(paths(result)).toEqual(['a/deep/c.md', 'a/z.md', 'b.md']);
    expect(textOf(result.files[2])).toBe('# B\n');
    expect(result).toMatchObject({ complete: true, diagnostics: [], skipped: [] });
  });

  it('says how many markdown files there are once every folder is listed', async () => {
    const { fs } = workspace({ 'b.md': '# B\n', 'a/z.md': '# Z\n', 'a/notes.txt': 'no' });
    const told: number[] = [];
    await walkWorkspace(fs, {}, new Map(), (n) => told.push(n));
    expect(told).toEqual([2]);
  });

  it('skips the ignored folders at any depth, the worktrees prefix only at the root', async () => {
    const { fs } = workspace({
      '.vmark/notes.md': 'x',
      '.git/x.md': 'x',
      'docs/.obsidian/x.md': 'x',
      'a/.svn/x.md': 'x',
      '.hg/x.md': 'x',
      'web/node_modules/pkg/README.md': 'x',
      'py/__pycache__/x.md': 'x',
      '.Trash/old.md': 'x',
      '.claude/worktrees/feature/scene.md': 'x',
      '.claude/notes.md': 'kept',
      'docs/.claude/worktrees/a.md': 'kept: the prefix is anchored at the root',
    });
    const result = await walkWorkspace(fs);
    expect(paths(result)).toEqual(['.claude/notes.md', 'docs/.claude/worktrees/a.md']);
    expect(result.complete).toBe(true);
  });

  it('leaves a folder with a CACHEDIR.TAG alone, but walks an untagged folder named target', async () => {
    const { fs } = workspace({
      'build/CACHEDIR.TAG': 'Signature: 8a477f597d28d172789f06886806bc55\n',
      'build/out.md': 'cache',
      'build/sub/more.md': 'cache',
      'target/notes.md': 'kept',
      'CACHEDIR.TAG': 'a tag at the root does not stop the walk',
      'root.md': 'kept',
    });
    const result = await walkWorkspace(fs);
    expect(paths(result)).toEqual(['root.md', 'target/notes.md']);
    expect(result.cacheDirs).toEqual(['build']);
    expect(result.complete).toBe(true);
  });

  it('never follows a symbolic link, and says so', async () => {
    const { fs } = workspace({ 'real/a.md': 'x' });
    fs.symlink('link.md');
    fs.symlink('linked-dir');
    const result = await walkWorkspace(fs);
    expect(paths(result)).toEqual(['real/a.md']);
    expect(codes(result)).toEqual(['symlink-skipped link.md', 'symlink-skipped linked-dir']);
    expect(result.complete).toBe(true);
  });

  it('keeps a file that is too large or not UTF-8 as present but unread, the walk complete', async () => {
    const { fs } = workspace({
      'big.md': 'x'.repeat(101),
      'bad.md': new Uint8Array([0x23, 0x20, 0xff, 0xfe, 0x0a]),
      'ok.md': 'x'.repeat(100),
    });
    const result = await walkWorkspace(fs, { maxFileBytes: 100 });
    expect(paths(result)).toEqual(['ok.md']);
    expect(result.skipped.sort()).toEqual(['bad.md', 'big.md']);
    expect(codes(result)).toEqual(['invalid-utf8 bad.md', 'file-too-large big.md']);
    expect(result.complete).toBe(true);
  });

  it('keeps a byte-order mark in the text', async () => {
    const { fs } = workspace({ 'bom.md': new Uint8Array([0xef, 0xbb, 0xbf, 0x23, 0x0a]) });
    const result = await walkWorkspace(fs);
    expect(textOf(result.files[0])).toBe('\ufeff#\n');
  });

  it('is incomplete when a folder cannot be listed or a file cannot be read', async () => {
    const { fs } = workspace({ 'locked/a.md': 'x', 'b.md': 'x', 'c.md': 'x' });
    fs.fail('locked');
    fs.fail('c.md');
    const result = await walkWorkspace(fs);
    expect(paths(result)).toEqual(['b.md']);
    expect(codes(result)).toEqual(['unreadable c.md', 'unreadable-dir locked']);
    expect(result.skipped).toEqual(['c.md']);
    expect(result.complete).toBe(false);
  });

  it('is incomplete when the workspace folder itself cannot be listed', async () => {
    const { fs } = workspace({ 'a.md': 'x' });
    fs.fail('');
    const result = await walkWorkspace(fs);
    expect(codes(result)).toEqual(['unreadable-dir ']);
    expect(result.complete).toBe(false);
  });

  it('stops at the file cap with one scan-truncated diagnostic, incomplete', async () => {
    const { fs } = workspace({ 'a.md': 'x', 'b.md': 'x', 'c.md': 'x', 'z.txt': 'x' });
    const atCap = await walkWorkspace(fs, { maxFiles: 3 });
    expect(atCap.complete).toBe(true);
    const over = await walkWorkspace(fs, { maxFiles: 2 });
    expect(paths(over)).toEqual(['a.md', 'b.md']);
    expect(codes(over)).toEqual(['scan-truncated ']);
    expect(over.complete).toBe(false);
  });
});

describe('paths outside the walk', () => {
  it('are those inside an ignored folder, the worktrees prefix or a tagged cache folder', () => {
    expect(isOutsideWalk('web/node_modules/x.md')).toBe(true);
    expect(isOutsideWalk('.claude/worktrees/w/a.md')).toBe(true);
    expect(isOutsideWalk('build/out.md', ['build'])).toBe(true);
    // A file named like an ignored folder is still a file the walk sees.
    expect(isOutsideWalk('docs/node_modules')).toBe(false);
    expect(isOutsideWalk('docs/.claude/worktrees/a.md')).toBe(false);
    expect(isOutsideWalk('builder/out.md', ['build'])).toBe(false);
  });
});

describe('files known from an earlier walk', () => {
  const knownAs = (size: number, lastModified: number): KnownFile => ({
    size,
    lastModified,
    hash: `sha256:${'0'.repeat(64)}`,
    identity: { identity: null },
  });

  it('answers a file with the same size and time as known, without reading it', async () => {
    const { store, fs } = workspace({ 'a.md': '# A\n', 'b.md': '# B\n' });
    const known = new Map([['a.md', knownAs(4, store.modified('a.md')!)]]);
    const result = await walkWorkspace(fs, {}, known);
    expect(result.files).toEqual([
      {
        path: 'a.md',
        stat: { size: 4, lastModified: store.modified('a.md') },
        known: known.get('a.md'),
      },
      {
        path: 'b.md',
        stat: { size: 4, lastModified: store.modified('b.md') },
        bytes: expect.any(Uint8Array),
        text: '# B\n',
      },
    ]);
    expect(fs.reads.get('a.md')).toBeUndefined();
    expect(fs.reads.get('b.md')).toBe(1);
  });

  it('reads a file whose time changed though its size did not', async () => {
    const { store, fs } = workspace({ 'a.md': '# X\n' });
    const known = new Map([['a.md', knownAs(4, store.modified('a.md')!)]]);
    store.put('a.md', '# Y\n');
    const result = await walkWorkspace(fs, {}, known);
    expect(textOf(result.files[0])).toBe('# Y\n');
    expect(fs.reads.get('a.md')).toBe(1);
  });

  it('reads a file whose size changed though its time did not', async () => {
    const { store, fs } = workspace({ 'a.md': '# X\n' });
    const known = new Map([['a.md', knownAs(4, 1000)]]);
    store.put('a.md', '# Longer\n');
    store.setModified('a.md', 1000);
    const result = await walkWorkspace(fs, {}, known);
    expect(textOf(result.files[0])).toBe('# Longer\n');
    expect(fs.reads.get('a.md')).toBe(1);
  });

  it('still refuses a known file that grew past the size limit', async () => {
    const { store, fs } = workspace({ 'a.md': 'x'.repeat(200) });
    const known = new Map([['a.md', knownAs(200, store.modified('a.md')!)]]);
    const result = await walkWorkspace(fs, { maxFileBytes: 100 }, known);
    expect(paths(result)).toEqual([]);
    expect(codes(result)).toEqual(['file-too-large a.md']);
  });
});
