/**
 * The inputs of a capture: pins, re-staling of dependents, failures that leave everything as it
 * was, adoption of never-captured inputs, and the tracked-only policy dropping them. Checked
 * through capture() and the ledger it leaves, with breakdown.ts for staleness.
 */
import { describe, expect, it } from 'vitest';
import { breakdown, buildModel } from '../projection/breakdown';
import { captureKit, id, ledgerEntries, ok, SEGMENT, WRITER } from './captureKit';
import { identify, inputsProblem } from './captureInputs';
import { contentHash, revisionId } from '../format/canonical';
import { buildDag } from '../projection/dag';
import { type MemoryLedgerFs } from '../ledger/memoryLedgerFs';
import type { TransformationBody } from '../format/records';
import { readSnapshot } from '../ledger/snapshots';

const FP = 'sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const ELENA = '# Elena\nLeft-handed.\n';
const WORLD = '# World\nIt always rains.\n';

const entries = ledgerEntries;
const kit = () =>
  captureKit({
    agent: { type: 'model', id: 'genie' },
    intent: { kind: 'genie', summary: 'draft' },
  });

const last = async (fs: MemoryLedgerFs) =>
  (await entries(fs)).filter((e) => e.kind === 'transformation').at(-1)!.body as TransformationBody;

describe('pinning inputs', () => {
  it('pins the single head of each input, in the order given, with role and kind', async () => {
    const { fs, save } = kit();
    const elena = ok(await save('lore/elena.md', ELENA));
    const world = ok(await save('lore/world.md', WORLD));
    ok(
      await save('scene.md', 'Scene\n', {
        inputs: [
          { path: 'lore/world.md', role: 'contextual' },
          { object_id: elena.object, kind: 'conformance' },
        ],
      }),
    );
    expect((await last(fs)).inputs).toEqual([
      { object: world.object, revision: world.revision, role: 'contextual' },
      { object: elena.object, revision: elena.revision, role: 'direct', kind: 'conformance' },
    ]);
  });

  it('mints a new revision for unchanged content with inputs, which re-stales its dependents', async () => {
    const { fs, save, clock } = kit();
    const elena = ok(await save('lore/elena.md', ELENA));
    const scene = ok(await save('scene.md', 'Scene\n', { inputs: [{ path: 'lore/elena.md' }] }));
    ok(await save('summary.md', 'Summary\n', { inputs: [{ path: 'scene.md' }] }));
    const rows = async () =>
      breakdown(buildModel(await entries(fs)), {
        absent: new Set(),
        now: clock(),
        claimsFingerprint: FP,
      });
    expect(await rows()).toEqual([]);

    const again = ok(await save('scene.md', 'Scene\n', { inputs: [{ path: 'lore/elena.md' }] }));
    expect(again.noop).toBe(false);
    const hash = await contentHash('Scene\n');
    expect(again.revision).toBe(await revisionId(hash, [scene.revision]));
    const body = await last(fs);
    expect(body.outputs[0]).toMatchObject({ content_hash: hash, parents: [scene.revision] });
    expect(body.inputs).toEqual([
      { object: elena.object, revision: elena.revision, role: 'direct' },
    ]);
    expect((await rows()).map((r) => [r.downstream_path, r.upstream_path, r.state])).toEqual([
      ['summary.md', 'scene.md', 'version-stale'],
    ]);
  });

  it('fails the whole capture, writing nothing, when a revision belongs to another object', async () => {
    const { fs, save } = kit();
    ok(await save('lore/elena.md', ELENA));
    const world = ok(await save('lore/world.md', WORLD));
    fs.put('lore/marcus.md', '# Marcus\n');
    const files = fs.paths().map((p) => [p, fs.text(p)]);
    const writes = fs.writes.length;
    const refused = await save('scene.md', 'Scene\n', {
      inputs: [{ path: 'lore/marcus.md' }, { path: 'lore/elena.md', revision: world.revision }],
    });
    expect(!refused.ok && refused.error).toMatch(/is not a revision of object/);
    expect(fs.writes.length).toBe(writes);
    expect(fs.paths().map((p) => [p, fs.text(p)])).toEqual(files);
  });

  it('asks for an explicit revision when an input has several heads, and takes one given', async () => {
    const { fs, save } = kit();
    const object = '0198c0de-0000-7000-8000-000000000003';
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
      agent: { type: 'human' },
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
    const before = fs.text(SEGMENT);
    const refused = await save('scene.md', 'Scene\n', { inputs: [{ path: 'fork.md' }] });
    expect(!refused.ok && refused.error).toMatch(/has 2 current heads; pass an explicit revision/);
    expect(fs.text(SEGMENT)).toBe(before);
    ok(await save('scene.md', 'Scene\n', { inputs: [{ object_id: object, revision: rb }] }));
    expect((await last(fs)).inputs).toEqual([{ object, revision: rb, role: 'direct' }]);
  });

  it('refuses the captured document as its own input and an unknown object id', async () => {
    const { save } = kit();
    ok(await save('scene.md', 'Scene\n'));
    const self = await save('scene.md', 'Scene 2\n', { inputs: [{ path: 'scene.md' }] });
    expect(!self.ok && self.error).toMatch(/captured document itself/);
    const unknown = await save('scene.md', 'Scene 2\n', { inputs: [{ object_id: id(777) }] });
    expect(!unknown.ok && unknown.error).toMatch(/not an object of this workspace/);
  });
});

