/** `workspace`: open, create, save, close and switch documents, and open folders with consent. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { argumentError, needsApproval, refusal, success, type WorkspaceArgs } from '../../mcp';
import type { Core } from '../core';
import { fileAt } from '../fileAccess';
import { inScope, targetTab, targetWindow } from './target';

function pathRefusal(message: string): CallToolResult {
  return refusal('INVALID_PATH', message);
}

export async function workspaceTool(
  core: Core,
  args: WorkspaceArgs,
  client: string,
): Promise<CallToolResult> {
  switch (args.action) {
    case 'new': {
      const windowId = args.windowLabel ?? targetWindow(core);
      if (!core.store.windows.has(windowId))
        return refusal('INTERNAL', `Unknown windowLabel: ${windowId}`);
      const r = await core.newTab(windowId);
      const doc = core.store.tabs.get(r.tabId);
      if (doc && args.kind) doc.kind = args.kind;
      return success({ tabId: r.tabId });
    }
    case 'open':
      return open(core, args);
    case 'open_workspace':
      return openWorkspace(core, args, client);
    case 'save': {
      const doc = targetTab(core, args.tabId);
      if (typeof doc === 'string') return refusal('INVALID_TAB', doc);
      if (!doc.path)
        return pathRefusal('This tab has no file path yet; use workspace.save_as with a filePath.');
      const scope = inScope(core, doc.path);
      if (scope) return pathRefusal(scope);
      const r = await core.save(doc.id);
      if (!r.ok) return refusal(r.error === 'READ_ONLY' ? 'READ_ONLY' : 'INVALID_PATH', r.message);
      return success({ filePath: r.path, revision: doc.revision });
    }
    case 'save_as':
      return saveAs(core, args);
    case 'close': {
      if (args.tabId === undefined)
        return argumentError('workspace.close needs tabId (see session.get_state).');
      const doc = core.store.tabs.get(args.tabId);
      if (!doc) return refusal('INVALID_TAB', `No tab with id "${args.tabId}".`);
      const r = await core.closeTab(doc.id, args.force === true);
      if (!r.ok) return refusal('INTERNAL', r.message);
      return success(r.closed ? { closed: true } : { closed: false, reason: 'DIRTY' });
    }
    case 'switch_tab': {
      if (args.tabId === undefined)
        return argumentError('workspace.switch_tab needs tabId (see session.get_state).');
      const doc = core.store.tabs.get(args.tabId);
      if (!doc) return refusal('INVALID_TAB', `No tab with id "${args.tabId}".`);
      const before = core.store.windows.get(doc.windowId)?.activeInstanceId ?? null;
      await core.activateTab(doc.windowId, doc.id);
      const w = core.store.windows.get(doc.windowId);
      return success({
        activated: w?.activeTabId === doc.id,
        workspaceSwitched: core.settings.workspaceRail && before !== (w?.activeInstanceId ?? null),
        workspaceInstanceId: core.settings.workspaceRail ? (w?.activeInstanceId ?? null) : null,
        activeTabId: w?.activeTabId ?? null,
      });
    }
    case 'focus_window': {
      if (!args.windowLabel)
        return argumentError('workspace.focus_window needs windowLabel (see session.get_state).');
      if (!core.store.windows.get(args.windowLabel)?.attached) {
        return refusal('INTERNAL', `Unknown windowLabel: ${args.windowLabel}`);
      }
      core.requestFocus(args.windowLabel);
      return success({});
    }
  }
}

async function open(core: Core, args: WorkspaceArgs): Promise<CallToolResult> {
  if (args.filePath === undefined)
    return argumentError('workspace.open needs filePath, such as /notes/todo.md.');
  const resolved = core.workspaces.resolve(args.filePath);
  if (!resolved.ok) return pathRefusal(resolved.message);
  const scope = inScope(core, resolved.path);
  if (scope) return pathRefusal(scope);
  const windowId = args.windowLabel ?? targetWindow(core);
  const existing = core.store.findByPath(resolved.path);
  if (existing) {
    const dirty = existing.text !== existing.savedText;
    const reloaded = dirty ? false : await core.reloadFromDisk(existing);
    core.changed();
    return success({
      tabId: existing.id,
      alreadyOpen: true,
      reloaded,
      ...(dirty
        ? {
            reason:
              'The tab has unsaved changes, so it was not reloaded from disk; use switch_tab to show it.',
          }
        : {}),
      workspaceInstanceId: existing.instanceId,
      workspaceSwitched: false,
      activationChanged: false,
    });
  }
  const r = await core.openFile(windowId, resolved.path, false);
  if (!r.ok) return pathRefusal(r.message);
  const doc = core.store.tabs.get(r.tabId);
  return success({
    tabId: r.tabId,
    alreadyOpen: false,
    reloaded: false,
    workspaceInstanceId: doc?.instanceId ?? null,
    workspaceSwitched: false,
    activationChanged: false,
  });
}

async function openWorkspace(
  core: Core,
  args: WorkspaceArgs,
  client: string,
): Promise<CallToolResult> {
  const folderPath = args.folderPath;
  if (folderPath === undefined) return argumentError('workspace.open_workspace needs folderPath.');
  const mounted = /^\/([^/]+)$/.exec(folderPath)?.[1];
  const ws = mounted ? core.workspaces.get(mounted) : undefined;
  if (ws && ws.access === 'granted')
    return success({ opened: true, folderPath, alreadyOpen: true });
  const granted = core.approvals.consume('open_workspace', folderPath);
  if (granted) {
    core.changed();
    return success({ opened: true, folderPath: `/${granted}` });
  }
  const windowId = targetWindow(core);
  core.approvals.ask('open_workspace', folderPath, windowId, client);
  core.changed();
  return needsApproval(
    `The person has to pick the folder "${folderPath}" in VMark Web (a dialog is open in window ${windowId}). Tell them, and call open_workspace again after they answer.`,
    { folderPath, windowLabel: windowId },
  );
}

async function saveAs(core: Core, args: WorkspaceArgs): Promise<CallToolResult> {
  const doc = targetTab(core, args.tabId);
  if (typeof doc === 'string') return refusal('INVALID_TAB', doc);
  if (args.filePath === undefined)
    return argumentError('workspace.save_as needs filePath, such as /notes/new.md.');
  const resolved = core.workspaces.resolve(args.filePath);
  if (!resolved.ok) return pathRefusal(resolved.message);
  const scope = inScope(core, resolved.path);
  if (scope) return pathRefusal(scope);
  if (resolved.path !== doc.path) {
    if (!core.settings.autoApproveEdits) {
      core.notify(
        `An AI client wanted to save "${core.store.title(doc)}" as ${resolved.path}; turn on Settings → Integrations → Auto-approve edits to allow this.`,
      );
      return needsApproval(
        'Saving to a new location needs the person\'s approval: "Auto-approve edits" is off in Settings → Integrations.',
        { filePath: resolved.path },
      );
    }
    const taken = await fileAt(resolved.ws.handle, resolved.segments).then(
      () => true,
      () => false,
    );
    if (taken) {
      return needsApproval(
        `Refusing to overwrite the existing file ${resolved.path} without the person's approval.`,
        {
          filePath: resolved.path,
        },
      );
    }
  }
  const r = await core.saveAs(doc.id, resolved.path);
  if (!r.ok) return refusal(r.error === 'READ_ONLY' ? 'READ_ONLY' : 'INVALID_PATH', r.message);
  return success({ filePath: r.path, revision: doc.revision });
}
