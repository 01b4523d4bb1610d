/** Which window and which tab an AI request is about, when it does not say. */
import type { Core } from '../core';
import type { DocState } from '../documentStore';
import { checkPathScope } from '../../paths';

/** The focused window, else `main`, else any window. */
export function targetWindow(core: Core): string {
  const windows = [...core.store.windows.values()];
  return (
    windows.find((w) => w.focused)?.id ??
    (core.store.windows.has('main') ? 'main' : undefined) ??
    windows.find((w) => w.attached)?.id ??
    'main'
  );
}

/** The tab named by `tabId`, or the active tab of the target window. */
export function targetTab(core: Core, tabId: string | undefined): DocState | string {
  if (tabId !== undefined) {
    return (
      core.store.tabs.get(tabId) ??
      `No tab with id "${tabId}"; call session.get_state for the open tabs.`
    );
  }
  const w = core.store.windows.get(targetWindow(core));
  const active = w?.activeTabId ? core.store.tabs.get(w.activeTabId) : undefined;
  return active ?? 'No tab is focused; pass tabId (see session.get_state) or open a file first.';
}

/** SPEC §4: a path must be inside a workspace or in the folder of an open document. */
export function inScope(core: Core, path: string): string | null {
  const scope = checkPathScope(path, {
    workspaceRoots: core.workspaces.mounts().map((m) => `/${m}`),
    openDocumentPaths: [...core.store.tabs.values()].flatMap((d) => (d.path ? [d.path] : [])),
  });
  return scope.ok ? null : scope.reason;
}
