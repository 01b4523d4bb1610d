/**
 * The agents of a tab's frames. The page's own agent sees its document only; each frame's
 * document gets its own agent, in an isolated world of that frame, found from the frame's owner
 * element: the parent's agent keeps the owners a walk passed (agentFrames.ts), and the DevTools
 * protocol names the frame behind each.
 *
 * A frame in the parent's process shares the parent's DevTools session. A frame of another site
 * lives in its own process (an out-of-process frame) and is reached through a session of its
 * own, which playwright-core opens for such frames only: each frame the page has is tried once,
 * and those that open a session are known by the frame id at the root of their tree.
 *
 * Frames are numbered per tab in the order they are met (`f1`, `f2`, … in refs, frameRefs.ts);
 * the numbers and agents hold until the page's generation moves on.
 */
import type { CDPSession, Frame, Page } from 'playwright-core';
import type { AgentFactory, PageAgent } from '../pageAgent.js';
import { MAX_FRAME_NUMBER } from './frameRefs.js';

/** A frame of the tab: its number, its id, its parent's number (0: the page) and its agent. */
export interface FrameEntry {
  n: number;
  frameId: string;
  parent: number;
  agent: PageAgent;
}

/** Why a point cannot be sent into a frame: the refusal its owner element gave. */
export interface FrameRefusal {
  reason: 'hidden' | 'offscreen' | 'obscured' | 'disabled';
  by?: string;
  detail?: string;
}

/** How long after a frame's change its new document is armed (a burst of changes is one). */
const ARM_DELAY_MS = 100;

interface Probe {
  frameId: string;
  session: CDPSession;
}

function isPoint(value: unknown): value is { x: number; y: number } {
  const p = value as { x?: unknown; y?: unknown } | null;
  return typeof p?.x === 'number' && typeof p.y === 'number';
}

export class FrameAgents {
  #generation = -1;
  #next = 1;
  readonly #byId = new Map<string, FrameEntry>();
  readonly #byNumber = new Map<number, FrameEntry>();
  /** Each frame of the page tried for a session of its own: null for frames in-process. */
  readonly #probes = new Map<Frame, Promise<Probe | null>>();

