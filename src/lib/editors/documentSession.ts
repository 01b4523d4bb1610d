/**
 * One tab's document as a window sees it: the local copy of the text, the revision the core last
 * confirmed, and the queue that hands the person's edits to the core in order.
 */
import type { CoreRemote } from '../core/client';
import { applySplices, type Splice } from '../core/textEdit';
import { newRevision } from '../revisions/revision';

export interface SessionListener {
  /** The text changed elsewhere (restore, another writer): show it. */
  replaced(text: string, undoable: boolean): void;
  revision(revision: string): void;
  /** A refusal the person should see (read-only, for example). */
  refused(message: string): void;
}

export class DocumentSession {
  text = '';
  revision = '';
  private queue: Promise<void> = Promise.resolve();
  private listener: SessionListener | null = null;
  /** Bumped whenever text arrives from the core, so edits made on older text are never sent. */
  private epoch = 0;

  constructor(
    private readonly core: CoreRemote,
    readonly tabId: string,
    private readonly windowId: string,
  ) {}

  async load(): Promise<boolean> {
    const r = await this.core.getText(this.tabId);
    if (!r.ok) return false;
    this.text = r.text;
    this.revision = r.revision;
    return true;
  }

  listen(listener: SessionListener | null): void {
    this.listener = listener;
  }

  /**
   * An edit the person made; `splices` are against the text before it. The window draws the new
   * revision token itself and the core adopts it, so the revision changes with the keystroke,
   * not a round trip later; a refusal (another writer got there first) resyncs from the core.
   */
  edit(splices: Splice[]): void {
    const changes = splices.filter((s) => this.text.slice(s.from, s.to) !== s.insert);
    if (changes.length === 0) return;
    this.text = applySplices(this.text, changes);
    const base = this.revision;
    const next = newRevision(base);
    this.revision = next;
    this.listener?.revision(next);
    const epoch = this.epoch;
    this.queue = this.queue.then(async () => {
      if (epoch !== this.epoch) return this.resync();
      const r = await this.core.edit(this.tabId, base, changes, this.windowId, next);
      if (r.ok) {
        if (r.revision !== next && epoch === this.epoch) {
          this.revision = r.revision;
          this.listener?.revision(r.revision);
        }
        return;
      }
      if (r.error !== 'STALE') this.listener?.refused(r.message);
      await this.resync();
    });
  }

  /** Waits until every edit made so far has reached the core. */
  settled(): Promise<void> {
    return this.queue;
  }

  private async resync(): Promise<void> {
    const r = await this.core.getText(this.tabId);
    if (!r.ok) return;
    this.accept(r.text, r.revision, false);
  }

  /** Text pushed by the core (its origin was not this window). */
  accept(text: string, revision: string, undoable: boolean): void {
    this.epoch++;
    this.revision = revision;
    this.listener?.revision(revision);
    if (text === this.text) return;
    this.text = text;
    this.listener?.replaced(text, undoable);
  }
}
