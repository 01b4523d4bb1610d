import { describe, expect, it } from 'vitest';
import {
  DRIVER_INPUT_GRACE_MS,
  DriverInput,
  isDriverInput,
  withDriverInput,
} from './driverInput.js';

function clock(start = 1_000) {
  let t = start;
  return { now: () => t, set: (v: number) => (t = v) };
}

describe('the driver’s own input', () => {
  it('covers a tab while the driver sends input, and for the grace period after', async () => {
    const c = clock();
    const input = new DriverInput(c.now, 300);
    const tab = {};
    expect(input.covers(tab)).toBe(false);
    let during = false;
    await input.run(tab, async () => {
      c.set(1_500);
      during = input.covers(tab);
    });
    expect(during).toBe(true);
    expect(input.covers(tab, 1_800)).toBe(true);
    expect(input.covers(tab, 1_801)).toBe(false);
    c.set(2_000);
    expect(input.covers(tab)).toBe(false);
  });

  it('keeps other tabs uncovered', async () => {
    const input = new DriverInput(clock().now);
    const mine = {};
    const other = {};
    await input.run(mine, async () => {
      expect(input.covers(other)).toBe(false);
    });
    expect(input.covers(other)).toBe(false);
  });

  it('stays covered until the last of nested or overlapping inputs ends', async () => {
    const c = clock();
    const input = new DriverInput(c.now, 100);
    const tab = {};
    let release!: () => void;
    const outer = input.run(tab, () => new Promise<void>((r) => (release = r)));
    await input.run(tab, async () => undefined);
    c.set(5_000); // far past the inner one's grace: the outer one still runs
    expect(input.covers(tab)).toBe(true);
    release();
    await outer;
    expect(input.covers(tab, 5_100)).toBe(true);
    expect(input.covers(tab, 5_101)).toBe(false);
  });

  it('ends the mark when the input fails, and passes the failure on', async () => {
    const c = clock();
    const input = new DriverInput(c.now, 100);
    const tab = {};
    await expect(
      input.run(tab, async () => {
        throw new Error('the click failed');
      }),
    ).rejects.toThrow('the click failed');
    c.set(2_000);
    expect(input.covers(tab)).toBe(false);
  });

  it('answers with what the input answered', async () => {
    const tab = {};
    expect(await withDriverInput(tab, async () => 42)).toBe(42);
    expect(isDriverInput(tab)).toBe(true);
    expect(isDriverInput(tab, Date.now() + DRIVER_INPUT_GRACE_MS + 1_000)).toBe(false);
  });
});