  /** What goes on in every frame too: the recorder's reports, the watch for the person. */
  readonly #following: { record: ((json: string) => void) | null; watch: (() => void) | null } = {
    record: null,
    watch: null,
  };
  #arming: Promise<void> = Promise.resolve();
  #armTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly page: Page,
    private readonly main: PageAgent,
    private readonly make: AgentFactory,
    /** The tab's generation now. */
    private readonly generation: () => number,
  ) {
    const forget = (frame: Frame) => this.#forgetProbe(frame);
    page.on('framenavigated', (frame) => {
      forget(frame);
      this.#armSoon();
    });
    page.on('frameattached', () => this.#armSoon());
    page.on('framedetached', forget);
  }

  /**
   * Arms the recorder (`record`) or the watch (`watch`) in every frame, now and in each frame
   * that comes or navigates later, until `unfollow`; their reports go to `handler` as the page's
   * own agent's do. The page's own agent is armed by the caller.
   */
  async follow(kind: 'record', handler: (json: string) => void): Promise<void>;
  async follow(kind: 'watch', handler: () => void): Promise<void>;
  async follow(kind: 'record' | 'watch', handler: (json: string) => void): Promise<void> {
    if (kind === 'record') this.#following.record = handler;
    else this.#following.watch = handler as () => void;
    await this.#armAll();
  }

  /** Disarms the recorder or the watch in every frame. */
  async unfollow(kind: 'record' | 'watch'): Promise<void> {
    this.#following[kind] = null;
    await Promise.all(
      [...this.#byId.values()].map((entry) =>
        (kind === 'record' ? entry.agent.stopRecording() : entry.agent.stopWatching()).catch(
          () => undefined,
        ),
      ),
    );
  }

  /** Whether the page has frames at all: when not, nothing here is needed. */
  any(): boolean {
    return this.page.frames().length > 1;
  }

  /** The entry of frame number `n` in this generation, if it is known. */
  entry(n: number, generation: number): FrameEntry | null {
    this.#sync(generation);
    return this.#byNumber.get(n) ?? null;
  }

  /** The agent of the frame (0: the page's own). */
  agentOf(n: number): PageAgent | null {
    return n === 0 ? this.main : (this.#byNumber.get(n)?.agent ?? null);
  }

  /** The frame `frameId`, inside frame `parent` (0: the page), numbered on first sight. */
  async child(parent: number, frameId: string, generation: number): Promise<FrameEntry | null> {
    this.#sync(generation);
    const known = this.#byId.get(frameId);
    if (known) return known;
    const parentAgent = this.agentOf(parent);
    if (!parentAgent || this.#next > MAX_FRAME_NUMBER) return null;
    const agent = this.make(this.page, {
      frameId,
      session: async () => (await this.#ownSession(frameId)) ?? parentAgent.sessionOf(),
    });
    const entry: FrameEntry = { n: this.#next++, frameId, parent, agent };
    this.#byId.set(frameId, entry);
    this.#byNumber.set(entry.n, entry);
    return entry;
  }

  /**
   * The frames of the page in page order, depth first: each document's shown frame owners, and
   * the frames behind them. A frame that cannot be reached is counted in `unreached`.
   */
  async list(generation: number): Promise<{ frames: FrameEntry[]; unreached: number }> {
    const frames: FrameEntry[] = [];
    let unreached = 0;
    const visit = async (parent: number): Promise<void> => {
      const agent = this.agentOf(parent);
      if (!agent) return;
      let owners: { token?: unknown; count?: unknown };
      try {
        owners = (await agent.call('frameOwners')) as typeof owners;
      } catch {
        if (parent !== 0) unreached++;
        return;
      }
      if (typeof owners?.token !== 'number' || typeof owners.count !== 'number') return;
      for (let i = 0; i < owners.count; i++) {
        const entry = await this.at(parent, owners.token, i, generation);
        if (!entry) {
          unreached++;
          continue;
        }
        frames.push(entry);
        await visit(entry.n);
      }
    };
    await visit(0);
    return { frames, unreached };
  }

  /** The frame behind owner `index` of a walk (`token`) in frame `parent`, or null. */
  async at(
    parent: number,
    token: number,
    index: number,
    generation: number,
  ): Promise<FrameEntry | null> {
    const agent = this.agentOf(parent);
    if (!agent) return null;
    const frameId = await agent.frameIdAt(token, index).catch(() => null);
    return frameId ? this.child(parent, frameId, generation) : null;
  }

  /**
   * A point of frame `n`'s viewport as a point of the page's, checked at every level: each
   * owner element must show, take the point in view, and not be covered there.
   */
  async toPage(
    n: number,
    point: { x: number; y: number },
  ): Promise<{ x: number; y: number } | FrameRefusal> {
    let at = point;
    for (let entry = this.#byNumber.get(n); entry; entry = this.#byNumber.get(entry.parent)) {
      const parentAgent = this.agentOf(entry.parent);
      if (!parentAgent) return { reason: 'hidden' };
      const hit = await parentAgent.hitOwner(entry.frameId, at);
      if (!isPoint(hit)) {
        const refusal = hit as FrameRefusal & { error?: string };
        if (refusal?.error || !refusal?.reason) throw new Error(refusal?.error ?? 'no answer');
        return refusal;
      }
      at = hit;
      if (entry.parent === 0) break;
    }
    return at;
  }

  /** Forgets every frame (the tab closed). */
  dispose(): void {
    this.#following.record = null;
    this.#following.watch = null;
    if (this.#armTimer) clearTimeout(this.#armTimer);
    this.#clear();
    for (const frame of [...this.#probes.keys()]) this.#forgetProbe(frame);
  }

  #sync(generation: number): void {
    if (generation === this.#generation) return;
    this.#generation = generation;
    this.#clear();
  }

  #clear(): void {
    for (const entry of this.#byId.values()) void entry.agent.dispose().catch(() => undefined);
    this.#byId.clear();
    this.#byNumber.clear();
    this.#next = 1;
  }

  /** A frame came or navigated: while following, its new document is armed in a moment. */
  #armSoon(): void {
    if (!this.#following.record && !this.#following.watch) return;
    if (this.#armTimer) clearTimeout(this.#armTimer);
    this.#armTimer = setTimeout(() => {
      this.#armTimer = null;
      void this.#armAll();
    }, ARM_DELAY_MS);
  }

  /** Arms what is followed in every frame of the page, one pass after another. */
  #armAll(): Promise<void> {
    const pass = this.#arming.then(async () => {
      const { record, watch } = this.#following;
      if (!record && !watch) return;
      const { frames } = await this.list(this.generation());
      for (const { agent } of frames) {
        // A frame that cannot be armed (gone, or between documents) is tried at its next change.
        if (record) await agent.startRecording(record).catch(() => undefined);
        if (watch) await agent.startWatching(watch).catch(() => undefined);
      }
    });
    this.#arming = pass.catch(() => undefined);
    return this.#arming;
  }

  /** The session of the out-of-process frame `frameId`, or null when it shares its parent's. */
  async #ownSession(frameId: string): Promise<CDPSession | null> {
    for (const frame of this.page.frames()) {
      if (frame === this.page.mainFrame()) continue;
      let probe = this.#probes.get(frame);
      if (!probe) {
        probe = this.#probe(frame);
        this.#probes.set(frame, probe);
      }
      const found = await probe;
      if (found?.frameId === frameId) return found.session;
    }
    return null;
  }

  async #probe(frame: Frame): Promise<Probe | null> {
    let session: CDPSession;
    try {
      session = await this.page.context().newCDPSession(frame);
    } catch {
      return null; // In the parent's process: no session of its own.
    }
    try {
      const tree = (await session.send('Page.getFrameTree')) as {
        frameTree: { frame: { id: string } };
      };
      return { frameId: tree.frameTree.frame.id, session };
    } catch {
      await session.detach().catch(() => undefined);
      return null;
    }
  }

  #forgetProbe(frame: Frame): void {
    const probe = this.#probes.get(frame);
    if (!probe) return;
    this.#probes.delete(frame);
    void probe.then((found) => found?.session.detach()).catch(() => undefined);
  }
}
