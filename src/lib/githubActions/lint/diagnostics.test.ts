import { describe, expect, it } from 'vitest';
import { byteColumnToCharColumn, normaliseActionlint } from './diagnostics';

const NO_RUN =
  'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n';

describe('normaliseActionlint', () => {
  it('is ok with no findings', () => {
    expect(normaliseActionlint([], NO_RUN)).toEqual({
      ok: true,
      diagnostics: [],
      binaryAvailable: true,
      unavailableChecks: [],
    });
  });

  it('renames column to col, marks every finding an error and sorts by line then column', () => {
    const result = normaliseActionlint(
      [
        { message: 'c', line: 9, column: 3, kind: 'expression' },
        { message: 'a', line: 2, column: 7, kind: 'runner-label' },
        { message: 'b', line: 9, column: 1, kind: 'action' },
        { message: 'a2', line: 2, column: 7, kind: 'syntax-check' },
      ],
      NO_RUN,
    );
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      { line: 2, col: 7, message: 'a', severity: 'error', kind: 'runner-label' },
      { line: 2, col: 7, message: 'a2', severity: 'error', kind: 'syntax-check' },
      { line: 9, col: 1, message: 'b', severity: 'error', kind: 'action' },
      { line: 9, col: 3, message: 'c', severity: 'error', kind: 'expression' },
    ]);
  });

  it('makes positions 1-based when actionlint gives 0 or nothing usable', () => {
    const result = normaliseActionlint(
      [
        { message: 'could not parse as YAML', line: 3, column: 0, kind: 'syntax-check' },
        { message: 'odd', line: Number.NaN, column: 2.7 } as never,
      ],
      'x: [',
    );
    expect(result.diagnostics.map((d) => [d.line, d.col, d.kind])).toEqual([
      [1, 2, 'unknown'],
      [3, 1, 'syntax-check'],
    ]);
  });

  it('names the checks the browser cannot run', () => {
    const source =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: ls\n';
    expect(normaliseActionlint([], source).unavailableChecks.map((c) => c.kind)).toEqual([
      'shellcheck',
    ]);
  });

  it('refuses output that is not a list', () => {
    expect(() => normaliseActionlint(null, '')).toThrow(/null, not a list/);
    expect(() => normaliseActionlint({}, '')).toThrow(TypeError);
  });

  it('turns the byte offsets of expression findings into character columns', () => {
    const line = '      - run: echo "日本 ${{ foo }}"';
    const source = `on: push\n${line}\n`;
    // actionlint: the string's column (14) plus the byte offset of `foo` in it (17): 31.
    const result = normaliseActionlint(
      [
        { message: 'x', line: 2, column: 31, kind: 'expression' },
        { message: 'y', line: 2, column: 3, kind: 'syntax-check' },
      ],
      source,
    );
    expect(result.diagnostics.map((d) => d.col)).toEqual([3, 27]);
    expect([...line][27 - 1]).toBe('f');
  });
});

describe('byteColumnToCharColumn', () => {
  it('counts UTF-8 bytes as characters', () => {
    expect(byteColumnToCharColumn('abc', 3)).toBe(3);
    expect(byteColumnToCharColumn('ü x', 4)).toBe(3);
    expect(byteColumnToCharColumn('😀x', 5)).toBe(2);
    expect(byteColumnToCharColumn('ab', 9)).toBe(3);
  });
});
