/**
 * The coherence tools (SPEC §1, §8): `coherence` reads the workspace's ledger (read-only, so a
 * client may approve it automatically), `coherence_resolve` is the one action that changes it, in
 * a tool of its own so the destructive hint is honest. Errors of both are plain sentences.
 */
import { z } from 'zod';
import { actionSchema } from './schemas';
import { ARGUMENT_ERRORS, type ToolDefinition } from './toolText';

export const COHERENCE_ACTIONS = ['status', 'edges', 'claims', 'contexts'] as const;
export const COHERENCE_RESOLVE_ACTIONS = ['resolve'] as const;
export const RESOLUTIONS = ['accept-newer', 'waive'] as const;

const ROOT_MESSAGE = 'workspace_root must be a workspace folder path such as "/notes"';

const workspaceRoot = z
  .string({ error: ROOT_MESSAGE })
  .min(1, { error: ROOT_MESSAGE })
  .describe('The workspace folder, as session.get_state lists it in workspaces (e.g. "/notes").');

export const coherenceShape = {
  action: actionSchema(COHERENCE_ACTIONS),
  workspace_root: workspaceRoot,
};

export const coherenceResolveShape = {
  action: actionSchema(COHERENCE_RESOLVE_ACTIONS),
  workspace_root: workspaceRoot,
  txf: z
    .string({ error: 'txf must be the txf of a row of coherence edges' })
    .min(1, { error: 'txf must be the txf of a row of coherence edges' })
    .describe('The edge: txf of a coherence edges row.'),
  input: z
    .number({ error: 'input must be the input number of a row of coherence edges' })
    .int({ error: 'input must be a whole number' })
    .min(0, { error: 'input must be 0 or more' })
    .describe('The edge: input of that coherence edges row.'),
  resolution: z
    .enum(RESOLUTIONS, { error: 'resolution must be accept-newer or waive' })
    .describe(
      'accept-newer: the downstream stands against the current upstream; waive: accept the difference (reason required).',
    ),
  reason: z
    .string({ error: 'reason must be a string' })
    .optional()
    .describe('Why (required for waive; kept in the ledger for good).'),
};

export const COHERENCE_TOOL = {
  name: 'coherence',
  title: 'VMark Coherence (read)',
  description: [
    "Which documents were derived from which, and which derived documents are out of date because a source changed since. The record is the workspace's .vmark/ ledger (shared with desktop VMark). Reading changes no document; it may record what changed on disk since the last look.",
    '',
    'Actions (workspace_root is required: a folder from session.get_state workspaces, e.g. "/notes"):',
    '- status → {initialized, writer, objects, quarantined, open_items}. initialized:false: no ledger yet (nothing is tracked until the person turns on provenance tracking or a document is written with it on).',
    "- edges → [{txf, input, upstream, upstream_path, pinned, downstream, downstream_path, downstream_rev, state, confidence, prior_waivers, kind, frozen_downstream, actionable, anchor_status?}]: every edge that asks for attention, by downstream path. state: version-stale (the upstream moved on since the downstream was written from it), stale-valid / stale-contradicted / stale-unknown (the same, with a semantic check's verdict), waived, diverged, diverged-multi-head, unpinnable. Fresh edges are not listed. Tell the person; revise the downstream (read the upstream, rewrite the downstream) or ask them to resolve it in the Breakdown view.",
    '- claims → [{claim, entryId, statement, maturity, invalidAt, visible}]: the canon statements the person established.',
    '- contexts → [{id, name, parent, enforcement, visibleClaims, errors}]: the default context first.',
    '',
    'Errors are plain sentences (an unknown workspace_root, an unreadable ledger).',
    ARGUMENT_ERRORS,
  ].join('\n'),
  inputSchema: coherenceShape,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
} as const satisfies ToolDefinition<'coherence'>;

export const COHERENCE_RESOLVE_TOOL = {
  name: 'coherence_resolve',
  title: 'VMark Coherence (resolve)',
  description: [
    'Resolve one stale edge from coherence edges, for good: there is no undo (a later record can only add to it). Normally the person does this in the Breakdown view; an AI client may only when the person delegated that resolution to it (Settings → AI clients issues its credential; the Breakdown view grants the delegation, for some days).',
    '',
    'Action:',
    "- resolve {workspace_root, txf, input, resolution: accept-newer|waive, reason?} → {entry_id, kind, resolved_against}. accept-newer records that the downstream stands against the upstream as it is now; waive records that the difference is accepted (reason required). Either binds to the upstream's current revision: if the upstream changes again, the edge comes back.",
    '',
    'A refusal (a plain sentence) means you are not allowed (no credential, no live delegation for that resolution), the edge is not listed by coherence edges now, or the upstream has several live heads. Do not retry: tell the person what is needed.',
    ARGUMENT_ERRORS,
  ].join('\n'),
  inputSchema: coherenceResolveShape,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
} as const satisfies ToolDefinition<'coherence_resolve'>;

export type CoherenceArgs = { action: (typeof COHERENCE_ACTIONS)[number]; workspace_root: string };
export type CoherenceResolveArgs = {
  action: 'resolve';
  workspace_root: string;
  txf: string;
  input: number;
  resolution: (typeof RESOLUTIONS)[number];
  reason?: string;
};
