/**
 * The person's acts over a ledger written by hand: grants that open (and close) the resolve gate
 * for one AI client, claims taken from a tracked document through their whole life, and contexts
 * made, re-parented and made enforcing only when confirmed. Every act lands as a whole line or a
 * whole file, and every refusal leaves the workspace as it was.
 */
import { describe, expect, it } from 'vitest';
import { CoherenceKernel } from '../kernel';
import { inProcessLock } from '../ledger/ledgerFs';
import { readLedger } from '../ledger/ledger';
import { memoryLedgerFs } from '../ledger/memoryLedgerFs';
import { NO_RECORD, PersonActs } from './personActs';
import { emptyWorkspaceState } from '../scan/workspaceState';

const WRITER = '0198f000-0000-7000-8000-000000000001';
const OTHER = '0198f000-0000-7000-8000-000000000002';
const NOTE = '0198f100-0000-7000-8000-000000000001';
const SCENE = '0198f100-0000-7000-8000-000000000002';
const FORKED = '0198f100-0000-7000-8000-000000000003';
const TXF = '0198f200-0000-7000-8000-000000000003';
const NIL = '00000000-0000-0000-0000-000000000000';
const R = (n: string) => `rev1:${n.repeat(64)}`;
const H = (n: string) => `sha256:${n.repeat(64)}`;
const DAY = 24 * 60 * 60 * 1000;

let n = 0;
function line(kind: string, body: unknown, id?: string): string {
  n += 1;
  const tail = String(n).padStart(12, '0');
  return `${JSON.stringify({
    format: 0,
    id: id ?? `0198f400-0000-7000-8000-${tail}`,
    kind,
    time: '2026-12-01T09:00:00.000Z',
    writer: OTHER,
    idem: `0198f500-0000-7000-8000-${tail}`,
    body,
  })}\n`;
}

const out = (object: string, revision: string, hash: string, parents: string[] = []) => ({
  object,
  revision,
  content_hash: hash,
  parents,
});
const human = { type: 'human', id: 'ann' };
const save = (outputs: unknown[]) =>
  line('transformation', {
    inputs: [],
    outputs,
    agent: human,
    intent: { kind: 'editor-save', summary: '' },
    confidence: 'exact',
  });
const LEDGER = [
  line('object-registered', { object: NOTE, path: 'lore/elena.md' }),
  save([out(NOTE, R('1'), H('a'))]),
  line('object-registered', { object: SCENE, path: 'scene.md' }),
  line(
    'transformation',
    {
      inputs: [{ object: NOTE, revision: R('1'), role: 'direct' }],
      outputs: [out(SCENE, R('3'), H('b'))],
      agent: { type: 'model', id: 'mcp-client' },
      intent: { kind: 'mcp-document-write', summary: '' },
      confidence: 'inferred',
    },
    TXF,
  ),
  save([out(NOTE, R('2'), H('c'), [R('1')])]),
  line('object-registered', { object: FORKED, path: 'forked.md' }),
  save([out(FORKED, R('4'), H('d'))]),
  save([out(FORKED, R('5'), H('e'))]),
].join('');

function workspace(ledger: string | null = LEDGER) {
  const fs = memoryLedgerFs();
  if (ledger !== null) fs.put(`.vmark/ledger/${OTHER}.jsonl`, ledger);
  let id = 0;
  let now = Date.parse('2026-12-03T12:00:00.000Z');
  const deps = {
    fs,
    lock: inProcessLock(),
    writer: WRITER,
    now: () => now,
    mintId: () => `0198f600-0000-7000-8000-${String(++id).padStart(12, '0')}`,
  };
  const acts = new PersonActs(deps, 'ann');
  const kernel = new CoherenceKernel(deps, emptyWorkspaceState());
  return { fs, acts, kernel, later: (ms: number) => (now += ms) };
}

async function entries(fs: ReturnType<typeof memoryLedgerFs>) {
  const read = await readLedger(fs);
  if (!read.ok) throw new Error(read.error);
  return read.entries;
}

async function view(acts: PersonActs) {
  const v = await acts.view();
  if (typeof v === 'string') throw new Error(v);
  return v;
}

const resolveAs = (kernel: CoherenceKernel, principal: string, resolution = 'accept-newer') =>
  kernel.resolve({ txf: TXF, input: 0, resolution, reason: 'fine' }, { principal });

