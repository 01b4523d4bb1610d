/** What the menus, buttons and shortcuts do: each action asks the core and reports refusals. */
import type { TabInfo } from '../../core/types';
import { app } from './appState.svelte';
import { dialogs } from './dialogs.svelte';
import { t } from '../../i18n/i18n.svelte';

type Picker = (options?: { mode?: 'read' | 'readwrite' }) => Promise<FileSystemDirectoryHandle>;
type Requestable = FileSystemDirectoryHandle & {
  requestPermission?: (d: { mode: 'readwrite' }) => Promise<PermissionState>;
};

function core() {
  if (!app.core) throw new Error('The core is not connected yet.');
  return app.core;
}

export async function newTab(): Promise<void> {
  app.report(await core().newTab(app.windowId));
}

export async function openPath(path: string): Promise<void> {
  app.report(await core().openFile(app.windowId, path));
}

export async function activate(tabId: string): Promise<void> {
  await core().activateTab(app.windowId, tabId);
}

/** Lets every edit typed so far reach the core before a save reads the text. */
async function settle(tab: TabInfo): Promise<void> {
  await app.session(tab.id).settled();
}

export async function save(tab: TabInfo | null = app.activeTab): Promise<boolean> {
  if (!tab) return false;
  if (!tab.path) return saveAs(tab);
  await settle(tab);
  const r = await core().save(tab.id);
  if (r.ok) app.toast(() => t('shell.saved', { path: r.path }));
  else await offerRegrant(r);
  return app.report(r);
}

export async function saveAs(tab: TabInfo | null = app.activeTab): Promise<boolean> {
  if (!tab) return false;
  const suggestion = tab.path ?? `/notes/${tab.title}.md`;
  for (;;) {
    const path = await dialogs.prompt(
      t('shell.saveAsDialog'),
      t('shell.pathLabel'),
      suggestion,
      t('shell.save'),
    );
    if (path === null) return false;
    await settle(tab);
    const r = await core().saveAs(tab.id, path);
    if (r.ok) {
      const saved = r.path;
      app.toast(() => t('shell.saved', { path: saved }));
      app.refreshTree();
      return true;
    }
    app.report(r);
    if (r.error !== 'NAME_CLASH' && r.error !== 'INVALID_PATH' && r.error !== 'NOT_FOUND')
      return false;
  }
}

export async function close(tab: TabInfo): Promise<void> {
  await settle(tab);
  const r = await core().closeTab(tab.id, false, app.windowId);
  if (!app.report(r) || !r.ok || r.closed) return;
  const answer = await dialogs.ask({
    title: t('shell.saveChanges', { title: tab.title }),
    message: t('shell.changesLost'),
    buttons: [
      { label: t('common.cancel'), value: 'cancel' },
      { label: t('shell.dontSave'), value: 'discard', danger: true },
      { label: t('shell.save'), value: 'save', primary: true },
    ],
  });
  if (answer.button === 'cancel') return;
  if (answer.button === 'save' && !(await save(tab))) return;
  app.report(await core().closeTab(tab.id, true, app.windowId));
}

export async function toggleMode(tab: TabInfo | null = app.activeTab): Promise<void> {
  if (!tab) return;
  if (tab.sourceOnly) {
    app.toast(() => t('shell.sourceOnly'), 'error');
    return;
  }
  app.report(await core().setMode(tab.id, tab.mode === 'wysiwyg' ? 'source' : 'wysiwyg'));
}

export async function openFolder(): Promise<void> {
  const pick = (window as unknown as { showDirectoryPicker?: Picker }).showDirectoryPicker;
  if (typeof pick !== 'function') {
    app.toast(() => t('shell.noFolderPicker'), 'error');
    return;
  }
  let handle: FileSystemDirectoryHandle;
  try {
    handle = await pick({ mode: 'readwrite' });
  } catch {
    return; // the person cancelled the picker
  }
  const r = await core().addFolder(handle);
  if (app.report(r) && r.ok) {
    const mount = r.mount;
    app.toast(() => t('shell.openedFolder', { mount }));
    app.refreshTree();
  }
}

/** Asks the browser for access to a folder again (needs the click that called this). */
export async function regrant(mount: string): Promise<boolean> {
  const handle = (await core().folderHandle(mount)) as Requestable | null;
  if (!handle || typeof handle.requestPermission !== 'function') return false;
  try {
    await handle.requestPermission({ mode: 'readwrite' });
  } catch {
    /* refused or dismissed */
  }
  const r = await core().accessChanged(mount);
  app.refreshTree();
  return (
    r.ok &&
    (app.snapshot?.workspaces.find((w) => w.mount === mount)?.access ?? 'prompt') === 'granted'
  );
}

async function offerRegrant(r: { ok: boolean; error?: string; message?: string }): Promise<void> {
  if (r.error !== 'PERMISSION') return;
  const mount = app.snapshot?.workspaces.find((w) => w.access !== 'granted')?.mount;
  if (!mount) return;
  const yes = await dialogs.confirm(
    t('shell.accessNeeded'),
    t('shell.accessMessage', { message: `${r.message}`, mount }),
    t('shell.grantAccess'),
  );
  if (yes && (await regrant(mount))) app.toast(() => t('shell.accessGranted', { mount }));
}

export async function createIn(dir: string, kind: 'file' | 'directory'): Promise<void> {
  // The suggested names stay English: they become names on disk.
  let suggestion = kind === 'file' ? 'Untitled.md' : 'New folder';
  for (;;) {
    const name = await dialogs.prompt(
      kind === 'file' ? t('shell.newFileIn', { dir }) : t('shell.newFolderIn', { dir }),
      t('shell.name'),
      suggestion,
      t('shell.create'),
    );
    if (name === null) return;
    const r = await core().createEntry(dir, name, kind);
    app.refreshTree();
    if (r.ok) {
      if (kind === 'file') await openPath(r.path);
      return;
    }
    app.report(r);
    suggestion = name;
  }
}

export async function rename(path: string): Promise<void> {
  const current = path.slice(path.lastIndexOf('/') + 1);
  let suggestion = current;
  for (;;) {
    const name = await dialogs.prompt(
      t('shell.renameTitle', { name: current }),
      t('shell.newName'),
      suggestion,
      t('shell.rename'),
    );
    if (name === null || name === current) return;
    const r = await core().renameEntry(path, name);
    app.refreshTree();
    if (r.ok) return;
    app.report(r);
    suggestion = name;
  }
}

export async function remove(path: string, kind: 'file' | 'directory'): Promise<void> {
  const ok = await dialogs.confirm(
    t('shell.deleteTitle', { path }),
    kind === 'file' ? t('shell.deletesFile') : t('shell.deletesFolder'),
    t('shell.delete'),
    true,
  );
  if (!ok) return;
  app.report(await core().deleteEntry(path));
  app.refreshTree();
}

export function newWindow(): void {
  // noopener: the new window must not inherit this window's id through sessionStorage.
  window.open(location.origin + '/', '_blank', 'noopener');
}
