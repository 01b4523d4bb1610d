/**
 * Capture (conformance §8 item 3 and the capture rules around it): identity stamping, no-ops,
 * registered paths, merges of forked objects, holds, the tracked-only policy, refused requests,
 * snapshots, disk lag and concurrent captures. The ledger is read back and checked line by line.
 */
import { describe, expect, it } from 'vitest';
import { type CaptureRequest } from './capture';
import { captureKit, id, ledgerEntries, ok, SEGMENT, WRITER } from './captureKit';
import { contentHash, revisionId } from '../format/canonical';
import { type MemoryLedgerFs } from '../ledger/memoryLedgerFs';
import type { TransformationBody } from '../format/records';
import { readSnapshot, snapshotPath } from '../ledger/snapshots';

const SCENE = '# Scene 12\nElena waited in the rain.\n';
// Golden vectors (reference §1.5): the scene's hash and its root revision.
const SCENE_HASH = 'sha256:e59856b8f84f657f19d657aa2504758f3504e79dcc6e4aa999b0f9125edd4221';
const SCENE_ROOT = 'rev1:718593b8aaccb1613cb31899b20304b1b41cd9fc901b92a21f38a765760bce7f';

const entries = ledgerEntries;
const kit = () => captureKit();

const transformations = async (fs: MemoryLedgerFs) =>
  (await entries(fs))
    .filter((e) => e.kind === 'transformation')
    .map((e) => e.body as TransformationBody);

/** A capture that recorded (or found) a revision: its answer, or the test fails with the error. */

describe('a first capture', () => {
  it('stamps a new id into the file, answers the rewritten text and records a root revision', async () => {
    const { fs, save } = kit();
    fs.put('scenes/scene-12.md', SCENE);
    const done = ok(await save('scenes/scene-12.md', SCENE));
    const stamped = `---\nvmark:\n  id: ${done.object}\n---\n${SCENE}`;
    expect(done).toMatchObject({ revision: SCENE_ROOT, noop: false, content: stamped });
    expect(fs.text('scenes/scene-12.md')).toBe(stamped);

    const lines = fs.text(SEGMENT)!.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    const [registered, txf] = lines.map((l) => JSON.parse(l));
    expect(registered).toMatchObject({ format: 0, kind: 'object-registered', writer: WRITER });
    expect(registered.body).toEqual({
      object: done.object,
      path: 'scenes/scene-12.md',
      schema: null,
    });
    expect(txf).toMatchObject({ kind: 'transformation', time: '2026-12-03T10:00:01.000Z' });
    expect(txf.body).toEqual({
      inputs: [],
      outputs: [
        { object: done.object, revision: SCENE_ROOT, content_hash: SCENE_HASH, parents: [] },
      ],
      agent: { type: 'human', id: 'ann' },
      intent: { kind: 'editor-save', summary: '' },
      confidence: 'exact',
    });
    expect(fs.text('.vmark/.gitignore')).toBe('index.db*\n');
    expect(fs.text('.vmark/.gitattributes')).toBe('ledger/*.jsonl merge=union\n');
  });

  it('keeps the id a document already carries and stamps nothing', async () => {
    const { fs, save } = kit();
    const own = '0198c0de-0000-7000-8000-000000000001';
    const text = `---\ntitle: Scene\nvmark:\n  id: ${own}\n  schema: scene\n---\nBody\n`;
    const done = ok(await save('a.md', text));
    expect(done.object).toBe(own);
    expect(done.content).toBeUndefined();
    expect(fs.paths()).not.toContain('a.md');
    const [registered] = await entries(fs);
    expect(registered.body).toEqual({ object: own, path: 'a.md', schema: 'scene' });
  });
});

