/**
 * A run's budget of running time. The clock stops while the run waits on the person (an approval
 * prompt is open), so a slow answer never uses the budget up; slow pages do. Monotonic: it reads
 * an injected `now` (performance.now in the hub).
 */

export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class RunClock {
  #spent = 0;
  #since: number | null = null;
  #holds = 0;
  #timer: unknown = null;
  #onExpire: (() => void) | null = null;
  #active = false;

  constructor(
    readonly budgetMs: number,
    private readonly timers: Timers = realTimers,
  ) {}

  /** Running time used so far, in ms. */
  spentMs(): number {
    return this.#spent + (this.#since === null ? 0 : this.timers.now() - this.#since);
  }

  remainingMs(): number {
    return Math.max(0, this.budgetMs - this.spentMs());
  }

  expired(): boolean {
    return this.remainingMs() <= 0;
  }

  get running(): boolean {
    return this.#since !== null;
  }

  /** Starts (or restarts after a pause) counting; `onExpire` runs once when the budget is spent. */
  start(onExpire?: () => void): void {
    if (onExpire) this.#onExpire = onExpire;
    this.#active = true;
    if (this.#since !== null || this.#holds > 0) return;
    this.#since = this.timers.now();
    this.#arm();
  }

  /** Stops counting until the matching `release()`; holds nest (two prompts, one clock). */
  hold(): void {
    this.#holds++;
    this.#halt();
  }

  release(): void {
    if (this.#holds === 0) return;
    this.#holds--;
    if (this.#holds === 0 && this.#active) this.start();
  }

  /** Stops for good (the run ended or paused). */
  stop(): void {
    this.#halt();
    this.#active = false;
    this.#onExpire = null;
  }

  #halt(): void {
    if (this.#since !== null) {
      this.#spent += this.timers.now() - this.#since;
      this.#since = null;
    }
    if (this.#timer !== null) {
      this.timers.clearTimeout(this.#timer);
      this.#timer = null;
    }
  }

  #arm(): void {
    this.#timer = this.timers.setTimeout(() => {
      this.#timer = null;
      if (!this.expired()) return this.#arm();
      const fire = this.#onExpire;
      this.stop();
      fire?.();
    }, this.remainingMs());
  }
}
