import { describe, expect, it } from 'vitest';
import { RunClock, type Timers } from './runClock.js';

/** Timers under the test's control: `advance` moves time and runs what falls due. */
function fakeTimers() {
  let t = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers = {
    now: () => t,
    setTimeout: (fn, ms) => {
      const id = next++;
      due.set(id, { at: t + ms, fn });
      return id;
    },
    clearTimeout: (id) => void due.delete(id as number),
  };
  const advance = (ms: number) => {
    const end = t + ms;
    for (;;) {
      const first = [...due.entries()].sort((a, b) => a[1].at - b[1].at)[0];
      if (!first || first[1].at > end) break;
      due.delete(first[0]);
      t = first[1].at;
      first[1].fn();
    }
    t = end;
  };
  return { timers, advance, pending: () => due.size };
}

describe('RunClock', () => {
  it('counts running time and fires once when the budget is spent', () => {
    const f = fakeTimers();
    const clock = new RunClock(1000, f.timers);
    let fired = 0;
    clock.start(() => fired++);
    f.advance(400);
    expect(clock.spentMs()).toBe(400);
    expect(clock.remainingMs()).toBe(600);
    f.advance(599);
    expect(fired).toBe(0);
    f.advance(1);
    expect(fired).toBe(1);
    expect(clock.expired()).toBe(true);
    f.advance(5000);
    expect(fired).toBe(1);
    expect(f.pending()).toBe(0);
  });

  it('does not count while held, however long the person takes', () => {
    const f = fakeTimers();
    const clock = new RunClock(1000, f.timers);
    let fired = 0;
    clock.start(() => fired++);
    f.advance(900);
    clock.hold();
    f.advance(60_000);
    expect(fired).toBe(0);
    expect(clock.spentMs()).toBe(900);
    clock.release();
    f.advance(99);
    expect(fired).toBe(0);
    f.advance(1);
    expect(fired).toBe(1);
  });

  it('nested holds: counting resumes only when the last is released', () => {
    const f = fakeTimers();
    const clock = new RunClock(1000, f.timers);
    clock.start(() => undefined);
    clock.hold();
    clock.hold();
    clock.release();
    f.advance(500);
    expect(clock.spentMs()).toBe(0);
    clock.release();
    f.advance(500);
    expect(clock.spentMs()).toBe(500);
    clock.release();
    expect(clock.running).toBe(true);
  });

  it('stopped, it neither counts nor fires, and a release does not restart it', () => {
    const f = fakeTimers();
    const clock = new RunClock(1000, f.timers);
    let fired = 0;
    clock.start(() => fired++);
    f.advance(300);
    clock.hold();
    clock.stop();
    clock.release();
    f.advance(5000);
    expect(fired).toBe(0);
    expect(clock.spentMs()).toBe(300);
    expect(clock.running).toBe(false);
    clock.start(() => fired++);
    f.advance(700);
    expect(fired).toBe(1);
  });
});
