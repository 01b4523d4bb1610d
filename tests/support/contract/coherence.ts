/**
 * Contract rows of `coherence` and `coherence_resolve`, over a ledger written into the app's
 * folder as desktop VMark would have left it: a scene drafted from a character note, the note
 * rewritten since, and one established claim.
 */
import { expect } from '@playwright/test';
import { createHash } from 'node:crypto';
import { writeOpfs } from '../app';
import type { ContractContext, ContractRow } from './context';
import {
  arrayOf,
  boolean,
  count,
  literal,
  matches,
  nullable,
  object,
  oneOf,
  string,
} from './shapes';

const W = '0198fc00-0000-7000-8000-000000000001';
const ELENA = '0198fc00-0000-7000-8000-00000000000e';
const SCENE = '0198fc00-0000-7000-8000-000000000005';
const TXF = '0198fc00-0000-7000-8000-0000000000f1';
const CLAIM = '0198fc00-0000-7000-8000-0000000000c1';
const E1 = `rev1:${'e1'.repeat(32)}`;
const E2 = `rev1:${'e2'.repeat(32)}`;
const S1 = `rev1:${'51'.repeat(32)}`;
const uuid = matches(
  /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  'a UUIDv7',
);
const revId = matches(/^rev1:[0-9a-f]{64}$/, 'a revision id');

let n = 0;
const line = (kind: string, time: string, body: unknown, id?: string) => {
  n += 1;
  const tail = String(n).padStart(12, '0');
  return JSON.stringify({
    format: 0,
    id: id ?? `0198fc01-0000-7000-8000-${tail}`,
    kind,
    time,
    writer: W,
    idem: `0198fc02-0000-7000-8000-${tail}`,
    body,
  });
};
/** The documents on disk, with their ids; the ledger's current revisions are their contents. */
const ELENA_TEXT = `---\nvmark:\n  id: ${ELENA}\n---\n# Elena\n\nShe never carries an umbrella.\n`;
const SCENE_TEXT = `---\nvmark:\n  id: ${SCENE}\n---\n# Scene 1\n\nElena walks out into the rain.\n`;
/** The content hash of a document whose front matter holds only its id (masked away). */
const hashOf = (text: string) =>
  `sha256:${createHash('sha256')
    .update(text.replace(/^---\n[\s\S]*?\n---\n/, ''))
    .digest('hex')}`;

const save = (time: string, revision: string, parents: string[], hash: string) =>
  line('transformation', time, {
    inputs: [],
    outputs: [{ object: ELENA, revision, content_hash: hash, parents }],
    agent: { type: 'human', id: 'ann' },
    intent: { kind: 'editor-save', summary: '' },
    confidence: 'exact',
  });

const LEDGER = [
  line('object-registered', '2026-11-01T09:00:00.000Z', { object: ELENA, path: 'lore/elena.md' }),
  save('2026-11-01T09:00:00.000Z', E1, [], `sha256:${'a'.repeat(64)}`),
  line('object-registered', '2026-11-01T09:05:00.000Z', { object: SCENE, path: 'scene-01.md' }),
  line(
    'transformation',
    '2026-11-01T09:05:00.000Z',
    {
      inputs: [{ object: ELENA, revision: E1, role: 'direct' }],
      outputs: [{ object: SCENE, revision: S1, content_hash: hashOf(SCENE_TEXT), parents: [] }],
      agent: { type: 'model', id: 'mcp-client' },
      intent: { kind: 'mcp-document-write', summary: 'draft scene 1' },
      confidence: 'inferred',
    },
    TXF,
  ),
  save('2026-11-02T10:00:00.000Z', E2, [E1], hashOf(ELENA_TEXT)),
  line('claim', '2026-11-02T11:00:00.000Z', {
    claim: CLAIM,
    statement: 'Elena never carries an umbrella.',
    valid_at: '2026-11-02T11:00:00.000Z',
    invalid_at: null,
    established_by: [{ object: ELENA, revision: E2 }],
    supersedes: null,
    maturity: 'established',
    actor: { type: 'human', id: 'ann' },
  }),
]
  .map((l) => `${l}\n`)
  .join('');

