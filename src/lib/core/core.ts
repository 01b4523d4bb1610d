/**
 * The core: the one owner of tabs, documents, workspaces and settings. It runs in a SharedWorker
 * (a dedicated Worker where SharedWorker is missing); every window is a view on it. Documents
 * change only through `Documents.apply`; this class wires that to IndexedDB and the windows.
 */
import type { TransformKind } from '../cjk';
import type { Step } from '../collab/changeLog';
import { AiClients, type OpenSession } from './hub/aiClients';
import { credentialStorage, openCoreDb, type Db } from './persistence/db';
import { Documents, type DocumentEffects } from './store/documents';
import { isDirty, type DocState } from './store/docState';
import { DocumentStore } from './store/documentStore';
import { refuse, type Result } from '../result';
import { ioRefusal } from './workspaces/fileAccess';
import { draftOf, Journal } from './persistence/journal';
import { restoreSession } from './persistence/restore';
import { mergeSettings } from './persistence/settings';
import type { Splice } from './store/textEdit';
import { transformText } from '../cjk/transformTab';
import { addImageFile, createEntry, deleteEntry, listDir, renameEntry } from './workspaces/treeOps';
import {
  DEFAULT_SETTINGS,
  type CoreApi,
  type EditorAgent,
  type EditorMode,
  type Settings,
  type SettingsPatch,
  type Snapshot,
} from './types';
import { Workspaces } from './workspaces/workspaces';
import { Approvals, promptWindow } from './windows/approvals';
import { WindowLinks, type Listener } from './windows/windowLinks';
import { SnapshotPacer } from './windows/snapshotPacer';
import { snapshotOf } from './windows/snapshotOf';
import { workflowFile, type WorkflowFileCall } from './workspaces/workflowFiles';
import * as coherence from './coherenceRecords/coherenceKernels';
import { BrowserSide, type PanelCommand, type PanelResult } from './browserLink/browserSide';
import type { ApprovalAnswer, Operation } from '../../shared/wire/driverProtocol';
import { notices, type Notice } from './notice';

/** How long a closed secondary window's tabs wait for it to come back before joining `main`. */
const WINDOW_GRACE_MS = 10_000;
/**
 * Snapshots after a text change only (new revision and version) go out at most this often: while
 * someone types, the windows would otherwise redraw their tab strips on every keystroke.
 */
const TEXT_SNAPSHOT_MS = 50;
/** How long a change waits for a window to hand in what the person typed. */
const FLUSH_DEADLINE_MS = 2_000;

export class Core implements CoreApi {
  readonly store = new DocumentStore();
  readonly documents: Documents;
  settings: Settings = { ...DEFAULT_SETTINGS };
  notices: Notice[] = [];
  readonly approvals = new Approvals();
  readonly ai: AiClients;
  readonly browser: BrowserSide;
  /** The windows' links: their live editors, the tabs they show, what they are composing. */
  readonly windows = new WindowLinks();
  /** The coherence kernels of the open folders. */
  readonly coherence: coherence.CoherenceKernels;
  private readonly snapshots = new SnapshotPacer(
    () => this.windows.broadcast({ type: 'snapshot', snapshot: snapshotOf(this) }),
    TEXT_SNAPSHOT_MS,
  );
  private layoutQueued = false;

  private constructor(
    private readonly db: Db,
    readonly workspaces: Workspaces,
    private readonly journal: Journal,
  ) {
    this.documents = new Documents(this.store, workspaces, this.effects());
    this.browser = new BrowserSide({
      settings: () => this.settings,
      storeBrowser: async (browser) =>
        void (await this.storeSettings({ ...this.settings, browser })),
      approvals: this.approvals,
      promptWindow: () => promptWindow(this.store.windows.values()),
      changed: () => this.changed(),
      send: (frame) => this.ai.send(frame),
    });
    const storage = credentialStorage(db);
    this.ai = new AiClients({ storage, changed: () => this.changed(), browser: this.browser });
    this.coherence = coherence.coherenceKernelsFor(db, () => this.settings, workspaces);
  }

