import { describe, expect, it } from 'vitest';
import { inProcessLock, nameOf, parentOf } from './ledgerFs';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('inProcessLock', () => {
  it('runs holders of one name one at a time, in call order', async () => {
    const lock = inProcessLock();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name} in`);
      await tick();
      await tick();
      log.push(`${name} out`);
      return name;
    };
    const results = await Promise.all([
      lock('a', job('1')),
      lock('a', job('2')),
      lock('a', job('3')),
    ]);
    expect(results).toEqual(['1', '2', '3']);
    expect(log).toEqual(['1 in', '1 out', '2 in', '2 out', '3 in', '3 out']);
  });

  it('lets different names run side by side', async () => {
    const lock = inProcessLock();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name} in`);
      await tick();
      log.push(`${name} out`);
    };
    await Promise.all([lock('a', job('a')), lock('b', job('b'))]);
    expect(log.slice(0, 2).sort()).toEqual(['a in', 'b in']);
  });

  it('passes a holder’s failure to its caller and goes on with the next', async () => {
    const lock = inProcessLock();
    const failing = lock('a', async () => {
      throw new Error('boom');
    });
    const next = lock('a', async () => 'next');
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });
});

describe('paths', () => {
  it('split into parent folder and name at the last slash', () => {
    expect(parentOf('.vmark/ledger/a.jsonl')).toBe('.vmark/ledger');
    expect(nameOf('.vmark/ledger/a.jsonl')).toBe('a.jsonl');
    expect(parentOf('a.jsonl')).toBe('');
    expect(nameOf('a.jsonl')).toBe('a.jsonl');
  });
});
