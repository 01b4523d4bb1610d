/**
 * Reading the ledger with what earlier reads parsed (LedgerCache): every read answers exactly
 * what a read from scratch answers, while parsing only what was added since.
 */
import { describe, expect, it } from 'vitest';
import { appendEntries, readLedger, type LedgerCache } from './ledger';
import type { LedgerEntry } from '../format/envelope';
import type { LedgerFs } from './ledgerFs';
import { memoryLedgerFs, type MemoryLedgerFs } from './memoryLedgerFs';

const W1 = '0193a1b2-0000-7000-8000-00000000000a';
const W2 = '0193a1b2-0000-7000-8000-00000000000b';
const SEG1 = `.vmark/ledger/${W1}.jsonl`;
const SEG1_ROTATED = `.vmark/ledger/${W1}-001.jsonl`;
const SEG2 = `.vmark/ledger/${W2}.jsonl`;
const BAD1 = `.vmark/ledger/quarantine/${W1}.jsonl.bad`;

let n = 0;
/** A diagnostic line; each call a new record. */
function diag(writer: string, message: string): string {
  n++;
  const id = String(n).padStart(12, '0');
  const second = String(n % 60).padStart(2, '0');
  return `{"format":0,"id":"0193a1b2-c3d4-7e5f-8a6b-${id}","kind":"diagnostic","time":"2026-12-03T16:00:${second}.000Z","writer":"${writer}","idem":"0193a1b2-c3d4-7e5f-8a6c-${id}","body":{"code":"note","message":"${message}"}}`;
}

/** The store, and the byte offsets segments were read from. */
function counted(store: MemoryLedgerFs) {
  const reads: { path: string; from: number }[] = [];
  const fs: LedgerFs = {
    ...store,
    read: (path, from = 0) => {
      if (path.startsWith('.vmark/ledger/') && path.endsWith('.jsonl')) reads.push({ path, from });
      return store.read(path, from);
    },
  };
  return { fs, reads };
}

const add = (store: MemoryLedgerFs, path: string, text: string) =>
  store.put(path, `${store.text(path) ?? ''}${text}`);

