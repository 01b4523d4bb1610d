/**
 * Zod input shapes of the MCP tools (SPEC §1, §3, §4).
 *
 * Each shape is a plain object of zod types, the form `McpServer.registerTool` takes: the SDK turns
 * it into the JSON Schema of `tools/list` and validates every call against it before a handler
 * runs, so a malformed argument never reaches the app. Every refusal message is a sentence that
 * names the argument, because the SDK hands it to the model as the whole error.
 */

import { z } from 'zod';

/** The sentence a blank or non-string `tabId` is refused with. */
export const TAB_ID_MESSAGE = 'tabId must be a non-empty tab id — omit it to use the focused tab';

/** The sentence a blank or non-string `expected_revision` is refused with. */
export const EXPECTED_REVISION_MESSAGE =
  'expected_revision must be a non-empty revision string when provided — omit it to write unconditionally';

/** The sentence a blank or non-string `windowLabel` is refused with. */
export const WINDOW_LABEL_MESSAGE =
  'windowLabel must be a non-empty window label such as "main" — omit it to use the focused window';

export const SESSION_ACTIONS = ['get_state'] as const;

export const WORKSPACE_ACTIONS = [
  'new',
  'open',
  'open_workspace',
  'save',
  'save_as',
  'close',
  'switch_tab',
  'focus_window',
] as const;

export const DOCUMENT_ACTIONS = ['read', 'write', 'transform'] as const;

export const DOCUMENT_KINDS = ['markdown', 'yaml-workflow'] as const;

export const WORKFLOW_ACTIONS = ['apply_patch', 'validate'] as const;

export const SELECTION_ACTIONS = ['get', 'set'] as const;

export const TRANSFORM_KINDS = ['cjk-format', 'cjk-spacing', 'cjk-punctuation'] as const;

export function actionSchema<const T extends readonly [string, ...string[]]>(actions: T) {
  const message = `action must be one of: ${actions.join(', ')}`;
  return z.enum(actions, { error: message }).describe(`What to do: ${actions.join(', ')}.`);
}

/**
 * An id argument (`tabId`, `windowLabel`): surrounding spaces are dropped, and a blank id is refused
 * rather than read as "absent", because an absent id means "the focused one" and a blank id must not
 * silently retarget a write.
 */
export function optionalIdSchema(message: string, description: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .optional()
    .describe(description);
}

/**
 * A path argument (`filePath`, `folderPath`): never trimmed, since a trailing space is a legal
 * part of a file name; the app checks the path itself and refuses a bad one with INVALID_PATH.
 */
function optionalPathSchema(name: string, description: string) {
  const message = `${name} must be a non-empty virtual path such as /notes/todo.md`;
  return z.string({ error: message }).min(1, { error: message }).optional().describe(description);
}

const tabId = optionalIdSchema(
  TAB_ID_MESSAGE,
  'Target tab id, as listed by session.get_state. Omit it to use the focused tab.',
);

const windowLabel = optionalIdSchema(
  WINDOW_LABEL_MESSAGE,
  'Target window label ("main", "doc-2", …) from session.get_state. Omit it to use the focused window.',
);

/**
 * Not trimmed: the revision is compared verbatim, so a mangled token answers STALE with the current
 * one rather than being quietly repaired. Only a blank value is refused, because treating it as
 * absent would turn a guarded write into an unconditional one.
 */
const expectedRevision = z
  .string({ error: EXPECTED_REVISION_MESSAGE })
  .min(1, { error: EXPECTED_REVISION_MESSAGE, abort: true })
  .refine((value) => value.trim().length > 0, { error: EXPECTED_REVISION_MESSAGE })
  .optional()
  .describe(
    'The revision from your last read of this tab. The call is refused with STALE, changing nothing, if the text has changed since.',
  );

/** The sentence a tabOffset that is not a whole number ≥ 0 is refused with. */
export const TAB_OFFSET_MESSAGE =
  'tabOffset must be a whole number ≥ 0: the nextTabOffset of an earlier get_state answer';

