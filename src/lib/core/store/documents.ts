/**
 * Documents and their files: the one place where a tab's text, revision, dirty state and history
 * change (`apply`), and the operations built on it (open, save, reload, close, a window's edit,
 * an AI client's mutation). What follows a change (journaling the draft, telling the windows,
 * redrawing) goes through `DocumentEffects`, so this runs as well against files in memory.
 */
import type { Step } from '../../collab/changeLog';
import type { CatchUp } from '../../collab/collabClient';
import { resolveKind } from '../../fileKinds/kind';
import { dirnameOf } from '../../paths';
import { encodeFile, formatForSave } from '../../markdown/textCodec';
import type { DocumentStore } from './documentStore';
import { composingRefusal, refuse, type Refusal, type Result } from '../../result';
import { readDocument } from './openDocument';
import type { Splice } from './textEdit';
import type { DocKind } from '../types';
import { DELETED, LF_FORMAT, isDirty, type DocState } from './docState';
import type { DocumentFiles } from './files';
import { applyTransaction, type Transaction } from './transaction';
import { staleRevision } from '../../revisions/stale';
import { notices } from '../notice';

export interface DocumentEffects {
  /**
   * The tab's unsaved text changed, or it became clean (journal it, or forget it); `step` is the
   * change, when the text changed.
   */
  draft(doc: DocState, step: Step | null): void;
  /** The tab is closed: forget its draft. */
  forget(tabId: string): void;
  /** Tells the windows that show the tab about a step, except the window it came from. */
  push(doc: DocState, step: Step): void;
  /** Something the windows draw changed. */
  changed(): void;
  /** Only a text changed (its revision, version): the windows may hear of it a moment later. */
  textChanged(): void;
  /** Which tabs are open, where and how changed (persisted). */
  layoutChanged(): void;
  /** Resolves once every window that shows the tab has sent what the person typed so far. */
  flushViewers(tabId: string): Promise<void>;
  /** Whether a window that shows the tab is composing text in it with an input method. */
  composing(tabId: string): boolean;
  /** A file operation failed for lack of access: the workspace's state may need a refresh. */
  accessLost(mount: string): Promise<void>;
}

export interface MutateOptions {
  expectedRevision?: string;
  /** Who asks: `mcp`, `transform`… (never a window: windows send edits). */
  origin: string;
  /** One undo step of its own in the editors that show the tab (default: yes). */
  undoable?: boolean;
  /**
   * An AI's change: refused with BUSY while the person composes text in the tab with an input
   * method (a command the person gave is not; the composing window holds it until the end).
   */
  refuseWhileComposing?: boolean;
}

/** What a mutation computes from the current document: the new text, or a refusal. */
export type Compute = (doc: DocState) => Result<{ text: string }>;

/**
 * What listeners hear (MCP resource subscriptions): a tab's text changed, whoever changed it;
 * the set of open tabs (or a tab's path) changed; or files were made, renamed or deleted in the
 * file tree (tabs of renamed files follow their paths).
 */
export type DocumentEvent = { type: 'text'; tabId: string } | { type: 'tabs' } | { type: 'files' };
export type DocumentListener = (event: DocumentEvent) => void;

export class Documents {
  private readonly listeners = new Set<DocumentListener>();

  constructor(
    readonly store: DocumentStore,
    readonly files: DocumentFiles,
    private readonly effects: DocumentEffects,
  ) {}

  /** Calls `listener` after every change of a text and of the open tabs; answers how to stop. */
  listen(listener: DocumentListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private emit(event: DocumentEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (e) {
        console.error('A document listener failed', e);
      }
    }
  }

  /** Applies a transaction and lets the rest of the app know: the one way text changes. */
  apply(
    doc: DocState,
    tr: Transaction,
  ): Result<{ revision: string; version: number; changed: boolean }> {
    const r = applyTransaction(doc, tr);
    if (!r.ok) return r;
    if (r.step) this.effects.push(doc, r.step);
    if (r.savedChanged) this.effects.draft(doc, r.step);
    if (tr.meta || tr.saved || r.dirtyChanged) this.effects.changed();
    else if (r.changed) this.effects.textChanged();
    if (r.changed) this.emit({ type: 'text', tabId: doc.id });
    return { ok: true, revision: doc.revision, version: doc.version, changed: r.changed };
  }

  /** An edit the person made in a window, against the version that window last confirmed. */
  edit(
    tabId: string,
    baseVersion: number,
    splices: Splice[],
    windowId: string,
    proposedRevision?: string,
  ): Result<{ revision: string; version: number }> {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    const r = this.apply(found.doc, {
      origin: windowId,
      splices,
      baseVersion,
      proposedRevision,
    });
    return r.ok ? { ok: true, revision: r.revision, version: r.version } : r;
  }

