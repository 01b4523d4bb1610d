import { describe, expect, it } from 'vitest';
import { delimiterCellCount, headerCellCount } from './tableSyntax';

const header = (line: string) => headerCellCount(line, 0, line.length);
const delimiter = (line: string) => delimiterCellCount(line, 0, line.length);

describe('table rows', () => {
  it('counts header cells, ignoring a trailing pipe and escaped pipes', () => {
    expect(header('a')).toBe(1);
    expect(header('| a | b |')).toBe(2);
    expect(header('a | b')).toBe(2);
    expect(header('a \\| b')).toBe(1);
    expect(header('||')).toBe(1);
    expect(header('|')).toBe(-1);
  });

  it('counts delimiter cells and needs a pipe or a colon', () => {
    expect(delimiter('|---|:-:|')).toBe(2);
    expect(delimiter('-- | --')).toBe(2);
    expect(delimiter(':-')).toBe(1);
    expect(delimiter('|-')).toBe(1);
    expect(delimiter('---')).toBe(-1);
    expect(delimiter('|')).toBe(0);
    expect(delimiter('| - x |')).toBe(-1);
    expect(delimiter('|::|')).toBe(-1);
  });
});