describe('delegations, as the person grants them', () => {
  it('opens the gate for the named client and scope only, until revoked', async () => {
    const { acts, kernel, fs } = workspace();
    expect(await resolveAs(kernel, 'Claude Code')).toMatch(/no live delegation/);
    const granted = await acts.grant({
      principal: ' Claude Code ',
      scope: ['resolve.accept-newer'],
      days: 7,
    });
    if (!granted.ok) throw new Error(granted.message);
    expect(granted.expires).toBe('2026-12-10T12:00:00.000Z');
    const [grant] = (await view(acts)).grants;
    expect(grant).toMatchObject({
      principal: 'Claude Code',
      scope: ['resolve.accept-newer'],
      expired: false,
      by: 'ann',
    });
    expect(await resolveAs(kernel, 'Cursor')).toMatch(/no live delegation/);
    expect(await resolveAs(kernel, 'Claude Code', 'waive')).toMatch(/resolve.waive/);
    const receipt = await resolveAs(kernel, 'Claude Code');
    expect(receipt).toMatchObject({ kind: 'ratification' });
    const ratification = (await entries(fs)).find((e) => e.kind === 'ratification');
    expect(ratification?.body).toMatchObject({ delegation: granted.grant });

    expect(await acts.revoke(granted.grant)).toEqual({ ok: true });
    expect((await view(acts)).grants).toEqual([]);
    expect(await acts.revoke(granted.grant)).toEqual({
      ok: false,
      message: 'This grant is already revoked.',
    });
  });

  it('keeps an expired grant listed until it is revoked, and it no longer opens the gate', async () => {
    const { acts, kernel, later } = workspace();
    const granted = await acts.grant({ principal: 'Codex', scope: ['resolve.waive'], days: 1 });
    expect(granted.ok).toBe(true);
    later(DAY + 1);
    expect((await view(acts)).grants).toMatchObject([{ principal: 'Codex', expired: true }]);
    expect(await resolveAs(kernel, 'Codex', 'waive')).toMatch(/no live delegation/);
  });

  it('refuses a grant without a client, scope or sensible length, and writes nothing', async () => {
    const { acts, fs } = workspace();
    const before = (await entries(fs)).length;
    const bad = [
      { principal: '', scope: ['resolve.waive'], days: 7 },
      { principal: 'Cursor', scope: [], days: 7 },
      { principal: 'Cursor', scope: ['claims.create'], days: 7 },
      { principal: 'Cursor', scope: ['resolve.waive'], days: 0 },
      { principal: 'Cursor', scope: ['resolve.waive'], days: 366 },
      { principal: 'Cursor', scope: ['resolve.waive'], days: 2.5 },
    ];
    for (const req of bad) expect((await acts.grant(req)).ok).toBe(false);
    expect((await entries(fs)).length).toBe(before);
  });

  it('refuses every act in a workspace without a record, and creates nothing there', async () => {
    const { acts, fs } = workspace(null);
    expect(await acts.grant({ principal: 'Cursor', scope: ['resolve.waive'], days: 7 })).toEqual({
      ok: false,
      message: NO_RECORD,
    });
    expect((await acts.createContext({ name: 'book', parent: null })).ok).toBe(false);
    expect((await view(acts)).initialized).toBe(false);
    expect(fs.paths()).toEqual([]);
  });

  it('lands two grants made at once from two windows', async () => {
    const { acts } = workspace();
    const [a, b] = await Promise.all([
      acts.grant({ principal: 'Cursor', scope: ['resolve.waive'], days: 3 }),
      acts.grant({ principal: 'Codex', scope: ['resolve.accept-newer'], days: 3 }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect((await view(acts)).grants.map((g) => g.principal).sort()).toEqual(['Codex', 'Cursor']);
  });
});

describe('claims, from a selection to retirement', () => {
  it('creates a draft claim cited at the document’s current revision, shown by default', async () => {
    const { acts, fs, kernel } = workspace();
    const made = await acts.createClaim({ path: 'lore/elena.md', statement: '  Elena is 34. ' });
    if (!made.ok) throw new Error(made.message);
    const claim = (await entries(fs)).find((e) => e.kind === 'claim');
    expect(claim?.body).toMatchObject({
      claim: made.claim,
      statement: 'Elena is 34.',
      maturity: 'draft',
      established_by: [{ object: NOTE, revision: R('2') }],
      supersedes: null,
      actor: { type: 'human', id: 'ann' },
    });
    expect(fs.text('.vmark/contexts/default.json')).toContain(made.claim);
    expect((await view(acts)).claims).toEqual([
      {
        claim: made.claim,
        statement: 'Elena is 34.',
        maturity: 'draft',
        invalidAt: null,
        source: 'lore/elena.md',
        shownIn: { [NIL]: 'own' },
      },
    ]);
    expect(await kernel.claims()).toMatchObject([{ claim: made.claim, visible: true }]);
  });

  it('refuses a claim from an untracked or forked document, or with no text', async () => {
    const { acts, fs } = workspace();
    const before = (await entries(fs)).length;
    expect(await acts.createClaim({ path: 'notes/new.md', statement: 'x' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not tracked/),
    });
    expect(await acts.createClaim({ path: 'forked.md', statement: 'x' })).toMatchObject({
      ok: false,
      message: 'forked.md has 2 current versions: resolve them first.',
    });
    expect((await acts.createClaim({ path: 'scene.md', statement: '   ' })).ok).toBe(false);
    expect((await entries(fs)).length).toBe(before);
  });

  it('promotes once, corrects, retires, and a correction brings a retired claim back', async () => {
    const { acts } = workspace();
    const made = await acts.createClaim({ path: 'scene.md', statement: 'It rains.' });
    if (!made.ok) throw new Error(made.message);
    expect(await acts.promote(made.claim)).toEqual({ ok: true });
    expect(await acts.promote(made.claim)).toEqual({
      ok: false,
      message: 'Only a draft claim can be promoted.',
    });
    expect(await acts.retire(made.claim)).toEqual({ ok: true });
    let [row] = (await view(acts)).claims;
    expect(row).toMatchObject({ maturity: 'established', invalidAt: '2026-12-03T12:00:00.000Z' });
    expect((await acts.retire(made.claim)).ok).toBe(false);
    expect(await acts.correct(made.claim, 'It snows.')).toEqual({ ok: true });
    [row] = (await view(acts)).claims;
    expect(row).toMatchObject({ statement: 'It snows.', maturity: 'established', invalidAt: null });
    expect((await acts.correct(made.claim, '')).ok).toBe(false);
  });
});

describe('contexts, as the person makes them', () => {
  it('creates contexts with a parent, scopes claims through them and re-parents', async () => {
    const { acts, fs } = workspace();
    const book = await acts.createContext({ name: 'book', parent: null });
    if (!book.ok) throw new Error(book.message);
    const draft = await acts.createContext({ name: 'draft', parent: book.id });
    if (!draft.ok) throw new Error(draft.message);
    expect(await acts.createContext({ name: 'book', parent: null })).toEqual({
      ok: false,
      message: 'There is already a context named "book".',
    });
    const made = await acts.createClaim({ path: 'scene.md', statement: 'It rains.' });
    if (!made.ok) throw new Error(made.message);
    expect(await acts.showClaim(made.claim, book.id, true)).toEqual({ ok: true });
    let v = await view(acts);
    expect(v.claims[0].shownIn).toEqual({
      [NIL]: 'own',
      [book.id]: 'own',
      [draft.id]: 'inherited',
    });
    expect(v.contexts.map((c) => [c.name, c.parent, c.visibleClaims])).toEqual([
      ['default', null, 1],
      ['book', null, 1],
      ['draft', book.id, 1],
    ]);
    expect((await acts.showClaim(made.claim, draft.id, false)).ok).toBe(false);
    expect(await acts.setParent(book.id, draft.id)).toMatchObject({ ok: false });
    expect(await acts.setParent(draft.id, null)).toEqual({ ok: true });
    v = await view(acts);
    expect(v.claims[0].shownIn).toEqual({ [NIL]: 'own', [book.id]: 'own' });
    expect(
      fs
        .paths()
        .filter((p) => p.startsWith('.vmark/contexts/'))
        .sort(),
    ).toEqual([
      '.vmark/contexts/book.json',
      '.vmark/contexts/default.json',
      '.vmark/contexts/draft.json',
    ]);
  });

  it('makes a context enforcing only when confirmed, never the default', async () => {
    const { acts } = workspace();
    const book = await acts.createContext({ name: 'book', parent: null });
    if (!book.ok) throw new Error(book.message);
    expect(await acts.setEnforcement(book.id, 'enforcing', false)).toEqual({
      ok: false,
      message: 'Making "book" enforcing needs your confirmation.',
    });
    expect(await acts.setEnforcement(book.id, 'enforcing', true)).toEqual({ ok: true });
    expect((await view(acts)).contexts[1].enforcement).toBe('enforcing');
    expect(await acts.setEnforcement(book.id, 'greenhouse', false)).toEqual({ ok: true });
    expect((await acts.setEnforcement(NIL, 'enforcing', true)).ok).toBe(false);
  });

  it('keeps both of two claims shown at once from two windows', async () => {
    const { acts } = workspace();
    const [a, b] = await Promise.all([
      acts.createClaim({ path: 'scene.md', statement: 'One.' }),
      acts.createClaim({ path: 'scene.md', statement: 'Two.' }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect((await view(acts)).contexts[0].visibleClaims).toBe(2);
  });

  it('says so when a manifest cannot be written, and the other contexts stay', async () => {
    const { acts, fs } = workspace();
    expect((await acts.createContext({ name: 'book', parent: null })).ok).toBe(true);
    fs.denyWritesUnder('.vmark/contexts');
    expect(await acts.createContext({ name: 'draft', parent: null })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^draft\.json was not written: /),
    });
    expect((await view(acts)).contexts.map((c) => c.name)).toEqual(['default', 'book']);
  });
});