  static async start(dbName?: string): Promise<Core> {
    const db = await openCoreDb(dbName);
    const workspaces = new Workspaces(db);
    await workspaces.init();
    const core = new Core(db, workspaces, new Journal(db));
    core.settings = mergeSettings(DEFAULT_SETTINGS, await db.get('settings', 'settings'));
    await core.ai.credentials.load();
    const restored = await restoreSession(db, core.journal, core.documents);
    if (restored > 0) {
      core.notices.push(notices.draftsRestored(restored));
    }
    return core;
  }

  /** What follows every change of a document (see Documents.apply). */
  private effects(): DocumentEffects {
    return {
      draft: (doc, step) => this.recordDraft(doc, step),
      forget: (tabId) => this.journal.record(tabId, null),
      push: (doc, step) => this.push(doc, step),
      changed: () => this.changed(),
      textChanged: () => this.snapshots.soon(),
      layoutChanged: () => this.layoutChanged(),
      flushViewers: (tabId) => this.windows.flush(tabId, FLUSH_DEADLINE_MS),
      composing: (tabId) => this.windows.composing(tabId),
      accessLost: async () => this.changed(),
    };
  }

  // ── AI clients ─────────────────────────────────────────────────────────

  /**
   * Connects to the hub that served the app (without one, another server, AI stays off); each AI
   * session gets a server from `openSession`, which the worker's entry file supplies.
   */
  startHubLink(openSession: OpenSession): void {
    const { protocol, host } = self.location;
    if (protocol !== 'http:' && protocol !== 'https:') return;
    this.ai.start(`${protocol === 'https:' ? 'wss' : 'ws'}://${host}/app`, openSession);
  }

  /** Settings → AI clients: a credential's secret is in the answer only; Revoke ends it. */
  issueClientCredential = (name: string) => this.ai.issue(name);
  revokeClientCredential = (id: string) => this.ai.revoke(id);

  /** A message for the person, shown as a toast in every window. */
  notify(message: Notice): void {
    this.notices.push(message);
    this.changed();
  }

  async answerApproval(id: string, mount: string | null): Promise<void> {
    this.approvals.answer(id, mount);
    this.changed();
  }

  // ── the AI's browser ───────────────────────────────────────────────────

  async answerBrowserApproval(id: string, answer: ApprovalAnswer['answer']): Promise<void> {
    await this.browser.answer(id, answer);
  }

  async browserPanel(cmd: PanelCommand): Promise<PanelResult> {
    return this.browser.panel(cmd);
  }

  async revokeBrowserGrant(origin: string, operation?: Operation): Promise<void> {
    await this.browser.revoke(origin, operation);
  }

  // ── windows ────────────────────────────────────────────────────────────

  async attach(preferredId: string | null, listener: Listener, agent?: EditorAgent) {
    const windowId = this.store.claimWindowId(preferredId);
    this.windows.register(windowId, listener, agent);
    this.changed();
    return { windowId, snapshot: snapshotOf(this) };
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
    return snapshotOf(this);
  }

  /** Sends one snapshot to every window after the current burst of changes. */
  changed(): void {
    this.snapshots.now();
  }

  /** Sends a step to every window that shows the tab, except the one it came from. */
  private push(doc: DocState, step: Step): void {
    for (const windowId of this.windows.viewersOf(doc.id)) {
      if (windowId !== step.origin) {
        this.windows.send(windowId, { type: 'change', tabId: doc.id, step });
      }
    }
  }

  // ── files and folders ──────────────────────────────────────────────────

  listDir(path: string) {
    return listDir(this.workspaces, path, this.fail);
  }

  /** The Workflows panel: list workflow files, read one as the editor has it, save a recording. */
  workflowFile(call: WorkflowFileCall) {
    const openText = (path: string) => this.store.openText(path);
    return workflowFile({ files: this.workspaces, list: (p) => this.listDir(p), openText }, call);
  }

