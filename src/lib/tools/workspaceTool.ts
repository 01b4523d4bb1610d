/** `workspace`: open, create, save, close and switch documents, and open folders with consent. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  argumentError,
  fromRefusal,
  needsApproval,
  refusal,
  success,
  type WorkspaceArgs,
} from '../mcp';
import type {
  ApprovalsHost,
  CoherenceHost,
  DocumentsHost,
  FilesHost,
  SettingsHost,
  WindowsHost,
} from './host';
import type { SessionContext } from './sessionContext';
import { inScope, targetTab, targetWindow } from './target';

/** What `workspace` uses: every host but the browser and the linter. */
type WorkspaceToolHost = DocumentsHost &
  WindowsHost &
  FilesHost &
  SettingsHost &
  ApprovalsHost &
  CoherenceHost;

type Reads = Pick<SessionContext, 'reads'>;

/**
 * An AI client's save is recorded in the coherence ledger with what it read since its last write
 * as inputs, exactly as for `document.write` with `save` (the text recorded is the text saved).
 */
async function recordSave(host: WorkspaceToolHost, tabId: string, path: string, session?: Reads) {
  const saved = host.tab(tabId)?.savedText;
  if (session && saved !== undefined) {
    await host.recordAiSave(tabId, path, saved, session.reads.splice(0));
  }
}

/** The tab's workspace instance, or null while the workspace rail is off (as get_state says). */
function instanceOf(host: WorkspaceToolHost, tabId: string): string | null {
  return host.settings().workspaceRail ? host.instanceIn(tabId) : null;
}

/**
 * What `focus_window` answers when the browser kept the window behind: the window's title and a
 * notice in it ask for the person's attention instead (src/lib/ui/shell/attention.svelte.ts).
 */
export const ATTENTION = 'title-and-notice';

function pathRefusal(message: string): CallToolResult {
  return refusal('INVALID_PATH', message);
}

export async function workspaceTool(
  host: WorkspaceToolHost,
  args: WorkspaceArgs,
  client: string,
  session?: Reads,
): Promise<CallToolResult> {
  switch (args.action) {
    case 'new': {
      const r = host.newTab(args.windowLabel ?? targetWindow(host), args.kind ?? 'markdown');
      return r.ok ? success({ tabId: r.tabId }) : fromRefusal(r);
    }
    case 'open':
      return open(host, args);
    case 'open_workspace':
      return openWorkspace(host, args, client);
    case 'save': {
      const doc = targetTab(host, args.tabId);
      if (typeof doc === 'string') return refusal('INVALID_TAB', doc);
      if (!doc.path)
        return pathRefusal('This tab has no file path yet; use workspace.save_as with a filePath.');
      const scope = inScope(host, doc.path);
      if (scope) return pathRefusal(scope);
      const r = await host.save(doc.id, doc.path, true);
      if (!r.ok) return fromRefusal(r);
      await recordSave(host, doc.id, r.path, session);
      return success({ filePath: r.path, revision: host.tab(doc.id)?.revision ?? doc.revision });
    }
    case 'save_as':
      return saveAs(host, args, session);
    case 'close': {
      if (args.tabId === undefined)
        return argumentError('workspace.close needs tabId (see session.get_state).');
      if (!host.tab(args.tabId)) return refusal('INVALID_TAB', `No tab with id "${args.tabId}".`);
      const r = await host.close(args.tabId, args.force === true);
      if (!r.ok) return fromRefusal(r);
      return success(r.closed ? { closed: true } : { closed: false, reason: 'DIRTY' });
    }
    case 'switch_tab': {
      if (args.tabId === undefined)
        return argumentError('workspace.switch_tab needs tabId (see session.get_state).');
      const doc = host.tab(args.tabId);
      if (!doc) return refusal('INVALID_TAB', `No tab with id "${args.tabId}".`);
      const before = host.window(doc.windowId)?.activeInstanceId ?? null;
      host.activate(doc.id);
      const w = host.window(doc.windowId);
      const rail = host.settings().workspaceRail;
      return success({
        activated: w?.activeTabId === doc.id,
        workspaceSwitched: rail && before !== (w?.activeInstanceId ?? null),
        workspaceInstanceId: rail ? (w?.activeInstanceId ?? null) : null,
        activeTabId: w?.activeTabId ?? null,
      });
    }
    case 'focus_window': {
      if (!args.windowLabel)
        return argumentError('workspace.focus_window needs windowLabel (see session.get_state).');
      const r = await host.focusWindow(args.windowLabel, client);
      if (!r.ok) return fromRefusal(r);
      return success(r.focused ? { focused: true } : { focused: false, attention: ATTENTION });
    }
  }
}

