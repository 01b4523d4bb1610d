/** Bringing back the previous session: its tabs, and the unsaved text journaled for them. */
import type { Db } from './db';
import { LF_FORMAT, type DocState, type DocumentStore } from './documentStore';
import { fileAt, ioRefusal, isNotFound } from './fileAccess';
import type { Journal } from './journal';
import { readDocument } from './openDocument';
import type { Workspaces } from './workspaces';

/** Marks a tab whose file is gone, so it stays dirty until it is saved again. */
export const DELETED = '\u0000deleted';

/** Restores the layout into the `main` window; answers how many tabs got their drafts back. */
export async function restoreSession(
  db: Db,
  journal: Journal,
  store: DocumentStore,
  workspaces: Workspaces,
): Promise<number> {
  const layout = (await db.get('layout', 'tabs')) ?? [];
  const drafts = new Map((await journal.all()).map((d) => [d.tabId, d]));
  store.ensureWindow('main');
  let restored = 0;
  for (const stored of layout) {
    const draft = drafts.get(stored.id);
    drafts.delete(stored.id);
    const doc = store.addTab('main', {
      id: stored.id,
      path: stored.path,
      kind: stored.kind,
      text: draft?.text ?? '',
      savedText: draft ? '\u0000unknown' : '',
      format: draft?.format ?? LF_FORMAT,
      mode: stored.mode,
    });
    if (stored.active) store.activate(doc.id);
    if (stored.path) await loadFromDisk(workspaces, doc, draft?.text);
    if (draft) {
      restored++;
      doc.notice = 'Unsaved changes from your last session were restored.';
    }
  }
  for (const orphan of drafts.values()) journal.record(orphan.tabId, null);
  const main = store.windows.get('main');
  if (main && main.tabIds.length === 0 && layout.length === 0) store.windows.delete('main');
  return restored;
}

/** Reads a tab's file; a draft, when there is one, stays the text. */
export async function loadFromDisk(
  workspaces: Workspaces,
  doc: DocState,
  draftText: string | undefined,
): Promise<void> {
  const r = workspaces.resolve(doc.path);
  if (!r.ok) {
    doc.pending = true;
    doc.notice = r.message;
    return;
  }
  try {
    const read = await readDocument(
      r.path,
      await (await fileAt(r.ws.handle, r.segments)).getFile(),
    );
    if (!read.ok) {
      doc.notice = read.message;
      return;
    }
    const d = read.doc;
    doc.savedText = d.text;
    doc.text = draftText ?? d.text;
    doc.format = d.format;
    doc.kind = d.kind;
    doc.readOnlyReason = d.readOnlyReason ?? null;
    doc.sourceOnly = d.sourceOnly ?? false;
    if (doc.sourceOnly) doc.mode = 'source';
    doc.notice = d.notice ?? null;
    doc.pending = false;
  } catch (e) {
    if (isNotFound(e)) {
      doc.savedText = DELETED;
      doc.notice = `${doc.path} no longer exists; save to write it again.`;
    } else {
      doc.pending = true;
      doc.notice = ioRefusal(e, doc.path ?? '').message;
    }
  }
}