/**
 * The ledger in the folder's `.vmark/`, and the two documents as the ledger last saw them (the
 * scan that runs before every read finds nothing new). The same bytes for every row.
 */
async function ledger(ctx: ContractContext) {
  await writeOpfs(ctx.page, 'lore/elena.md', ELENA_TEXT);
  await writeOpfs(ctx.page, 'scene-01.md', SCENE_TEXT);
  await writeOpfs(ctx.page, `.vmark/ledger/${W}.jsonl`, LEDGER);
  return { workspace_root: '/notes' };
}

const edgeRow = object({
  txf: uuid,
  input: count,
  upstream: uuid,
  upstream_path: nullable(string),
  pinned: revId,
  downstream: uuid,
  downstream_path: nullable(string),
  downstream_rev: revId,
  state: oneOf(
    'version-stale',
    'stale-valid',
    'stale-contradicted',
    'stale-unknown',
    'waived',
    'diverged',
    'diverged-multi-head',
    'unpinnable',
  ),
  confidence: oneOf('exact', 'inferred', 'unknown'),
  prior_waivers: count,
  kind: oneOf('dependency', 'conformance', 'supersession', 'part-of', 'mention'),
  frozen_downstream: boolean,
  actionable: boolean,
});

export const coherenceRows: ContractRow[] = [
  {
    name: 'the ledger at a glance: objects, open items, this profile as writer',
    tool: 'coherence',
    action: 'status',
    args: ledger,
    shape: object({
      initialized: literal(true),
      writer: uuid,
      objects: count,
      quarantined: count,
      open_items: count,
    }),
    async then(answer) {
      expect(answer).toMatchObject({ objects: 2, quarantined: 0, open_items: 1 });
      expect(answer.writer).not.toBe(W);
    },
  },
  {
    name: 'the scene is stale: its note moved on since it was drafted',
    tool: 'coherence',
    action: 'edges',
    args: ledger,
    shape: object({ items: arrayOf(edgeRow, { min: 1 }) }),
    async then(answer) {
      expect(answer.items).toEqual([
        expect.objectContaining({
          txf: TXF,
          input: 0,
          upstream_path: 'lore/elena.md',
          downstream_path: 'scene-01.md',
          pinned: E1,
          state: 'version-stale',
        }),
      ]);
    },
  },
  {
    name: 'the established claims, visible or not in the default context',
    tool: 'coherence',
    action: 'claims',
    args: ledger,
    shape: object({
      items: arrayOf(
        object({
          claim: uuid,
          entryId: uuid,
          statement: string,
          maturity: oneOf('draft', 'established'),
          invalidAt: nullable(string),
          visible: boolean,
        }),
      ),
    }),
    async then(answer) {
      expect(answer.items).toEqual([
        expect.objectContaining({ claim: CLAIM, maturity: 'established', visible: false }),
      ]);
    },
  },
  {
    name: 'the contexts: the default one first, greenhouse',
    tool: 'coherence',
    action: 'contexts',
    args: ledger,
    shape: object({
      items: arrayOf(
        object({
          id: string,
          name: string,
          parent: nullable(string),
          enforcement: oneOf('greenhouse', 'enforcing'),
          visibleClaims: count,
          errors: arrayOf(string),
        }),
        { min: 1 },
      ),
    }),
    async then(answer) {
      expect((answer.items as unknown[])[0]).toEqual({
        id: '00000000-0000-0000-0000-000000000000',
        name: 'default',
        parent: null,
        enforcement: 'greenhouse',
        visibleClaims: 0,
        errors: [],
      });
    },
  },
  {
    name: 'a client without a credential may not resolve: refused in plain words',
    tool: 'coherence_resolve',
    action: 'resolve',
    async args(ctx) {
      return { ...(await ledger(ctx)), txf: TXF, input: 0, resolution: 'accept-newer' };
    },
    plain: /^unidentified client: resolving needs an AI client credential/,
    shape: object({}),
  },
  {
    name: 'a root that is not an open folder: refused in plain words',
    tool: 'coherence',
    action: 'status',
    args: async () => ({ workspace_root: '/notes/scene-01.md' }),
    plain: /is not a workspace folder: use its root, \/notes/,
    shape: object({}),
  },
];