async function open(host: WorkspaceToolHost, args: WorkspaceArgs): Promise<CallToolResult> {
  if (args.filePath === undefined)
    return argumentError('workspace.open needs filePath, such as /notes/todo.md.');
  const resolved = host.resolvePath(args.filePath);
  if (!resolved.ok) return fromRefusal(resolved);
  const scope = inScope(host, resolved.path);
  if (scope) return pathRefusal(scope);
  const existing = host.findByPath(resolved.path);
  if (existing) {
    const r = await host.reloadIfClean(existing.id);
    if (!r.ok) return fromRefusal(r);
    return success({
      tabId: existing.id,
      alreadyOpen: true,
      reloaded: r.reloaded,
      ...(r.dirty
        ? {
            reason:
              'The tab has unsaved changes, so it was not reloaded from disk; use switch_tab to show it.',
          }
        : {}),
      workspaceInstanceId: instanceOf(host, existing.id),
      workspaceSwitched: false,
      activationChanged: false,
    });
  }
  const r = await host.open(args.windowLabel ?? targetWindow(host), resolved.path);
  if (!r.ok) return fromRefusal(r);
  return success({
    tabId: r.tabId,
    alreadyOpen: false,
    reloaded: false,
    workspaceInstanceId: instanceOf(host, r.tabId),
    workspaceSwitched: false,
    activationChanged: false,
  });
}

async function openWorkspace(
  host: WorkspaceToolHost,
  args: WorkspaceArgs,
  client: string,
): Promise<CallToolResult> {
  const folderPath = args.folderPath;
  if (folderPath === undefined) return argumentError('workspace.open_workspace needs folderPath.');
  const mounted = /^\/([^/]+)$/.exec(folderPath)?.[1];
  const ws = mounted ? host.workspaces().find((w) => w.mount === mounted) : undefined;
  if (ws && ws.access === 'granted')
    return success({ opened: true, folderPath, alreadyOpen: true });
  const granted = host.consumeApproval('open_workspace', folderPath);
  if (granted) return success({ opened: true, folderPath: `/${granted}` });
  const windowId = targetWindow(host);
  host.askApproval('open_workspace', folderPath, windowId, client);
  return needsApproval(
    `The person has to pick the folder "${folderPath}" in VMark Web (a dialog is open in window ${windowId}). Tell them, and call open_workspace again after they answer.`,
    { folderPath, windowLabel: windowId },
  );
}

/** Why save_as does not write over a file that exists. */
function overwriteRefused(path: string): string {
  return `${path} already exists, and an AI client never saves over a file that exists: overwriting it is the person's to do, in VMark Web. Choose another filePath, or ask the person.`;
}

async function saveAs(
  host: WorkspaceToolHost,
  args: WorkspaceArgs,
  session?: Reads,
): Promise<CallToolResult> {
  const doc = targetTab(host, args.tabId);
  if (typeof doc === 'string') return refusal('INVALID_TAB', doc);
  if (args.filePath === undefined)
    return argumentError('workspace.save_as needs filePath, such as /notes/new.md.');
  const resolved = host.resolvePath(args.filePath);
  if (!resolved.ok) return fromRefusal(resolved);
  const scope = inScope(host, resolved.path);
  if (scope) return pathRefusal(scope);
  if (resolved.path !== doc.path) {
    // Checked first: no prompt can approve an overwrite, so a client is never asked to get an
    // approval that would only lead to this refusal.
    if (await host.pathExists(resolved)) {
      return refusal('NAME_CLASH', overwriteRefused(resolved.path), { filePath: resolved.path });
    }
    if (!host.settings().autoApproveEdits) {
      host.saveAsNeedsApproval(host.title(doc), resolved.path);
      return needsApproval(
        'Saving to a new location needs the person\'s approval: "Auto-approve edits" is off in Settings → Integrations.',
        { filePath: resolved.path },
      );
    }
  }
  const r = await host.save(doc.id, resolved.path, resolved.path === doc.path);
  if (!r.ok) return fromRefusal(r);
  await recordSave(host, doc.id, r.path, session);
  return success({ filePath: r.path, revision: host.tab(doc.id)?.revision ?? doc.revision });
}