describe('inputs never captured before', () => {
  it('are adopted on the fly: id stamped, root revision observed as an external edit', async () => {
    const { fs, save } = kit();
    fs.put('lore/world.md', WORLD);
    const scene = ok(await save('scene.md', 'Scene\n', { inputs: [{ path: 'lore/world.md' }] }));
    const stamped = fs.text('lore/world.md')!;
    const world = identify(buildDag([]), 'lore/world.md', stamped);
    if (!world.ok || world.object === null) throw new Error('world.md was not stamped');
    expect(stamped).toBe(`---\nvmark:\n  id: ${world.object}\n---\n${WORLD}`);

    const hash = await contentHash(WORLD);
    const root = await revisionId(hash, []);
    const all = await entries(fs);
    expect(all.map((e) => [e.kind, (e.body as { object?: string }).object])).toEqual([
      ['object-registered', world.object],
      ['transformation', undefined],
      ['object-registered', scene.object],
      ['transformation', undefined],
    ]);
    expect(all[0].body).toEqual({ object: world.object, path: 'lore/world.md' });
    expect(fs.text(SEGMENT)!.split('\n')[0]).toContain('"schema":null');
    expect(all[1].body).toEqual({
      inputs: [],
      outputs: [{ object: world.object, revision: root, content_hash: hash, parents: [] }],
      agent: { type: 'external' },
      intent: { kind: 'observed-external-edit', summary: 'adopted as an input: lore/world.md' },
      confidence: 'unknown',
    });
    expect((all[3].body as TransformationBody).inputs).toEqual([
      { object: world.object, revision: root, role: 'direct' },
    ]);
    expect(await readSnapshot(fs, hash)).toEqual({ ok: true, hash, text: WORLD });
  });

  it('keep an id they already carry, and a missing input file fails the capture', async () => {
    const { fs, save } = kit();
    const own = '0198c0de-0000-7000-8000-000000000004';
    const text = `---\nvmark:\n  id: ${own}\n---\n${WORLD}`;
    fs.put('lore/world.md', text);
    ok(await save('scene.md', 'Scene\n', { inputs: [{ path: 'lore/world.md' }] }));
    expect(fs.text('lore/world.md')).toBe(text);
    expect((await last(fs)).inputs[0].object).toBe(own);
    const missing = await save('scene.md', 'Scene 2\n', { inputs: [{ path: 'gone.md' }] });
    expect(!missing.ok && missing.error).toBe('input gone.md does not exist');
  });

  it('are dropped under tracked-only, and the confidence falls to inferred', async () => {
    const { fs, save } = kit();
    const elena = ok(await save('lore/elena.md', ELENA));
    const scene = ok(await save('scene.md', 'Scene\n'));
    fs.put('lore/world.md', WORLD);
    const done = ok(
      await save('scene.md', 'Scene, revised\n', {
        policy: 'tracked-only',
        inputs: [{ path: 'lore/world.md' }, { path: 'lore/elena.md' }],
      }),
    );
    expect(done.object).toBe(scene.object);
    expect(fs.text('lore/world.md')).toBe(WORLD);
    const body = await last(fs);
    expect(body.confidence).toBe('inferred');
    expect(body.inputs).toEqual([
      { object: elena.object, revision: elena.revision, role: 'direct' },
    ]);
    expect((await entries(fs)).filter((e) => e.kind === 'object-registered')).toHaveLength(2);
  });
});

describe('inputs and no-ops', () => {
  it('records nothing when every input was dropped and the content is the head', async () => {
    const { fs, save } = kit();
    ok(await save('scene.md', 'Scene\n'));
    fs.put('lore/world.md', WORLD);
    const before = fs.text(SEGMENT);
    const done = ok(
      await save('scene.md', 'Scene\n', {
        policy: 'tracked-only',
        inputs: [{ path: 'lore/world.md' }],
      }),
    );
    expect(done.noop).toBe(true);
    expect(fs.text(SEGMENT)).toBe(before);
  });

  it('pins a tracked input deleted since it was read, by its registered path', async () => {
    const { fs, save } = kit();
    const elena = ok(await save('lore/elena.md', ELENA));
    fs.removeDir('lore');
    ok(await save('scene.md', 'Scene\n', { inputs: [{ path: 'lore/elena.md' }] }));
    expect((await last(fs)).inputs).toEqual([
      { object: elena.object, revision: elena.revision, role: 'direct' },
    ]);
  });
});

describe('identify and inputsProblem', () => {
  it('prefer the id in the text, then the registered path; an unreadable id is an error', () => {
    const dag = buildDag([]);
    expect(identify(dag, 'a.md', 'Plain\n')).toEqual({
      ok: true,
      object: null,
      known: false,
      hasBlock: false,
    });
    const broken = identify(dag, 'a.md', '---\nvmark:\n  id: not-a-uuid\n---\nx\n');
    expect(!broken.ok && broken.error).toMatch(/^identity-unreadable: a\.md/);
  });

  it('name the first input that is wrong', () => {
    expect(inputsProblem([{ path: 'a.md' }, { path: 'b.md', role: 'incidental' as never }])).toBe(
      'input 1: role is not one of direct|contextual',
    );
    expect(inputsProblem([{ object_id: 'nope' }])).toBe('input 0: object_id is not a UUID');
    expect(inputsProblem([{ path: 'a.md', kind: 'dependency' }])).toBeNull();
  });
});
