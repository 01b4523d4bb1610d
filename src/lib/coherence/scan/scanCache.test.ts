/**
 * The scan's knowledge of the files it read before (workspaceState.ts `files`): a file with the
 * same size and modification time is not read again, any other is, and nothing the scan records
 * depends on whether a file was read or known.
 */
import { describe, expect, it } from 'vitest';
import { contentHash, revisionId } from '../format/canonical';
import type { LedgerEntry } from '../format/envelope';
import { readLedger } from '../ledger/ledger';
import { inProcessLock } from '../ledger/ledgerFs';
import { memoryLedgerFs } from '../ledger/memoryLedgerFs';
import { memoryWorkspaceFs } from './memoryWorkspaceFs';
import { RACY_MS, scan, type WriteSnapshot } from './scan';
import { emptyWorkspaceState, type KernelDeps } from './workspaceState';

const WRITER = '0198a000-0000-7000-8000-0000000000ff';
const DESK = '0198a000-0000-7000-8000-0000000000d0';
const NOTE = '0198a001-0000-7000-8000-00000000000e';
const NOTE_PATH = 'lore/elena.md';
const NOTE_TEXT = `---\nvmark:\n  id: ${NOTE}\n---\n# Elena\nElena is left-handed.\n`;
/** One letter changed: the same size. */
const NOTE_SAME_SIZE = `---\nvmark:\n  id: ${NOTE}\n---\n# Elena\nElena is deft-handed.\n`;
const NOTE_LONGER = `---\nvmark:\n  id: ${NOTE}\n---\n# Elena\nElena is right-handed.\n`;
/** The file system's clock in these tests; the files' times are far behind it unless set. */
const FILE_NOW = Date.parse('2026-07-10T12:00:00.000Z');

let lineNo = 0;
function line(kind: string, body: string): string {
  lineNo++;
  const n = String(lineNo).padStart(12, '0');
  return `{"format":0,"id":"0198c000-0000-7000-8000-${n}","kind":"${kind}","time":"2026-07-10T10:00:${String(lineNo % 60).padStart(2, '0')}.000Z","writer":"${DESK}","idem":"0198d000-0000-7000-8000-${n}","body":${body}}`;
}

const saved = (revision: string, hash: string, parents: string[]) =>
  line(
    'transformation',
    `{"inputs":[],"outputs":[{"object":"${NOTE}","revision":"${revision}","content_hash":"${hash}","parents":${JSON.stringify(parents)}}],"agent":{"type":"human","id":"ann"},"intent":{"kind":"editor-save","summary":""},"confidence":"exact"}`,
  );

/** A workspace whose ledger (another writer's) tracks the note, and a few id-less files. */
async function tracked() {
  const store = memoryLedgerFs();
  const hash = await contentHash(NOTE_TEXT);
  const revision = await revisionId(hash, []);
  store.put(
    `.vmark/ledger/${DESK}.jsonl`,
    [
      line('object-registered', `{"object":"${NOTE}","path":"${NOTE_PATH}"}`),
      saved(revision, hash, []),
    ].join('\n') + '\n',
  );
  store.put(NOTE_PATH, NOTE_TEXT);
  store.put('todo.md', 'no id, not a document\n');
  store.put('drafts/idea.md', '# An idea\n');
  const workspace = memoryWorkspaceFs(store);
  let clock = Date.parse('2026-07-10T12:00:00.000Z');
  let ids = 0;
  const deps: KernelDeps = {
    fs: store,
    lock: inProcessLock(),
    writer: WRITER,
    now: () => (clock += 1000),
    mintId: () => `0198f000-0000-7000-8000-${String(++ids).padStart(12, '0')}`,
  };
  const state = emptyWorkspaceState();
  const snapshots = new Map<string, string>();
  const writeSnapshot: WriteSnapshot = async (h, bytes) => {
    snapshots.set(h, new TextDecoder().decode(bytes));
    return { ok: true };
  };
  const run = () => scan(deps, state, workspace, { policy: 'adopt', writeSnapshot, fileClock });
  let fileNow = FILE_NOW;
  const fileClock = () => fileNow;
  const entries = async (): Promise<LedgerEntry[]> => {
    const read = await readLedger(store);
    if (!read.ok) throw new Error(read.error);
    return read.entries;
  };
  const edits = async () =>
    (await entries()).filter(
      (e) =>
        e.kind === 'transformation' &&
        (e.body as { intent: { kind: string } }).intent.kind === 'observed-external-edit',
    );
  return {
    store,
    workspace,
    state,
    snapshots,
    run,
    edits,
    revision,
    setFileNow: (t: number) => (fileNow = t),
  };
}

