/**
 * The value writer: every string, finite number, boolean, null and list of strings reads back
 * as exactly itself, wherever the patch engine puts it.
 */
import fc from 'fast-check';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyPatches } from '../patches/applyPatches';
import type { PatchValue } from '../irPatch';
import { doubleQuoted, isPlainWord, renderKey, renderScalar } from './scalarText';

/** Pieces that stress YAML: indicators, words that resolve to other types, spaces, breaks. */
const TRICKY = [
  ':',
  ': ',
  '#',
  ' #',
  '-',
  '- ',
  '?',
  '[',
  ']',
  '{',
  '}',
  ',',
  '&a',
  '*a',
  '!',
  '!!str',
  '|',
  '>',
  "'",
  '"',
  '%',
  '@',
  '`',
  '\\',
  '\t',
  '\r',
  '\n',
  '\r\n',
  ' ',
  '  ',
  'yes',
  'No',
  'on',
  'true',
  'null',
  '~',
  '1',
  '0x1f',
  '1:30',
  '2001-12-14',
  '.inf',
  '-.5',
  '1e3',
  '${{ x }}',
  '…',
  '한국어',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\u0000',
  '\ud800',
  '\udc00',
  '😀',
  '\u007f',
  '---',
  '...',
];

const piece = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.string({ unit: 'binary', maxLength: 3 }),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);
const trickyString = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
const anyString = fc.oneof(trickyString, fc.string({ unit: 'binary' }), fc.string());
const finiteNumber = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, -Number.MAX_VALUE),
);
const scalarValue = fc.oneof(anyString, finiteNumber, fc.boolean(), fc.constant(null));
const patchValue: fc.Arbitrary<PatchValue> = fc.oneof(
  scalarValue,
  fc.array(anyString, { maxLength: 5 }),
);

function readBlock(head: string, body: string[], parent: number): unknown {
  const text = `${' '.repeat(parent)}k: ${head}${body.length ? `\n${body.join('\n')}` : ''}\n`;
  return (parse(text) as { k: unknown }).k;
}