describe('capturing again', () => {
  it('records nothing for the same content and no inputs (a no-op)', async () => {
    const { fs, save } = kit();
    const first = ok(await save('a.md', SCENE));
    const before = fs.text(SEGMENT);
    const again = ok(await save('a.md', first.content!));
    expect(again).toEqual({ ok: true, object: first.object, revision: SCENE_ROOT, noop: true });
    expect(fs.text(SEGMENT)).toBe(before);
  });

  it('reuses the registered id for a buffer without the identity block', async () => {
    const { fs, state, save } = kit();
    const first = ok(await save('a.md', SCENE));
    const writesBefore = fs.writes.length;
    // The same content, block missing: still the same object, nothing new.
    expect(ok(await save('a.md', SCENE, { rewriteIdentity: false }))).toMatchObject({
      object: first.object,
      noop: true,
    });
    // New content from a live buffer without the block: a child revision of the same object;
    // the file is not touched and the hash is noted as disk lag.
    const edited = `${SCENE}She left.\n`;
    const live = ok(await save('a.md', edited, { rewriteIdentity: false }));
    expect(live.object).toBe(first.object);
    expect(live.content).toBeUndefined();
    expect(fs.writes.slice(writesBefore).some((w) => w.path === 'a.md')).toBe(false);
    const editedHash = await contentHash(edited);
    expect(live.revision).toBe(await revisionId(editedHash, [SCENE_ROOT]));
    expect([...state.diskLag.get(first.object)!]).toEqual([editedHash]);
    // Only one registration: the path did not move.
    const all = await entries(fs);
    expect(all.filter((e) => e.kind === 'object-registered')).toHaveLength(1);
    expect((await transformations(fs)).map((t) => t.outputs[0].parents)).toEqual([
      [],
      [SCENE_ROOT],
    ]);
  });

  it('stamps the registered id back into a saved file that lost its block', async () => {
    const { fs, state, save } = kit();
    const first = ok(await save('a.md', SCENE));
    const edited = `${SCENE}More.\n`;
    const done = ok(await save('a.md', edited));
    expect(done.content).toBe(`---\nvmark:\n  id: ${first.object}\n---\n${edited}`);
    expect(fs.text('a.md')).toBe(done.content);
    expect(state.diskLag.size).toBe(0);
  });

  it('registers a moved document at its new path without minting a revision', async () => {
    const { fs, save } = kit();
    const first = ok(await save('old.md', SCENE));
    const moved = ok(await save('new.md', first.content!));
    expect(moved).toMatchObject({ object: first.object, revision: SCENE_ROOT, noop: true });
    const all = await entries(fs);
    expect(all.map((e) => e.kind)).toEqual([
      'object-registered',
      'transformation',
      'object-registered',
    ]);
    expect(all[2].body).toMatchObject({ object: first.object, path: 'new.md' });
  });

  it('merges the heads of a forked object', async () => {
    const { fs, save } = kit();
    const object = '0198c0de-0000-7000-8000-000000000002';
    const [ha, hb] = [await contentHash('A\n'), await contentHash('B\n')];
    const [ra, rb] = [await revisionId(ha, []), await revisionId(hb, [])];
    const line = (n: number, kind: string, body: unknown) =>
      JSON.stringify({
        format: 0,
        id: id(900 + n),
        kind,
        time: `2026-12-01T00:00:0${n}.000Z`,
        writer: WRITER,
        idem: id(950 + n),
        body,
      });
    const root = (revision: string, content_hash: string) => ({
      inputs: [],
      outputs: [{ object, revision, content_hash, parents: [] }],
      agent: { type: 'human', id: 'bob' },
      intent: { kind: 'editor-save', summary: '' },
      confidence: 'exact',
    });
    fs.put(
      SEGMENT,
      [
        line(1, 'object-registered', { object, path: 'fork.md' }),
        line(2, 'transformation', root(ra, ha)),
        line(3, 'transformation', root(rb, hb)),
        '',
      ].join('\n'),
    );
    const done = ok(await save('fork.md', 'A\n', { rewriteIdentity: false }));
    expect(done.object).toBe(object);
    expect(done.revision).toBe(await revisionId(ha, [ra, rb]));
    const last = (await transformations(fs)).at(-1)!;
    expect(last.outputs[0].parents).toEqual([ra, rb].sort());
  });

  it('answers a retried request (same idem) with its revision and records it once', async () => {
    const { fs, save } = kit();
    const idem = '0198c0de-0000-7000-8000-0000000000aa';
    const first = ok(await save('a.md', SCENE, { idem }));
    const retry = ok(await save('a.md', `${SCENE}changed\n`, { idem }));
    expect(retry).toEqual({ ok: true, object: first.object, revision: SCENE_ROOT, noop: true });
    const all = await entries(fs);
    expect(all.filter((e) => e.kind === 'transformation').map((e) => e.idem)).toEqual([idem]);
  });
});

describe('refusals', () => {
  it('refuses a held object and writes nothing', async () => {
    const { fs, state, save } = kit();
    const first = ok(await save('a.md', SCENE));
    state.held.add(first.object);
    const before = fs.text(SEGMENT);
    const refused = await save('a.md', `${SCENE}x\n`);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(/^capture-held/);
    expect(fs.text(SEGMENT)).toBe(before);
  });

  it.each([
    ['../outside.md', /leaves the workspace/],
    ['/etc/notes.md', /absolute/],
    ['C:/notes.md', /absolute/],
    ['notes\\a.md', /backslash/],
    ['a/./b.md', /segment/],
    ['.vmark/ledger/x.md', /inside \.vmark/],
    ['notes.txt', /not a markdown document/],
  ])('refuses the path %s', async (path, why) => {
    const { fs, save } = kit();
    const refused = await save(path, SCENE);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(why);
    expect(fs.paths()).toEqual([]);
  });

  it('refuses more than 512 inputs, an intent or agent id over 8 KiB, and unknown confidence', async () => {
    const { fs, save } = kit();
    const many = Array.from({ length: 513 }, (_, i) => ({ path: `lore/${i}.md` }));
    const cases: [Partial<CaptureRequest>, RegExp][] = [
      [{ inputs: many }, /513 inputs/],
      [{ intent: { kind: 'editor-save', summary: 'x'.repeat(8 * 1024) } }, /intent is longer/],
      [{ agent: { type: 'model', id: 'é'.repeat(4097) } }, /agent\.id is longer/],
      [{ confidence: 'unknown' }, /scan only/],
      [{ inputs: [{ path: 'a.md', object_id: id(1) }] }, /exactly one of path and object_id/],
      [{ inputs: [{ path: 'lore/x.md', revision: 'rev-a1b2c3' }] }, /not a rev1/],
    ];
    for (const [extra, why] of cases) {
      const refused = await save('a.md', SCENE, extra);
      expect(!refused.ok && refused.error).toMatch(why);
    }
    // 512 inputs and an intent of exactly 8 KiB are within the limits (they fail later, on the
    // missing input files, not on the count).
    const edge = await save('a.md', SCENE, {
      inputs: many.slice(0, 512),
      intent: { kind: 'k', summary: 'x'.repeat(8 * 1024 - 1) },
    });
    expect(!edge.ok && edge.error).toMatch(/input lore\/0\.md does not exist/);
    expect(fs.paths()).toEqual([]);
  });
});

