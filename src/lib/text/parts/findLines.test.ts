import { describe, expect, it } from 'vitest';
import { MAX_FIND_LINES, compilePattern, findLines, literalPattern } from './findLines';

describe('findLines', () => {
  const text = 'alpha beta\nGamma a.b\nalpha again alpha\n';

  it('finds literal text, each line once, special characters included', () => {
    expect(findLines(text, literalPattern('alpha'))).toEqual({
      matches: [
        { line: 1, text: 'alpha beta' },
        { line: 3, text: 'alpha again alpha' },
      ],
      truncated: false,
    });
    expect(findLines(text, literalPattern('a.b')).matches).toEqual([
      { line: 2, text: 'Gamma a.b' },
    ]);
  });

  it('runs a regular expression with ^ and $ at each line', () => {
    const re = compilePattern('^G\\w+');
    if (!(re instanceof RegExp)) throw new Error(re.error);
    expect(findLines(text, re).matches.map((m) => m.line)).toEqual([2]);
    const empty = compilePattern('^$');
    if (!(empty instanceof RegExp)) throw new Error(empty.error);
    expect(findLines('a\n\nb\n', empty).matches).toEqual([{ line: 2, text: '' }]);
  });

  it('refuses a pattern that is not a regular expression', () => {
    expect(compilePattern('(')).toHaveProperty('error', expect.stringContaining('find'));
  });

  it('stops at 200 lines and says so', () => {
    const many = 'x\n'.repeat(MAX_FIND_LINES + 1);
    const found = findLines(many, literalPattern('x'));
    expect(found.matches).toHaveLength(MAX_FIND_LINES);
    expect(found.truncated).toBe(true);
    expect(findLines('x\n'.repeat(MAX_FIND_LINES), literalPattern('x')).truncated).toBe(false);
  });

  it('shows a long line around its match, never half a pair', () => {
    const line = `${'😀'.repeat(500)}needle${'😀'.repeat(500)}`;
    const [m] = findLines(line, literalPattern('needle')).matches;
    expect(m.text).toContain('needle');
    expect(m.text.length).toBeLessThan(260);
    expect(m.text).toBe(m.text.toWellFormed());
  });

  it('finds nothing in an empty text', () => {
    expect(findLines('', literalPattern('a'))).toEqual({ matches: [], truncated: false });
  });
});
