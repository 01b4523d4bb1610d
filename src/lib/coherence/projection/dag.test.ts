import { describe, expect, it } from 'vitest';
import {
  buildDag,
  compareEntries,
  heads,
  isStrictAncestor,
  keptForFrozen,
  objectAt,
  pathOf,
  resolve,
} from './dag';
import { E1, E2, E3, ELENA, SCENE1 as SCENE, handBuiltLedger, hash, rev } from './handBuiltLedger';

const E4 = rev('e4');
const S1 = rev('51');

const { line } = handBuiltLedger();

/** An observed edit of one object: no inputs, one output. */
function edit(time: string, object: string, revision: string, parents: string[], h: string) {
  return line('transformation', time, {
    inputs: [],
    outputs: [{ object, revision, content_hash: h, parents }],
    agent: { type: 'external' },
    intent: { kind: 'observed-external-edit', summary: '' },
    confidence: 'unknown',
  });
}

describe('the revision DAG', () => {
  it('has the revisions with their parents and content hashes, and heads that nobody names as parent', () => {
    const dag = buildDag([
      edit('2026-07-01T10:00:00.000Z', ELENA, E1, [], hash('01')),
      edit('2026-07-01T10:01:00.000Z', ELENA, E2, [E1], hash('02')),
      edit('2026-07-01T10:02:00.000Z', ELENA, E3, [E2], hash('03')),
    ]);
    expect(dag.revisions.get(ELENA)?.get(E2)).toMatchObject({
      parents: [E1],
      content_hash: hash('02'),
    });
    expect(heads(dag, ELENA)).toEqual([E3]);
    expect(heads(dag, SCENE)).toEqual([]);
  });

  it('lists every head of a forked object, sorted, and one head again after a merge', () => {
    const fork = [
      edit('2026-07-01T10:00:00.000Z', ELENA, E1, [], hash('01')),
      edit('2026-07-01T10:01:00.000Z', ELENA, E4, [E1], hash('04')),
      edit('2026-07-01T10:02:00.000Z', ELENA, E2, [E1], hash('02')),
    ];
    expect(heads(buildDag(fork), ELENA)).toEqual([E2, E4]);
    const merged = [...fork, edit('2026-07-01T10:03:00.000Z', ELENA, E3, [E2, E4], hash('03'))];
    expect(heads(buildDag(merged), ELENA)).toEqual([E3]);
  });

  it('keeps the first recording of a revision when it is emitted again', () => {
    const dag = buildDag([
      edit('2026-07-01T10:00:00.000Z', ELENA, E1, [], hash('01')),
      edit('2026-07-01T10:01:00.000Z', ELENA, E1, [], hash('01')),
    ]);
    expect(dag.revisions.get(ELENA)?.size).toBe(1);
    expect(heads(dag, ELENA)).toEqual([E1]);
  });

  it('keeps revisions apart per object even when two objects share a revision id', () => {
    const dag = buildDag([
      edit('2026-07-01T10:00:00.000Z', ELENA, E1, [], hash('01')),
      edit('2026-07-01T10:00:00.000Z', SCENE, E1, [], hash('01')),
      edit('2026-07-01T10:01:00.000Z', ELENA, E2, [E1], hash('02')),
    ]);
    expect(heads(dag, ELENA)).toEqual([E2]);
    expect(heads(dag, SCENE)).toEqual([E1]);
  });

  it('answers strict ancestry by walking parents, across merges, never for the revision itself', () => {
    const dag = buildDag([
      edit('2026-07-01T10:00:00.000Z', ELENA, E1, [], hash('01')),
      edit('2026-07-01T10:01:00.000Z', ELENA, E2, [E1], hash('02')),
      edit('2026-07-01T10:02:00.000Z', ELENA, E4, [E1], hash('04')),
      edit('2026-07-01T10:03:00.000Z', ELENA, E3, [E2, E4], hash('03')),
    ]);
    expect(isStrictAncestor(dag, ELENA, E1, E3)).toBe(true);
    expect(isStrictAncestor(dag, ELENA, E4, E3)).toBe(true);
    expect(isStrictAncestor(dag, ELENA, E3, E1)).toBe(false);
    expect(isStrictAncestor(dag, ELENA, E2, E4)).toBe(false);
    expect(isStrictAncestor(dag, ELENA, E4, E2)).toBe(false);
    expect(isStrictAncestor(dag, ELENA, E2, E2)).toBe(false);
    expect(isStrictAncestor(dag, SCENE, E1, E3)).toBe(false);
  });

  it('stops at a parent the ledger never recorded (its entry was quarantined)', () => {
    const dag = buildDag([edit('2026-07-01T10:01:00.000Z', ELENA, E2, [E1], hash('02'))]);
    expect(isStrictAncestor(dag, ELENA, E1, E2)).toBe(true);
    expect(isStrictAncestor(dag, ELENA, E3, E2)).toBe(false);
    expect(heads(dag, ELENA)).toEqual([E2]);
  });
});

