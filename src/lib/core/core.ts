/**
 * The core: the one owner of tabs, documents, workspaces and settings. It runs in a SharedWorker
 * (a dedicated Worker where SharedWorker is missing); every window is a view on it.
 */
import { dirnameOf } from '../paths';
import { resolveKind } from '../documents/kind';
import { encodeFile } from '../markdown/textCodec';
import { openCoreDb, type Db, type StoredTab } from './db';
import { DocumentStore, LF_FORMAT, type DocState } from './documentStore';
import { refuse, type Result } from './errors';
import { dirAt, exists, fileAt, ioRefusal, isNotFound, writeFile } from './fileAccess';
import { Journal } from './journal';
import { readDocument } from './openDocument';
import { createEntry, deleteEntry, listDir, renameEntry } from './treeOps';
import { DELETED, loadFromDisk, restoreSession } from './restore';
import type { Splice } from './textEdit';
import {
  DEFAULT_SETTINGS,
  type CoreApi,
  type EditorAgent,
  type EditorMode,
  type Settings,
  type Snapshot,
} from './types';
import { Workspaces } from './workspaces';
import { Approvals } from './approvals';
import { HubLink, type AiClient, type LinkState } from './mcp/hubLink';
import { openMcpSession } from './mcp/server';
import { mergeSettings } from './settings';
import { transformTab } from './transformTab';
import type { TransformKind } from '../cjk';
import { WindowLinks, type Listener } from './windowLinks';

/** How long a closed secondary window's tabs wait for it to come back before joining `main`. */
const WINDOW_GRACE_MS = 10_000;

export class Core implements CoreApi {
  readonly store = new DocumentStore();
  settings: Settings = { ...DEFAULT_SETTINGS };
  notices: string[] = [];
  readonly approvals = new Approvals();
  private link: { state: LinkState; clients: AiClient[] } = { state: 'offline', clients: [] };
  private readonly windows = new WindowLinks();
  private snapshotQueued = false;
  private layoutQueued = false;

  private constructor(
    private readonly db: Db,
    readonly workspaces: Workspaces,
    private readonly journal: Journal,
  ) {}

  static async start(dbName?: string): Promise<Core> {
    const db = await openCoreDb(dbName);
    const workspaces = new Workspaces(db);
    await workspaces.init();
    const core = new Core(db, workspaces, new Journal(db));
    core.startHubLink();
    core.settings = mergeSettings(DEFAULT_SETTINGS, await db.get('settings', 'settings'));
    const restored = await restoreSession(db, core.journal, core.store, workspaces);
    if (restored > 0) {
      core.notices.push(
        `Restored unsaved changes in ${restored} document${restored === 1 ? '' : 's'} from your last session.`,
      );
    }
    return core;
  }

  // ── AI clients ─────────────────────────────────────────────────────────

  /** Connects to the hub that served the app; without one (another server) AI stays off. */
  private startHubLink(): void {
    const { protocol, host } = self.location;
    if (protocol !== 'http:' && protocol !== 'https:') return;
    const link = new HubLink(`${protocol === 'https:' ? 'wss' : 'ws'}://${host}/app`, {
      openSession: (transport, client) =>
        openMcpSession(this, transport, client?.name ?? 'An AI client'),
      linkChanged: (state, clients) => {
        this.link = { state, clients };
        this.changed();
      },
    });
    link.start();
  }

  /** Asks a window to bring itself to the front. */
  requestFocus(windowId: string): void {
    this.windows.send(windowId, { type: 'focus' });
  }

  /** The live editors of a window, for selection requests. */
  editorAgent(windowId: string): EditorAgent | null {
    return this.windows.agent(windowId);
  }

  /** A window to run work the core cannot run itself (workers), `preferred` first. */
  anyAgent(preferred: string): EditorAgent | null {
    return this.windows.anyAgent(preferred);
  }

  /** A message for the person, shown as a toast in every window. */
  notify(message: string): void {
    this.notices.push(message);
    this.changed();
  }

  async answerApproval(id: string, mount: string | null): Promise<void> {
    this.approvals.answer(id, mount);
    this.changed();
  }

  // ── windows ────────────────────────────────────────────────────────────

