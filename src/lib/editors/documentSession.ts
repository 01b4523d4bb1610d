/**
 * One tab's document as a window sees it: a CollabClient (collab/collabClient.ts) talking to the
 * core over comlink. The person's edits show at once and reach the core in order; changes made
 * elsewhere arrive as steps and are rebased with whatever the person has typed meanwhile.
 */
import {
  CollabClient,
  type ClientProbe,
  type ClientView,
  type RemoteStep,
} from '../collab/collabClient';
import type { CoreRemote } from '../core/client';
import type { Splice } from '../core/store/textEdit';

export type SessionListener = ClientView;

interface ProbeLog {
  edited: { tabId: string; count: number; at: number }[];
  confirmed: { tabId: string; count: number; at: number }[];
}

/**
 * Benchmarks and tests set `globalThis.__vmarkProbe = {edited: [], confirmed: []}` before the app
 * starts, to time each edit from the keystroke to the core's confirmation; otherwise nothing runs.
 */
function probeFor(tabId: string): ClientProbe | undefined {
  const log = (globalThis as { __vmarkProbe?: ProbeLog }).__vmarkProbe;
  if (!log) return undefined;
  return {
    edited: (count) => log.edited.push({ tabId, count, at: performance.now() }),
    confirmed: (count) => log.confirmed.push({ tabId, count, at: performance.now() }),
  };
}

export class DocumentSession {
  private client: CollabClient | null = null;
  private listener: SessionListener | null = null;
  /** Steps that arrived before the text did (the client drops those it already has). */
  private early: RemoteStep[] = [];
  private closed = false;
  private composingNow = false;

  constructor(
    private readonly core: CoreRemote,
    readonly tabId: string,
    private readonly windowId: string,
  ) {}

  /** Fetches the text and starts receiving the tab's changes. */
  async load(): Promise<boolean> {
    if (this.client) return true;
    const r = await this.core.openView(this.tabId, this.windowId);
    if (!r.ok || this.closed) return false;
    const client = new CollabClient(
      {
        send: async (base, splices, proposed) => {
          const a = await this.core.edit(this.tabId, base, splices, this.windowId, proposed);
          if (a.ok) return a;
          if (a.error === 'STALE') {
            return { ok: false, stale: true, version: a.current_version ?? base + 1 };
          }
          return { ok: false, stale: false, message: a.message };
        },
        catchUp: (since) => this.core.changesSince(this.tabId, since),
      },
      { text: r.text, version: r.version, revision: r.revision },
      probeFor(this.tabId),
    );
    client.listen(this.listener);
    client.setComposing(this.composingNow);
    this.client = client;
    for (const step of this.early) client.notify(step);
    this.early = [];
    return true;
  }

  get text(): string {
    return this.client?.text ?? '';
  }

  get revision(): string {
    return this.client?.revision ?? '';
  }

  listen(listener: SessionListener | null): void {
    this.listener = listener;
    this.client?.listen(listener);
  }

  /** An edit the person made; `splices` are against the text before it. */
  edit(splices: Splice[]): void {
    this.client?.edit(splices);
  }

  /** A change the core pushed (made in another window, by an AI client, or read from disk). */
  notify(step: RemoteStep): void {
    if (this.client) this.client.notify(step);
    else this.early.push(step);
  }

  /** The core says the tab is at `version` (from a snapshot): catch up if behind. */
  knownVersion(version: number): void {
    this.client?.knownVersion(version);
  }

  /** Whether the person is composing text with an input method here (changes are held). */
  get composing(): boolean {
    return this.composingNow;
  }

  /**
   * The person started or ended composing text with an input method: changes made elsewhere are
   * held until the end (then shown around the committed text), and the core refuses AI changes
   * of the tab meanwhile.
   */
  compose(composing: boolean): void {
    this.composingNow = composing;
    this.client?.setComposing(composing);
    void this.core.setComposing(this.tabId, this.windowId, composing);
  }

  /** A composition goes on: the core hears it again (it forgets a composition with no news). */
  stillComposing(): void {
    void this.core.setComposing(this.tabId, this.windowId, true);
  }

  /** Waits until every edit made so far has reached the core. */
  settled(): Promise<void> {
    return this.client?.flushed() ?? Promise.resolve();
  }

  close(): void {
    this.closed = true;
    this.client?.close();
    void this.core.closeView(this.tabId, this.windowId);
  }
}