  /** The Breakdown view: a workspace's rows, and the person's resolutions. */
  coherencePanel(call: coherence.CoherencePanelCall) {
    return this.coherence.panel(call);
  }

  /** The name the Breakdown view suggests when it first asks for the person's. */
  suggestedPersonName() {
    return this.coherence.suggestedPersonName();
  }

  async createEntry(dir: string, name: string, kind: 'file' | 'directory') {
    return this.treeChanged(await createEntry(this.workspaces, dir, name, kind, this.fail));
  }

  /** Saves an image pasted or dropped into the document at `docPath` (`assets/` beside it). */
  async addImage(path: string, bytes: Uint8Array, name: string, type: string) {
    return this.treeChanged(
      await addImageFile(this.workspaces, path, bytes, name, type, this.fail),
    );
  }

  private treeChanged<R extends { ok: boolean }>(r: R): R {
    if (r.ok) this.documents.filesChanged();
    return r;
  }

  async renameEntry(path: string, newName: string) {
    const r = await renameEntry(this.workspaces, path, newName, this.fail);
    if (r.ok && r.from !== r.path) {
      this.documents.renamePaths(r.from, r.path);
      this.layoutChanged();
    }
    return r.ok ? { ok: true as const, path: r.path } : r;
  }

  async deleteEntry(path: string): Promise<Result> {
    const r = await deleteEntry(this.workspaces, path, this.fail);
    if (!r.ok) return r;
    this.documents.pathDeleted(r.path);
    this.changed();
    return { ok: true };
  }

  /** An IO failure as a refusal; a lost permission is noticed at once. */
  private readonly fail = async (e: unknown, path: string, mount: string) => {
    const refusal = ioRefusal(e, path);
    if (refusal.error === 'PERMISSION') {
      await this.workspaces.refreshAccess(mount);
      this.changed();
    }
    return refusal;
  };

  // ── tabs and documents ─────────────────────────────────────────────────

  /**
   * Opens a file in a tab of the window and shows it there; a file open in another window is
   * shown in this one too (the same document, kept in step).
   */
  async openFile(windowId: string, path: string, activate = true) {
    const resolved = this.workspaces.resolve(path);
    const existing = this.store.findByPath(resolved.ok ? resolved.path : path);
    if (existing) {
      if (activate) this.store.showIn(existing.id, windowId);
      this.layoutChanged();
      return { ok: true as const, tabId: existing.id, alreadyOpen: true };
    }
    const r = await this.documents.open(windowId, path);
    if (!r.ok) return r;
    if (activate) this.store.activate(r.doc.id, windowId);
    this.layoutChanged();
    return { ok: true as const, tabId: r.doc.id, alreadyOpen: false };
  }

  async newTab(windowId: string) {
    return { ok: true as const, tabId: this.documents.newTab(windowId).id };
  }

  async activateTab(windowId: string, tabId: string): Promise<Result> {
    const r = this.store.activate(tabId, windowId);
    if (r.ok) this.layoutChanged();
    return r;
  }

  async activateInstance(windowId: string, instanceId: string): Promise<Result> {
    const r = this.store.activateInstance(windowId, instanceId);
    if (r.ok) this.layoutChanged();
    return r;
  }

  async openView(tabId: string, windowId: string) {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    this.windows.openView(tabId, windowId);
    const { text, revision, version } = found.doc;
    return { ok: true as const, tabId, text, revision, version };
  }

  async closeView(tabId: string, windowId: string): Promise<void> {
    this.windows.closeView(tabId, windowId);
  }

  async setComposing(tabId: string, windowId: string, composing: boolean): Promise<void> {
    this.windows.setComposing(tabId, windowId, composing);
  }

  async changesSince(tabId: string, version: number) {
    return this.documents.changesSince(tabId, version);
  }

