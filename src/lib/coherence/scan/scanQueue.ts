/**
 * The scans of one workspace, one at a time, and how long a caller waits for one. A read must see
 * what changed before it was asked, so each caller waits for a scan that starts after its call:
 * the one queued behind the running scan, shared by everyone who asked meanwhile. A caller with a
 * time limit stops waiting at it and is told how far the running scan has come; the scan itself
 * goes on, and a later call finds its work done.
 */

/** How far a scan has come: `done` of `total` files (total is 0 until the walk has listed all). */
export interface ScanProgress {
  done: number;
  total: number;
}

/** A scan: it runs `(progress) => …`, reporting its progress as it goes. */
export type ScanRun = (progress: (done: number, total: number) => void) => Promise<void>;

export interface Job {
  finished: Promise<void>;
  progress: ScanProgress;
  started: number;
}

/** What waiting for a scan came to: it finished, or the time ran out first. */
export type Waited =
  | { done: true; progress: ScanProgress }
  | { done: false; progress: ScanProgress; retryAfterMs: number };

/** Bounds of retry_after_ms: not sooner than a second, not later than twenty. */
export const RETRY_MIN_MS = 1_000;
export const RETRY_MAX_MS = 20_000;

export class ScanQueue {
  private running: Job | null = null;
  private queued: Job | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** A scan that starts after this call (queued behind the running one, shared with others). */
  request(run: ScanRun): Job {
    if (this.queued) return this.queued;
    if (!this.running) return this.start(run);
    const after = this.running.finished;
    const job = this.placeholder();
    this.queued = job;
    job.finished = after
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.begin(job, run);
      });
    return job;
  }

  /** The scan running now, if any: how far it has come. */
  current(): ScanProgress | null {
    return this.running ? { ...this.running.progress } : null;
  }

  /**
   * Waits for `job` at most `limitMs`, telling `onProgress` how far the running scan has come
   * each time it moves on. Never rejects: a scan that failed counts as finished (it reports its
   * own errors).
   */
  async wait(
    job: Job,
    limitMs: number,
    onProgress?: (progress: ScanProgress) => void,
    everyMs = 500,
  ): Promise<Waited> {
    let finished = false;
    const end = job.finished.then(
      () => (finished = true),
      () => (finished = true),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ticker: ReturnType<typeof setInterval> | undefined;
    const out = new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)));
    if (onProgress) ticker = setInterval(() => onProgress(this.progressFor(job)), everyMs);
    try {
      await Promise.race([end, out]);
    } finally {
      clearTimeout(timer);
      clearInterval(ticker);
    }
    if (finished) return { done: true, progress: { ...job.progress } };
    const progress = this.progressFor(job);
    return { done: false, progress, retryAfterMs: retryAfter(this.running, progress, this.now()) };
  }

  /** A queued job's caller waits on the scan before it: that is the progress worth telling. */
  private progressFor(job: Job): ScanProgress {
    const at = job === this.queued ? this.running : job;
    return { ...(at ?? job).progress };
  }

  private placeholder(): Job {
    return { finished: Promise.resolve(), progress: { done: 0, total: 0 }, started: 0 };
  }

  private start(run: ScanRun): Job {
    const job = this.placeholder();
    job.finished = this.begin(job, run);
    return job;
  }

  private async begin(job: Job, run: ScanRun): Promise<void> {
    this.running = job;
    job.started = this.now();
    try {
      await run((done, total) => {
        job.progress = { done, total };
      });
    } finally {
      if (this.running === job) this.running = null;
    }
  }
}

/**
 * When to try again: the time the rest of the running scan should take at the pace it has gone
 * so far, within RETRY_MIN_MS and RETRY_MAX_MS (the bound, too, while nothing is known yet).
 */
export function retryAfter(running: Job | null, progress: ScanProgress, now: number): number {
  if (!running || progress.done <= 0 || progress.total <= 0) return RETRY_MIN_MS * 2;
  const perFile = (now - running.started) / progress.done;
  const rest = perFile * Math.max(0, progress.total - progress.done);
  return Math.round(Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, rest)));
}
