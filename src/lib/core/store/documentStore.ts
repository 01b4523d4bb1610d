/**
 * The core's model of windows, workspace instances and the tabs they show. Pure: no IO. A tab is
 * one document; it can be shown in several windows at once (each window lists it, and places it
 * in its own workspace instance). Text changes never happen here: see documents/transaction.ts.
 */
import { refuse, type Result } from '../../result';
import { createDocState, isDirty, type DocState, type NewDoc } from './docState';
import { applyTransaction, type Transaction } from './transaction';
import type { TabInfo, WindowInfo, WorkspaceInstanceInfo } from '../types';
import type { StoredTab } from '../persistence/db';

export { LF_FORMAT, type DocState, type NewDoc } from './docState';

interface WindowState {
  id: string;
  attached: boolean;
  focused: boolean;
  activeTabId: string | null;
  tabIds: string[];
  /** The workspace instance each tab of this window belongs to here. */
  instanceOf: Map<string, string>;
  instances: WorkspaceInstanceInfo[];
  activeInstanceId: string | null;
}

function mountOf(path: string | null): string | null {
  if (!path) return null;
  return path.split('/')[1] ?? null;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Where a tab's file is, its untitled name or its window change through the one transaction path
 * too, as facts that move no text (so they never fail).
 */
function assign(doc: DocState, facts: Pick<Transaction, 'meta'>['meta']): void {
  applyTransaction(doc, { origin: 'store', write: false, meta: facts });
}

export class DocumentStore {
  readonly windows = new Map<string, WindowState>();
  readonly tabs = new Map<string, DocState>();
  private tabSeq = 0;
  private instanceSeq = 0;
  private untitledSeq = 0;

  /** Picks a window id: the preferred one when free, else `main`, else `doc-2`, `doc-3`, … */
  claimWindowId(preferred: string | null): string {
    const free = (id: string) => !this.windows.get(id)?.attached;
    let id: string;
    if (preferred && /^(main|doc-\d+)$/.test(preferred) && free(preferred)) id = preferred;
    else if (free('main')) id = 'main';
    else {
      let n = 2;
      while (!free(`doc-${n}`)) n++;
      id = `doc-${n}`;
    }
    const existing = this.windows.get(id);
    if (existing) existing.attached = true;
    else this.windows.set(id, this.blankWindow(id, true));
    return id;
  }

  private blankWindow(id: string, attached: boolean): WindowState {
    return {
      id,
      attached,
      focused: false,
      activeTabId: null,
      tabIds: [],
      instanceOf: new Map(),
      instances: [],
      activeInstanceId: null,
    };
  }

  ensureWindow(id: string): WindowState {
    let w = this.windows.get(id);
    if (!w) {
      w = this.blankWindow(id, false);
      this.windows.set(id, w);
    }
    return w;
  }

  detachWindow(id: string): void {
    const w = this.windows.get(id);
    if (w) {
      w.attached = false;
      w.focused = false;
    }
  }

  /** Moves every tab of `from` into `to` (a window that went away for good). */
  mergeWindow(from: string, to: string): void {
    const source = this.windows.get(from);
    if (!source || from === to) return;
    for (const tabId of [...source.tabIds]) {
      const doc = this.tabs.get(tabId);
      if (!doc) continue;
      this.unplace(doc, from);
      if (!this.windowsOf(tabId).includes(to)) this.place(doc, to);
      if (doc.windowId === from) assign(doc, { windowId: to });
    }
    this.windows.delete(from);
  }

  private instanceFor(w: WindowState, mount: string | null): WorkspaceInstanceInfo {
    let inst = w.instances.find((i) => i.mount === mount);
    if (!inst) {
      inst = { id: `ws-${++this.instanceSeq}`, mount, label: mount ?? 'Loose files' };
      w.instances.push(inst);
    }
    w.activeInstanceId ??= inst.id;
    return inst;
  }

  /** Shows the tab in a window (at the end of its tab strip). */
  private place(doc: DocState, windowId: string): void {
    const w = this.ensureWindow(windowId);
    if (!w.tabIds.includes(doc.id)) w.tabIds.push(doc.id);
    w.instanceOf.set(doc.id, this.instanceFor(w, mountOf(doc.path)).id);
  }

  /** Takes the tab out of one window; another tab of the window becomes active. */
  private unplace(doc: DocState, windowId: string): void {
    const w = this.windows.get(windowId);
    if (!w) return;
    const index = w.tabIds.indexOf(doc.id);
    if (index < 0) return;
    const instance = w.instanceOf.get(doc.id);
    w.tabIds.splice(index, 1);
    w.instanceOf.delete(doc.id);
    if (w.activeTabId === doc.id) {
      const sameInstance = w.tabIds.filter((t) => w.instanceOf.get(t) === instance);
      w.activeTabId = sameInstance[Math.min(index, sameInstance.length - 1)] ?? w.tabIds[0] ?? null;
    }
  }

  addTab(windowId: string, init: NewDoc): DocState {
    const id = init.id ?? `tab-${++this.tabSeq}`;
    const seq = Number(/^tab-(\d+)$/.exec(id)?.[1] ?? 0);
    if (seq > this.tabSeq) this.tabSeq = seq;
    const doc = createDocState(
      id,
      windowId,
      init.path ? null : `Untitled-${++this.untitledSeq}`,
      init,
    );
    this.tabs.set(id, doc);
    this.place(doc, windowId);
    return doc;
  }

  /** Shows an open tab in one more window (the same document, kept in step everywhere). */
  showIn(tabId: string, windowId: string): Result {
    const found = this.tab(tabId);
    if (!found.ok) return found;
    this.place(found.doc, windowId);
    return this.activate(tabId, windowId);
  }

  /** The windows that list the tab, its first window first. */
  windowsOf(tabId: string): string[] {
    const out: string[] = [];
    for (const w of this.windows.values()) if (w.tabIds.includes(tabId)) out.push(w.id);
    const doc = this.tabs.get(tabId);
    if (doc && out.includes(doc.windowId)) {
      out.splice(out.indexOf(doc.windowId), 1);
      out.unshift(doc.windowId);
    }
    return out;
  }

  /** The tab's workspace instance in a window (its first window by default). */
  instanceIn(tabId: string, windowId?: string): string | null {
    const doc = this.tabs.get(tabId);
    const w = this.windows.get(windowId ?? doc?.windowId ?? '');
    return w?.instanceOf.get(tabId) ?? null;
  }

  findByPath(path: string): DocState | undefined {
    for (const doc of this.tabs.values()) if (doc.path === path) return doc;
    return undefined;
  }

  /** The tabs as the layout keeps them, to reopen them after a restart. */
  layout(): StoredTab[] {
    return [...this.tabs.values()].map((d) => ({
      id: d.id,
      windowId: d.windowId,
      path: d.path,
      kind: d.kind,
      mode: d.mode,
      active: this.windows.get(d.windowId)?.activeTabId === d.id,
    }));
  }

  /** The text of the tab showing `path`, and whether it has unsaved edits; null when none does. */
  openText(path: string): { text: string; dirty: boolean } | null {
    const doc = this.findByPath(path);
    return doc ? { text: doc.text, dirty: isDirty(doc) } : null;
  }

  tab(tabId: string): Result<{ doc: DocState }> {
    const doc = this.tabs.get(tabId);
    return doc ? { ok: true, doc } : refuse('INVALID_TAB', `No tab with id "${tabId}".`);
  }

  /** Makes the tab active in a window (its first one by default) and shows its instance there. */
  activate(tabId: string, windowId?: string): Result {
    const found = this.tab(tabId);
    if (!found.ok) return found;
    const id = windowId ?? found.doc.windowId;
    const w = this.windows.get(id);
    if (!w || !w.tabIds.includes(tabId)) {
      return refuse('INVALID_TAB', `Tab ${tabId} is not shown in window "${id}".`);
    }
    w.activeTabId = tabId;
    w.activeInstanceId = w.instanceOf.get(tabId) ?? w.activeInstanceId;
    return { ok: true };
  }

  activateInstance(windowId: string, instanceId: string): Result {
    const w = this.windows.get(windowId);
    if (!w || !w.instances.some((i) => i.id === instanceId)) {
      return refuse(
        'INVALID_TAB',
        `No workspace instance "${instanceId}" in window "${windowId}".`,
      );
    }
    w.activeInstanceId = instanceId;
    const current = w.activeTabId;
    if (!current || w.instanceOf.get(current) !== instanceId) {
      const inInstance = w.tabIds.filter((t) => w.instanceOf.get(t) === instanceId);
      w.activeTabId = inInstance[inInstance.length - 1] ?? null;
    }
    return { ok: true };
  }

  /** The tab now has a file at `path` (a save to a new place): its instances follow. */
  setPath(doc: DocState, path: string): void {
    if (doc.path === path) return;
    assign(doc, { path, untitledName: null });
    for (const windowId of this.windowsOf(doc.id)) {
      const w = this.windows.get(windowId) as WindowState;
      w.instanceOf.set(doc.id, this.instanceFor(w, mountOf(path)).id);
      if (w.activeTabId === doc.id) w.activeInstanceId = w.instanceOf.get(doc.id) ?? null;
    }
  }

  /**
   * Takes the tab out of one window; answers whether another window still shows it (if not, the
   * document is gone too).
   */
  closeIn(tabId: string, windowId: string): boolean {
    const doc = this.tabs.get(tabId);
    if (!doc) return false;
    this.unplace(doc, windowId);
    const left = this.windowsOf(tabId);
    if (left.length === 0) {
      this.tabs.delete(tabId);
      return false;
    }
    if (doc.windowId === windowId) assign(doc, { windowId: left[0] });
    return true;
  }

  removeTab(tabId: string): void {
    const doc = this.tabs.get(tabId);
    if (!doc) return;
    for (const windowId of this.windowsOf(tabId)) this.unplace(doc, windowId);
    this.tabs.delete(tabId);
  }

  /** Paths under `oldPath` (a file or folder) now live under `newPath`. */
  renamePaths(oldPath: string, newPath: string): void {
    for (const doc of this.tabs.values()) {
      if (!doc.path) continue;
      if (doc.path === oldPath) assign(doc, { path: newPath });
      else if (doc.path.startsWith(oldPath + '/'))
        assign(doc, { path: newPath + doc.path.slice(oldPath.length) });
    }
  }

  title(doc: DocState): string {
    return doc.path ? basename(doc.path) : (doc.untitledName ?? 'Untitled');
  }

  tabInfo(doc: DocState): TabInfo {
    return {
      id: doc.id,
      windowId: doc.windowId,
      instanceId: this.instanceIn(doc.id) ?? '',
      title: this.title(doc),
      path: doc.path,
      kind: doc.kind,
      revision: doc.revision,
      version: doc.version,
      dirty: isDirty(doc),
      readOnly: doc.readOnlyReason !== null,
      readOnlyReason: doc.readOnlyReason,
      mode: doc.mode,
      sourceOnly: doc.sourceOnly,
      notice: doc.notice,
      pending: doc.pending,
    };
  }

  windowInfos(): WindowInfo[] {
    return [...this.windows.values()].map((w) => ({
      id: w.id,
      attached: w.attached,
      focused: w.focused,
      activeTabId: w.activeTabId,
      tabIds: [...w.tabIds],
      tabInstances: Object.fromEntries(w.instanceOf),
      instances: w.instances.map((i) => ({ ...i })),
      activeInstanceId: w.activeInstanceId,
    }));
  }
}
