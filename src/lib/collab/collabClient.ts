/**
 * One window's copy of a document, kept in step with the core without ever dropping a keystroke.
 *
 * The core is the authority: it holds the text, a version number that counts its changes, and
 * the revision token. The window edits its own copy at once and sends its unconfirmed edits as
 * one change against the version it last confirmed; the core applies it only if that version is
 * still current. If something else (an AI client, a reload, another window) changed the text
 * first, the window fetches those changes, moves its own edits over them (`rebase`), shows the
 * result and sends again. So the person's typing is never lost nor doubled, and the editor ends
 * showing exactly the core's text.
 *
 * While the person composes text with an input method (IME), the editor must not change under
 * the composition: changes made elsewhere are held (`setComposing`) and shown once it ends, moved
 * around the committed text like any pending typing. What the person types meanwhile is still
 * sent, until the core turns out to be ahead; then it waits for the end as well.
 */
import type { ChangeSet } from '@codemirror/state';
import { diffSplice, type Splice } from '../core/store/textEdit';
import { newRevision } from '../revisions/revision';
import { changeSetOf, noChange, rebase, splicesOf } from './changes';
import { DeferredText } from './deferredText';

/** A step of the core's history as a window receives it. */
export interface RemoteStep {
  version: number;
  revision: string;
  splices: Splice[];
  undoable: boolean;
}

export type SendAnswer =
  | { ok: true; version: number; revision: string }
  | { ok: false; stale: true; version: number }
  | { ok: false; stale: false; message: string };

export type CatchUp =
  | { ok: true; version: number; revision: string; steps: RemoteStep[] }
  | { ok: true; version: number; revision: string; text: string }
  | { ok: false; message: string };

/** What the client needs from the core. */
export interface Authority {
  send(baseVersion: number, splices: Splice[], proposedRevision: string): Promise<SendAnswer>;
  catchUp(sinceVersion: number): Promise<CatchUp>;
}

/** What the client tells the editor that shows the document. */
export interface ClientView {
  /** The text changed elsewhere: `splices` (against the text shown so far) give `text`. */
  remote(text: string, splices: Splice[], undoable: boolean): void;
  revision(revision: string): void;
  /** A refusal the person should see (read-only, for example). */
  refused(message: string): void;
}

/** Optional timing hooks (benchmarks): called with the count of local edits so far. */
export interface ClientProbe {
  edited(count: number): void;
  confirmed(count: number): void;
}

interface Confirmed {
  text: string;
  version: number;
  revision: string;
}

/** The confirmed state as the client holds it: its text rebuilt only when read. */
interface Held {
  text: DeferredText;
  version: number;
  revision: string;
}

export class CollabClient {
  private confirmed: Held;
  /** Sent to the core, not yet answered (against the confirmed text). */
  private inflight: ChangeSet | null = null;
  /** Typed since (against the confirmed text with `inflight` applied). */
  private queued: ChangeSet;
  private localText: DeferredText;
  private localRevision: string;
  /** Steps pushed by the core that could not be applied yet, by version. */
  private readonly buffered = new Map<number, RemoteStep>();
  private newestKnown: number;
  private busy = false;
  private closed = false;
  /** The person is composing: nothing made elsewhere is shown (nor caught up with) until it ends. */
  private composing = false;
  /** Local edits made so far, and how many of them the core has confirmed. */
  private made = 0;
  private confirmedEdits = 0;
  private waiters: { upTo: number; resolve: () => void }[] = [];
  private view: ClientView | null = null;

  constructor(
    private readonly authority: Authority,
    start: Confirmed,
    private readonly probe?: ClientProbe,
  ) {
    this.confirmed = { ...start, text: DeferredText.of(start.text) };
    this.localText = this.confirmed.text;
    this.localRevision = start.revision;
    this.queued = noChange(start.text.length);
    this.newestKnown = start.version;
  }

  get text(): string {
    return this.localText.text;
  }

  /** The newest revision of the text this window shows (it changes with each keystroke). */
  get revision(): string {
    return this.localRevision;
  }

  get version(): number {
    return this.confirmed.version;
  }

  /** Whether every edit made here has been confirmed by the core. */
  get idle(): boolean {
    return this.inflight === null && this.queued.empty;
  }

  listen(view: ClientView | null): void {
    this.view = view;
  }

  /** An edit made in this window; `splices` are against the text before it. */
  edit(splices: readonly Splice[]): void {
    // A splice that changes the length changes the text; only one that keeps it is compared.
    const changes = splices.filter(
      (s) => s.insert.length !== s.to - s.from || this.localText.slice(s.from, s.to) !== s.insert,
    );
    if (changes.length === 0 || this.closed) return;
    const set = changeSetOf(changes, this.localText.length);
    this.queued = this.queued.compose(set);
    this.localText = this.localText.changed(set);
    this.made++;
    this.probe?.edited(this.made);
    this.setRevision(newRevision(this.localRevision));
    void this.pump();
  }

  /** The core changed the text (pushed to this window); applied in order, when it can be. */
  notify(step: RemoteStep): void {
    if (this.closed || step.version <= this.confirmed.version) return;
    this.buffered.set(step.version, step);
    this.newestKnown = Math.max(this.newestKnown, step.version);
    void this.pump();
  }

  /** The core is at `version` (it says so in a snapshot or a refusal): catch up if behind. */
  knownVersion(version: number): void {
    if (version <= this.newestKnown) return;
    this.newestKnown = version;
    void this.pump();
  }

