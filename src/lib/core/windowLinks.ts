/**
 * The core's lines to its windows: one listener per window for snapshots and pushed text, and a
 * generation per window id so a reloaded window is told apart from the page it replaced.
 */
import type { CoreEvent, EditorAgent } from './types';

export type Listener = (event: CoreEvent) => void;

export class WindowLinks {
  private readonly listeners = new Map<string, Listener>();
  private readonly generations = new Map<string, number>();
  private readonly agents = new Map<string, EditorAgent>();

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
