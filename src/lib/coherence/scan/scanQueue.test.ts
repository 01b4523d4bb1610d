/**
 * The scans of one workspace: one at a time, each caller waiting for a scan that starts after its
 * call, and a caller with a limit told how far the running scan has come instead of waiting on.
 */
import { describe, expect, it } from 'vitest';
import { RETRY_MAX_MS, RETRY_MIN_MS, ScanQueue, retryAfter, type ScanRun } from './scanQueue';

/** A scan that reports `done` of `total` and finishes when told. */
function controlled() {
  let finish!: () => void;
  let report!: (done: number, total: number) => void;
  let runs = 0;
  const run: ScanRun = (progress) => {
    runs++;
    report = progress;
    return new Promise<void>((resolve) => (finish = resolve));
  };
  return {
    run,
    runs: () => runs,
    report: (done: number, total: number) => report(done, total),
    finish: () => finish(),
  };
}

describe('the scan queue', () => {
  it('answers BUSY-worthy progress at the limit, and the scan goes on to finish', async () => {
    const queue = new ScanQueue();
    const scan = controlled();
    const job = queue.request(scan.run);
    scan.report(40, 100);
    const waited = await queue.wait(job, 20);
    expect(waited).toMatchObject({ done: false, progress: { done: 40, total: 100 } });
    if (!waited.done) expect(waited.retryAfterMs).toBeGreaterThanOrEqual(RETRY_MIN_MS);
    scan.finish();
    expect(await queue.wait(job, 1_000)).toMatchObject({ done: true });
    expect(queue.current()).toBeNull();
  });

  it('makes a caller wait for a scan that starts after its call, shared by all who asked', async () => {
    const queue = new ScanQueue();
    const scan = controlled();
    const first = queue.request(scan.run);
    const second = queue.request(scan.run);
    const third = queue.request(scan.run);
    expect(second).toBe(third);
    expect(second).not.toBe(first);
    expect(scan.runs()).toBe(1);
    scan.report(3, 10);
    // The queued caller is told how far the scan before it has come.
    expect(await queue.wait(second, 10)).toMatchObject({
      done: false,
      progress: { done: 3, total: 10 },
    });
    scan.finish();
    await first.finished;
    await Promise.resolve();
    await Promise.resolve();
    expect(scan.runs()).toBe(2);
    scan.finish();
    expect(await queue.wait(second, 1_000)).toMatchObject({ done: true });
  });

  it('tells a waiting caller how far the scan has come as it moves on', async () => {
    const queue = new ScanQueue();
    const scan = controlled();
    const job = queue.request(scan.run);
    const told: number[] = [];
    scan.report(1, 4);
    const waiting = queue.wait(job, 200, (p) => told.push(p.done), 5);
    await new Promise((r) => setTimeout(r, 30));
    scan.report(2, 4);
    await waiting;
    expect(told).toContain(1);
    expect(told).toContain(2);
    scan.finish();
  });

  it('runs the next scan even after one failed', async () => {
    const queue = new ScanQueue();
    let calls = 0;
    const failing: ScanRun = async () => {
      calls++;
      if (calls === 1) throw new Error('disk gone');
    };
    const first = queue.request(failing);
    const second = queue.request(failing);
    await expect(first.finished).rejects.toThrow('disk gone');
    await second.finished;
    expect(calls).toBe(2);
  });
});

describe('when to try again', () => {
  const running = (started: number) => ({
    finished: Promise.resolve(),
    progress: { done: 0, total: 0 },
    started,
  });

  it('is the rest of the scan at the pace it has gone, within bounds', () => {
    // 100 files in 1 s, 900 to go: 9 s.
    expect(retryAfter(running(0), { done: 100, total: 1_000 }, 1_000)).toBe(9_000);
    expect(retryAfter(running(0), { done: 999, total: 1_000 }, 1_000)).toBe(RETRY_MIN_MS);
    expect(retryAfter(running(0), { done: 1, total: 1_000_000 }, 1_000)).toBe(RETRY_MAX_MS);
  });

  it('is two seconds while nothing is known of the pace', () => {
    expect(retryAfter(running(0), { done: 0, total: 0 }, 1_000)).toBe(2 * RETRY_MIN_MS);
    expect(retryAfter(null, { done: 5, total: 10 }, 1_000)).toBe(2 * RETRY_MIN_MS);
  });
});
