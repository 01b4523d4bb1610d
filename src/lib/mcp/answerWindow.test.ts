import { afterEach, describe, expect, it } from 'vitest';
import { HUB_WAITS_MS, LONGEST_WAIT_MS, callWaitMs, setHubWait } from './answerWindow';

describe('how long a call waits before it answers', () => {
  afterEach(() => setHubWait(undefined));

  it('waits 12 s under the default hub, well before its 25 s timeout and the 20 s promised', () => {
    expect(callWaitMs()).toBe(LONGEST_WAIT_MS);
    expect(callWaitMs()).toBe(12_000);
    expect(callWaitMs()).toBeLessThan(HUB_WAITS_MS);
  });

  it('waits a share of a shorter hub wait, and never past 12 s for a longer one', () => {
    setHubWait(3_000);
    expect(callWaitMs()).toBe(1_800);
    setHubWait(60 * 60_000);
    expect(callWaitMs()).toBe(LONGEST_WAIT_MS);
  });

  it('keeps the default for a hub that says nothing usable', () => {
    for (const bad of [0, -5, Number.NaN, '3000', null]) {
      setHubWait(bad);
      expect(callWaitMs()).toBe(LONGEST_WAIT_MS);
    }
  });
});
