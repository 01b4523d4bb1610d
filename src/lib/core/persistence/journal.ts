/**
 * Writes unsaved text to IndexedDB as the person types: a base (the whole text) and, after it,
 * only the splices of each change (draftLog.ts decides which). Writes are coalesced per tab: while
 * one is in flight only what came since waits, so typing never queues up work and nothing typed
 * is lost.
 */
import type { Db, Draft } from './db';
import type { Splice } from '../store/textEdit';
import { isDirty, type DocState } from '../store/docState';
import {
  DraftPlan,
  editKeyRange,
  isEdits,
  readDraft,
  type DraftEdits,
  type DraftWrite,
} from './draftLog';

export class Journal {
  private readonly plans = new Map<string, DraftPlan>();
  private readonly writing = new Set<string>();

  constructor(private readonly db: Db) {}

  /**
   * Records the draft of a tab (null: the tab is clean or closed, so forget its draft), with the
   * splices of the change that led to it when it was one.
   */
  record(tabId: string, draft: Draft | null, splices?: readonly Splice[] | null): void {
    let plan = this.plans.get(tabId);
    if (!plan) this.plans.set(tabId, (plan = new DraftPlan(tabId)));
    plan.record(draft, splices);
    // The write starts right after the current task, so the edit's answer goes out first.
    if (!this.writing.has(tabId)) {
      this.writing.add(tabId);
      setTimeout(() => void this.pump(tabId, plan), 0);
    }
  }

  private async pump(tabId: string, plan: DraftPlan): Promise<void> {
    try {
      for (let next = plan.take(); next; next = plan.take()) {
        try {
          await this.write(next);
        } catch (e) {
          console.error('VMark Web could not journal a draft', e);
          plan.failed();
        }
      }
    } finally {
      this.writing.delete(tabId);
      if (plan.idle && this.plans.get(tabId) === plan) this.plans.delete(tabId);
    }
  }

  private async write(w: DraftWrite): Promise<void> {
    if (w.kind === 'edits') {
      await this.db.put('drafts', w.record);
      return;
    }
    // A base or a forget replaces the tab's edits in the same transaction.
    const tabId = w.kind === 'base' ? w.draft.tabId : w.tabId;
    const tx = this.db.transaction('drafts', 'readwrite');
    const [low, high] = editKeyRange(tabId);
    void tx.store.delete(IDBKeyRange.bound(low, high));
    if (w.kind === 'base') void tx.store.put(w.draft);
    else void tx.store.delete(tabId);
    await tx.done;
  }

  /** Every tab's unsaved text, its edits applied; edits whose base is gone are forgotten. */
  async all(): Promise<Draft[]> {
    const records = await this.db.getAll('drafts');
    const edits = new Map<string, DraftEdits[]>();
    const bases: Draft[] = [];
    for (const r of records) {
      if (!isEdits(r)) bases.push(r);
      else if (edits.has(r.of)) edits.get(r.of)!.push(r);
      else edits.set(r.of, [r]);
    }
    const drafts = bases.map((base) => {
      const read = readDraft(base, edits.get(base.tabId) ?? []);
      edits.delete(base.tabId);
      if (!read.complete)
        console.error(`VMark Web could not read every edit of the draft of tab ${base.tabId}`);
      return read.draft;
    });
    for (const orphan of edits.keys()) this.record(orphan, null);
    return drafts;
  }
}

/** What the journal keeps of a tab: its unsaved text, or nothing once it is clean. */
export function draftOf(doc: DocState, now = Date.now()): Draft | null {
  if (!isDirty(doc)) return null;
  const { id: tabId, path, kind, text, format } = doc;
  return { tabId, path, kind, text, format, savedAt: now };
}
