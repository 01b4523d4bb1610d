import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../format/envelope';
import { appendEntries, appendEntry, ensureInitialized, readLedger } from './ledger';
import * as ledgerModule from './ledger';
import type { LedgerFs, LockFn } from './ledgerFs';
import { inProcessLock } from './ledgerFs';
import { memoryLedgerFs } from './memoryLedgerFs';

const W1 = '0193a1b2-0000-7000-8000-00000000000a';
const W2 = '0193a1b2-0000-7000-8000-00000000000b';
const SEG1 = `.vmark/ledger/${W1}.jsonl`;
const SEG2 = `.vmark/ledger/${W2}.jsonl`;
const BAD1 = `.vmark/ledger/quarantine/${W1}.jsonl.bad`;

/** A diagnostic line written out by hand: ids end in the given digits. */
function diag(id: string, time: string, writer: string, idem: string, message: string): string {
  return `{"format":0,"id":"0193a1b2-c3d4-7e5f-8a6b-00000000${id}","kind":"diagnostic","time":"${time}","writer":"${writer}","idem":"0193a1b2-c3d4-7e5f-8a6b-99999999${idem}","body":{"code":"note","message":"${message}"}}`;
}

const messages = (entries: LedgerEntry[]) =>
  entries.map((e) => (e.body as { message: string }).message);

async function read(fs: LedgerFs, options = {}) {
  const result = await readLedger(fs, options);
  if (!result.ok) throw new Error(result.error);
  return result;
}

/** The entry of a hand-written line, as the app holds it before appending. */
const entryOf = (line: string) => JSON.parse(line) as LedgerEntry;

