import { describe, expect, it } from 'vitest';
import { memoryLedgerFs } from '../ledger/memoryLedgerFs';
import { memoryWorkspaceFs } from './memoryWorkspaceFs';

describe('the in-memory workspace', () => {
  it('lists files, folders and symbolic links of the store it reads', async () => {
    const store = memoryLedgerFs();
    store.put('notes/a.md', '# A\n');
    store.put('b.md', '# B\n');
    const fs = memoryWorkspaceFs(store);
    fs.symlink('notes/link.md');
    fs.symlink('b.md');
    expect(await fs.list('')).toEqual([
      { name: 'b.md', kind: 'symlink' },
      { name: 'notes', kind: 'directory' },
    ]);
    expect(await fs.list('notes')).toEqual([
      { name: 'a.md', kind: 'file' },
      { name: 'link.md', kind: 'symlink' },
    ]);
    expect(await fs.list('missing')).toBeNull();
    expect(new TextDecoder().decode((await fs.read('notes/a.md'))!)).toBe('# A\n');
    expect(await fs.stat('notes/a.md')).toEqual({
      size: 4,
      lastModified: store.modified('notes/a.md'),
    });
    expect(fs.reads.get('notes/a.md')).toBe(1);
    expect(await fs.stat('missing.md')).toBeNull();
    expect(await fs.read('missing.md')).toBeNull();
  });

  it('fails a listing or a read on demand, until healed', async () => {
    const store = memoryLedgerFs();
    store.put('notes/a.md', '# A\n');
    const fs = memoryWorkspaceFs(store);
    fs.fail('notes');
    fs.fail('notes/a.md');
    await expect(fs.list('notes')).rejects.toThrow(/input\/output error/);
    await expect(fs.read('notes/a.md')).rejects.toThrow(/input\/output error/);
    fs.heal('notes');
    expect(await fs.list('notes')).toEqual([{ name: 'a.md', kind: 'file' }]);
  });
});
