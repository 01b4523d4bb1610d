/**
 * The driver's own input into a tab, marked so that it is never taken for the person's. The
 * driver's clicks (and, as they become trusted too, its keys, scrolls and hovers) reach the page
 * through the browser's input pipeline, so the page sees them as trusted events just like the
 * person's: `event.isTrusted` cannot tell them apart. Instead, everything the driver sends goes
 * through `withDriverInput`, and whoever watches the page for the person (runWatch.ts) asks
 * `isDriverInput` about each input it hears of.
 *
 * A tab counts as receiving the driver's input while any `withDriverInput` on it runs, and for a
 * short grace period after the last one ends: the page's reports of the events travel over
 * another DevTools session and may come in just after the input call has returned.
 */

/** How long after the driver's input its events may still be reported, in ms. */
export const DRIVER_INPUT_GRACE_MS = 300;

interface Marks {
  /** How many `withDriverInput` calls on the tab are running (they may nest). */
  active: number;
  /** Until when (epoch ms) the last one's events may still arrive. */
  until: number;
}

/** The driver's input per tab; keyed by the tab object, so a closed tab takes its marks along. */
export class DriverInput {
  readonly #marks = new WeakMap<object, Marks>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly graceMs: number = DRIVER_INPUT_GRACE_MS,
  ) {}

  /** Runs `fn`, which sends the driver's input into `tab`, with the tab marked. */
  async run<T>(tab: object, fn: () => Promise<T>): Promise<T> {
    let marks = this.#marks.get(tab);
    if (!marks) this.#marks.set(tab, (marks = { active: 0, until: 0 }));
    marks.active++;
    try {
      return await fn();
    } finally {
      marks.active--;
      marks.until = Math.max(marks.until, this.now() + this.graceMs);
    }
  }

  /** Whether input heard of in `tab` at time `at` may be the driver's own. */
  covers(tab: object, at: number = this.now()): boolean {
    const marks = this.#marks.get(tab);
    return marks !== undefined && (marks.active > 0 || at <= marks.until);
  }
}

/** The hub's one ledger of the driver's input. */
const DRIVER_INPUT = new DriverInput();

/** Runs `fn`, which sends the driver's own input into `tab`: the watcher will not take it for the person's. */
export function withDriverInput<T>(tab: object, fn: () => Promise<T>): Promise<T> {
  return DRIVER_INPUT.run(tab, fn);
}

/** Whether input heard of in `tab` at `at` (now by default) may be the driver's own. */
export function isDriverInput(tab: object, at?: number): boolean {
  return DRIVER_INPUT.covers(tab, at);
}