  async attach(preferredId: string | null, listener: Listener, agent?: EditorAgent) {
    const windowId = this.store.claimWindowId(preferredId);
    this.windows.register(windowId, listener, agent);
    this.changed();
    return { windowId, snapshot: this.makeSnapshot() };
  }

  /** The window holds its Web Lock now; when the lock frees up, the window is gone. */
  async confirmWindow(windowId: string): Promise<void> {
    const generation = this.windows.generation(windowId);
    void navigator.locks.request(`vmark-window-${windowId}`, async () => {
      if (!this.windows.isCurrent(windowId, generation)) return;
      this.windows.drop(windowId);
      this.store.detachWindow(windowId);
      this.changed();
      if (windowId !== 'main') {
        setTimeout(() => {
          const w = this.store.windows.get(windowId);
          if (w && !w.attached && this.store.windows.get('main')) {
            this.store.mergeWindow(windowId, 'main');
            this.layoutChanged();
          }
        }, WINDOW_GRACE_MS);
      }
    });
  }

  async setWindowFocus(windowId: string, focused: boolean): Promise<void> {
    const w = this.store.windows.get(windowId);
    if (!w) return;
    if (focused) for (const other of this.store.windows.values()) other.focused = false;
    w.focused = focused;
    this.changed();
  }

  async snapshot(): Promise<Snapshot> {
    return this.makeSnapshot();
  }

  private makeSnapshot(): Snapshot {
    return {
      windows: this.store.windowInfos(),
      tabs: [...this.store.tabs.values()].map((d) => this.store.tabInfo(d)),
      workspaces: this.workspaces.infos(),
      settings: { ...this.settings },
      notices: [...this.notices],
      ai: { state: this.link.state, clients: this.link.clients.map((c) => c.name) },
      approvals: this.approvals.pending.map((a) => ({ ...a })),
    };
  }

  /** Sends one snapshot to every window after the current burst of changes. */
  changed(): void {
    if (this.snapshotQueued) return;
    this.snapshotQueued = true;
    queueMicrotask(() => {
      this.snapshotQueued = false;
      this.windows.broadcast({ type: 'snapshot', snapshot: this.makeSnapshot() });
    });
  }

  /** Tells the window that shows a tab that its text changed elsewhere. */
  pushText(doc: DocState, origin: string): void {
    this.windows.send(doc.windowId, {
      type: 'text',
      tabId: doc.id,
      text: doc.text,
      revision: doc.revision,
      origin,
    });
  }

  // ── files and folders ──────────────────────────────────────────────────

  listDir(path: string) {
    return listDir(this.workspaces, path, (e, p, m) => this.ioFailure(e, p, m));
  }

  createEntry(dir: string, name: string, kind: 'file' | 'directory') {
    return createEntry(this.workspaces, dir, name, kind, (e, p, m) => this.ioFailure(e, p, m));
  }

  async renameEntry(path: string, newName: string) {
    const r = await renameEntry(this.workspaces, path, newName, (e, p, m) =>
      this.ioFailure(e, p, m),
    );
    if (r.ok && r.from !== r.path) {
      this.store.renamePaths(r.from, r.path);
      this.layoutChanged();
    }
    return r.ok ? { ok: true as const, path: r.path } : r;
  }

  async deleteEntry(path: string): Promise<Result> {
    const r = await deleteEntry(this.workspaces, path, (e, p, m) => this.ioFailure(e, p, m));
    if (!r.ok) return r;
    // Open tabs of deleted files stay open, unsaved, so nothing typed is lost.
    for (const doc of this.store.tabs.values()) {
      if (doc.path === r.path || doc.path?.startsWith(r.path + '/')) {
        doc.savedText = DELETED;
        doc.notice = `${doc.path} was deleted; save to write it again.`;
        this.recordDraft(doc);
      }
    }
    this.changed();
    return { ok: true };
  }

  private async ioFailure(e: unknown, path: string, mount: string) {
    const refusal = ioRefusal(e, path);
    if (refusal.error === 'PERMISSION') {
      await this.workspaces.refreshAccess(mount);
      this.changed();
    }
    return refusal;
  }

  // ── tabs and documents ─────────────────────────────────────────────────