describe('resolving a selection', () => {
  const dag = buildDag([
    edit('2026-07-01T10:00:00.000Z', ELENA, E1, [], hash('01')),
    edit('2026-07-01T10:01:00.000Z', ELENA, E2, [E1], hash('02')),
    edit('2026-07-01T10:00:00.000Z', SCENE, S1, [], hash('51')),
    edit('2026-07-01T10:02:00.000Z', SCENE, E3, [S1], hash('03')),
    edit('2026-07-01T10:02:00.000Z', SCENE, E4, [S1], hash('04')),
  ]);

  it('live with one head is that head', () => {
    expect(resolve(dag, 'live', ELENA)).toEqual({ kind: 'single', revision: E2 });
  });

  it('live with several heads has diverged, naming them', () => {
    expect(resolve(dag, 'live', SCENE)).toEqual({ kind: 'diverged-heads', heads: [E3, E4] });
  });

  it('live with no revision is absent', () => {
    expect(resolve(dag, 'live', '0198a001-0000-7000-8000-000000000099')).toEqual({
      kind: 'absent',
    });
  });

  it('a pin to a revision the object has is that revision, even an old one', () => {
    expect(resolve(dag, E1, ELENA)).toEqual({ kind: 'single', revision: E1 });
  });

  it("a pin to a revision the object never had is unknown (another object's revision too)", () => {
    expect(resolve(dag, S1, ELENA)).toEqual({ kind: 'unknown-pin', revision: S1 });
    expect(resolve(dag, rev('ab'), ELENA)).toEqual({ kind: 'unknown-pin', revision: rev('ab') });
  });
});

describe('the registry', () => {
  const reg = (time: string, object: string, path: string, id?: string) =>
    line('object-registered', time, { object, path }, id);

  it('puts an object at its latest registration by time, whatever the line order', () => {
    const dag = buildDag([
      reg('2026-07-01T10:05:00.000Z', ELENA, 'lore/elena-v2.md'),
      reg('2026-07-01T10:00:00.000Z', ELENA, 'lore/elena.md'),
    ]);
    expect(pathOf(dag, ELENA)).toBe('lore/elena-v2.md');
    expect(objectAt(dag, 'lore/elena-v2.md')).toBe(ELENA);
    expect(objectAt(dag, 'lore/elena.md')).toBeNull();
  });

  it('breaks a tie in time by entry id', () => {
    const t = '2026-07-01T10:00:00.000Z';
    const dag = buildDag([
      reg(t, ELENA, 'b.md', '0198c000-0000-7000-8000-00000000000b'),
      reg(t, ELENA, 'a.md', '0198c000-0000-7000-8000-00000000000a'),
    ]);
    expect(pathOf(dag, ELENA)).toBe('b.md');
  });

  it('gives a reused path to the object registered there last', () => {
    const dag = buildDag([
      reg('2026-07-01T10:00:00.000Z', ELENA, 'notes.md'),
      reg('2026-07-01T10:01:00.000Z', SCENE, 'notes.md'),
    ]);
    expect(objectAt(dag, 'notes.md')).toBe(SCENE);
    expect(pathOf(dag, ELENA)).toBe('notes.md');
  });

  it('has no path for an object never registered', () => {
    expect(pathOf(buildDag([]), ELENA)).toBeNull();
  });
});

describe('ledger order', () => {
  it('orders by parsed time first, then by id', () => {
    const a = { time: '2026-07-01T10:00:00.000Z', id: 'b' };
    const b = { time: '2026-07-01T10:00:00.001Z', id: 'a' };
    expect(compareEntries(a, b)).toBeLessThan(0);
    expect(compareEntries({ ...a, id: 'a' }, a)).toBeLessThan(0);
    expect(compareEntries(a, { ...a })).toBe(0);
  });
});

describe('keptForFrozen', () => {
  it('builds once for a frozen list, and afresh for a list that may still change', () => {
    let builds = 0;
    const count = keptForFrozen((entries) => ({ n: entries.length, build: ++builds }));
    const open = [edit('2026-07-01T10:00:00.000Z', ELENA, E1, [], hash('01'))];
    expect(count(open)).toEqual({ n: 1, build: 1 });
    open.push(edit('2026-07-01T10:01:00.000Z', ELENA, E2, [E1], hash('02')));
    expect(count(open)).toEqual({ n: 2, build: 2 });
    const frozen = Object.freeze([...open]);
    expect(count(frozen)).toBe(count(frozen));
    expect(builds).toBe(3);
    expect(buildDag(frozen)).toBe(buildDag(frozen));
    expect(buildDag(open)).not.toBe(buildDag(open));
  });
});
