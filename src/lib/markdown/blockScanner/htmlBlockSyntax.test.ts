import { describe, expect, it } from 'vitest';
import { htmlBlockStart, htmlEndsOnLine } from './htmlBlockSyntax';

const kind = (line: string, interrupt = false, lazy = false): number =>
  htmlBlockStart(line, 0, line.length, interrupt, lazy)?.kind ?? 0;

/** Whether the opening line itself already holds the end marker. */
function endsOnOpeningLine(line: string): boolean {
  const start = htmlBlockStart(line, 0, line.length, false, false);
  if (!start) throw new Error(`not HTML: ${line}`);
  return htmlEndsOnLine(start.kind, line, start.resumeAt, line.length, start.state);
}

describe('htmlBlockStart', () => {
  it('recognises the seven kinds', () => {
    expect(kind('<script type="x">')).toBe(1);
    expect(kind('<PRE')).toBe(1);
    expect(kind('<!-- c')).toBe(2);
    expect(kind('<?php')).toBe(3);
    expect(kind('<!DOCTYPE html>')).toBe(4);
    expect(kind('<![CDATA[x')).toBe(5);
    expect(kind('<div class="a">')).toBe(6);
    expect(kind('</table>')).toBe(6);
    expect(kind('<hr/>')).toBe(6);
    expect(kind('<x-y a="1" b=\'2\' c=d e>')).toBe(7);
    expect(kind('</x-y  >')).toBe(7);
  });

  it('rejects what is not an HTML block start', () => {
    for (const line of [
      '<',
      '< div>',
      '<!-x',
      '<![CDATA',
      '<div/x',
      '<x-y> text',
      '<a b=>',
      '<a "b">',
      '<1>',
    ]) {
      expect(kind(line), line).toBe(0);
    }
  });

  it('lets kind 7 interrupt a paragraph only on a lazy line', () => {
    expect(kind('<x-y>', true)).toBe(0);
    expect(kind('<x-y>', true, true)).toBe(7);
    expect(kind('<div>', true)).toBe(6);
  });
});

describe('htmlEndsOnLine', () => {
  it('finds end markers on the opening line, counting the opener', () => {
    expect(endsOnOpeningLine('<!-->')).toBe(true);
    expect(endsOnOpeningLine('<!--->')).toBe(true);
    expect(endsOnOpeningLine('<!-- a -- b')).toBe(false);
    expect(endsOnOpeningLine('<?>')).toBe(true);
    expect(endsOnOpeningLine('<!X>')).toBe(true);
    expect(endsOnOpeningLine('<script>a</script>')).toBe(true);
    expect(endsOnOpeningLine('<pre></PRE >')).toBe(false);
  });

  it('scans later lines from their start', () => {
    const ends = (kind: 1 | 2 | 3 | 4 | 5, line: string) =>
      htmlEndsOnLine(kind, line, 0, line.length);
    expect(ends(2, 'a --> b')).toBe(true);
    expect(ends(5, ']]>')).toBe(true);
    expect(ends(5, ']]]>')).toBe(false);
    expect(ends(1, '</style>')).toBe(true);
    expect(ends(1, '</stylex>')).toBe(false);
    expect(ends(3, '??>')).toBe(true);
    expect(ends(4, 'x')).toBe(false);
  });
});