  /** Opens a file in a tab (or finds the tab that has it); `activate: false` opens it in the background. */
  async openFile(windowId: string, path: string, activate = true) {
    const existing = this.store.findByPath(path);
    if (existing) {
      if (activate) this.store.activate(existing.id);
      this.changed();
      return { ok: true as const, tabId: existing.id, alreadyOpen: true };
    }
    const r = this.workspaces.resolve(path);
    if (!r.ok) return r;
    const kindCheck = resolveKind(r.path, '');
    if (!kindCheck.ok && !/\.ya?ml$/i.test(r.path)) return refuse('INVALID_PATH', kindCheck.reason);
    try {
      const file = await (await fileAt(r.ws.handle, r.segments)).getFile();
      const read = await readDocument(r.path, file);
      if (!read.ok) return read;
      const doc = this.store.addTab(windowId, read.doc);
      if (activate) this.store.activate(doc.id);
      this.layoutChanged();
      return { ok: true as const, tabId: doc.id, alreadyOpen: false };
    } catch (e) {
      return this.ioFailure(e, path, r.ws.mount);
    }
  }

  async newTab(windowId: string) {
    const doc = this.store.addTab(windowId, {
      path: null,
      kind: 'markdown',
      text: '',
      format: LF_FORMAT,
    });
    this.store.activate(doc.id);
    this.layoutChanged();
    return { ok: true as const, tabId: doc.id };
  }

  async activateTab(_windowId: string, tabId: string): Promise<Result> {
    const r = this.store.activate(tabId);
    if (r.ok) this.layoutChanged();
    return r;
  }

  async activateInstance(windowId: string, instanceId: string): Promise<Result> {
    const r = this.store.activateInstance(windowId, instanceId);
    if (r.ok) this.layoutChanged();
    return r;
  }

  async getText(tabId: string) {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    return { ok: true as const, tabId, text: found.doc.text, revision: found.doc.revision };
  }

  async edit(
    tabId: string,
    baseRevision: string,
    splices: Splice[],
    origin: string,
    proposed?: string,
  ) {
    const r = this.store.edit(tabId, baseRevision, splices, proposed);
    if (!r.ok) return r;
    if (r.changed) {
      const doc = this.store.tabs.get(tabId) as DocState;
      this.recordDraft(doc);
      if (origin !== doc.windowId) this.pushText(doc, origin);
      this.changed();
    }
    return { ok: true as const, revision: r.revision };
  }

  async transform(tabId: string, kind: TransformKind) {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    return transformTab(this, found.doc, kind);
  }

  async setMode(tabId: string, mode: EditorMode): Promise<Result> {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    if (mode === 'wysiwyg' && found.doc.sourceOnly) {
      return refuse(
        'INVALID_TAB',
        'This document opens in source mode only (too large or not markdown).',
      );
    }
    found.doc.mode = mode;
    this.layoutChanged();
    return { ok: true };
  }

  async save(tabId: string) {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    if (!found.doc.path) return refuse('INVALID_PATH', 'This tab has no file yet; use Save As.');
    return this.writeDoc(found.doc, found.doc.path, true);
  }

  async saveAs(tabId: string, path: string) {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    return this.writeDoc(found.doc, path, false);
  }

  async writeDoc(doc: DocState, path: string, overwrite: boolean) {
    if (doc.readOnlyReason) return refuse('READ_ONLY', doc.readOnlyReason);
    const r = this.workspaces.resolve(path);
    if (!r.ok) return r;
    if (r.segments.length === 0) return refuse('INVALID_PATH', `${path} is a folder, not a file.`);
    const kind = resolveKind(r.path, doc.text);
    if (!kind.ok) return refuse('INVALID_PATH', kind.reason);
    const other = this.store.findByPath(r.path);
    if (other && other !== doc) return refuse('NAME_CLASH', `${r.path} is open in another tab.`);
    try {
      const dir = await dirAt(r.ws.handle, r.segments.slice(0, -1));
      const name = r.segments[r.segments.length - 1];
      if (!overwrite && r.path !== doc.path && (await exists(dir, name))) {
        return refuse('NAME_CLASH', `${r.path} already exists; choose another name.`);
      }
      const file = await dir.getFileHandle(name, { create: true });
      await writeFile(file, encodeFile(doc.text, doc.format));
    } catch (e) {
      if (isNotFound(e))
        return refuse('NOT_FOUND', `The folder ${dirnameOf(r.path)} does not exist.`);
      return this.ioFailure(e, path, r.ws.mount);
    }
    this.store.markSaved(doc, r.path);
    doc.kind = kind.kind;
    doc.notice = null;
    this.recordDraft(doc);
    this.layoutChanged();
    return { ok: true as const, path: r.path };
  }

