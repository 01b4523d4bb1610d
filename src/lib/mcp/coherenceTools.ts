/**
 * The coherence tools (SPEC §1, §8): `coherence` reads the workspace's ledger (read-only, so a
 * client may approve it automatically), `coherence_resolve` is the one action that changes it, in
 * a tool of its own so the destructive hint is honest. Errors of both are plain sentences.
 */
import { z } from 'zod';
import { actionSchema } from './schemas';
import type { ToolDefinition } from './toolText';

export const COHERENCE_ACTIONS = ['status', 'edges', 'claims', 'contexts'] as const;
export const COHERENCE_RESOLVE_ACTIONS = ['resolve'] as const;
export const RESOLUTIONS = ['accept-newer', 'waive'] as const;

const ROOT_MESSAGE = 'workspace_root must be a workspace folder path such as "/notes"';

const workspaceRoot = z.string({ error: ROOT_MESSAGE }).min(1, { error: ROOT_MESSAGE });

export const coherenceShape = {
  action: actionSchema(COHERENCE_ACTIONS),
  workspace_root: workspaceRoot,
};

export const coherenceResolveShape = {
  action: actionSchema(COHERENCE_RESOLVE_ACTIONS),
  workspace_root: workspaceRoot,
  txf: z
    .string({ error: 'txf must be the txf of a row of coherence edges' })
    .min(1, { error: 'txf must be the txf of a row of coherence edges' }),
  input: z
    .number({ error: 'input must be the input number of a row of coherence edges' })
    .int({ error: 'input must be a whole number' })
    .min(0, { error: 'input must be 0 or more' }),
  resolution: z.enum(RESOLUTIONS, { error: 'resolution must be accept-newer or waive' }),
  // Required for waive: said in the tool's description, once.
  reason: z.string({ error: 'reason must be a string' }).optional(),
};

export const COHERENCE_TOOL = {
  name: 'coherence',
  title: 'VMark Coherence (read)',
  description: [
    "Which documents derive from which, and which are stale because their source changed: the workspace's .vmark/ ledger.",
    '',
    'Actions (workspace_root: a root from session.get_state workspaces):',
    '- status: counts; initialized:false means no ledger yet.',
    '- edges: edges needing attention, with their state (version-stale: the upstream changed since the downstream was written from it); revise the downstream, or ask the person to resolve it in the Breakdown view.',
    "- claims: the person's canon.",
    '- contexts: default first.',
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
    "Resolve one row of coherence edges for good (no undo): the person's call, in the Breakdown view; yours only by their delegation (Settings → AI clients, then Breakdown).",
    '',
    'Action:',
    '- resolve {workspace_root, txf, input, resolution, reason?}: txf and input from that row. accept-newer: the downstream stands against the upstream as it is now; waive (reason required): the difference is accepted. A refusal says why: tell the person; do not retry.',
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