describe('the scan and the files it read before', () => {
  it('reads no file again when nothing changed, and records nothing', async () => {
    const t = await tracked();
    expect(await t.run()).toMatchObject({ external_edits: 0, complete: true, errors: [] });
    expect(Object.fromEntries(t.workspace.reads)).toEqual({
      [NOTE_PATH]: 1,
      'todo.md': 1,
      'drafts/idea.md': 1,
    });
    expect([...t.state.files.keys()].sort()).toEqual(['drafts/idea.md', NOTE_PATH, 'todo.md']);
    expect(t.state.files.get(NOTE_PATH)).toMatchObject({
      size: NOTE_TEXT.length,
      hash: await contentHash(NOTE_TEXT),
      identity: { identity: { id: NOTE } },
    });
    expect(await t.run()).toMatchObject({ external_edits: 0, complete: true, errors: [] });
    expect(await t.run()).toMatchObject({ external_edits: 0, complete: true, errors: [] });
    expect(Object.fromEntries(t.workspace.reads)).toEqual({
      [NOTE_PATH]: 1,
      'todo.md': 1,
      'drafts/idea.md': 1,
    });
    expect(await t.edits()).toEqual([]);
  });

  it('reads a file changed to the same size with a new time, and records the edit', async () => {
    const t = await tracked();
    await t.run();
    t.store.put(NOTE_PATH, NOTE_SAME_SIZE);
    expect(NOTE_SAME_SIZE.length).toBe(NOTE_TEXT.length);
    expect(await t.run()).toMatchObject({ external_edits: 1, errors: [] });
    expect(t.workspace.reads.get(NOTE_PATH)).toBe(2);
    expect(t.workspace.reads.get('todo.md')).toBe(1);
    const hash = await contentHash(NOTE_SAME_SIZE);
    expect((await t.edits()).map((e) => e.body)).toMatchObject([
      { outputs: [{ object: NOTE, content_hash: hash, parents: [t.revision] }] },
    ]);
    expect(t.snapshots.get(hash)).toBe('# Elena\nElena is deft-handed.\n');
  });

  it('reads a file changed to another size with the same time, and records the edit', async () => {
    const t = await tracked();
    const time = t.store.modified(NOTE_PATH)!;
    await t.run();
    t.store.put(NOTE_PATH, NOTE_LONGER);
    t.store.setModified(NOTE_PATH, time);
    expect(await t.run()).toMatchObject({ external_edits: 1, errors: [] });
    expect(t.workspace.reads.get(NOTE_PATH)).toBe(2);
    expect((await t.edits()).map((e) => e.body)).toMatchObject([
      { outputs: [{ content_hash: await contentHash(NOTE_LONGER) }] },
    ]);
  });

  it('reads again a file whose time was too close to the scan to be sure of', async () => {
    const t = await tracked();
    t.store.setModified(NOTE_PATH, FILE_NOW - RACY_MS + 1);
    t.store.setModified('todo.md', FILE_NOW - RACY_MS);
    await t.run();
    expect(t.state.files.has(NOTE_PATH)).toBe(false);
    expect(t.state.files.has('todo.md')).toBe(true);
    // Rewritten within the same tick of a coarse clock: the time does not move, the size neither.
    t.store.put(NOTE_PATH, NOTE_SAME_SIZE);
    t.store.setModified(NOTE_PATH, FILE_NOW - RACY_MS + 1);
    expect(await t.run()).toMatchObject({ external_edits: 1, errors: [] });
    expect(t.workspace.reads.get(NOTE_PATH)).toBe(2);
    expect(t.workspace.reads.get('todo.md')).toBe(1);
    // Once its time is far enough behind, it is known unchanged too.
    t.setFileNow(FILE_NOW + RACY_MS);
    await t.run();
    await t.run();
    expect(t.workspace.reads.get(NOTE_PATH)).toBe(3);
  });

  it('reads a known file again when the ledger moved on without it, to store its snapshot', async () => {
    const t = await tracked();
    await t.run();
    // Another writer records a revision the disk does not have (its file not synced yet, say).
    const other = await contentHash(NOTE_LONGER);
    const otherRevision = await revisionId(other, [t.revision]);
    const segment = `.vmark/ledger/${DESK}.jsonl`;
    t.store.put(segment, `${t.store.text(segment)}${saved(otherRevision, other, [t.revision])}\n`);
    expect(await t.run()).toMatchObject({ external_edits: 1, errors: [] });
    expect(t.workspace.reads.get(NOTE_PATH)).toBe(2);
    const hash = await contentHash(NOTE_TEXT);
    expect((await t.edits()).map((e) => e.body)).toMatchObject([
      { outputs: [{ content_hash: hash, parents: [otherRevision] }] },
    ]);
    expect(t.snapshots.get(hash)).toBe('# Elena\nElena is left-handed.\n');
  });

  it('records nothing for a known file that changed behind its unchanged size and time', async () => {
    const t = await tracked();
    await t.run();
    const other = await contentHash(NOTE_LONGER);
    const segment = `.vmark/ledger/${DESK}.jsonl`;
    t.store.put(
      segment,
      `${t.store.text(segment)}${saved(await revisionId(other, [t.revision]), other, [t.revision])}\n`,
    );
    const time = t.store.modified(NOTE_PATH)!;
    t.store.put(NOTE_PATH, NOTE_SAME_SIZE);
    t.store.setModified(NOTE_PATH, time);
    const report = await t.run();
    expect(report).toMatchObject({ external_edits: 0 });
    expect(report.errors).toEqual([
      {
        code: 'file-changed',
        path: NOTE_PATH,
        message: `${NOTE_PATH}: the file changed while scanned`,
      },
    ]);
    expect(t.state.files.has(NOTE_PATH)).toBe(false);
    // Forgotten, so the next scan reads it and records what it holds.
    expect(await t.run()).toMatchObject({ external_edits: 1, errors: [] });
    expect((await t.edits()).map((e) => e.body)).toMatchObject([
      { outputs: [{ content_hash: await contentHash(NOTE_SAME_SIZE) }] },
    ]);
  });

  it('forgets a file that is gone, and reads it when it comes back', async () => {
    const t = await tracked();
    await t.run();
    t.store.removeDir('drafts');
    await t.run();
    expect(t.state.files.has('drafts/idea.md')).toBe(false);
    t.store.put('drafts/idea.md', '# An idea\n');
    await t.run();
    expect(t.workspace.reads.get('drafts/idea.md')).toBe(2);
  });
});

