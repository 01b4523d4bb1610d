import { describe, expect, it } from 'vitest';
import { ConsoleRing, consoleLevel, exceptionText } from './consoleRing.js';

describe('console ring', () => {
  it('keeps the last 200 entries, each cut to 2,000 characters', () => {
    const ring = new ConsoleRing();
    for (let i = 0; i < 250; i++) ring.push('log', `line ${i}`);
    const entries = ring.entries();
    expect(entries).toHaveLength(200);
    expect(entries[0].text).toBe('line 50');
    ring.push('error', 'x'.repeat(5000));
    expect(ring.entries().at(-1)?.text).toHaveLength(2000);
  });
  it('drains', () => {
    const ring = new ConsoleRing();
    ring.push('info', 'a');
    expect(ring.drain()).toEqual([{ level: 'info', text: 'a' }]);
    expect(ring.entries()).toEqual([]);
  });
  it('maps levels and exception texts', () => {
    expect(consoleLevel('warning')).toBe('warn');
    expect(consoleLevel('table')).toBeNull();
    expect(exceptionText('Uncaught ', 'Error: boom\n    at x')).toBe('Uncaught Error: boom');
  });
});
