/** Bringing back the previous session: its tabs, and the unsaved text journaled for them. */
import type { Db } from './db';
import type { Documents } from '../store/documents';
import { LF_FORMAT, UNKNOWN_SAVED } from '../store/docState';
import type { Journal } from './journal';
import { notices } from '../notice';

/** Restores the layout into the `main` window; answers how many tabs got their drafts back. */
export async function restoreSession(
  db: Db,
  journal: Journal,
  documents: Documents,
): Promise<number> {
  const store = documents.store;
  const layout = (await db.get('layout', 'tabs')) ?? [];
  const drafts = new Map((await journal.all()).map((d) => [d.tabId, d]));
  store.ensureWindow('main');
  let restored = 0;
  for (const stored of layout) {
    if (store.tabs.has(stored.id)) continue;
    const draft = drafts.get(stored.id);
    drafts.delete(stored.id);
    const doc = store.addTab('main', {
      id: stored.id,
      path: stored.path,
      kind: stored.kind,
      text: draft?.text ?? '',
      savedText: draft ? UNKNOWN_SAVED : '',
      format: draft?.format ?? LF_FORMAT,
      mode: stored.mode,
    });
    if (stored.active) store.activate(doc.id, 'main');
    if (stored.path) await documents.reload(doc, draft?.text);
    if (draft) {
      restored++;
      documents.apply(doc, {
        origin: 'draft',
        write: false,
        meta: { notice: notices.draftRestored() },
      });
    }
  }
  for (const orphan of drafts.values()) journal.record(orphan.tabId, null);
  const main = store.windows.get('main');
  if (main && main.tabIds.length === 0 && layout.length === 0) store.windows.delete('main');
  return restored;
}
