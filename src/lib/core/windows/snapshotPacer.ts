/**
 * When the windows get a fresh snapshot. Any change sends one after the current burst of changes
 * (a microtask); a text-only change (a new revision while someone types) waits up to `textDelayMs`
 * so the tab strips are not redrawn on every keystroke, unless another change sends one sooner.
 */
export class SnapshotPacer {
  #queued = false;
  #timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: () => void,
    private readonly textDelayMs: number,
  ) {}

  /** One snapshot after the current burst; a pending text-only snapshot is folded into it. */
  now(): void {
    if (this.#timer !== null) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      this.send();
    });
  }

  /** A snapshot within `textDelayMs`, unless one is on its way already. */
  soon(): void {
    if (this.#queued || this.#timer !== null) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.now();
    }, this.textDelayMs);
  }
}
