/**
 * The core's lines to its windows: one listener per window for snapshots and pushed changes, the
 * tabs each window has on screen (its views) and where the person composes text with an input
 * method, and a generation per window id so a reloaded window is told apart from the page it
 * replaced.
 */
import { Compositions } from '../../collab/compositions';
import type { CoreEvent, EditorAgent } from '../types';

export type Listener = (event: CoreEvent) => void;

export class WindowLinks {
  private readonly listeners = new Map<string, Listener>();
  private readonly generations = new Map<string, number>();
  private readonly agents = new Map<string, EditorAgent>();
  /** Tab id → the windows that show it and want its changes. */
  private readonly views = new Map<string, Set<string>>();
  private readonly compositions = new Compositions();

  /** A window (re)attached; answers its generation. */
  register(windowId: string, listener: Listener, agent?: EditorAgent): number {
    this.listeners.set(windowId, listener);
    if (agent) this.agents.set(windowId, agent);
    else this.agents.delete(windowId);
    const generation = (this.generations.get(windowId) ?? 0) + 1;
    this.generations.set(windowId, generation);
    return generation;
  }

  /** Whether `generation` is still the newest attach of the window. */
  isCurrent(windowId: string, generation: number | undefined): boolean {
    return this.generations.get(windowId) === generation;
  }

  generation(windowId: string): number | undefined {
    return this.generations.get(windowId);
  }

  drop(windowId: string): void {
    this.listeners.delete(windowId);
    this.agents.delete(windowId);
    this.compositions.dropWindow(windowId);
    for (const [tabId, windows] of this.views) {
      windows.delete(windowId);
      if (windows.size === 0) this.views.delete(tabId);
    }
  }

  openView(tabId: string, windowId: string): void {
    let windows = this.views.get(tabId);
    if (!windows) this.views.set(tabId, (windows = new Set()));
    windows.add(windowId);
  }

  closeView(tabId: string, windowId: string): void {
    const windows = this.views.get(tabId);
    windows?.delete(windowId);
    if (windows?.size === 0) this.views.delete(tabId);
    this.compositions.forget(tabId, windowId);
  }

  /** A window that shows the tab started, goes on with or ended an input method's composition. */
  setComposing(tabId: string, windowId: string, composing: boolean, now = Date.now()): void {
    if (composing && !this.views.get(tabId)?.has(windowId)) return;
    this.compositions.set(tabId, windowId, composing, now);
  }

  /** Whether a window that shows the tab is composing text in it (AI changes are BUSY). */
  composing(tabId: string, now = Date.now()): boolean {
    return this.compositions.composingIn(tabId, now).length > 0;
  }

  /** The windows that show the tab. */
  viewersOf(tabId: string): string[] {
    return [...(this.views.get(tabId) ?? [])];
  }

  /**
   * Resolves once every window that shows the tab has handed in what the person typed; a window
   * that does not answer within `deadlineMs` (closing, frozen) is not waited for.
   */
  async flush(tabId: string, deadlineMs: number): Promise<void> {
    const waits = this.viewersOf(tabId).flatMap((windowId) => {
      const agent = this.agents.get(windowId);
      return agent ? [agent.flush(tabId).catch(() => undefined)] : [];
    });
    if (waits.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)));
    try {
      await Promise.race([Promise.all(waits), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The agent of `preferred` if it has one, else of any attached window. */
  anyAgent(preferred: string): EditorAgent | null {
    return this.agents.get(preferred) ?? this.agents.values().next().value ?? null;
  }

  /** The window's live-editor agent, if it is attached and offered one. */
  agent(windowId: string): EditorAgent | null {
    return this.agents.get(windowId) ?? null;
  }

  send(windowId: string, event: CoreEvent): void {
    const listen = this.listeners.get(windowId);
    if (listen) safeSend(listen, event);
  }

  broadcast(event: CoreEvent): void {
    for (const listen of this.listeners.values()) safeSend(listen, event);
  }
}

function safeSend(listen: Listener, event: CoreEvent): void {
  try {
    const pending = listen(event) as unknown;
    if (pending instanceof Promise) pending.catch(() => undefined);
  } catch {
    /* a window that went away; its lock watcher cleans up */
  }
}