describe('the scan while the app watches the folder', () => {
  /** Counts the folder listings the walk makes. */
  function countLists(t: Awaited<ReturnType<typeof tracked>>) {
    let lists = 0;
    const list = t.workspace.list.bind(t.workspace);
    t.workspace.list = async (dir) => {
      lists++;
      return list(dir);
    };
    return () => lists;
  }

  /** A tracked folder under a live watch, walked once: how many listings that took. */
  async function watchedAndWalked() {
    const t = await tracked();
    const lists = countLists(t);
    t.state.watch.live = true;
    await t.run();
    return { t, lists, walked: lists() };
  }

  it('reuses the last walk while nothing was reported: no listing, no read', async () => {
    const t = await tracked();
    const lists = countLists(t);
    t.state.watch.live = true;
    expect(await t.run()).toMatchObject({ external_edits: 0, complete: true, errors: [] });
    const walked = lists();
    expect(walked).toBeGreaterThan(0);
    expect(await t.run()).toMatchObject({ external_edits: 0, complete: true, errors: [] });
    expect(lists()).toBe(walked);
    expect(t.workspace.reads.get(NOTE_PATH)).toBe(1);
  });

  it('looks again only at a file reported modified, and records the edit', async () => {
    const { t, lists, walked } = await watchedAndWalked();
    t.store.put(NOTE_PATH, NOTE_LONGER);
    t.state.watch.touched.add(NOTE_PATH);
    expect(await t.run()).toMatchObject({ external_edits: 1, complete: true, errors: [] });
    expect(lists()).toBe(walked);
    expect(t.state.watch.touched.size).toBe(0);
    // What it found is the last look now: the next scan finds nothing new.
    expect(await t.run()).toMatchObject({ external_edits: 0, errors: [] });
    expect(lists()).toBe(walked);
  });

  it('walks after all when a file reported modified was not in the last walk', async () => {
    const { t, lists, walked } = await watchedAndWalked();
    t.state.watch.touched.add('elsewhere/new.md');
    await t.run();
    expect(lists()).toBeGreaterThan(walked);
  });

  it('walks again after a reported change, and records the edit', async () => {
    const { t, lists, walked } = await watchedAndWalked();
    t.store.put(NOTE_PATH, NOTE_LONGER);
    t.state.watch.changed = true;
    expect(await t.run()).toMatchObject({ external_edits: 1, errors: [] });
    expect(lists()).toBeGreaterThan(walked);
    expect(t.state.watch.changed).toBe(false);
  });

  it('walks every time when the folder is not watched', async () => {
    const t = await tracked();
    const lists = countLists(t);
    await t.run();
    const once = lists();
    await t.run();
    expect(lists()).toBe(2 * once);
  });
});

describe('what a scan writes', () => {
  it('writes the entries it makes together, in one append', async () => {
    const t = await tracked();
    for (let i = 1; i <= 3; i++)
      t.store.put(
        `new-${i}.md`,
        `---\nvmark:\n  id: 0198a002-0000-7000-8000-00000000000${i}\n---\n# ${i}\n`,
      );
    expect(await t.run()).toMatchObject({ adopted: 3, errors: [] });
    const own = t.store.writes.filter((w) => w.path === `.vmark/ledger/${WRITER}.jsonl`);
    expect(own).toEqual([{ op: 'append', path: `.vmark/ledger/${WRITER}.jsonl` }]);
    // A registration and a first revision per document, in that order.
    const kinds = (t.store.text(`.vmark/ledger/${WRITER}.jsonl`) ?? '')
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { kind: string }).kind);
    expect(kinds).toEqual([
      'object-registered',
      'transformation',
      'object-registered',
      'transformation',
      'object-registered',
      'transformation',
    ]);
  });
});