  async closeTab(tabId: string, force: boolean) {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    if (!force && found.doc.text !== found.doc.savedText)
      return { ok: true as const, closed: false };
    this.store.removeTab(tabId);
    this.journal.record(tabId, null);
    this.layoutChanged();
    return { ok: true as const, closed: true };
  }

  async dismissNotice(tabId: string | null): Promise<void> {
    if (tabId === null) this.notices = [];
    else {
      const doc = this.store.tabs.get(tabId);
      if (doc) doc.notice = null;
    }
    this.changed();
  }

  // ── workspaces ─────────────────────────────────────────────────────────

  async addFolder(handle: FileSystemDirectoryHandle) {
    try {
      const { mount } = await this.workspaces.add(handle);
      await this.reloadPending(mount);
      this.changed();
      return { ok: true as const, mount };
    } catch (e) {
      return refuse('INTERNAL', `Could not add the folder: ${(e as Error).message}`);
    }
  }

  async folderHandle(mount: string): Promise<FileSystemDirectoryHandle | null> {
    const ws = this.workspaces.get(mount);
    return ws && ws.kind === 'folder' ? ws.handle : null;
  }

  async accessChanged(mount: string): Promise<Result> {
    const access = await this.workspaces.refreshAccess(mount);
    if (access === null) return refuse('INVALID_PATH', `No workspace is mounted at /${mount}.`);
    if (access === 'granted') await this.reloadPending(mount);
    this.changed();
    return { ok: true };
  }

  async removeFolder(mount: string): Promise<Result> {
    const r = await this.workspaces.remove(mount);
    this.changed();
    return r;
  }

  async setSettings(patch: Partial<Settings>): Promise<Settings> {
    const next = mergeSettings(this.settings, patch);
    this.settings = next;
    await this.db.put('settings', next, 'settings');
    this.changed();
    return { ...next };
  }

  // ── persistence ────────────────────────────────────────────────────────

  recordDraft(doc: DocState): void {
    const dirty = doc.text !== doc.savedText;
    this.journal.record(
      doc.id,
      dirty
        ? {
            tabId: doc.id,
            path: doc.path,
            kind: doc.kind,
            text: doc.text,
            format: doc.format,
            savedAt: Date.now(),
          }
        : null,
    );
  }

  layoutChanged(): void {
    this.changed();
    if (this.layoutQueued) return;
    this.layoutQueued = true;
    queueMicrotask(() => {
      this.layoutQueued = false;
      const tabs: StoredTab[] = [...this.store.tabs.values()].map((d) => ({
        id: d.id,
        windowId: d.windowId,
        path: d.path,
        kind: d.kind,
        mode: d.mode,
        active: this.store.windows.get(d.windowId)?.activeTabId === d.id,
      }));
      this.db
        .put('layout', tabs, 'tabs')
        .catch((e) => console.error('VMark Web could not save its layout', e));
    });
  }

  private async reloadPending(mount: string): Promise<void> {
    for (const doc of this.store.tabs.values()) {
      if (!doc.pending || doc.path?.split('/')[1] !== mount) continue;
      const dirty = doc.text !== doc.savedText && doc.text !== '';
      await this.reloadFromDisk(doc, dirty ? doc.text : undefined);
    }
  }

  /**
   * Reads a tab's file again (a draft, when given, stays the text). A changed text gets a new
   * revision and is shown in its window; answers whether the text changed.
   */
  async reloadFromDisk(doc: DocState, draftText?: string): Promise<boolean> {
    const before = doc.text;
    await loadFromDisk(this.workspaces, doc, draftText);
    if (doc.text === before) return false;
    const text = doc.text;
    doc.text = before;
    this.store.setText(doc, text);
    this.pushText(doc, 'disk');
    return true;
  }
}
