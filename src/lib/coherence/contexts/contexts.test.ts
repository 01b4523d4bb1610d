import { describe, expect, it } from 'vitest';
import { parseManifest, rewriteManifest } from './contextManifest';
import {
  contextRows,
  createContext,
  effectiveContext,
  loadContexts,
  selectionFor,
  setClaimVisibility,
  setEnforcement,
  setParent,
} from './contexts';
import { C1, C2, C3, DOC_A, DOC_B, DOC_C } from '../projection/handBuiltLedger';

const NIL = '00000000-0000-0000-0000-000000000000';
const ctx = (n: number) => `0190b000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
const REV_1 = `rev1:${'1'.repeat(64)}`;
const REV_2 = `rev1:${'2'.repeat(64)}`;

/** The row of the default context, with its count of visible claims. */
const defaultRow = (visibleClaims: number) => ({
  id: NIL,
  name: 'default',
  parent: null,
  enforcement: 'greenhouse',
  visibleClaims,
  errors: [],
});

const BOOK = `{
  "format": 0,
  "id": "${ctx(1)}",
  "name": "book",
  "parent": null,
  "selections": { "${DOC_A}": "${REV_1}", "${DOC_B}": "${REV_2}" },
  "enforcement": "enforcing",
  "visible_claims": ["${C1}", "${C2}"]
}
`;
const DRAFT = `{
  "format": 0,
  "id": "${ctx(2)}",
  "name": "draft",
  "parent": "${ctx(1)}",
  "selections": { "${DOC_A}": "live" },
  "visible_claims": ["${C2}", "${C3}"]
}
`;

describe('loading contexts', () => {
  it('has only the default context when there are no manifests', () => {
    const set = loadContexts([]);
    expect(contextRows(set)).toEqual([defaultRow(0)]);
    const def = effectiveContext(set, NIL);
    expect(def.enforcement).toBe('greenhouse');
    expect(selectionFor(def, DOC_A)).toBe('live');
    expect(def.visibleClaims).toEqual([]);
  });

  it('reads a manifest without enforcement as greenhouse, and enforcement is not inherited', () => {
    const set = loadContexts([
      { fileName: 'book.json', text: BOOK },
      { fileName: 'draft.json', text: DRAFT },
    ]);
    expect(effectiveContext(set, ctx(1)).enforcement).toBe('enforcing');
    expect(effectiveContext(set, ctx(2)).enforcement).toBe('greenhouse');
  });

  it('lets a child’s selection win over its parent’s, and reads unlisted documents as live', () => {
    const set = loadContexts([
      { fileName: 'book.json', text: BOOK },
      { fileName: 'draft.json', text: DRAFT },
    ]);
    const draft = effectiveContext(set, ctx(2));
    expect(selectionFor(draft, DOC_A)).toBe('live');
    expect(selectionFor(draft, DOC_B)).toBe(REV_2);
    expect(selectionFor(draft, DOC_C)).toBe('live');
    expect(selectionFor(effectiveContext(set, ctx(1)), DOC_A)).toBe(REV_1);
  });

  it('shows the union of claims along the chain, child first, without repeats', () => {
    const set = loadContexts([
      { fileName: 'book.json', text: BOOK },
      { fileName: 'draft.json', text: DRAFT },
    ]);
    expect(effectiveContext(set, ctx(2)).visibleClaims).toEqual([C2, C3, C1]);
    expect(effectiveContext(set, ctx(1)).visibleClaims).toEqual([C1, C2]);
  });

  const manifest = (n: number, parent: number | null, extra = '') =>
    `{"format":0,"id":"${ctx(n)}","name":"c${n}","parent":${parent === null ? 'null' : `"${ctx(parent)}"`},"selections":{"${DOC_A}":"${REV_1}"},"visible_claims":["${C1}"]${extra}}`;

  it('degrades a parent cycle to the default context with one error', () => {
    const set = loadContexts([
      { fileName: 'c1.json', text: manifest(1, 2) },
      { fileName: 'c2.json', text: manifest(2, 1) },
    ]);
    const c1 = effectiveContext(set, ctx(1));
    expect(c1.errors).toHaveLength(1);
    expect(c1.errors[0]).toMatch(/loops/);
    expect(selectionFor(c1, DOC_A)).toBe('live');
    expect(c1.visibleClaims).toEqual([]);
    const self = loadContexts([{ fileName: 'c3.json', text: manifest(3, 3) }]);
    expect(effectiveContext(self, ctx(3)).errors).toHaveLength(1);
  });

  it('follows 16 parent steps but degrades an 18-deep chain with one error', () => {
    const chain = (depth: number) =>
      Array.from({ length: depth }, (_, i) => ({
        fileName: `c${i + 1}.json`,
        text: manifest(i + 1, i + 1 < depth ? i + 2 : null),
      }));
    const ok = effectiveContext(loadContexts(chain(17)), ctx(1));
    expect(ok.errors).toEqual([]);
    expect(selectionFor(ok, DOC_A)).toBe(REV_1);
    const deep = effectiveContext(loadContexts(chain(18)), ctx(1));
    expect(deep.errors).toHaveLength(1);
    expect(deep.errors[0]).toMatch(/longer than 16/);
    expect(selectionFor(deep, DOC_A)).toBe('live');
    expect(deep.enforcement).toBe('greenhouse');
    // The deepest ones are close enough to their root to work.
    expect(effectiveContext(loadContexts(chain(18)), ctx(2)).errors).toEqual([]);
  });

  it('surfaces an unknown parent and an unknown context id, each read as the default', () => {
    const set = loadContexts([
      { fileName: 'c1.json', text: manifest(1, 9, ',"enforcement":"enforcing"') },
    ]);
    const c1 = effectiveContext(set, ctx(1));
    expect(c1.errors).toEqual([expect.stringContaining(`parent ${ctx(9)} is not a known context`)]);
    expect(c1.enforcement).toBe('greenhouse');
    expect(effectiveContext(set, ctx(7)).errors).toEqual([
      expect.stringContaining(`context ${ctx(7)} is not known`),
    ]);
    expect(contextRows(set)[1].errors).toHaveLength(1);
  });

  it('surfaces an invalid selection value for that entry and reads it as live', () => {
    const bad = `{"format":0,"id":"${ctx(2)}","name":"bad","parent":"${ctx(1)}","selections":{"${DOC_A}":"rev-a1b2c3","${DOC_B}":"live"}}`;
    const set = loadContexts([
      { fileName: 'book.json', text: BOOK },
      { fileName: 'bad.json', text: bad },
    ]);
    const row = contextRows(set).find((r) => r.id === ctx(2));
    expect(row?.errors).toEqual([expect.stringContaining(DOC_A)]);
    const context = effectiveContext(set, ctx(2));
    expect(selectionFor(context, DOC_A)).toBe('live'); // not the parent's REV_1
    expect(context.errors).toEqual([]);
  });

  it('consults a materialized default.json', () => {
    const def = `{"format":0,"id":"${NIL}","name":"default","parent":null,"selections":{},"enforcement":"enforcing","visible_claims":["${C3}"]}`;
    const set = loadContexts([{ fileName: 'default.json', text: def }]);
    expect(effectiveContext(set, NIL).visibleClaims).toEqual([C3]);
    expect(effectiveContext(set, NIL).enforcement).toBe('greenhouse');
    expect(contextRows(set)).toEqual([defaultRow(1)]);
  });

  it('reports broken, unreadable and duplicate-id manifests and still loads the others', () => {
    const set = loadContexts([
      { fileName: 'broken.json', text: '{"format":0,"id":' },
      { fileName: 'list.json', text: '[1,2]' },
      { fileName: 'locked.json', unreadable: 'permission denied' },
      { fileName: 'book.json', text: BOOK },
      { fileName: 'copy.json', text: BOOK.replace('"book"', '"copy"') },
      { fileName: 'future.json', text: `{"format":1,"id":"${ctx(5)}","name":"future"}` },
      { fileName: 'notes.txt', text: 'not a manifest' },
    ]);
    expect(set.fileErrors.map((e) => e.fileName)).toEqual([
      'broken.json',
      'copy.json',
      'future.json',
      'list.json',
      'locked.json',
    ]);
    expect(set.fileErrors[0].error).toBe('not valid JSON');
    expect(set.fileErrors[1].error).toMatch(/same id as book\.json/);
    expect(set.fileErrors[4].error).toMatch(/permission denied/);
    expect(contextRows(set).map((r) => r.name)).toEqual(['default', 'book']);
    expect(contextRows(set)[1].errors).toEqual([expect.stringContaining('copy.json')]);
  });
});

describe('MCP contexts rows', () => {
  it('put the default first, then named contexts by name, with claim counts', () => {
    const zeta = `{"format":0,"id":"${ctx(3)}","name":"zeta","parent":null}`;
    const set = loadContexts([
      { fileName: 'zeta.json', text: zeta },
      { fileName: 'draft.json', text: DRAFT },
      { fileName: 'book.json', text: BOOK },
    ]);
    expect(contextRows(set)).toEqual([
      defaultRow(0),
      {
        id: ctx(1),
        name: 'book',
        parent: null,
        enforcement: 'enforcing',
        visibleClaims: 2,
        errors: [],
      },
      {
        id: ctx(2),
        name: 'draft',
        parent: ctx(1),
        enforcement: 'greenhouse',
        visibleClaims: 3,
        errors: [],
      },
      {
        id: ctx(3),
        name: 'zeta',
        parent: null,
        enforcement: 'greenhouse',
        visibleClaims: 0,
        errors: [],
      },
    ]);
  });
});

describe('manifest rewrites', () => {
  it('keep unknown fields and the key order, replacing changed fields in place', () => {
    const text = `{"x_note":"keep me","format":0,"id":"${ctx(1)}","name":"book","enforcement":"greenhouse","parent":null,"future":{"a":[1,2]}}`;
    const parsed = parseManifest(text);
    if (typeof parsed === 'string') throw new Error(parsed);
    const out = rewriteManifest(parsed.raw, { enforcement: 'enforcing', git_branch: 'main' });
    expect(Object.keys(JSON.parse(out))).toEqual([
      'x_note',
      'format',
      'id',
      'name',
      'enforcement',
      'parent',
      'future',
      'git_branch',
    ]);
    expect(JSON.parse(out)).toMatchObject({
      x_note: 'keep me',
      future: { a: [1, 2] },
      enforcement: 'enforcing',
    });
    expect(out.endsWith('}\n')).toBe(true);
    expect(
      Object.keys(JSON.parse(rewriteManifest(JSON.parse(out), { git_branch: undefined }))),
    ).not.toContain('git_branch');
  });
});

describe('context acts', () => {
  const set = loadContexts([
    { fileName: 'book.json', text: `{"zz":1,${BOOK.slice(1)}` },
    { fileName: 'draft.json', text: DRAFT },
  ]);

  it('create a greenhouse context named after its file', () => {
    const write = createContext(set, { id: ctx(4), name: 'Act_2-b', parent: ctx(1) });
    if (typeof write === 'string') throw new Error(write);
    expect(write.fileName).toBe('Act_2-b.json');
    expect(JSON.parse(write.text)).toEqual({
      format: 0,
      id: ctx(4),
      name: 'Act_2-b',
      parent: ctx(1),
      selections: {},
      enforcement: 'greenhouse',
      visible_claims: [],
    });
  });

  it('refuse bad or taken names, reused ids and unknown parents', () => {
    const req = { id: ctx(4), name: 'act2', parent: null };
    for (const name of ['', 'act 2', 'act/2', 'akt.2', 'ä', 'x'.repeat(101)])
      expect(typeof createContext(set, { ...req, name })).toBe('string');
    expect(typeof createContext(set, { ...req, name: 'x'.repeat(100) })).toBe('object');
    expect(createContext(set, { ...req, name: 'Draft' })).toBe(
      'There is already a context named "Draft".',
    );
    expect(typeof createContext(set, { ...req, name: 'default' })).toBe('string');
    expect(typeof createContext(set, { ...req, id: ctx(1) })).toBe('string');
    expect(typeof createContext(set, { ...req, id: NIL })).toBe('string');
    expect(typeof createContext(set, { ...req, parent: ctx(9) })).toBe('string');
    expect(typeof createContext(set, { ...req, parent: NIL })).toBe('object');
  });

  it('make a context enforcing only with confirmation, and never the default', () => {
    expect(setEnforcement(set, ctx(2), 'enforcing')).toBe(
      'Making "draft" enforcing needs your confirmation.',
    );
    expect(typeof setEnforcement(set, ctx(2), 'enforcing', { confirmed: false })).toBe('string');
    const write = setEnforcement(set, ctx(2), 'enforcing', { confirmed: true });
    if (typeof write === 'string') throw new Error(write);
    expect(write.fileName).toBe('draft.json');
    expect(JSON.parse(write.text).enforcement).toBe('enforcing');
    expect(typeof setEnforcement(set, NIL, 'enforcing', { confirmed: true })).toBe('string');
    const back = setEnforcement(set, ctx(1), 'greenhouse');
    if (typeof back === 'string') throw new Error(back);
    expect(Object.keys(JSON.parse(back.text))[0]).toBe('zz');
  });

  it('show a claim in the default context by creating default.json', () => {
    const write = setClaimVisibility(set, NIL, C3, true);
    if (typeof write === 'string') throw new Error(write);
    expect(write.fileName).toBe('default.json');
    const reloaded = loadContexts([...[{ fileName: 'draft.json', text: DRAFT }], write]);
    expect(effectiveContext(reloaded, NIL).visibleClaims).toEqual([C3]);
  });

  it('hide a context’s own claim, but not one its parent shows', () => {
    const write = setClaimVisibility(set, ctx(2), C3, false);
    if (typeof write === 'string') throw new Error(write);
    expect(JSON.parse(write.text).visible_claims).toEqual([C2]);
    expect(setClaimVisibility(set, ctx(2), C1, false)).toMatch(/parent context/);
    const added = setClaimVisibility(set, ctx(2), C1, true);
    if (typeof added === 'string') throw new Error(added);
    expect(JSON.parse(added.text).visible_claims).toEqual([C2, C3, C1]);
    expect(typeof setClaimVisibility(set, ctx(2), C2, true)).toBe('string');
  });

  it('change a context’s parent, refusing itself, a descendant, an unknown one and the default', () => {
    const moved = setParent(set, ctx(2), null);
    if (typeof moved === 'string') throw new Error(moved);
    expect(moved.fileName).toBe('draft.json');
    expect(JSON.parse(moved.text).parent).toBeNull();
    expect(Object.keys(JSON.parse(moved.text))).toEqual(Object.keys(JSON.parse(DRAFT)));
    expect(setParent(set, ctx(2), ctx(2))).toBe('"draft" cannot be its own parent.');
    expect(setParent(set, ctx(1), ctx(2))).toMatch(/one of its own descendants/);
    expect(setParent(set, ctx(1), ctx(9))).toMatch(/does not exist/);
    expect(setParent(set, NIL, ctx(1))).toBe('The default context has no parent.');
    expect(setParent(set, ctx(2), ctx(1))).toBe('"draft" already has this parent.');
    const toDefault = setParent(set, ctx(1), NIL);
    if (typeof toDefault === 'string') throw new Error(toDefault);
    expect(JSON.parse(toDefault.text).parent).toBe(NIL);
  });
});