describe('the ledger read with a cache', () => {
  it('answers what a fresh read answers, through appends, torn lines, rotation and removal', async () => {
    const store = memoryLedgerFs();
    const cache: LedgerCache = new Map();
    const same = async () => {
      const fresh = await readLedger(store);
      const cached = await readLedger(store, { cache });
      expect(cached).toEqual(fresh);
      return cached;
    };
    add(store, SEG1, `${diag(W1, 'a')}\n${diag(W1, 'b')}\n`);
    await same();
    add(store, SEG1, `${diag(W1, 'c')}\n`);
    add(store, SEG2, `${diag(W2, 'x')}\n`);
    await same();
    // A line cut short, then closed off by the next write.
    add(store, SEG1, diag(W1, 'd').slice(0, 40));
    expect(await same()).toMatchObject({ quarantined: 1, quarantinedLines: [{ line: 4 }] });
    add(store, SEG1, `\n${diag(W1, 'e')}\nnot json\n`);
    expect(await same()).toMatchObject({
      quarantined: 2,
      quarantinedLines: [
        { line: 4, reason: expect.any(String) },
        { line: 6, reason: expect.any(String) },
      ],
    });
    // A newer format, a blank line, a rotated segment.
    add(store, SEG1, `\n{"format":99,"id":"x"}\n`);
    add(store, SEG1_ROTATED, `${diag(W1, 'f')}\n`);
    expect(await same()).toMatchObject({ futureFormat: 1 });
    // Rewritten (a merge that put a line in the middle), then removed.
    const lines = store.text(SEG2)!;
    store.put(SEG2, `${diag(W2, 'merged in')}\n${lines}${diag(W2, 'y')}\n`);
    await same();
    store.put(SEG2, diag(W2, 'z'));
    await same();
    store.removeDir(SEG2);
    expect(messagesOf(await same())).toEqual(['a', 'b', 'c', 'e', 'f']);
    expect(cache.has(`${W2}.jsonl`)).toBe(false);
    // The malformed lines were copied once each.
    expect(store.text(BAD1)!.match(/^# line/gm)).toHaveLength(2);
  });

  it('reads only the bytes added since, from just before where it stopped', async () => {
    const store = memoryLedgerFs();
    const { fs, reads } = counted(store);
    const cache: LedgerCache = new Map();
    add(store, SEG1, `${diag(W1, 'a')}\n${diag(W1, 'b')}\n`);
    const size = store.text(SEG1)!.length;
    await readLedger(fs, { cache });
    expect(reads).toEqual([{ path: SEG1, from: 0 }]);
    reads.length = 0;
    await readLedger(fs, { cache });
    expect(reads).toEqual([{ path: SEG1, from: size - 64 }]);
    reads.length = 0;
    add(store, SEG1, `${diag(W1, 'c')}\n`);
    expect(messagesOf(await readLedger(fs, { cache }))).toEqual(['a', 'b', 'c']);
    expect(reads).toEqual([{ path: SEG1, from: size - 64 }]);
  });

  it('answers the same frozen entries while nothing is written, and sees the next write', async () => {
    const store = memoryLedgerFs();
    const cache: LedgerCache = new Map();
    add(store, SEG1, `${diag(W1, 'a')}\n`);
    add(store, SEG2, `${diag(W2, 'x')}\n`);
    const first = await readLedger(store, { cache });
    const again = await readLedger(store, { cache });
    if (!first.ok || !again.ok) throw new Error('unreadable');
    expect(again.entries).toBe(first.entries);
    expect(Object.isFrozen(again.entries)).toBe(true);
    // A torn line is read afresh each time, and never makes a kept answer.
    add(store, SEG2, diag(W2, 'y').slice(0, 30));
    const torn = await readLedger(store, { cache });
    expect(torn).toMatchObject({ quarantined: 1 });
    add(store, SEG2, `${diag(W2, 'y').slice(30)}\n`);
    expect(messagesOf(await readLedger(store, { cache }))).toEqual(['a', 'x', 'y']);
    // A segment added, then one removed.
    add(store, SEG1_ROTATED, `${diag(W1, 'b')}\n`);
    expect(messagesOf(await readLedger(store, { cache }))).toEqual(['a', 'x', 'y', 'b']);
    store.removeDir(SEG1_ROTATED);
    expect(messagesOf(await readLedger(store, { cache }))).toEqual(['a', 'x', 'y']);
    // Another cache over the same store keeps its own answer.
    const other = await readLedger(store, { cache: new Map() });
    expect(other).toEqual(await readLedger(store, { cache }));
  });

  it('knows the lines its own append wrote, so the next read parses none of them', async () => {
    const store = memoryLedgerFs();
    const { fs, reads } = counted(store);
    const cache: LedgerCache = new Map();
    const entry = (message: string) => JSON.parse(diag(W1, message)) as LedgerEntry;
    // A new segment, then a segment the cache has read.
    expect(await appendEntries(fs, W1, [entry('a'), entry('b')], { cache })).toMatchObject({
      ok: true,
    });
    expect(await appendEntries(fs, W1, [entry('c')], { cache })).toMatchObject({ ok: true });
    const size = store.text(SEG1)!.length;
    reads.length = 0;
    const read = await readLedger(fs, { cache });
    expect(read).toEqual(await readLedger(store));
    expect(messagesOf(read)).toEqual(['a', 'b', 'c']);
    // Only the tail it checks is read: nothing to parse.
    expect(reads).toEqual([{ path: SEG1, from: size - 64 }]);
  });

  it('leaves to the next read what others wrote before its append, and torn lines', async () => {
    const store = memoryLedgerFs();
    const cache: LedgerCache = new Map();
    const entry = (message: string) => JSON.parse(diag(W1, message)) as LedgerEntry;
    await appendEntries(store, W1, [entry('a')], { cache });
    // Written behind the cache's back (another window of the same writer, a sync tool).
    add(store, SEG1, `${diag(W1, 'b')}\n`);
    await appendEntries(store, W1, [entry('c')], { cache });
    expect(messagesOf(await readLedger(store, { cache }))).toEqual(['a', 'b', 'c']);
    expect(await readLedger(store, { cache })).toEqual(await readLedger(store));
    // A torn line: the append starts a line of its own after it, and the read sees both.
    add(store, SEG1, diag(W1, 'd').slice(0, 40));
    await appendEntries(store, W1, [entry('e')], { cache });
    const read = await readLedger(store, { cache });
    expect(read).toEqual(await readLedger(store));
    expect(read).toMatchObject({ quarantined: 1 });
    expect(messagesOf(read)).toEqual(['a', 'b', 'c', 'e']);
  });
});

function messagesOf(read: Awaited<ReturnType<typeof readLedger>>) {
  if (!read.ok) throw new Error(read.error);
  return read.entries.map((e) => (e.body as { message: string }).message);
}
