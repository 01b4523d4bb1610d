/**
 * Writes unsaved text to IndexedDB as the person types. Writes are coalesced per tab: while one is
 * in flight only the newest text waits, so typing never queues up work and nothing typed is lost.
 */
import type { Db, Draft } from './db';
import { isDirty, type DocState } from '../store/docState';

export class Journal {
  private readonly waiting = new Map<string, Draft | null>();
  private readonly writing = new Set<string>();

  constructor(private readonly db: Db) {}

  /** Records the draft of a tab (null: the tab is clean or closed, so forget its draft). */
  record(tabId: string, draft: Draft | null): void {
    this.waiting.set(tabId, draft);
    // The write starts right after the current task, so the edit's answer goes out first.
    if (!this.writing.has(tabId)) {
      this.writing.add(tabId);
      setTimeout(() => void this.pump(tabId), 0);
    }
  }

  private async pump(tabId: string): Promise<void> {
    try {
      while (this.waiting.has(tabId)) {
        const draft = this.waiting.get(tabId) ?? null;
        this.waiting.delete(tabId);
        try {
          if (draft) await this.db.put('drafts', draft);
          else await this.db.delete('drafts', tabId);
        } catch (e) {
          console.error('VMark Web could not journal a draft', e);
        }
      }
    } finally {
      this.writing.delete(tabId);
    }
  }

  async all(): Promise<Draft[]> {
    return this.db.getAll('drafts');
  }
}

/** What the journal keeps of a tab: its unsaved text, or nothing once it is clean. */
export function draftOf(doc: DocState, now = Date.now()): Draft | null {
  if (!isDirty(doc)) return null;
  const { id: tabId, path, kind, text, format } = doc;
  return { tabId, path, kind, text, format, savedAt: now };
}