describe('isPlainWord', () => {
  it.each([
    'ubuntu-24.04',
    'Deploy (benchmark)',
    'fetch-depth',
    'a/b.c',
    '_x',
    'yes-please',
    'On call',
  ])('takes %j as a plain word', (value) => {
    expect(isPlainWord(value)).toBe(true);
  });

  it.each([
    'yes',
    'No',
    'ON',
    'off',
    'Y',
    'n',
    'True',
    'NULL',
    '1.0',
    '.inf',
    '-x',
    'a: b',
    'a #b',
    'a,b',
    ' a',
    'a ',
    'a  b',
    '',
    'é',
    'a\tb',
    '~',
    '[a]',
    'e0',
    'E12',
    'e-3',
  ])('does not take %j', (value) => {
    expect(isPlainWord(value)).toBe(false);
  });

  it('only takes words every YAML reads back as themselves (property)', () => {
    const word = fc.string({
      unit: fc.constantFrom(...'aZy_n0./()- :#,eoOfFlsuTrN'.split('')),
      minLength: 1,
      maxLength: 8,
    });
    fc.assert(
      fc.property(word, (value) => {
        if (!isPlainWord(value)) return;
        for (const version of ['1.2', '1.1'] as const) {
          expect(parse(`k: ${value}\n`, { version })).toEqual({ k: value });
          expect(parse(`[${value}]`, { version })).toEqual([value]);
        }
        expect(parse(`${value}: 0\n`)).toEqual({ [value]: 0 });
        expect(parse(`{${value}: 0}`)).toEqual({ [value]: 0 });
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('renderScalar', () => {
  it.each<[string | number | boolean | null, string]>([
    ['main', 'main'],
    ['1.0', "'1.0'"],
    ['20', "'20'"],
    ['true', "'true'"],
    ['yes', "'yes'"],
    ['on', "'on'"],
    ['null', "'null'"],
    ['~', "'~'"],
    ['', "''"],
    ['1:30', "'1:30'"],
    ['2001-12-14', "'2001-12-14'"],
    ['a: b', "'a: b'"],
    ['a #b', "'a #b'"],
    ['- x', "'- x'"],
    ["it's", "it's"],
    ["'quoted'", `"'quoted'"`],
    ['${{ secrets.TOKEN }}', '${{ secrets.TOKEN }}'],
    [' padded ', "' padded '"],
    ['tab\there', '"tab\\there"'],
    [20, '20'],
    [-0, '-0'],
    [1.5, '1.5'],
    [1e21, '1e+21'],
    [true, 'true'],
    [false, 'false'],
    [null, 'null'],
  ])('writes %j in block context as %s', (value, text) => {
    expect(renderScalar(value, { context: 'block' })).toEqual({ head: text, body: [] });
  });

  it('keeps a preferred quoting style when it can', () => {
    expect(renderScalar('Build', { context: 'block', prefer: 'QUOTE_DOUBLE' }).head).toBe(
      '"Build"',
    );
    expect(renderScalar('Build', { context: 'block', prefer: 'QUOTE_SINGLE' }).head).toBe(
      "'Build'",
    );
    expect(renderScalar('a\tb', { context: 'block', prefer: 'QUOTE_SINGLE' }).head).toBe('"a\\tb"');
  });

  it('quotes flow indicators only in flow context', () => {
    expect(renderScalar('a,b', { context: 'block' }).head).toBe('a,b');
    expect(renderScalar('a,b', { context: 'flow' }).head).toBe("'a,b'");
    expect(renderScalar('${{ x }}', { context: 'flow' }).head).toBe("'${{ x }}'");
  });

  it('writes multi-line strings as literal blocks with the right chomping', () => {
    const options = { context: 'block' as const, parentIndent: 4, indent: 6 };
    expect(renderScalar('a\nb', options)).toEqual({ head: '|-', body: ['      a', '      b'] });
    expect(renderScalar('a\nb\n', options)).toEqual({ head: '|', body: ['      a', '      b'] });
    expect(renderScalar('a\n\nb\n', options)).toEqual({
      head: '|',
      body: ['      a', '', '      b'],
    });
    // `|+` would also keep blank lines that follow it in the file: double quotes instead.
    expect(renderScalar('a\n\n', options).head).toBe('"a\\n\\n"');
    expect(renderScalar('a\nb', { ...options, literal: false }).head).toBe('"a\\nb"');
    expect(renderScalar('  indented\nx', options)).toEqual({
      head: '|2-',
      body: ['        indented', '      x'],
    });
    expect(renderScalar('a\r\nb', options).head).toBe('"a\\r\\nb"');
    expect(renderScalar('\n', options).head).toBe('"\\n"');
  });

  it('writes keys plain when they read back, quoted otherwise', () => {
    expect(renderKey('node-version', 'block')).toBe('node-version');
    expect(renderKey('on', 'block')).toBe('on');
    expect(renderKey('a: b', 'block')).toBe('"a: b"');
    expect(renderKey('1.0', 'block')).toBe('"1.0"');
    expect(renderKey('a,b', 'flow')).toBe('"a,b"');
    expect(renderKey('', 'block')).toBe('""');
  });

  it('double-quotes anything, escaping what YAML cannot hold literally', () => {
    expect(doubleQuoted('a"b\\c\u0000\ud800😀')).toBe('"a\\"b\\\\c\\u0000\\ud800😀"');
  });

  it('round-trips any scalar in block context (property)', () => {
    fc.assert(
      fc.property(
        scalarValue,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        (value, parent, step) => {
          const text = renderScalar(value, {
            context: 'block',
            parentIndent: parent,
            indent: parent + step,
          });
          expect(Object.is(readBlock(text.head, text.body, parent), value)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('round-trips any scalar in flow context (property)', () => {
    fc.assert(
      fc.property(scalarValue, (value) => {
        const text = renderScalar(value, { context: 'flow' });
        expect(text.body).toEqual([]);
        const read = parse(`{a: [x, ${text.head}], b: ${text.head}}`) as {
          a: unknown[];
          b: unknown;
        };
        expect(Object.is(read.a[1], value) && Object.is(read.b, value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips any key (property)', () => {
    fc.assert(
      fc.property(anyString, (key) => {
        const block = parse(`${renderKey(key, 'block')}: 1\n`) as Record<string, unknown>;
        const flow = parse(`{${renderKey(key, 'flow')}: 1}`) as Record<string, unknown>;
        expect(Object.keys(block)).toEqual([key]);
        expect(Object.keys(flow)).toEqual([key]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('values written by applyPatches read back exactly (property)', () => {
  const BASE = [
    'on: push',
    'env:',
    '  KEEP: 1',
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-latest   # runner',
    '    flow: {a: 1}',
    '    labels:',
    '      - one',
    '    steps:',
    '      - run: echo hi',
    '',
  ].join('\n');

  it('through set, new key, flow mapping and sequence replacement', () => {
    fc.assert(
      fc.property(patchValue, (value) => {
        const result = applyPatches(BASE, [
          { kind: 'workflow.set', path: 'env.NEW', value },
          { kind: 'job.set', jobId: 'build', path: 'runs-on', value },
          { kind: 'job.set', jobId: 'build', path: 'flow.b', value },
          { kind: 'job.set', jobId: 'build', path: 'labels', value },
          { kind: 'with.set', jobId: 'build', stepIndex: 0, key: 'v', value },
        ]);
        if (!result.ok) throw new Error(result.message);
        const data = parse(result.text) as {
          env: Record<string, unknown>;
          jobs: { build: Record<string, unknown> & { steps: Array<{ with: { v: unknown } }> } };
        };
        const build = data.jobs.build;
        for (const read of [
          data.env.NEW,
          build['runs-on'],
          (build.flow as { b: unknown }).b,
          build.labels,
          build.steps[0].with.v,
        ]) {
          if (Array.isArray(value)) expect(read).toEqual(value);
          else expect(Object.is(read, value)).toBe(true);
        }
        expect(data.env.KEEP).toBe(1);
        expect(result.text).toContain('# runner');
      }),
      { numRuns: 300 },
    );
  });
});