describe('the ledger', () => {
  it('reads back what was appended, line for line as the format writes it (round trip)', async () => {
    const fs = memoryLedgerFs();
    const lines = [
      diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'first'),
      diag('0002', '2026-12-03T16:00:01.000Z', W1, '0002', 'second'),
    ];
    let size = 0;
    for (const line of lines) {
      size += line.length + 1;
      expect(await appendEntry(fs, W1, entryOf(line))).toEqual({
        ok: true,
        segment: `${W1}.jsonl`,
        size,
        appended: line.length + 1,
      });
    }
    expect(fs.text(SEG1)).toBe(`${lines[0]}\n${lines[1]}\n`);
    const result = await read(fs);
    expect(result.entries).toEqual(lines.map(entryOf));
    expect(result).toMatchObject({ quarantined: 0, futureFormat: 0, quarantinedLines: [] });
  });

  it('reads an empty ledger when .vmark/ does not exist, and writes nothing', async () => {
    const fs = memoryLedgerFs();
    expect(await readLedger(fs)).toEqual({
      ok: true,
      entries: [],
      quarantined: 0,
      futureFormat: 0,
      quarantinedLines: [],
    });
    expect(fs.paths()).toEqual([]);
  });

  it('recreates a deleted ledger folder (git prunes empty ones) on the next append', async () => {
    const fs = memoryLedgerFs();
    fs.put(SEG1, `${diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'old')}\n`);
    fs.removeDir('.vmark/ledger');
    const line = diag('0002', '2026-12-03T16:00:01.000Z', W1, '0002', 'new');
    expect(await appendEntry(fs, W1, entryOf(line))).toMatchObject({ ok: true });
    expect(fs.text(SEG1)).toBe(`${line}\n`);
    fs.removeDir('.vmark');
    expect(
      await appendEntry(
        fs,
        W1,
        entryOf(diag('0003', '2026-12-03T16:00:02.000Z', W1, '0003', 'again')),
      ),
    ).toMatchObject({ ok: true });
    expect(fs.paths()).toEqual(['.vmark/.gitattributes', '.vmark/.gitignore', SEG1]);
  });

  it('ends a torn tail with a lone newline, quarantines it, and writes the next entry whole', async () => {
    const fs = memoryLedgerFs();
    const a = diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'a');
    const b = diag('0002', '2026-12-03T16:00:01.000Z', W1, '0002', 'b');
    const c = diag('0003', '2026-12-03T16:00:02.000Z', W1, '0003', 'c');
    await appendEntry(fs, W1, entryOf(a));
    fs.tearNextAppend(40);
    const torn = await appendEntry(fs, W1, entryOf(b));
    expect(torn.ok).toBe(false);
    expect(!torn.ok && torn.error).toContain('could not append to the ledger');
    expect(fs.text(SEG1)).toBe(`${a}\n${b.slice(0, 40)}`);
    expect(await appendEntry(fs, W1, entryOf(c))).toMatchObject({ ok: true });
    expect(fs.text(SEG1)).toBe(`${a}\n${b.slice(0, 40)}\n${c}\n`);
    const result = await read(fs);
    expect(messages(result.entries)).toEqual(['a', 'c']);
    expect(result.quarantined).toBe(1);
    expect(result.quarantinedLines).toEqual([
      { segment: `${W1}.jsonl`, line: 2, reason: 'not JSON' },
    ]);
    expect(fs.text(BAD1)).toBe(`# line 2, not JSON\n${b.slice(0, 40)}\n`);
  });

  it('terminates a hand-made unterminated last line before appending', async () => {
    const fs = memoryLedgerFs();
    const a = diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'a');
    const c = diag('0003', '2026-12-03T16:00:02.000Z', W1, '0003', 'c');
    fs.put(SEG1, a);
    await appendEntry(fs, W1, entryOf(c));
    expect(fs.text(SEG1)).toBe(`${a}\n${c}\n`);
    expect(messages((await read(fs)).entries)).toEqual(['a', 'c']);
  });

  it('collapses a replayed idem to its earliest entry, whichever file or line holds it', async () => {
    const fs = memoryLedgerFs();
    fs.put(
      SEG1,
      [
        diag('0003', '2026-12-03T16:00:03.000Z', W1, '0001', 'replay, later'),
        diag('0002', '2026-12-03T16:00:01.000Z', W1, '0001', 'replay, same time, larger id'),
        '',
      ].join('\n'),
    );
    fs.put(SEG2, `${diag('0001', '2026-12-03T16:00:01.000Z', W2, '0001', 'original')}\n`);
    const result = await read(fs);
    expect(messages(result.entries)).toEqual(['original']);
    expect(result.quarantined).toBe(0);
  });

  it('keeps two entries with equal bodies but distinct idems', async () => {
    const fs = memoryLedgerFs();
    fs.put(
      SEG1,
      `${diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'same')}\n${diag('0002', '2026-12-03T16:00:00.000Z', W1, '0002', 'same')}\n`,
    );
    const result = await read(fs);
    expect(messages(result.entries)).toEqual(['same', 'same']);
    expect(result.entries.map((e) => e.id)).toEqual([
      '0193a1b2-c3d4-7e5f-8a6b-000000000001',
      '0193a1b2-c3d4-7e5f-8a6b-000000000002',
    ]);
  });

  it('orders entries of all writers by (time, id), not by file or line order', async () => {
    const fs = memoryLedgerFs();
    fs.put(
      SEG1,
      [
        diag('0009', '2026-12-03T16:00:05.000Z', W1, '0001', 'w1 at :05'),
        diag('0002', '2026-12-03T16:00:01.000Z', W1, '0002', 'w1 at :01'),
        diag('0007', '2026-12-03T16:00:03.000Z', W1, '0003', 'w1 at :03, id 7'),
        '',
      ].join('\n'),
    );
    fs.put(
      SEG2,
      [
        diag('0004', '2026-12-03T16:00:03.000Z', W2, '0004', 'w2 at :03, id 4'),
        diag('0005', '2026-12-03T17:00:02.000+01:00', W2, '0005', 'w2 at :02 written +01:00'),
        '',
      ].join('\n'),
    );
    expect(messages((await read(fs)).entries)).toEqual([
      'w1 at :01',
      'w2 at :02 written +01:00',
      'w2 at :03, id 4',
      'w1 at :03, id 7',
      'w1 at :05',
    ]);
  });

  it('keeps an entry of an unknown kind exactly as written', async () => {
    const fs = memoryLedgerFs();
    const line = `{"format":0,"id":"0193a1b2-c3d4-7e5f-8a6b-000000000001","kind":"group-prepare","time":"2026-12-03T16:00:00.000Z","writer":"${W1}","idem":"0193a1b2-c3d4-7e5f-8a6b-999999990001","body":{"group":"0193a1b2-c3d4-7e5f-8a6b-000000000042","members":["a","b"],"note":null}}`;
    fs.put(SEG1, `${line}\n`);
    const result = await read(fs);
    expect(result.entries).toEqual([JSON.parse(line)]);
    expect(result.quarantined).toBe(0);
  });

  it('quarantines a transformation without outputs and a garbage line, keeping the rest', async () => {
    const fs = memoryLedgerFs();
    const good = diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'kept');
    const noOutputs = `{"format":0,"id":"0193a1b2-c3d4-7e5f-8a6b-000000000002","kind":"transformation","time":"2026-12-03T16:00:01.000Z","writer":"${W1}","idem":"0193a1b2-c3d4-7e5f-8a6b-999999990002","body":{"inputs":[],"outputs":[],"agent":{"type":"human"},"intent":{"kind":"editor-save","summary":""},"confidence":"exact"}}`;
    fs.put(SEG1, `${good}\n${noOutputs}\nthis is not json {\n`);
    const result = await read(fs);
    expect(messages(result.entries)).toEqual(['kept']);
    expect(result.quarantined).toBe(2);
    expect(result.quarantinedLines).toEqual([
      { segment: `${W1}.jsonl`, line: 2, reason: 'transformation: body.outputs is empty' },
      { segment: `${W1}.jsonl`, line: 3, reason: 'not JSON' },
    ]);
    expect(fs.text(BAD1)).toBe(
      `# line 2, transformation: body.outputs is empty\n${noOutputs}\n# line 3, not JSON\nthis is not json {\n`,
    );
    expect(fs.text(SEG1)).toBe(`${good}\n${noOutputs}\nthis is not json {\n`);
  });

  it('does not copy a quarantined line again on a re-read, but does copy a new one', async () => {
    const fs = memoryLedgerFs();
    fs.put(SEG1, `garbage one\n`);
    await read(fs);
    const once = fs.text(BAD1);
    expect(once).toBe('# line 1, not JSON\ngarbage one\n');
    const again = await read(fs);
    expect(again.quarantined).toBe(1);
    expect(fs.text(BAD1)).toBe(once);
    fs.put(SEG1, `garbage one\ngarbage two\n`);
    await read(fs);
    await read(fs);
    expect(fs.text(BAD1)).toBe(
      '# line 1, not JSON\ngarbage one\n# line 2, not JSON\ngarbage two\n',
    );
  });

  it('skips and counts lines of a newer format, without quarantining them', async () => {
    const fs = memoryLedgerFs();
    fs.put(
      SEG1,
      `{"format":1,"id":"0193a1b2-c3d4-7e5f-8a6b-000000000001","kind":"whatever","shape":"new"}\n${diag('0002', '2026-12-03T16:00:00.000Z', W1, '0002', 'kept')}\n{"format":2}\n`,
    );
    const result = await read(fs);
    expect(messages(result.entries)).toEqual(['kept']);
    expect(result.futureFormat).toBe(2);
    expect(result.quarantined).toBe(0);
    expect(fs.text(BAD1)).toBeNull();
  });

  it('rotates a segment of 8 MiB or more to the next numbered one, and reads all of them', async () => {
    const fs = memoryLedgerFs();
    const big = diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'x'.repeat(8 * 1024 * 1024));
    fs.put(SEG1, `${big}\n`);
    const next = diag('0002', '2026-12-03T16:00:01.000Z', W1, '0002', 'after rotation');
    expect(await appendEntry(fs, W1, entryOf(next))).toEqual({
      ok: true,
      segment: `${W1}-001.jsonl`,
      size: next.length + 1,
      appended: next.length + 1,
    });
    expect(fs.text(`.vmark/ledger/${W1}-001.jsonl`)).toBe(`${next}\n`);
    expect(fs.text(SEG1)).toBe(`${big}\n`);
    const result = await read(fs);
    expect(result.entries.map((e) => e.id.slice(-4))).toEqual(['0001', '0002']);
  });

  it('rotates again and again at a smaller limit, and the read merges every segment', async () => {
    const fs = memoryLedgerFs();
    // Every line below has the same length: a segment is full after exactly two of them.
    const lineBytes = diag('0001', '2026-12-03T16:00:01.000Z', W1, '0001', 'entry 1').length + 1;
    const options = { segmentLimit: 2 * lineBytes };
    const segments: string[] = [];
    for (let i = 1; i <= 9; i++) {
      const line = diag(`000${i}`, `2026-12-03T16:00:0${i}.000Z`, W1, `000${i}`, `entry ${i}`);
      const done = await appendEntry(fs, W1, entryOf(line), options);
      if (done.ok) segments.push(done.segment);
    }
    expect(segments).toEqual([
      `${W1}.jsonl`,
      `${W1}.jsonl`,
      `${W1}-001.jsonl`,
      `${W1}-001.jsonl`,
      `${W1}-002.jsonl`,
      `${W1}-002.jsonl`,
      `${W1}-003.jsonl`,
      `${W1}-003.jsonl`,
      `${W1}-004.jsonl`,
    ]);
    fs.put(SEG2, `${diag('0000', '2026-12-03T16:00:04.500Z', W2, '0010', 'other writer')}\n`);
    const result = await read(fs, options);
    expect(messages(result.entries)).toEqual([
      'entry 1',
      'entry 2',
      'entry 3',
      'entry 4',
      'other writer',
      'entry 5',
      'entry 6',
      'entry 7',
      'entry 8',
      'entry 9',
    ]);
  });

  it('still reads when the quarantine folder cannot be written', async () => {
    const fs = memoryLedgerFs();
    fs.denyWritesUnder('.vmark/ledger/quarantine');
    fs.put(SEG1, `not json\n${diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'kept')}\n`);
    const result = await readLedger(fs);
    expect(result).toMatchObject({ ok: true, quarantined: 1 });
    expect(result.ok && messages(result.entries)).toEqual(['kept']);
    expect(fs.text(BAD1)).toBeNull();
  });

  it('quarantines a line that is not UTF-8, copying its exact bytes', async () => {
    const fs = memoryLedgerFs();
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d, 0x0a]);
    fs.put(SEG1, bytes);
    const result = await read(fs);
    expect(result.quarantinedLines).toEqual([
      { segment: `${W1}.jsonl`, line: 1, reason: 'not UTF-8' },
    ]);
    const copy = await fs.read(BAD1);
    expect([...copy!]).toEqual([...new TextEncoder().encode('# line 1, not UTF-8\n'), ...bytes]);
    await read(fs);
    expect((await fs.read(BAD1))!.length).toBe(copy!.length);
  });

  it('rejects a line over 16 MiB unread, noting it in quarantine without a copy', async () => {
    const fs = memoryLedgerFs();
    const huge = diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'y'.repeat(16 * 1024 * 1024));
    fs.put(SEG1, `${huge}\n${diag('0002', '2026-12-03T16:00:01.000Z', W1, '0002', 'kept')}\n`);
    const result = await read(fs);
    expect(messages(result.entries)).toEqual(['kept']);
    expect(result.quarantinedLines).toEqual([
      { segment: `${W1}.jsonl`, line: 1, reason: 'line longer than 16 MiB' },
    ]);
    expect(fs.text(BAD1)).toBe('# line 1, line longer than 16 MiB (not copied)\n');
  });

  it('passes over blank lines without counting them', async () => {
    const fs = memoryLedgerFs();
    fs.put(SEG1, `\n${diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'kept')}\n  \n`);
    const result = await read(fs);
    expect(messages(result.entries)).toEqual(['kept']);
    expect(result.quarantined).toBe(0);
  });

  it('refuses to append an entry that reading would reject, or another writer’s, writing nothing', async () => {
    const fs = memoryLedgerFs();
    const noOutputs = JSON.parse(
      `{"format":0,"id":"0193a1b2-c3d4-7e5f-8a6b-000000000002","kind":"transformation","time":"2026-12-03T16:00:01.000Z","writer":"${W1}","idem":"0193a1b2-c3d4-7e5f-8a6b-999999990002","body":{"inputs":[],"outputs":[],"agent":{"type":"human"},"intent":{"kind":"editor-save","summary":""},"confidence":"exact"}}`,
    );
    expect(await appendEntry(fs, W1, noOutputs)).toEqual({
      ok: false,
      error: 'not a valid ledger entry: transformation: body.outputs is empty',
    });
    const other = entryOf(diag('0001', '2026-12-03T16:00:00.000Z', W2, '0001', 'w2'));
    expect(await appendEntry(fs, W1, other)).toEqual({
      ok: false,
      error: `the entry's writer is ${W2}, not ${W1}`,
    });
    expect((await appendEntry(fs, '../evil', other)).ok).toBe(false);
    const future = {
      ...entryOf(diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'x')),
      format: 1,
    };
    expect((await appendEntry(fs, W1, future)).ok).toBe(false);
    expect(fs.paths()).toEqual([]);
  });

  it('answers an error value when a segment cannot be read', async () => {
    const fs = memoryLedgerFs();
    fs.put(SEG1, `${diag('0001', '2026-12-03T16:00:00.000Z', W1, '0001', 'x')}\n`);
    const failing: LedgerFs = {
      ...fs,
      read: async () => {
        throw new Error('NotReadableError');
      },
    };
    expect(await readLedger(failing)).toEqual({
      ok: false,
      error: 'could not read the ledger: NotReadableError',
    });
  });

  it('offers append and read only: ledger lines are never rewritten, truncated or deleted', async () => {
    const functions = Object.entries(ledgerModule)
      .filter(([, v]) => typeof v === 'function')
      .map(([k]) => k)
      .sort();
    expect(functions).toEqual([
      'appendEntries',
      'appendEntry',
      'compareEntries',
      'ensureInitialized',
      'readLedger',
    ]);
    const fs = memoryLedgerFs();
    fs.put(SEG1, 'torn');
    for (let i = 1; i <= 4; i++)
      await appendEntry(
        fs,
        W1,
        entryOf(diag(`000${i}`, `2026-12-03T16:00:0${i}.000Z`, W1, `000${i}`, 'x')),
        { segmentLimit: 400 },
      );
    await read(fs);
    const onSegments = fs.writes.filter((w) => w.path.endsWith('.jsonl'));
    expect(onSegments.length).toBe(4);
    expect(onSegments.every((w) => w.op === 'append')).toBe(true);
    expect(fs.text(SEG1)!.startsWith('torn\n')).toBe(true);
  });
});

