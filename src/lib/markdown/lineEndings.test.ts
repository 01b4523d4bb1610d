import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyLineBreakStyles, carryLineBreakStyles, lineBreakStyles } from './lineEndings';

describe('line break styles', () => {
  it('reads CRLF and LF per line break, and writes them back', () => {
    const raw = 'a\r\nb\nc\r\n';
    const styles = lineBreakStyles(raw);
    expect(styles).toBe('rnr');
    expect(applyLineBreakStyles('a\nb\nc\n', styles)).toBe(raw);
  });

  it('keeps the styles of an unchanged text exactly', () => {
    expect(carryLineBreakStyles('a\nb\nc\n', 'rnr', 'a\nb\nc\n')).toBe('rnr');
  });

  it('gives an inserted line the style of the line before it, or after it at the start', () => {
    expect(carryLineBreakStyles('a\nb\n', 'rn', 'a\nx\nb\n')).toBe('rrn');
    expect(carryLineBreakStyles('a\nb\n', 'nr', 'x\na\nb\n')).toBe('nnr');
  });

  it('lines still present keep their style, whatever else changed (property)', () => {
    const line = fc.constantFrom('a', 'b', 'c', 'd', '');
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.array(line, { maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (beforeLines, afterLines, crlf) => {
          const before = beforeLines.join('\n');
          const after = afterLines.join('\n');
          const styles = crlf
            .slice(0, Math.max(beforeLines.length - 1, 0))
            .map((r) => (r ? 'r' : 'n'))
            .join('');
          const out = carryLineBreakStyles(before, styles, after);
          expect(out.length).toBe(Math.max(afterLines.length - 1, 0));
          expect(out).toMatch(/^[rn]*$/);
          if (before === after) expect(out).toBe(styles);
        },
      ),
    );
  });
});
