import { afterEach, describe, expect, it } from 'vitest';
import type { AgentScope } from './agentScope.js';
import { watchPart } from './agentWatch.js';

type Listener = (event: Partial<Event>) => void;

/** A window that keeps its listeners, and the binding the hub would have added to the world. */
function world() {
  const listeners = new Map<string, Set<Listener>>();
  const reports: string[] = [];
  const g = globalThis as Record<string, unknown>;
  g.window = {
    addEventListener: (type: string, fn: Listener) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(fn);
    },
    removeEventListener: (type: string, fn: Listener) => listeners.get(type)?.delete(fn),
  };
  g.__vmarkWatch = (json: string) => reports.push(json);
  const fire = (type: string, isTrusted: boolean) => {
    for (const fn of listeners.get(type) ?? []) fn({ type, isTrusted });
  };
  const count = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);
  const A = {} as AgentScope;
  watchPart(A);
  return { A, fire, reports, count };
}

afterEach(() => {
  const g = globalThis as Record<string, unknown>;
  delete g.window;
  delete g.__vmarkWatch;
});

describe('the watch for the person', () => {
  it('reports trusted presses of a pointer or key, by type only, while armed', () => {
    const w = world();
    w.fire('pointerdown', true);
    expect(w.reports).toEqual([]);
    expect(w.A.watchArm()).toEqual({ armed: true });
    expect(w.A.watchArm()).toEqual({ armed: true });
    w.fire('pointerdown', true);
    w.fire('keydown', true);
    w.fire('pointermove', true);
    expect(w.reports).toEqual(['{"type":"pointerdown"}', '{"type":"keydown"}']);
    expect(w.A.watchDisarm()).toEqual({ armed: false });
    expect(w.count()).toBe(0);
    w.fire('keydown', true);
    expect(w.reports).toHaveLength(2);
  });

  it('never reports what a page script dispatched', () => {
    const w = world();
    w.A.watchArm();
    w.fire('pointerdown', false);
    w.fire('keydown', false);
    expect(w.reports).toEqual([]);
  });

  it('does not arm without the hub’s channel', () => {
    const w = world();
    delete (globalThis as Record<string, unknown>).__vmarkWatch;
    expect(w.A.watchArm()).toEqual({ error: 'the watch channel is not open' });
    expect(w.count()).toBe(0);
  });
});
