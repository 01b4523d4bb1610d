import { describe, expect, it } from 'vitest';
import { memoryLedgerFs } from './memoryLedgerFs';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the in-memory ledger file system', () => {
  it('answers null for a missing folder or file, and lists files and folders by name', async () => {
    const fs = memoryLedgerFs();
    expect(await fs.list('.vmark/ledger')).toBeNull();
    expect(await fs.read('.vmark/x')).toBeNull();
    expect(await fs.size('.vmark/x')).toBeNull();
    fs.put('.vmark/ledger/a.jsonl', 'a\n');
    fs.put('.vmark/ledger/quarantine/a.jsonl.bad', '');
    expect(await fs.list('.vmark/ledger')).toEqual(['a.jsonl', 'quarantine']);
    expect(await fs.list('')).toEqual(['.vmark']);
  });

  it('appends at the end, creating the file and its folders each time they are missing', async () => {
    const fs = memoryLedgerFs();
    await fs.append('.vmark/ledger/a.jsonl', bytes('one\n'));
    await fs.append('.vmark/ledger/a.jsonl', bytes('two\n'));
    expect(fs.text('.vmark/ledger/a.jsonl')).toBe('one\ntwo\n');
    expect(await fs.size('.vmark/ledger/a.jsonl')).toBe(8);
    expect(new TextDecoder().decode((await fs.read('.vmark/ledger/a.jsonl', 4))!)).toBe('two\n');
    fs.removeDir('.vmark/ledger');
    expect(await fs.list('.vmark/ledger')).toBeNull();
    expect(await fs.list('.vmark')).toEqual([]);
    await fs.append('.vmark/ledger/a.jsonl', bytes('three\n'));
    expect(fs.text('.vmark/ledger/a.jsonl')).toBe('three\n');
  });

  it('replaces a whole file on write', async () => {
    const fs = memoryLedgerFs();
    fs.put('.vmark/.gitignore', 'old\n');
    await fs.write('.vmark/.gitignore', bytes('new\n'));
    expect(fs.text('.vmark/.gitignore')).toBe('new\n');
    expect(fs.writes).toEqual([{ op: 'write', path: '.vmark/.gitignore' }]);
  });

  it('tears the next append after the given bytes, once', async () => {
    const fs = memoryLedgerFs();
    fs.tearNextAppend(3);
    await expect(fs.append('f', bytes('abcdef'))).rejects.toThrow('torn after 3 bytes');
    expect(fs.text('f')).toBe('abc');
    await fs.append('f', bytes('gh'));
    expect(fs.text('f')).toBe('abcgh');
  });

  it('refuses writes under a denied folder, and only there', async () => {
    const fs = memoryLedgerFs();
    fs.denyWritesUnder('.vmark/ledger/quarantine');
    await expect(fs.append('.vmark/ledger/quarantine/a.bad', bytes('x'))).rejects.toThrow(
      'permission denied',
    );
    await expect(fs.write('.vmark/ledger/quarantine/a.bad', bytes('x'))).rejects.toThrow();
    await fs.append('.vmark/ledger/quarantined.jsonl', bytes('x'));
    expect(fs.paths()).toEqual(['.vmark/ledger/quarantined.jsonl']);
  });

  it('hands out copies, so a caller cannot change a file behind its back', async () => {
    const fs = memoryLedgerFs();
    fs.put('f', 'abc');
    (await fs.read('f'))!.fill(0);
    expect(fs.text('f')).toBe('abc');
  });
});