  async edit(
    tabId: string,
    baseVersion: number,
    splices: Splice[],
    windowId: string,
    proposed?: string,
  ) {
    return this.documents.edit(tabId, baseVersion, splices, windowId, proposed);
  }

  /** A CJK transform the person asked for in a window: one undo step, like an AI's change. */
  async transform(tabId: string, kind: TransformKind) {
    return this.documents
      .mutate(tabId, { origin: 'transform' }, (doc) =>
        transformText(doc, kind, this.settings.cjkFormat),
      )
      .then((r) => (r.ok ? { ok: true as const, revision: r.revision, changed: r.changed } : r));
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
    this.documents.apply(found.doc, { origin: 'view', write: false, meta: { mode } });
    this.layoutChanged();
    return { ok: true };
  }

  async save(tabId: string) {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    if (!found.doc.path) return refuse('INVALID_PATH', 'This tab has no file yet; use Save As.');
    return this.savedByPerson(
      found.doc,
      await this.documents.save(found.doc, found.doc.path, true),
    );
  }

  async saveAs(tabId: string, path: string) {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    return this.savedByPerson(found.doc, await this.documents.save(found.doc, path, false));
  }

  /** A save the person made is recorded in its folder's coherence ledger (see personSaved). */
  private savedByPerson<R extends Result<{ path: string }>>(doc: DocState, saved: R): R {
    if (saved.ok) {
      const reload = async () => void (isDirty(doc) || (await this.documents.reload(doc)));
      void this.coherence.personSaved(saved.path, doc.savedText, reload, (m) => this.notify(m));
    }
    return saved;
  }

  async closeTab(tabId: string, force: boolean, windowId?: string) {
    return this.documents.close(tabId, force, windowId);
  }

  async dismissNotice(tabId: string | null): Promise<void> {
    if (tabId === null) this.notices = [];
    else {
      const doc = this.store.tabs.get(tabId);
      if (doc) this.documents.apply(doc, { origin: 'view', write: false, meta: { notice: null } });
    }
    this.changed();
  }

  // ── workspaces ─────────────────────────────────────────────────────────

  async addFolder(handle: FileSystemDirectoryHandle) {
    try {
      const { mount } = await this.workspaces.add(handle);
      await this.reloadPending(mount);
      this.documents.filesChanged();
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
    this.documents.filesChanged();
    this.changed();
    return { ok: true };
  }

  async removeFolder(mount: string): Promise<Result> {
    const r = this.treeChanged(await this.workspaces.remove(mount));
    this.changed();
    return r;
  }

  /** A window's change; standing grants change only through answers and Revoke. */
  async setSettings(patch: SettingsPatch): Promise<Settings> {
    const { browser, ...rest } = (patch ?? {}) as SettingsPatch;
    const safe = browser ? { ...rest, browser: { ...browser, grants: undefined } } : rest;
    const next = await this.storeSettings(mergeSettings(this.settings, safe));
    this.browser.configChanged();
    return next;
  }

  private async storeSettings(next: Settings): Promise<Settings> {
    this.settings = next;
    await this.db.put('settings', next, 'settings');
    this.changed();
    return { ...next };
  }

  // ── persistence ────────────────────────────────────────────────────────

  private recordDraft(doc: DocState, step: Step | null): void {
    this.journal.record(doc.id, draftOf(doc), step?.splices);
  }

  private layoutChanged(): void {
    this.changed();
    if (this.layoutQueued) return;
    this.layoutQueued = true;
    queueMicrotask(() => {
      this.layoutQueued = false;
      this.db
        .put('layout', this.store.layout(), 'tabs')
        .catch((e) => console.error('VMark Web could not save its layout', e));
    });
  }

  private async reloadPending(mount: string): Promise<void> {
    for (const doc of this.store.tabs.values()) {
      if (!doc.pending || doc.path?.split('/')[1] !== mount) continue;
      const dirty = isDirty(doc) && doc.text !== '';
      await this.documents.reload(doc, dirty ? doc.text : undefined);
    }
  }
}