describe('appending a batch', () => {
  const batch = [1, 2, 3].map((i) =>
    entryOf(diag(`010${i}`, `2026-12-03T16:01:0${i}.000Z`, W1, `010${i}`, `batch ${i}`)),
  );

  it('writes every entry in order with one append, after a torn tail', async () => {
    const fs = memoryLedgerFs();
    fs.put(SEG1, 'torn');
    const written = await appendEntries(fs, W1, batch);
    const size = fs.text(SEG1)!.length;
    // The segment's size after, and what the append added: a newline closing the torn line too.
    expect(written).toEqual({ ok: true, segment: `${W1}.jsonl`, size, appended: size - 4 });
    const appends = fs.writes.filter((w) => w.path === SEG1 && w.op === 'append');
    expect(appends).toHaveLength(1);
    expect(fs.text(SEG1)!.split('\n')).toEqual([
      'torn',
      ...batch.map((e) => JSON.stringify(e)),
      '',
    ]);
    expect(messages((await read(fs)).entries)).toEqual(['batch 1', 'batch 2', 'batch 3']);
  });

  it('refuses the whole batch when one entry is not this writer’s, writing nothing', async () => {
    const fs = memoryLedgerFs();
    const foreign = { ...batch[1], writer: W2 };
    expect(await appendEntries(fs, W1, [batch[0], foreign, batch[2]])).toMatchObject({ ok: false });
    expect(fs.paths()).toEqual([]);
  });
});

