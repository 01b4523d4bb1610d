/**
 * At most one call per key and interval: the first poke fires at once (leading edge), pokes
 * during the interval that follows are folded into one call at its end (trailing edge), which
 * opens a new interval. A key poked once and then left alone fires once. Pure: the timers come in.
 */

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Coalescer<K> {
  /** Something about `key` changed. */
  poke(key: K): void;
  /** Forgets `key`: a trailing call still due is dropped. */
  cancel(key: K): void;
  /** Forgets every key. */
  dispose(): void;
}

export function createCoalescer<K>(
  intervalMs: number,
  fire: (key: K) => void,
  timers: Timers = realTimers,
): Coalescer<K> {
  /** Keys inside an interval, and whether a poke came during it. */
  const open = new Map<K, { handle: unknown; pending: boolean }>();

  const startInterval = (key: K) => {
    const entry = { handle: undefined as unknown, pending: false };
    entry.handle = timers.setTimeout(() => {
      if (open.get(key) !== entry) return;
      open.delete(key);
      if (entry.pending) {
        startInterval(key);
        fire(key);
      }
    }, intervalMs);
    open.set(key, entry);
  };

  return {
    poke(key) {
      const entry = open.get(key);
      if (entry) {
        entry.pending = true;
        return;
      }
      startInterval(key);
      fire(key);
    },
    cancel(key) {
      const entry = open.get(key);
      if (!entry) return;
      timers.clearTimeout(entry.handle);
      open.delete(key);
    },
    dispose() {
      for (const entry of open.values()) timers.clearTimeout(entry.handle);
      open.clear();
    },
  };
}
