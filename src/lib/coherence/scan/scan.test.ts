/**
 * The reconcile scan (conformance §8 item 6 without its git cases): workspaces and ledgers written
 * out by hand, the scan run over them, and the ledger read back to see what it recorded.
 */
import { describe, expect, it } from 'vitest';
import { buildDag, heads } from '../projection/dag';
import { contentHash, revisionId } from '../format/canonical';
import {
  WRITER,
  DESK,
  DESK_SEGMENT,
  OUR_SEGMENT,
  NOTE,
  FOREIGN,
  NOTE_TEXT,
  NOTE_EDITED,
  SCENE_TEXT,
  registered,
  saved,
  rootOf,
  setup,
  tracked,
  transformations,
  diagnostics,
  rows,
} from './scanFixtures';
describe('the reconcile scan', () => {
  it('appends nothing when every tracked file is as the ledger has it', async () => {
    const t = await tracked({ 'todo.md': 'no id, not a document\n' });
    const report = await t.run();
    expect(report).toEqual({
      external_edits: 0,
      adopted: 0,
      diagnostics: 0,
      absent_marked: 0,
      complete: true,
      errors: [],
    });
    expect(t.store.text(OUR_SEGMENT)).toBeNull();
    expect(await t.run()).toMatchObject({ external_edits: 0, complete: true });
    expect(t.store.text(OUR_SEGMENT)).toBeNull();
  });

  it('records an edit made elsewhere once, as an external change of unknown provenance', async () => {
    const t = await tracked();
    t.store.put('lore/elena.md', NOTE_EDITED);
    expect(await t.run()).toMatchObject({ external_edits: 1, complete: true });
    const [entry, ...rest] = t.oursParsed();
    expect(rest).toEqual([]);
    const hash = await contentHash(NOTE_EDITED);
    expect(entry).toMatchObject({
      kind: 'transformation',
      writer: WRITER,
      time: '2026-07-10T12:00:01.000Z',
      body: {
        inputs: [],
        outputs: [
          {
            object: NOTE,
            revision: await revisionId(hash, [t.note.revision]),
            content_hash: hash,
            parents: [t.note.revision],
          },
        ],
        agent: { type: 'external' },
        intent: { kind: 'observed-external-edit' },
        confidence: 'unknown',
      },
    });
    // The snapshot holds the text without its identity lines, under the hash.
    expect(t.snapshots.get(hash)).toBe('# Elena\nElena is right-handed.\n');
    // `.vmark/` got its git files.
    expect(t.store.text('.vmark/.gitattributes')).toBe('ledger/*.jsonl merge=union\n');

    expect(await t.run()).toMatchObject({ external_edits: 0 });
    expect(t.ours()).toHaveLength(1);
    // The scene written from the note now shows as stale.
    expect(rows(await t.entries(), t.state.absent).map((r) => r.state)).toEqual(['version-stale']);
  });

  it('follows a rename with a new registration and no revision', async () => {
    const t = await tracked();
    t.store.removeDir('lore/elena.md');
    t.store.put('characters/elena.md', NOTE_TEXT);
    expect(await t.run()).toMatchObject({ external_edits: 0, absent_marked: 0 });
    const mine = t.oursParsed();
    expect(mine.map((e) => [e.kind, e.body])).toEqual([
      ['object-registered', { object: NOTE, path: 'characters/elena.md' }],
    ]);
    const dag = buildDag(await t.entries());
    expect(dag.registry.get(NOTE)?.path).toBe('characters/elena.md');
    expect(heads(dag, NOTE)).toEqual([t.note.revision]);
    await t.run();
    expect(t.ours()).toHaveLength(1);
  });

  it('marks a deleted document absent, hiding its edges, and revives it when it comes back', async () => {
    const t = await tracked();
    t.store.put('lore/elena.md', NOTE_EDITED);
    await t.run();
    expect(rows(await t.entries(), t.state.absent)).toHaveLength(1);
    const linesBefore = t.ours().length;

    t.store.removeDir('lore/elena.md');
    expect(await t.run()).toMatchObject({ absent_marked: 1, complete: true });
    expect([...t.state.absent]).toEqual([NOTE]);
    expect(t.ours()).toHaveLength(linesBefore);
    expect(rows(await t.entries(), t.state.absent)).toEqual([]);

    t.store.put('lore/elena.md', NOTE_EDITED);
    expect(await t.run()).toMatchObject({ absent_marked: 0, external_edits: 0 });
    expect(t.state.absent.size).toBe(0);
    expect(t.ours()).toHaveLength(linesBefore);
    expect(rows(await t.entries(), t.state.absent)).toHaveLength(1);
  });

  it('never marks anything absent after an incomplete walk', async () => {
    const t = await tracked({ 'drafts/a.md': 'x' });
    t.store.removeDir('lore/elena.md');
    t.workspace.fail('drafts');
    expect(await t.run()).toMatchObject({ absent_marked: 0, complete: false, diagnostics: 1 });
    expect(t.state.absent.size).toBe(0);
    expect(diagnostics(t.oursParsed())).toEqual(['unreadable-dir drafts']);

    t.workspace.heal('drafts');
    expect(await t.run('adopt', { maxFiles: 1 })).toMatchObject({
      absent_marked: 0,
      complete: false,
    });
    expect(t.state.absent.size).toBe(0);
    expect(diagnostics(t.oursParsed())).toEqual(['unreadable-dir drafts', 'scan-truncated ']);

    expect(await t.run()).toMatchObject({ absent_marked: 1, complete: true });
    expect([...t.state.absent]).toEqual([NOTE]);
  });

  it('adopts a document carrying an id the ledger does not know', async () => {
    const t = await tracked();
    const text = `---\nvmark:\n  id: ${FOREIGN}\n  schema: lore\n---\n# Marcus\n`;
    t.store.put('lore/marcus.md', text);
    expect(await t.run()).toMatchObject({ adopted: 1, external_edits: 0 });
    const root = await rootOf(text);
    expect(t.oursParsed().map((e) => [e.kind, e.body])).toEqual([
      ['object-registered', { object: FOREIGN, path: 'lore/marcus.md', schema: 'lore' }],
      [
        'transformation',
        {
          inputs: [],
          outputs: [
            { object: FOREIGN, revision: root.revision, content_hash: root.hash, parents: [] },
          ],
          agent: { type: 'external' },
          intent: { kind: 'observed-external-edit', summary: 'changed outside the app' },
          confidence: 'unknown',
        },
      ],
    ]);
    expect(t.snapshots.get(root.hash)).toBe('# Marcus\n');
    expect(await t.run()).toMatchObject({ adopted: 0 });
    expect(t.ours()).toHaveLength(2);
  });

  it('adopts into a workspace without .vmark/ under adopt, and touches nothing under tracked-only', async () => {
    const text = `---\nvmark:\n  id: ${FOREIGN}\n---\n# Marcus\n`;
    const off = setup({ 'marcus.md': text, 'plain.md': '# no id\n' });
    off.workspace.symlink('elsewhere.md');
    const report = await off.run('tracked-only');
    expect(report.skipped).toMatch(/no \.vmark folder/);
    expect(report).toMatchObject({ adopted: 0, diagnostics: 0, complete: false });
    expect(off.store.paths()).toEqual(['marcus.md', 'plain.md']);

    const adopted = await off.run('adopt');
    expect(adopted).toMatchObject({ adopted: 1, complete: true });
    expect(adopted.skipped).toBeUndefined();
    expect(off.oursParsed().map((e) => e.kind)).toEqual(['object-registered', 'transformation']);
    expect(off.store.text('.vmark/.gitignore')).toBe('index.db*\n');
  });

  it('creates no .vmark/ for diagnostics alone, and records them once one exists', async () => {
    const t = setup({ 'plain.md': '# no id\n' });
    t.workspace.symlink('link.md');
    expect(await t.run('adopt')).toMatchObject({ diagnostics: 1, adopted: 0 });
    expect(t.store.paths()).toEqual(['plain.md']);
    t.store.put(DESK_SEGMENT, '');
    await t.run('adopt');
    expect(diagnostics(t.oursParsed())).toEqual(['symlink-skipped link.md']);
  });

  it('ignores files without an id and files with an unknown id under tracked-only', async () => {
    const t = await tracked({
      'todo.md': '# Todo\n',
      'marcus.md': `---\nvmark:\n  id: ${FOREIGN}\n---\n# Marcus\n`,
    });
    expect(await t.run('tracked-only')).toMatchObject({ adopted: 0, complete: true });
    expect(t.store.text(OUR_SEGMENT)).toBeNull();
    expect(await t.run('adopt')).toMatchObject({ adopted: 1 });
    expect(t.oursParsed().every((e) => JSON.stringify(e.body).includes(FOREIGN))).toBe(true);
  });

  it('reports a copy once, holds the document, and releases it when the copy is gone', async () => {
    const t = await tracked();
    // The copy sorts before the original; the original keeps the registration all the same.
    t.store.put('lore/a-copy.md', NOTE_TEXT);
    expect(await t.run()).toMatchObject({ diagnostics: 1, absent_marked: 0 });
    expect(diagnostics(t.oursParsed())).toEqual(['duplicate-id lore/a-copy.md']);
    expect((t.oursParsed()[0].body as { message: string }).message).toContain('lore/elena.md');
    expect([...t.state.held]).toEqual([NOTE]);
    expect(buildDag(await t.entries()).registry.get(NOTE)?.path).toBe('lore/elena.md');

    await t.run();
    await t.run();
    expect(t.ours()).toHaveLength(1);
    expect([...t.state.held]).toEqual([NOTE]);

    t.store.removeDir('lore/a-copy.md');
    expect(await t.run()).toMatchObject({ diagnostics: 0 });
    expect(t.state.held.size).toBe(0);
    expect(t.ours()).toHaveLength(1);
  });

  it('moves the registration to the copy when the original is deleted', async () => {
    const t = await tracked();
    t.store.put('lore/copy.md', NOTE_TEXT);
    await t.run();
    t.store.removeDir('lore/elena.md');
    expect(await t.run()).toMatchObject({ absent_marked: 0 });
    expect(t.state.held.size).toBe(0);
    expect(buildDag(await t.entries()).registry.get(NOTE)?.path).toBe('lore/copy.md');
  });

  it('keeps a hold while the walk is incomplete, as the copy may still be there', async () => {
    const t = await tracked();
    t.store.put('old/elena.md', NOTE_TEXT);
    await t.run();
    expect([...t.state.held]).toEqual([NOTE]);
    t.workspace.fail('old');
    expect(await t.run()).toMatchObject({ complete: false });
    expect([...t.state.held]).toEqual([NOTE]);
    t.workspace.heal('old');
    t.store.removeDir('old');
    await t.run();
    expect(t.state.held.size).toBe(0);
  });

  it('takes a file without an id at the old path of a moved document as a new file', async () => {
    const t = await tracked();
    t.store.put('characters/elena.md', NOTE_TEXT);
    t.store.put('lore/elena.md', '# Elena (to be rewritten)\n');
    expect(await t.run()).toMatchObject({ diagnostics: 0, external_edits: 0 });
    expect(t.oursParsed().map((e) => e.kind)).toEqual(['object-registered']);
    expect(buildDag(await t.entries()).registry.get(NOTE)?.path).toBe('characters/elena.md');
    expect(t.state.held.size).toBe(0);
  });

  it('records invalid UTF-8 and a symbolic link as diagnostics only, once', async () => {
    const t = await tracked({ 'bad.md': new Uint8Array([0x23, 0x20, 0xc3, 0x28, 0x0a]) });
    t.workspace.symlink('link.md');
    expect(await t.run()).toMatchObject({ diagnostics: 2, complete: true, absent_marked: 0 });
    expect(t.oursParsed().map((e) => e.kind)).toEqual(['diagnostic', 'diagnostic']);
    expect(diagnostics(t.oursParsed())).toEqual(['invalid-utf8 bad.md', 'symlink-skipped link.md']);
    expect(await t.run()).toMatchObject({ diagnostics: 2 });
    expect(t.ours()).toHaveLength(2);
  });

  it('keeps a tracked document that turned into invalid UTF-8 present, not absent', async () => {
    const t = await tracked();
    t.store.put('lore/elena.md', new Uint8Array([0xff, 0x0a]));
    expect(await t.run()).toMatchObject({ absent_marked: 0, external_edits: 0 });
    expect(t.state.absent.size).toBe(0);
    expect(diagnostics(t.oursParsed())).toEqual(['invalid-utf8 lore/elena.md']);
  });

  it('skips ignored folders and folders with a CACHEDIR.TAG, but walks an untagged target/', async () => {
    const doc = (n: number) =>
      `---\nvmark:\n  id: 0198a001-0000-7000-8000-0000000001${String(n).padStart(2, '0')}\n---\n# ${n}\n`;
    const t = await tracked({
      'node_modules/pkg/a.md': doc(1),
      '.git/b.md': doc(2),
      '.obsidian/c.md': doc(3),
      '.claude/worktrees/feature/d.md': doc(4),
      'build/CACHEDIR.TAG': 'Signature: 8a477f597d28d172789f06886806bc55\n',
      'build/e.md': doc(5),
      'target/f.md': doc(6),
    });
    expect(await t.run()).toMatchObject({ adopted: 1, diagnostics: 0 });
    const adopted = t.oursParsed().filter((e) => e.kind === 'object-registered');
    expect(adopted.map((e) => (e.body as { path: string }).path)).toEqual(['target/f.md']);
  });

  it('never marks absent a tracked document inside a folder the walk skips', async () => {
    const t = await tracked();
    t.store.put(
      DESK_SEGMENT,
      `${t.store.text(DESK_SEGMENT)}${registered(FOREIGN, 'build/out.md')}\n`,
    );
    t.store.put('build/CACHEDIR.TAG', 'Signature: 8a477f597d28d172789f06886806bc55\n');
    t.store.put('build/out.md', `---\nvmark:\n  id: ${FOREIGN}\n---\n`);
    expect(await t.run()).toMatchObject({ absent_marked: 0, complete: true });
  });

  it('mints a third, linear revision when a file is edited and then edited back', async () => {
    const t = await tracked();
    t.store.put('lore/elena.md', NOTE_EDITED);
    await t.run();
    t.store.put('lore/elena.md', NOTE_TEXT);
    expect(await t.run()).toMatchObject({ external_edits: 1 });
    const [second, third] = transformations(t.oursParsed()).map((e) => e.body.outputs[0]);
    expect(second.parents).toEqual([t.note.revision]);
    expect(third.parents).toEqual([second.revision]);
    expect(third.content_hash).toBe(t.note.hash);
    expect(third.revision).not.toBe(t.note.revision);
    expect(heads(buildDag(await t.entries()), NOTE)).toEqual([third.revision]);
  });

  it('merges every current head when a forked document is edited elsewhere', async () => {
    const t = await tracked();
    const a = await contentHash('# Elena\nA\n');
    const b = await contentHash('# Elena\nB\n');
    const revA = await revisionId(a, [t.note.revision]);
    const revB = await revisionId(b, [t.note.revision]);
    const fork = [saved(NOTE, revA, a, [t.note.revision]), saved(NOTE, revB, b, [t.note.revision])];
    t.store.put(DESK_SEGMENT, `${t.store.text(DESK_SEGMENT)}${fork.join('\n')}\n`);
    // A file equal to one of the heads is nothing new.
    t.store.put('lore/elena.md', `---\nvmark:\n  id: ${NOTE}\n---\n# Elena\nB\n`);
    expect(await t.run()).toMatchObject({ external_edits: 0 });
    t.store.put('lore/elena.md', NOTE_EDITED);
    expect(await t.run()).toMatchObject({ external_edits: 1 });
    const [merge] = transformations(t.oursParsed()).map((e) => e.body.outputs[0]);
    expect(merge.parents).toEqual([revA, revB].sort());
  });

  it('takes content an editor buffer was captured with ahead of the disk as no edit', async () => {
    const t = await tracked();
    // The ledger's head is the edited note (captured from a buffer); the disk still has the old text.
    const edited = await contentHash(NOTE_EDITED);
    const rev2 = await revisionId(edited, [t.note.revision]);
    t.store.put(
      DESK_SEGMENT,
      `${t.store.text(DESK_SEGMENT)}${saved(NOTE, rev2, edited, [t.note.revision])}\n`,
    );
    t.state.diskLag.set(NOTE, new Set([t.note.hash]));
    expect(await t.run()).toMatchObject({ external_edits: 0 });
    expect(t.store.text(OUR_SEGMENT)).toBeNull();
    // Once the disk catches up the lag is forgotten: the old text again is a real edit.
    t.store.put('lore/elena.md', NOTE_EDITED);
    await t.run();
    expect(t.state.diskLag.has(NOTE)).toBe(false);
    t.store.put('lore/elena.md', NOTE_TEXT);
    expect(await t.run()).toMatchObject({ external_edits: 1 });
  });

  it('treats a registered file that lost its id as the same document, and says so once', async () => {
    const t = await tracked();
    t.store.put('lore/elena.md', '# Elena\nElena is left-handed.\n');
    expect(await t.run()).toMatchObject({ external_edits: 0, absent_marked: 0, diagnostics: 1 });
    expect(diagnostics(t.oursParsed())).toEqual(['identity-unreadable lore/elena.md']);
    t.store.put('lore/elena.md', '# Elena\nElena is right-handed.\n');
    expect(await t.run()).toMatchObject({ external_edits: 1 });
    expect(diagnostics(t.oursParsed())).toEqual(['identity-unreadable lore/elena.md']);
    const [edit] = transformations(t.oursParsed());
    expect(edit.body.outputs[0].object).toBe(NOTE);
  });

  it('records a quarantined ledger line once, by segment and line', async () => {
    const t = await tracked();
    t.store.put(DESK_SEGMENT, `${t.store.text(DESK_SEGMENT)}{"format":0,"id":"broken\n`);
    expect(await t.run()).toMatchObject({ diagnostics: 1 });
    expect(diagnostics(t.oursParsed())).toEqual([`quarantined-entry ${DESK}.jsonl:5`]);
    expect(await t.run()).toMatchObject({ diagnostics: 1 });
    expect(t.ours()).toHaveLength(1);
  });

  it('records no revision when its snapshot cannot be stored, and does on the next scan', async () => {
    const t = await tracked();
    t.store.put('lore/elena.md', NOTE_EDITED);
    t.failSnapshots('disk full');
    const report = await t.run();
    expect(report).toMatchObject({ external_edits: 0 });
    expect(report.errors).toEqual([
      {
        code: 'snapshot-not-stored',
        path: 'lore/elena.md',
        detail: 'disk full',
        message: 'lore/elena.md: its snapshot could not be stored: disk full',
      },
    ]);
    expect(t.store.text(OUR_SEGMENT)).toBeNull();
    expect(t.state.scanErrors).toEqual(report.errors);
    t.failSnapshots(null);
    expect(await t.run()).toMatchObject({ external_edits: 1, errors: [] });
    expect(t.state.scanErrors).toEqual([]);
  });

  it('names each file whose findings could not be appended', async () => {
    const t = await tracked();
    t.store.put('lore/elena.md', NOTE_EDITED);
    t.store.put('scenes/scene-12.md', SCENE_TEXT.replace('rain', 'snow'));
    t.store.denyWritesUnder('.vmark/ledger');
    const report = await t.run();
    expect(report.errors.map((e) => [e.code, e.path])).toEqual([
      ['not-recorded', 'lore/elena.md'],
      ['not-recorded', 'scenes/scene-12.md'],
    ]);
    expect(report.errors[0].detail).toMatch(/permission denied/);
    expect(report.errors[0].message).toMatch(
      /^lore\/elena\.md: what the scan found could not be written to the ledger: /,
    );
  });
});
