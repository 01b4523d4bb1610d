import { describe, expect, it } from 'vitest';
import { PanelAsks } from './panelAsks';

describe('waiting for the person to answer a panel request', () => {
  it('answers the waiter with what the person chose', async () => {
    const asks = new PanelAsks();
    const answer = asks.wait('r1');
    asks.settle('r2', 'once');
    asks.settle('r1', 'deny');
    await expect(answer).resolves.toBe('deny');
    expect(asks.size).toBe(0);
  });

  it('ends waits for prompts that are no longer pending as gone', async () => {
    const asks = new PanelAsks();
    const kept = asks.wait('kept');
    const dropped = asks.wait('dropped');
    asks.keepOnly(new Set(['kept']));
    await expect(dropped).resolves.toBe('gone');
    asks.settle('kept', 'site');
    await expect(kept).resolves.toBe('site');
  });

  it('ends an earlier wait for the same prompt as gone', async () => {
    const asks = new PanelAsks();
    const first = asks.wait('r1');
    const second = asks.wait('r1');
    await expect(first).resolves.toBe('gone');
    asks.settle('r1', 'once');
    await expect(second).resolves.toBe('once');
  });
});