  /** The steps since `version` for a window that is behind, or the whole text. */
  changesSince(tabId: string, version: number): CatchUp {
    const doc = this.store.tabs.get(tabId);
    if (!doc) return { ok: false, message: `No tab with id "${tabId}".` };
    const steps = doc.log.since(version, doc.version);
    const head = { ok: true as const, version: doc.version, revision: doc.revision };
    return steps ? { ...head, steps } : { ...head, text: doc.text };
  }

  /**
   * A change an AI client (or a command) asks for. Every window showing the tab first hands in
   * what the person typed, so an expected revision the person has typed past is STALE; without
   * one, the change applies and the windows rebase the person's pending typing onto it.
   */
  async mutate(
    tabId: string,
    options: MutateOptions,
    compute: Compute,
  ): Promise<Result<{ revision: string; changed: boolean; doc: DocState }>> {
    const before = this.store.tab(tabId);
    if (!before.ok) return before;
    if (before.doc.readOnlyReason) return refuse('READ_ONLY', before.doc.readOnlyReason.text);
    const busy = await this.settle(tabId, options.refuseWhileComposing);
    if (busy) return busy;
    // Everything below runs without a pause, so nothing can come in between.
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    const doc = found.doc;
    if (doc.readOnlyReason) return refuse('READ_ONLY', doc.readOnlyReason.text);
    // Checked before the change is computed: a stale client learns that first.
    const stale = staleRevision({ revision: doc.revision }, options.expectedRevision);
    if (stale) return stale;
    const next = compute(doc);
    if (!next.ok) return next;
    const r = this.apply(doc, {
      origin: options.origin,
      text: next.text,
      undoable: options.undoable ?? true,
    });
    return r.ok ? { ok: true, revision: r.revision, changed: r.changed, doc } : r;
  }

  /**
   * Waits until the windows showing the tab have handed in everything typed so far. For an AI's
   * change (`refuseWhileComposing`), a window composing in the tab before or after the wait is a
   * BUSY refusal instead (after it, the caller goes on without a pause).
   */
  async settle(tabId: string, refuseWhileComposing = false): Promise<Refusal | null> {
    const busy = () =>
      refuseWhileComposing && this.effects.composing(tabId) ? composingRefusal() : null;
    if (busy()) return busy();
    await this.effects.flushViewers(tabId);
    return busy();
  }

  /** Opens a file in a new tab of `windowId`; the caller checks for a tab that has it already. */
  async open(windowId: string, path: string): Promise<Result<{ doc: DocState }>> {
    const r = this.files.resolve(path);
    if (!r.ok) return r;
    const kindCheck = resolveKind(r.path, '');
    if (!kindCheck.ok && !/\.ya?ml$/i.test(r.path)) return refuse('INVALID_PATH', kindCheck.reason);
    const read = await this.files.read(r);
    if (!read.ok) return this.failed(read, r.mount);
    const parsed = await readDocument(r.path, read.file);
    if (!parsed.ok) return parsed;
    const doc = this.store.addTab(windowId, parsed.doc);
    this.effects.layoutChanged();
    this.emit({ type: 'tabs' });
    return { ok: true, doc };
  }

  newTab(windowId: string, kind: DocKind = 'markdown'): DocState {
    const doc = this.store.addTab(windowId, { path: null, kind, text: '', format: LF_FORMAT });
    this.store.activate(doc.id, windowId);
    this.effects.layoutChanged();
    this.emit({ type: 'tabs' });
    return doc;
  }

