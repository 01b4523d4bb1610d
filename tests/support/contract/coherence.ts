/**
 * Contract rows of `coherence` and `coherence_resolve`, over a ledger written into the app's
 * folder as desktop VMark would have left it: a scene drafted from a character note, the note
 * rewritten since, and one established claim.
 */
import { expect } from '@playwright/test';
import { CLAIM, E1, TXF, W, writeStaleWorkspace } from '../coherenceWorkspace';
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

const uuid = matches(
  /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  'a UUIDv7',
);
const revId = matches(/^rev1:[0-9a-f]{64}$/, 'a revision id');

async function ledger(ctx: ContractContext) {
  await writeStaleWorkspace(ctx.page);
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

const STATUS = object({
  initialized: literal(true),
  writer: uuid,
  person: string,
  objects: count,
  quarantined: count,
  open_items: count,
});

/** The person gives their name in Settings → Your name, as they would once. */
async function nameThePerson(ctx: ContractContext, name: string): Promise<void> {
  const settings = ctx.page.getByRole('button', { name: 'Settings' });
  const dialog = ctx.page.getByRole('dialog');
  await settings.click();
  await dialog.getByLabel('Your name').fill(name);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  // Opened again, Settings shows the name the app keeps.
  await settings.click();
  await expect(dialog.getByLabel('Your name')).toHaveValue(name);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
}

export const coherenceRows: ContractRow[] = [
  {
    name: 'the ledger at a glance: objects, open items, this profile as writer',
    tool: 'coherence',
    action: 'status',
    args: ledger,
    shape: STATUS,
    async then(answer) {
      expect(answer).toMatchObject({ objects: 2, quarantined: 0, open_items: 1 });
      expect(answer.writer).not.toBe(W);
      // No name given in this app yet: the person's acts are recorded as the desktop's default.
      expect(answer.person).toBe('unknown-human');
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
  {
    // After the rows that expect no name yet: a name, once given, is the app's from then on.
    name: 'the person gave their name in Settings → Your name: status records them by it',
    tool: 'coherence',
    action: 'status',
    async args(ctx) {
      await nameThePerson(ctx, '김지은');
      return ledger(ctx);
    },
    shape: STATUS,
    async then(answer) {
      expect(answer.person).toBe('김지은');
    },
  },
];
