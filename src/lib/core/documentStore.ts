/**
 * The core's model of windows, workspace instances, tabs and their texts. Pure: no IO. The core
 * wraps it with files, IndexedDB and notifications.
 */
import { isRevision, newRevision } from '../revisions/revision';
import { refuse, type Result } from './errors';
import { applySplices, type Splice } from './textEdit';
import type {
  DocKind,
  EditorMode,
  TabInfo,
  TextFormat,
  WindowInfo,
  WorkspaceInstanceInfo,
} from './types';

export interface DocState {
  id: string;
  windowId: string;
  instanceId: string;
  path: string | null;
  untitledName: string | null;
  kind: DocKind;
  text: string;
  /** The text as last loaded from or saved to disk: dirty is `text !== savedText`. */
  savedText: string;
  revision: string;
  format: TextFormat;
  readOnlyReason: string | null;
  mode: EditorMode;
  sourceOnly: boolean;
  notice: string | null;
  pending: boolean;
}

interface WindowState {
  id: string;
  attached: boolean;
  focused: boolean;
  activeTabId: string | null;
  tabIds: string[];
  instances: WorkspaceInstanceInfo[];
  activeInstanceId: string | null;
}

export const LF_FORMAT: TextFormat = { bom: false, eol: 'lf', mixedEol: false };

export type NewDoc = Pick<DocState, 'path' | 'kind' | 'text' | 'format'> &
  Partial<Pick<DocState, 'readOnlyReason' | 'mode' | 'sourceOnly' | 'notice' | 'savedText' | 'id'>>;

function mountOf(path: string | null): string | null {
  if (!path) return null;
  return path.split('/')[1] ?? null;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
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
      if (doc) this.placeTab(doc, to);
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

  private placeTab(doc: DocState, windowId: string): void {
    const old = this.windows.get(doc.windowId);
    if (old) {
      old.tabIds = old.tabIds.filter((t) => t !== doc.id);
      if (old.activeTabId === doc.id) old.activeTabId = old.tabIds[old.tabIds.length - 1] ?? null;
    }
    const w = this.ensureWindow(windowId);
    doc.windowId = windowId;
    doc.instanceId = this.instanceFor(w, mountOf(doc.path)).id;
    w.tabIds.push(doc.id);
  }

  addTab(windowId: string, init: NewDoc): DocState {
    const id = init.id ?? `tab-${++this.tabSeq}`;
    const seq = Number(/^tab-(\d+)$/.exec(id)?.[1] ?? 0);
    if (seq > this.tabSeq) this.tabSeq = seq;
    const doc: DocState = {
      id,
      windowId,
      instanceId: '',
      path: init.path,
      untitledName: init.path ? null : `Untitled-${++this.untitledSeq}`,
      kind: init.kind,
      text: init.text,
      savedText: init.savedText ?? init.text,
      revision: newRevision(),
      format: init.format,
      readOnlyReason: init.readOnlyReason ?? null,
      mode: init.mode ?? 'wysiwyg',
      sourceOnly: init.sourceOnly ?? false,
      notice: init.notice ?? null,
      pending: false,
    };
    this.tabs.set(id, doc);
    this.placeTab(doc, windowId);
    return doc;
  }

  findByPath(path: string): DocState | undefined {
    for (const doc of this.tabs.values()) if (doc.path === path) return doc;
    return undefined;
  }

  tab(tabId: string): Result<{ doc: DocState }> {
    const doc = this.tabs.get(tabId);
    return doc ? { ok: true, doc } : refuse('INVALID_TAB', `No tab with id "${tabId}".`);
  }

  /** Makes `tabId` the active tab of its window and shows its workspace instance. */
  activate(tabId: string): Result {
    const found = this.tab(tabId);
    if (!found.ok) return found;
    const w = this.ensureWindow(found.doc.windowId);
    w.activeTabId = tabId;
    w.activeInstanceId = found.doc.instanceId;
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
    const current = w.activeTabId ? this.tabs.get(w.activeTabId) : undefined;
    if (current?.instanceId !== instanceId) {
      const inInstance = w.tabIds.filter((t) => this.tabs.get(t)?.instanceId === instanceId);
      w.activeTabId = inInstance[inInstance.length - 1] ?? null;
    }
    return { ok: true };
  }

  /** Applies an edit made against `baseRevision`; any other revision is refused as STALE. */
  edit(
    tabId: string,
    baseRevision: string,
    splices: readonly Splice[],
    proposed?: string,
  ): Result<{ revision: string; changed: boolean }> {
    const found = this.tab(tabId);
    if (!found.ok) return found;
    const doc = found.doc;
    if (doc.readOnlyReason) return refuse('READ_ONLY', doc.readOnlyReason);
    if (baseRevision !== doc.revision) {
      return refuse('STALE', `The document is at ${doc.revision}, not ${baseRevision}.`, {
        current_revision: doc.revision,
      });
    }
    let next: string;
    try {
      next = applySplices(doc.text, splices);
    } catch (e) {
      return refuse('INTERNAL', (e as Error).message);
    }
    return { ok: true, ...this.setText(doc, next, proposed) };
  }

  /** Replaces the text; the revision changes only when the text does. */
  setText(doc: DocState, text: string, proposed?: string): { revision: string; changed: boolean } {
    if (text === doc.text) return { revision: doc.revision, changed: false };
    doc.text = text;
    // A window may propose the token (it drew it when the person typed); any other is drawn here.
    doc.revision =
      proposed && isRevision(proposed) && proposed !== doc.revision
        ? proposed
        : newRevision(doc.revision);
    return { revision: doc.revision, changed: true };
  }

  markSaved(doc: DocState, path: string): void {
    if (doc.path !== path) {
      doc.path = path;
      doc.untitledName = null;
      this.placeTab(doc, doc.windowId);
      this.activate(doc.id);
    }
    doc.savedText = doc.text;
  }

  removeTab(tabId: string): void {
    const doc = this.tabs.get(tabId);
    if (!doc) return;
    this.tabs.delete(tabId);
    const w = this.windows.get(doc.windowId);
    if (!w) return;
    const index = w.tabIds.indexOf(tabId);
    w.tabIds.splice(index, 1);
    if (w.activeTabId === tabId) {
      const sameInstance = w.tabIds.filter((t) => this.tabs.get(t)?.instanceId === doc.instanceId);
      w.activeTabId = sameInstance[Math.min(index, sameInstance.length - 1)] ?? w.tabIds[0] ?? null;
    }
  }

  /** Paths under `oldPath` (a file or folder) now live under `newPath`. */
  renamePaths(oldPath: string, newPath: string): void {
    for (const doc of this.tabs.values()) {
      if (!doc.path) continue;
      if (doc.path === oldPath) doc.path = newPath;
      else if (doc.path.startsWith(oldPath + '/'))
        doc.path = newPath + doc.path.slice(oldPath.length);
    }
  }

  title(doc: DocState): string {
    return doc.path ? basename(doc.path) : (doc.untitledName ?? 'Untitled');
  }

  tabInfo(doc: DocState): TabInfo {
    return {
      id: doc.id,
      windowId: doc.windowId,
      instanceId: doc.instanceId,
      title: this.title(doc),
      path: doc.path,
      kind: doc.kind,
      revision: doc.revision,
      dirty: doc.text !== doc.savedText,
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
      instances: w.instances.map((i) => ({ ...i })),
      activeInstanceId: w.activeInstanceId,
    }));
  }
}
