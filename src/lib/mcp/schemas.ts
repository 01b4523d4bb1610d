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
  // No description: the enum names the actions, and each tool's description says what they do.
  return z.enum(actions, { error: message });
}

/**
 * An id argument (`tabId`, `windowLabel`): surrounding spaces are dropped, and a blank id is refused
 * rather than read as "absent", because an absent id means "the focused one" and a blank id must not
 * silently retarget a write.
 */
export function optionalIdSchema(message: string) {
  return z.string({ error: message }).trim().min(1, { error: message }).optional();
}

/**
 * A path argument (`filePath`, `folderPath`): never trimmed, since a trailing space is a legal
 * part of a file name; the app checks the path itself and refuses a bad one with INVALID_PATH.
 */
function optionalPathSchema(name: string) {
  const message = `${name} must be a non-empty virtual path such as /notes/todo.md`;
  return z.string({ error: message }).min(1, { error: message }).optional();
}

// Parameters carry a description only where their name does not say enough; what holds for every
// tool (tabId, windowLabel, expected_revision) is said once, in the server's instructions.
const tabId = optionalIdSchema(TAB_ID_MESSAGE);

const windowLabel = optionalIdSchema(WINDOW_LABEL_MESSAGE);

/**
 * Not trimmed: the revision is compared verbatim, so a mangled token answers STALE with the current
 * one rather than being quietly repaired. Only a blank value is refused, because treating it as
 * absent would turn a guarded write into an unconditional one.
 */
const expectedRevision = z
  .string({ error: EXPECTED_REVISION_MESSAGE })
  .min(1, { error: EXPECTED_REVISION_MESSAGE, abort: true })
  .refine((value) => value.trim().length > 0, { error: EXPECTED_REVISION_MESSAGE })
  .optional();

/** The sentence a tabOffset that is not a whole number ≥ 0 is refused with. */
export const TAB_OFFSET_MESSAGE =
  'tabOffset must be a whole number ≥ 0: the nextTabOffset of an earlier get_state answer';

export const sessionShape = {
  action: actionSchema(SESSION_ACTIONS),
  windowLabel: optionalIdSchema(WINDOW_LABEL_MESSAGE),
  tabOffset: z
    .number({ error: TAB_OFFSET_MESSAGE })
    .int({ error: TAB_OFFSET_MESSAGE })
    .min(0, { error: TAB_OFFSET_MESSAGE })
    .optional(),
};

export const workspaceShape = {
  action: actionSchema(WORKSPACE_ACTIONS),
  tabId,
  filePath: optionalPathSchema('filePath'),
  folderPath: optionalPathSchema('folderPath'),
  windowLabel,
  kind: z
    .enum(DOCUMENT_KINDS, { error: `kind must be one of: ${DOCUMENT_KINDS.join(', ')}` })
    .optional(),
  force: z.boolean({ error: 'force must be a boolean (true or false)' }).optional(),
};

/** A line or column number: the handler checks that it is whole and in the document. */
const lineNumber = (name: string) =>
  z.number({ error: `${name} must be a number: 1 is the first line (or column)` }).optional();

/** `document.read {view}`: the one view besides the text. */
export const DOCUMENT_VIEWS = ['outline'] as const;

export const documentShape = {
  action: actionSchema(DOCUMENT_ACTIONS),
  tabId,
  content: z
    .string({
      error: 'content must be a string: the new text of the document, or of the lines named',
    })
    .optional(),
  view: z.enum(DOCUMENT_VIEWS, { error: 'view must be "outline"' }).optional(),
  // Not trimmed: a path is compared as the outline answered it.
  section: z
    .string({ error: 'section must be a string: a path from the outline, such as "Intro > Setup"' })
    .optional(),
  startLine: lineNumber('startLine'),
  endLine: lineNumber('endLine'),
  startColumn: lineNumber('startColumn'),
  find: z.string({ error: 'find must be a string: the text to look for' }).optional(),
  regex: z.boolean({ error: 'regex must be a boolean (true or false)' }).optional(),
  kind: z
    .enum(TRANSFORM_KINDS, { error: `kind must be one of: ${TRANSFORM_KINDS.join(', ')}` })
    .optional(),
  expected_revision: expectedRevision,
  // Not a zod default: the parsed arguments must say whether the client gave save, so that an
  // action that does not take it can refuse it (actionArguments.ts). The handler reads a missing
  // save as true; clients still see default: true.
  save: z
    .boolean({ error: 'save must be a boolean (true or false), not a string or number' })
    .optional()
    .meta({ default: true }),
};

export const workflowShape = {
  action: actionSchema(WORKFLOW_ACTIONS),
  tabId,
  // Left open on purpose: a malformed batch is refused as INVALID_PATCH naming the patch and the
  // field (SPEC §6), which tells the model more than a schema error would.
  patches: z.unknown().optional().describe('IRPatch[]'),
  expected_revision: expectedRevision,
};

export const selectionShape = {
  action: actionSchema(SELECTION_ACTIONS),
  tabId,
  content: z
    .string({ error: 'content must be a string: the text that replaces the selection' })
    .optional(),
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
