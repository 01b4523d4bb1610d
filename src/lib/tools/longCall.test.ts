import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallContext } from '../mcp';
import { awaitLong, progressMessage } from './longCall';

interface Tick {
  progress: number;
  total?: number;
  message?: string;
}

function context(signal?: AbortSignal): { ctx: CallContext; ticks: Tick[] } {
  const ticks: Tick[] = [];
  return {
    ticks,
    ctx: {
      signal,
      progress: (progress, total, message) => ticks.push({ progress, total, message }),
    },
  };
}

function later<T>(ms: number, value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

describe('awaitLong', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('tells how far a labelled wait has come every second, counting up to its bound', async () => {
    const { ctx, ticks } = context();
    const answer = awaitLong(later(2_600, 'done'), ctx, {
      label: 'Loading the page',
      totalMs: 2_500,
    });
    await vi.advanceTimersByTimeAsync(2_600);
    expect(await answer).toBe('done');
    expect(ticks).toEqual([
      { progress: 1_000, total: 2_500, message: 'Loading the page: 1 s of 3 s' },
      { progress: 2_000, total: 2_500, message: 'Loading the page: 2 s of 3 s' },
    ]);
  });

  it('counts seconds without a total when the wait has no bound, and stops at the answer', async () => {
    const { ctx, ticks } = context();
    const answer = awaitLong(later(1_500, 7), ctx, { label: 'Validating' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await answer).toBe(7);
    expect(ticks).toEqual([{ progress: 1_000, total: undefined, message: 'Validating: 1 s' }]);
  });

  it('says nothing for a wait without a label', async () => {
    const { ctx, ticks } = context(new AbortController().signal);
    const answer = awaitLong(later(3_000, 'x'), ctx);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(await answer).toBe('x');
    expect(ticks).toEqual([]);
  });

  it('gives up when the client cancels, and stops telling progress', async () => {
    const controller = new AbortController();
    const { ctx, ticks } = context(controller.signal);
    const answer = awaitLong(later(60_000, 'late'), ctx, { label: 'Waiting' });
    await vi.advanceTimersByTimeAsync(1_200);
    controller.abort();
    expect(await answer).toBeNull();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(ticks).toHaveLength(1);
  });

  it('gives up at once on a call cancelled before it started', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await awaitLong(later(10_000, 'late'), context(controller.signal).ctx)).toBeNull();
  });
});

describe('progressMessage', () => {
  it('writes whole seconds, and the bound when there is one', () => {
    expect(progressMessage('Waiting', 1_499)).toBe('Waiting: 1 s');
    expect(progressMessage('Waiting', 30_000, 30_000)).toBe('Waiting: 30 s of 30 s');
  });
});
