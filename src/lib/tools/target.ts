/** Which window and which tab an AI request is about, when it does not say. */
import { checkPathScope } from '../paths';
import type { DocumentsHost, FilesHost, TabView, WindowsHost } from './host';

/** The focused window, else `main`, else any attached window. */
export function targetWindow(host: WindowsHost): string {
  const windows = host.windows();
  return (
    windows.find((w) => w.focused)?.id ??
    (host.window('main') ? 'main' : undefined) ??
    windows.find((w) => w.attached)?.id ??
    'main'
  );
}

/** The tab named by `tabId`, or the active tab of the target window; a sentence when none. */
export function targetTab(
  host: WindowsHost & DocumentsHost,
  tabId: string | undefined,
): TabView | string {
  if (tabId !== undefined) {
    return (
      host.tab(tabId) ?? `No tab with id "${tabId}"; call session.get_state for the open tabs.`
    );
  }
  const w = host.window(targetWindow(host));
  const active = w?.activeTabId ? host.tab(w.activeTabId) : undefined;
  return active ?? 'No tab is focused; pass tabId (see session.get_state) or open a file first.';
}

/** SPEC §4: a path must be inside a workspace or in the folder of an open document. */
export function inScope(
  host: WindowsHost & DocumentsHost & FilesHost,
  path: string,
): string | null {
  const openDocumentPaths: string[] = [];
  for (const w of host.windows()) {
    for (const id of w.tabIds) {
      const p = host.tab(id)?.path;
      if (p) openDocumentPaths.push(p);
    }
  }
  const scope = checkPathScope(path, {
    workspaceRoots: host.workspaces().map((ws) => `/${ws.mount}`),
    openDocumentPaths,
  });
  return scope.ok ? null : scope.reason;
}
