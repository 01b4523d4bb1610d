/**
 * Which arguments each action of each tool takes (SPEC §2): one tool's actions take different
 * arguments, and an argument an action does not take is refused, naming it, before anything is
 * done. A model may well send one (`document.write {content, line: 3}`); doing the call without it
 * would do something else than the model meant, such as replacing a whole document.
 *
 * Two places use this table. The input schema of every tool is strict, so a name no action of the
 * tool knows is refused by the SDK's validation; its message is the sentence below. A name the
 * tool knows but this action does not take passes the schema, and `registerTools` refuses it with
 * the same sentence before the handler runs.
 */
import { z } from 'zod';
import { TAKES as BROWSER_TAKES } from './browserArgs';
import { notTaken } from './notTaken';
import {
  BROWSER_ACTIONS,
  BROWSER_READ_ACTIONS,
  type BrowserAction,
  type BrowserReadAction,
} from './browserSchemas';
import type { coherenceResolveShape, coherenceShape } from './coherenceTools';
import type {
  DocumentAction,
  SelectionAction,
  WorkflowAction,
  WorkspaceAction,
  documentShape,
  selectionShape,
  sessionShape,
  workflowShape,
  workspaceShape,
} from './schemas';

type Takes<Action extends string, Shape> = Readonly<
  Record<Action, readonly Exclude<keyof Shape, 'action'>[]>
>;

/** The browser tools' actions, as browserArgs.ts lists what each takes. */
function only(
  actions: readonly (BrowserAction | BrowserReadAction)[],
): Readonly<Record<string, readonly string[]>> {
  return Object.fromEntries(actions.map((action) => [action, BROWSER_TAKES[action]]));
}

/** The arguments each action takes, besides `action`, tool by tool. */
export const ACTION_ARGUMENTS = {
  session: { get_state: ['windowLabel', 'tabOffset'] } satisfies Takes<
    'get_state',
    typeof sessionShape
  >,
  workspace: {
    new: ['kind', 'windowLabel'],
    open: ['filePath', 'windowLabel'],
    // The folder opens in the window the call lands in, where the person is asked (the seeds).
    open_workspace: ['folderPath'],
    save: ['tabId'],
    save_as: ['tabId', 'filePath'],
    close: ['tabId', 'force'],
    switch_tab: ['tabId'],
    focus_window: ['windowLabel'],
  } satisfies Takes<WorkspaceAction, typeof workspaceShape>,
  document: {
    read: ['tabId', 'view', 'section', 'startLine', 'endLine', 'startColumn', 'find', 'regex'],
    write: ['tabId', 'content', 'expected_revision', 'save', 'section', 'startLine', 'endLine'],
    transform: ['tabId', 'kind', 'expected_revision'],
  } satisfies Takes<DocumentAction, typeof documentShape>,
  workflow: {
    apply_patch: ['tabId', 'patches', 'expected_revision'],
    validate: ['tabId'],
  } satisfies Takes<WorkflowAction, typeof workflowShape>,
  selection: {
    get: ['tabId'],
    set: ['tabId', 'content', 'expected_revision'],
  } satisfies Takes<SelectionAction, typeof selectionShape>,
  browser: only(BROWSER_ACTIONS),
  browser_read: only(BROWSER_READ_ACTIONS),
  coherence: {
    status: ['workspace_root'],
    edges: ['workspace_root'],
    claims: ['workspace_root'],
    contexts: ['workspace_root'],
  } satisfies Takes<'status' | 'edges' | 'claims' | 'contexts', typeof coherenceShape>,
  coherence_resolve: {
    resolve: ['workspace_root', 'txf', 'input', 'resolution', 'reason'],
  } satisfies Takes<'resolve', typeof coherenceResolveShape>,
} as const;

type ToolWithActions = keyof typeof ACTION_ARGUMENTS;

function takesOf(tool: string, action: unknown): readonly string[] | undefined {
  const table = ACTION_ARGUMENTS[tool as ToolWithActions] as
    Readonly<Record<string, readonly string[]>> | undefined;
  if (!table || typeof action !== 'string' || !Object.hasOwn(table, action)) return undefined;
  return table[action];
}

/**
 * The sentence refusing the arguments of `args` its action does not take, or null when it takes
 * them all. An unknown or missing action is left to the schema, which names the actions.
 */
export function untakenArguments(
  tool: string,
  args: Readonly<Record<string, unknown>>,
): string | null {
  const takes = takesOf(tool, args.action);
  if (!takes) return null;
  const extra = Object.keys(args).filter(
    (key) => key !== 'action' && args[key] !== undefined && !takes.includes(key),
  );
  return extra.length === 0 ? null : notTaken(args.action as string, extra, takes);
}

/**
 * A tool's input schema as it is registered: its shape, strict (`additionalProperties: false`
 * for clients), refusing a name it does not know with the sentence of `untakenArguments`.
 *
 * Its JSON Schema is listed without the `$schema` line the SDK's converter adds: 50 bytes a tool
 * in every conversation that tell a model nothing (issue 25 §4). The keywords used mean the same
 * in draft-07 and in 2020-12 (MCP's dialect for a schema that names none), and the metadata
 * changes the listing only, never what the schema accepts.
 */
export function strictInput<Shape extends z.ZodRawShape>(tool: string, shape: Shape) {
  const known = Object.keys(shape).filter((key) => key !== 'action');
  return z
    .strictObject(shape, {
      error: (issue) => {
        if (issue.code !== 'unrecognized_keys') return undefined;
        const input = issue.input as Record<string, unknown>;
        return untakenArguments(tool, input) ?? notTaken(tool, issue.keys as string[], known);
      },
    })
    .meta({ $schema: undefined });
}