describe('the tracked-only policy', () => {
  it('leaves a workspace without .vmark/ untouched', async () => {
    const { fs, save } = kit();
    fs.put('a.md', SCENE);
    const done = await save('a.md', SCENE, { policy: 'tracked-only' });
    expect(done).toMatchObject({ ok: true, noop: true, object: null, revision: null });
    expect(done.ok && 'reason' in done && done.reason).toMatch(/no \.vmark\/ folder/);
    expect(fs.paths()).toEqual(['a.md']);
    expect(fs.text('a.md')).toBe(SCENE);
  });

  it('records a tracked document, stamps nothing and skips an untracked one', async () => {
    const { fs, save } = kit();
    const first = ok(await save('a.md', SCENE, { rewriteIdentity: false }));
    const edited = `${SCENE}Later.\n`;
    const tracked = ok(await save('a.md', edited, { policy: 'tracked-only' }));
    expect(tracked).toMatchObject({ object: first.object, noop: false });
    expect(tracked.content).toBeUndefined();
    const before = fs.text(SEGMENT);
    fs.put('b.md', 'Untracked\n');
    const skipped = await save('b.md', 'Untracked\n', { policy: 'tracked-only' });
    expect(skipped).toMatchObject({ ok: true, noop: true, object: null });
    expect(fs.text('b.md')).toBe('Untracked\n');
    expect(fs.text(SEGMENT)).toBe(before);
    expect((await transformations(fs)).map((t) => t.outputs[0].content_hash)).toEqual([
      SCENE_HASH,
      await contentHash(edited),
    ]);
  });
});

describe('snapshots, disk lag and concurrency', () => {
  it('stores the snapshot before the entry that names it, readable and verified', async () => {
    const { fs, save } = kit();
    const done = ok(await save('a.md', SCENE));
    const path = snapshotPath(SCENE_HASH)!;
    expect(path).toBe(
      '.vmark/snapshots/sha256/e5/9856b8f84f657f19d657aa2504758f3504e79dcc6e4aa999b0f9125edd4221',
    );
    const snapshotAt = fs.writes.findIndex((w) => w.path === path);
    const appendAt = fs.writes.findIndex((w) => w.path === SEGMENT);
    expect(snapshotAt).toBeGreaterThanOrEqual(0);
    expect(snapshotAt).toBeLessThan(appendAt);
    // The snapshot holds the masked text: the stamped id is not in it.
    expect(done.content).toContain('vmark:');
    expect(await readSnapshot(fs, SCENE_HASH)).toEqual({ ok: true, hash: SCENE_HASH, text: SCENE });
  });

  it('notes disk lag for live-buffer captures only', async () => {
    const { state, save } = kit();
    const saved = ok(await save('a.md', SCENE));
    expect(state.diskLag.has(saved.object)).toBe(false);
    const live = ok(await save('b.md', 'Live\n', { rewriteIdentity: false }));
    expect(state.diskLag.get(live.object)).toEqual(new Set([await contentHash('Live\n')]));
  });

  it('revives an object marked absent when it is captured', async () => {
    const { state, save } = kit();
    const first = ok(await save('a.md', SCENE));
    state.absent.add(first.object);
    ok(await save('a.md', `${SCENE}back\n`));
    expect(state.absent.has(first.object)).toBe(false);
  });

  it('never interleaves the lines of concurrent captures and chains them on one document', async () => {
    const { fs, save } = kit();
    const first = ok(await save('a.md', SCENE));
    fs.chunkAppends(9);
    const results = await Promise.all([
      save('a.md', `${SCENE}one\n`, { rewriteIdentity: false }),
      save('a.md', `${SCENE}two\n`, { rewriteIdentity: false }),
      save('b.md', 'Other\n'),
    ]);
    const [one, two] = results.map(ok);
    const all = await entries(fs);
    expect(all.filter((e) => e.kind === 'transformation')).toHaveLength(4);
    const parents = (await transformations(fs)).map((t) => t.outputs[0].parents);
    expect(parents).toContainEqual([SCENE_ROOT]);
    expect(parents).toContainEqual([one.revision]);
    expect(two.object).toBe(first.object);
    for (const line of fs.text(SEGMENT)!.trimEnd().split('\n'))
      expect(() => JSON.parse(line)).not.toThrow();
  });
});
