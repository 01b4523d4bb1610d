import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer } from './coalescer';

describe('coalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires at once for the first change, and once more for everything during the interval', () => {
    const fired: string[] = [];
    const c = createCoalescer<string>(300, (key) => fired.push(key));
    c.poke('a');
    expect(fired).toEqual(['a']);
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(10);
      c.poke('a');
    }
    expect(fired).toEqual(['a']);
    vi.advanceTimersByTime(300);
    expect(fired).toEqual(['a', 'a']);
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual(['a', 'a']);
  });

  it('fires at most once per interval while changes keep coming', () => {
    const fired: number[] = [];
    const c = createCoalescer<string>(250, () => fired.push(Date.now()));
    const start = Date.now();
    for (let i = 0; i < 100; i++) {
      c.poke('a');
      vi.advanceTimersByTime(20);
    }
    vi.advanceTimersByTime(1000);
    const gaps = fired.slice(1).map((t, i) => t - fired[i]);
    expect(fired[0]).toBe(start);
    expect(gaps.every((gap) => gap >= 250)).toBe(true);
    expect(fired.length).toBeGreaterThanOrEqual(8);
    expect(fired.length).toBeLessThanOrEqual(10);
  });

  it('fires once for a single change', () => {
    const fired: string[] = [];
    const c = createCoalescer<string>(300, (key) => fired.push(key));
    c.poke('a');
    vi.advanceTimersByTime(5000);
    expect(fired).toEqual(['a']);
  });

  it('keeps keys apart', () => {
    const fired: string[] = [];
    const c = createCoalescer<string>(300, (key) => fired.push(key));
    c.poke('a');
    c.poke('b');
    c.poke('a');
    expect(fired).toEqual(['a', 'b']);
    vi.advanceTimersByTime(300);
    expect(fired).toEqual(['a', 'b', 'a']);
  });

  it('drops a trailing call after cancel or dispose', () => {
    const fired: string[] = [];
    const c = createCoalescer<string>(300, (key) => fired.push(key));
    c.poke('a');
    c.poke('a');
    c.cancel('a');
    c.poke('b');
    c.poke('b');
    c.dispose();
    vi.advanceTimersByTime(1000);
    expect(fired).toEqual(['a', 'b']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
