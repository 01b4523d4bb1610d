import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import type { LintResult } from '../../githubActions/lint/diagnostics';
import { positionOf, toEditorDiagnostics } from './workflowLint';

const doc = Text.of([
  'on: push',
  'jobs:',
  '  a:',
  '    runs-on: ubuntu-lates',
  '    x: "😀 ${{ foo }}"',
]);

function result(...positions: [number, number][]): LintResult {
  return {
    ok: positions.length === 0,
    diagnostics: positions.map(([line, col]) => ({
      line,
      col,
      message: `at ${line}:${col}`,
      severity: 'error',
      kind: 'expression',
    })),
    binaryAvailable: true,
    unavailableChecks: [],
  };
}

describe('positionOf', () => {
  it('maps 1-based line and character column to an offset, clamped to the document', () => {
    expect(positionOf(doc, 1, 1)).toBe(0);
    expect(positionOf(doc, 2, 3)).toBe(doc.line(2).from + 2);
    expect(positionOf(doc, 2, 99)).toBe(doc.line(2).to);
    expect(positionOf(doc, 99, 1)).toBe(doc.line(5).from);
    expect(positionOf(doc, 0, 0)).toBe(0);
  });

  it('counts a character outside the BMP as one column', () => {
    const line = doc.line(5);
    // `    x: "😀 ${{`: the emoji is column 9 and two UTF-16 units.
    const at = positionOf(doc, 5, 11);
    expect(doc.sliceString(at, at + 3)).toBe('${{');
    expect(at - line.from).toBe(11);
  });
});

describe('toEditorDiagnostics', () => {
  it('underlines the word at the position', () => {
    const [label, expression, empty] = toEditorDiagnostics(doc, result([4, 14], [5, 15], [2, 6]));
    expect(doc.sliceString(label!.from, label!.to)).toBe('ubuntu-lates');
    expect(label).toMatchObject({ severity: 'error', source: 'expression', message: 'at 4:14' });
    expect(doc.sliceString(expression!.from, expression!.to)).toBe('foo');
    // At the end of a line: an empty range, which CodeMirror draws as a point.
    expect(empty!.from).toBe(doc.line(2).to);
    expect(empty!.to).toBe(empty!.from);
  });

  it('drops a trailing colon from a key', () => {
    const keyed = Text.of(['with:', '  fetch-depthx: 1']);
    const [d] = toEditorDiagnostics(keyed, result([2, 3]));
    expect(keyed.sliceString(d!.from, d!.to)).toBe('fetch-depthx');
  });

  it('underlines up to the end column when the checker gives one, with its severity', () => {
    const text = Text.of(['---', 'site: s', '---', '  1. action: click the blue thing']);
    const [d] = toEditorDiagnostics(text, {
      diagnostics: [
        {
          line: 4,
          col: 3,
          endCol: 34,
          message: 'pauses',
          severity: 'info',
          kind: 'not-executable',
        },
      ],
    });
    expect(text.sliceString(d!.from, d!.to)).toBe('1. action: click the blue thing');
    expect(d).toMatchObject({ severity: 'info', source: 'not-executable' });
  });
});