  /**
   * Writes the tab's text to `path` (its own path, or a new one when `overwrite` is false and
   * nothing is there). The text written is what the tab held when the save began; anything typed
   * during the write stays unsaved.
   */
  async save(doc: DocState, path: string, overwrite: boolean): Promise<Result<{ path: string }>> {
    if (doc.readOnlyReason) return refuse('READ_ONLY', doc.readOnlyReason.text);
    const r = this.files.resolve(path);
    if (!r.ok) return r;
    if (r.segments.length === 0) return refuse('INVALID_PATH', `${path} is a folder, not a file.`);
    const text = doc.text;
    const kind = resolveKind(r.path, text);
    if (!kind.ok) return refuse('INVALID_PATH', kind.reason);
    const other = this.store.findByPath(r.path);
    if (other && other !== doc) return refuse('NAME_CLASH', `${r.path} is open in another tab.`);
    if (!overwrite && r.path !== doc.path && (await this.files.exists(r))) {
      return refuse('NAME_CLASH', `${r.path} already exists; choose another name.`);
    }
    const format = formatForSave(text, doc.format, doc.savedText);
    const written = await this.files.write(r, encodeFile(text, format));
    if (!written.ok) {
      if (written.error === 'NOT_FOUND') {
        return refuse('NOT_FOUND', `The folder ${dirnameOf(r.path)} does not exist.`);
      }
      return this.failed(written, r.mount);
    }
    const renamed = doc.path !== r.path;
    this.store.setPath(doc, r.path);
    this.apply(doc, {
      origin: 'save',
      write: false,
      saved: { savedText: text },
      meta: { kind: kind.kind, notice: null, format },
    });
    this.effects.layoutChanged();
    if (renamed) this.emit({ type: 'tabs' });
    return { ok: true, path: r.path };
  }

  /**
   * Reads the tab's file again; a draft, when given, stays the text. A changed text is a step
   * like any other (the windows rebase what the person is typing onto it). Answers whether the
   * text changed.
   */
  async reload(doc: DocState, draftText?: string): Promise<boolean> {
    const before = doc.text;
    const r = this.files.resolve(doc.path);
    if (!r.ok) {
      this.apply(doc, {
        origin: 'disk',
        write: false,
        meta: { pending: true, notice: notices.message(r.message) },
      });
      return false;
    }
    const read = await this.files.read(r);
    if (!read.ok) {
      if (read.error === 'NOT_FOUND') {
        this.apply(doc, {
          origin: 'disk',
          write: false,
          saved: { savedText: DELETED },
          meta: { notice: notices.fileGone(doc.path ?? '') },
        });
      } else {
        this.apply(doc, {
          origin: 'disk',
          write: false,
          meta: { pending: true, notice: notices.message(read.message) },
        });
      }
      return false;
    }
    const parsed = await readDocument(r.path, read.file);
    if (!parsed.ok) {
      this.apply(doc, {
        origin: 'disk',
        write: false,
        meta: { notice: notices.message(parsed.message) },
      });
      return false;
    }
    const d = parsed.doc;
    this.apply(doc, {
      origin: 'disk',
      write: false,
      text: draftText ?? d.text,
      saved: { savedText: d.text },
      meta: {
        format: d.format,
        kind: d.kind,
        readOnlyReason: d.readOnlyReason ?? null,
        sourceOnly: d.sourceOnly ?? false,
        notice: d.notice ?? null,
        pending: false,
        ...(d.sourceOnly ? { mode: 'source' as const } : {}),
      },
    });
    return doc.text !== before;
  }

  /** A file or folder was renamed: the tabs of the files in it take the new paths. */
  renamePaths(from: string, to: string): void {
    this.store.renamePaths(from, to);
    this.emit({ type: 'files' });
  }

  /** A file or folder was made or deleted in the file tree (no tab changed for it). */
  filesChanged(): void {
    this.emit({ type: 'files' });
  }

  /**
   * A file or folder was deleted: the tabs of the files in it keep their text and turn dirty, so
   * nothing typed is lost.
   */
  pathDeleted(path: string): void {
    for (const doc of this.store.tabs.values()) {
      if (doc.path !== path && !doc.path?.startsWith(path + '/')) continue;
      this.apply(doc, {
        origin: 'disk',
        write: false,
        saved: { savedText: DELETED },
        meta: { notice: notices.fileDeleted(doc.path ?? '') },
      });
    }
    this.filesChanged();
  }

  /**
   * Closes a tab: in one window only when another still shows it, else everywhere, and then only
   * when it is clean or `force` is set.
   */
  close(tabId: string, force: boolean, windowId?: string): Result<{ closed: boolean }> {
    const found = this.store.tab(tabId);
    if (!found.ok) return found;
    const shownIn = this.store.windowsOf(tabId);
    if (windowId !== undefined && shownIn.length > 1 && shownIn.includes(windowId)) {
      this.store.closeIn(tabId, windowId);
      this.effects.layoutChanged();
      return { ok: true, closed: true };
    }
    if (!force && isDirty(found.doc)) return { ok: true, closed: false };
    this.store.removeTab(tabId);
    this.effects.forget(tabId);
    this.effects.layoutChanged();
    this.emit({ type: 'tabs' });
    return { ok: true, closed: true };
  }

  private async failed<T extends { ok: false; error: string }>(r: T, mount: string): Promise<T> {
    if (r.error === 'PERMISSION') await this.effects.accessLost(mount);
    return r;
  }
}