describe('concurrent appends', () => {
  const lines = Array.from({ length: 12 }, (_, i) => {
    const n = String(i + 10).padStart(4, '0');
    return diag(n, `2026-12-03T16:00:${n.slice(2)}.000Z`, W1, n, `concurrent ${i}`);
  });

  it('never interleave: every line lands whole', async () => {
    const fs = memoryLedgerFs();
    fs.chunkAppends(16);
    const lock = inProcessLock();
    const results = await Promise.all(lines.map((l) => appendEntry(fs, W1, entryOf(l), { lock })));
    expect(results.every((r) => r.ok)).toBe(true);
    const written = fs.text(SEG1)!.split('\n').slice(0, -1);
    expect(written.sort()).toEqual([...lines].sort());
    const result = await read(fs);
    expect(result.quarantined).toBe(0);
    expect(result.entries).toHaveLength(12);
  });

  it('would interleave without the lock (so the test above can fail)', async () => {
    const fs = memoryLedgerFs();
    fs.chunkAppends(16);
    const noLock: LockFn = (_name, fn) => fn();
    await Promise.all(lines.map((l) => appendEntry(fs, W1, entryOf(l), { lock: noLock })));
    const result = await read(fs);
    expect(result.quarantined).toBeGreaterThan(0);
  });

  it('are serialised by default too, per file system', async () => {
    const fs = memoryLedgerFs();
    fs.chunkAppends(16);
    await Promise.all(lines.map((l) => appendEntry(fs, W1, entryOf(l))));
    const result = await read(fs);
    expect(result.quarantined).toBe(0);
    expect(result.entries).toHaveLength(12);
  });
});