export const sessionShape = {
  action: actionSchema(SESSION_ACTIONS),
  windowLabel: optionalIdSchema(
    WINDOW_LABEL_MESSAGE,
    'List only this window ("main", "doc-2", …). Omit it to list every window.',
  ),
  tabOffset: z
    .number({ error: TAB_OFFSET_MESSAGE })
    .int({ error: TAB_OFFSET_MESSAGE })
    .min(0, { error: TAB_OFFSET_MESSAGE })
    .optional()
    .describe(
      "With windowLabel: list that window's tabs from this index on. Needed only when an answer was cut (truncated, with nextTabOffset on a window).",
    ),
};

export const workspaceShape = {
  action: actionSchema(WORKSPACE_ACTIONS),
  tabId,
  filePath: optionalPathSchema(
    'filePath',
    'Virtual absolute file path /<mount>/<rest>, e.g. /notes/plan.md (open, save_as).',
  ),
  folderPath: optionalPathSchema(
    'folderPath',
    'Virtual absolute folder path to open as a workspace (open_workspace).',
  ),
  windowLabel,
  kind: z
    .enum(DOCUMENT_KINDS, { error: `kind must be one of: ${DOCUMENT_KINDS.join(', ')}` })
    .optional()
    .describe('Document kind for new: markdown (default) or yaml-workflow.'),
  force: z
    .boolean({ error: 'force must be a boolean (true or false)' })
    .optional()
    .describe('close only: true discards unsaved edits. Use it only when the person agreed.'),
};

export const documentShape = {
  action: actionSchema(DOCUMENT_ACTIONS),
  tabId,
  content: z
    .string({ error: 'content must be a string holding the whole new text of the document' })
    .optional()
    .describe('write only: the whole new text of the document, stored verbatim.'),
  kind: z
    .enum(TRANSFORM_KINDS, { error: `kind must be one of: ${TRANSFORM_KINDS.join(', ')}` })
    .optional()
    .describe('transform only: which CJK transform to run.'),
  expected_revision: expectedRevision,
  // Not a zod default: the parsed arguments must say whether the client gave save, so that an
  // action that does not take it can refuse it (actionArguments.ts). The handler reads a missing
  // save as true; clients still see default: true.
  save: z
    .boolean({ error: 'save must be a boolean (true or false), not a string or number' })
    .optional()
    .meta({ default: true })
    .describe('write only: save the tab to its file after writing (default true).'),
};

export const workflowShape = {
  action: actionSchema(WORKFLOW_ACTIONS),
  tabId,
  // Left open on purpose: a malformed batch is refused as INVALID_PATCH naming the patch and the
  // field (SPEC §6), which tells the model more than a schema error would.
  patches: z
    .unknown()
    .optional()
    .describe(
      'apply_patch only: an array of IRPatch objects, applied in order, all or nothing. See the tool description for the eight kinds.',
    ),
  expected_revision: expectedRevision,
};

export const selectionShape = {
  action: actionSchema(SELECTION_ACTIONS),
  tabId: optionalIdSchema(
    TAB_ID_MESSAGE,
    'Must be the focused tab if given (selection lives in the live editor). Omit it to use the focused tab.',
  ),
  content: z
    .string({ error: 'content must be a string: the text that replaces the selection' })
    .optional()
    .describe(
      'set only: replaces the selection (inserted at the cursor when nothing is selected; empty deletes the selection).',
    ),
  expected_revision: expectedRevision,
};

export type SessionArgs = z.infer<z.ZodObject<typeof sessionShape>>;
export type WorkspaceArgs = z.infer<z.ZodObject<typeof workspaceShape>>;
export type DocumentArgs = z.infer<z.ZodObject<typeof documentShape>>;
export type WorkflowArgs = z.infer<z.ZodObject<typeof workflowShape>>;
export type SelectionArgs = z.infer<z.ZodObject<typeof selectionShape>>;

export type SessionAction = (typeof SESSION_ACTIONS)[number];
export type WorkspaceAction = (typeof WORKSPACE_ACTIONS)[number];
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];
export type WorkflowAction = (typeof WORKFLOW_ACTIONS)[number];
export type SelectionAction = (typeof SELECTION_ACTIONS)[number];
