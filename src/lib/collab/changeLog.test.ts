import { describe, expect, it } from 'vitest';
import { ChangeLog, type Step } from './changeLog';

const step = (version: number, insert = 'x'): Step => ({
  version,
  revision: `rev-${String(version).padStart(8, '0')}`,
  splices: [{ from: 0, to: 0, insert }],
  undoable: false,
  origin: 'mcp',
});

describe('ChangeLog', () => {
  it('answers the steps after a version, oldest first, and none for the current version', () => {
    const log = new ChangeLog();
    for (let v = 1; v <= 5; v++) log.append(step(v));
    expect(log.since(2, 5)?.map((s) => s.version)).toEqual([3, 4, 5]);
    expect(log.since(5, 5)).toEqual([]);
    expect(log.since(0, 5)?.map((s) => s.version)).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers null when it no longer reaches back, or for a version it never had', () => {
    const log = new ChangeLog({ steps: 3, chars: 1_000 });
    for (let v = 1; v <= 6; v++) log.append(step(v));
    expect(log.since(3, 6)?.map((s) => s.version)).toEqual([4, 5, 6]);
    expect(log.since(2, 6)).toBeNull();
    expect(log.since(7, 6)).toBeNull();
  });

  it('drops old steps once they hold too much text, keeping the newest', () => {
    const log = new ChangeLog({ steps: 100, chars: 100 });
    log.append(step(1, 'a'.repeat(60)));
    log.append(step(2, 'b'.repeat(60)));
    expect(log.since(1, 2)?.map((s) => s.version)).toEqual([2]);
    expect(log.since(0, 2)).toBeNull();
  });
});