  /**
   * The person started or ended composing text with an input method. At the end, the changes
   * held meanwhile are shown, around what the composition committed.
   */
  setComposing(composing: boolean): void {
    if (this.composing === composing) return;
    this.composing = composing;
    if (!composing) void this.pump();
  }

  /** Resolves once every edit made before the call has reached the core. */
  flushed(): Promise<void> {
    const upTo = this.made;
    if (this.confirmedEdits >= upTo || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ upTo, resolve }));
  }

  close(): void {
    this.closed = true;
    this.view = null;
    this.release(Infinity);
  }

  private setRevision(revision: string): void {
    this.localRevision = revision;
    this.view?.revision(revision);
  }

  private release(upTo: number): void {
    if (upTo !== Infinity) this.probe?.confirmed(upTo);
    const ready = this.waiters.filter((w) => w.upTo <= upTo);
    this.waiters = this.waiters.filter((w) => w.upTo > upTo);
    for (const w of ready) w.resolve();
  }

  /** One thing at a time: apply what the core sent, catch up, or send what was typed. */
  private async pump(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (!this.closed) {
        if (!this.composing) this.applyBuffered();
        if (this.newestKnown > this.confirmed.version) {
          // Behind the core while composing: what came in is shown once the composition ends.
          if (this.composing || !(await this.catchUp())) break;
        } else if (!this.queued.empty) {
          await this.send();
        } else {
          this.caughtUp();
          break;
        }
      }
    } finally {
      this.busy = false;
    }
  }

  /**
   * Nothing is left to send (edits that cancel out never leave the window): every edit made so
   * far counts as handed in, and the text is the core's, under the core's revision.
   */
  private caughtUp(): void {
    if (this.inflight !== null || !this.queued.empty) return;
    this.confirmedEdits = this.made;
    this.release(this.made);
    if (this.localRevision !== this.confirmed.revision) this.setRevision(this.confirmed.revision);
  }

  private applyBuffered(): void {
    for (const v of [...this.buffered.keys()])
      if (v <= this.confirmed.version) this.buffered.delete(v);
    for (;;) {
      const next = this.buffered.get(this.confirmed.version + 1);
      if (!next) return;
      this.buffered.delete(next.version);
      this.applyRemote([next], next.revision);
    }
  }

  private async catchUp(): Promise<boolean> {
    const since = this.confirmed.version;
    const r = await this.authority.catchUp(since);
    if (this.closed || this.confirmed.version !== since) return !this.closed;
    // A composition began meanwhile: leave the editor alone; catch up again once it ends.
    if (this.composing) return false;
    if (!r.ok) {
      this.view?.refused(r.message);
      return false;
    }
    if ('text' in r) {
      const splice = diffSplice(this.confirmed.text.text, r.text);
      const step: RemoteStep = {
        version: r.version,
        revision: r.revision,
        splices: splice ? [splice] : [],
        undoable: false,
      };
      this.applyRemote([step], r.revision);
    } else {
      this.applyRemote(r.steps, r.revision);
    }
    // What the core said is the newest; steps pushed since may be newer still.
    this.newestKnown = Math.max(this.confirmed.version, ...this.buffered.keys());
    return true;
  }

  /** Moves the window's unconfirmed edits over the core's steps and shows the result. */
  private applyRemote(steps: readonly RemoteStep[], revision: string): void {
    if (steps.length === 0) return;
    for (const step of steps) {
      const remote = changeSetOf(step.splices, this.confirmed.text.length);
      const { secondAfterFirst, firstAfterSecond } = rebase(remote, this.queued);
      this.confirmed = {
        text: this.confirmed.text.changed(remote),
        version: step.version,
        revision: step.revision,
      };
      this.queued = secondAfterFirst;
      const shown = splicesOf(firstAfterSecond);
      this.localText = this.localText.changed(firstAfterSecond);
      if (shown.length) this.view?.remote(this.localText.text, shown, step.undoable);
    }
    this.confirmed.revision = revision;
    // With edits still pending, this text exists only here: it gets a token of its own.
    this.setRevision(this.queued.empty ? revision : newRevision(this.localRevision));
  }

  private async send(): Promise<void> {
    const sent = this.queued;
    const upTo = this.made;
    const proposed = this.localRevision;
    this.inflight = sent;
    this.queued = noChange(sent.newLength);
    const r = await this.authority.send(this.confirmed.version, splicesOf(sent), proposed);
    this.inflight = null;
    if (this.closed) return;
    if (r.ok) {
      this.confirmed = {
        text: this.confirmed.text.changed(sent),
        version: r.version,
        revision: r.revision,
      };
      this.newestKnown = Math.max(this.newestKnown, r.version);
      this.confirmedEdits = upTo;
      this.release(upTo);
      if (this.queued.empty && r.revision !== this.localRevision) this.setRevision(r.revision);
      return;
    }
    // Not applied: the edits go back in front of what was typed meanwhile.
    this.queued = sent.compose(this.queued);
    if (r.stale) {
      this.newestKnown = Math.max(this.newestKnown, r.version);
      if (r.version <= this.confirmed.version) {
        // The core's version is not newer than ours: a mismatch that catching up cannot fix.
        this.newestKnown = this.confirmed.version + 1;
      }
      return;
    }
    this.view?.refused(r.message);
    // The core will not take these edits (read-only): show its text again.
    this.queued = noChange(this.confirmed.text.length);
    const splice = diffSplice(this.localText.text, this.confirmed.text.text);
    this.localText = this.confirmed.text;
    this.confirmedEdits = upTo;
    this.release(upTo);
    if (splice) this.view?.remote(this.localText.text, [splice], false);
    this.setRevision(this.confirmed.revision);
  }
}