describe('ensureInitialized', () => {
  it('writes .vmark/.gitignore and .gitattributes when missing', async () => {
    const fs = memoryLedgerFs();
    expect(await ensureInitialized(fs)).toEqual({ ok: true });
    expect(fs.text('.vmark/.gitignore')).toBe('index.db*\n');
    expect(fs.text('.vmark/.gitattributes')).toBe('ledger/*.jsonl merge=union\n');
  });

  it('adds a missing line at the end, keeping what the user wrote', async () => {
    const fs = memoryLedgerFs();
    fs.put('.vmark/.gitignore', 'notes/\r\n*.tmp');
    fs.put('.vmark/.gitattributes', '*.md text\n');
    await ensureInitialized(fs);
    expect(fs.text('.vmark/.gitignore')).toBe('notes/\r\n*.tmp\nindex.db*\n');
    expect(fs.text('.vmark/.gitattributes')).toBe('*.md text\nledger/*.jsonl merge=union\n');
  });

  it('leaves files that already hold the lines untouched', async () => {
    const fs = memoryLedgerFs();
    fs.put('.vmark/.gitignore', 'index.db*\r\n');
    fs.put('.vmark/.gitattributes', '# mine\nledger/*.jsonl merge=union\n');
    await ensureInitialized(fs);
    await ensureInitialized(fs);
    expect(fs.writes).toEqual([]);
  });

  it('answers an error value when .vmark/ cannot be written', async () => {
    const fs = memoryLedgerFs();
    fs.denyWritesUnder('.vmark');
    expect(await ensureInitialized(fs)).toEqual({
      ok: false,
      error: 'could not set up .vmark: .vmark/.gitignore: permission denied',
    });
  });
});
