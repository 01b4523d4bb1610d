import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnapshotPacer } from './snapshotPacer';

describe('SnapshotPacer', () => {
  let sent: number;
  let pacer: SnapshotPacer;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = 0;
    pacer = new SnapshotPacer(() => sent++, 50);
  });
  afterEach(() => vi.useRealTimers());

  it('sends one snapshot for a burst of changes', async () => {
    pacer.now();
    pacer.now();
    pacer.now();
    expect(sent).toBe(0);
    await Promise.resolve();
    expect(sent).toBe(1);
    pacer.now();
    await Promise.resolve();
    expect(sent).toBe(2);
  });

  it('holds text-only changes for the delay, and sends once for many', async () => {
    pacer.soon();
    pacer.soon();
    vi.advanceTimersByTime(49);
    await Promise.resolve();
    expect(sent).toBe(0);
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    expect(sent).toBe(1);
    vi.advanceTimersByTime(500);
    await Promise.resolve();
    expect(sent).toBe(1);
  });

  it('folds a waiting text-only snapshot into the next change', async () => {
    pacer.soon();
    pacer.now();
    await Promise.resolve();
    expect(sent).toBe(1);
    vi.advanceTimersByTime(100);
    await Promise.resolve();
    expect(sent).toBe(1);
  });

  it('adds no timer when a snapshot is already queued', async () => {
    pacer.now();
    pacer.soon();
    await Promise.resolve();
    expect(sent).toBe(1);
    vi.advanceTimersByTime(100);
    await Promise.resolve();
    expect(sent).toBe(1);
  });
});
