/**
 * The piece check vouches for an edited text by reading only the pieces its edits touched. It
 * must never vouch for a text whose whole parse differs: here edits are arbitrary (not only
 * what the patch planner writes), and whenever the check answers, the whole edited text must
 * parse without errors to exactly the data the check put together from its pieces.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { isMap, parseDocument, type YAMLMap } from 'yaml';
import { describe, expect, it } from 'vitest';
import { sameData } from './expected';
import { checkByPieces, type PieceBase } from './pieces';
import type { Edit } from '../yamlText/sourceLines';

const CORPUS = new URL('../../../../tests/corpus/workflows/', import.meta.url);
const FILES = readdirSync(fileURLToPath(CORPUS))
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

const lines = (...parts: string[]) => parts.join('\n') + '\n';

const SAMPLE = lines(
  'name: CI',
  'on:',
  '  push:',
  '    branches: [main]',
  'env:',
  '  A: 1 # one',
  '    # deeper comment',
  '',
  'jobs:',
  '  build:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '    - uses: actions/checkout@v4',
  '      with:',
  '        fetch-depth: 1',
  '    - run: |',
  '        echo one',
  '',
  '    # about the next step',
  '    - run: make',
  '  test:',
  '    needs: build',
  '    steps:',
  '      - run: npm test',
);

function base(text: string): PieceBase {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) throw new Error('not a workflow');
  let aliased = false;
  const data = doc.toJS({
    onAnchor: (_, count) => {
      if (count > 1) aliased = true;
    },
  });
  return { text, root: doc.contents as YAMLMap, data, aliased };
}

/** Runs the check with a model that accepts what the pieces read; returns that data too. */
function vouch(b: PieceBase, edits: Edit[]) {
  let read: unknown;
  const text = checkByPieces(b, edits, (actual) => {
    read = structuredClone(actual);
    return actual;
  });
  return { text, read };
}

/** Asserts the soundness property; answers whether the check vouched. */
function sound(b: PieceBase, edits: Edit[]): boolean {
  const { text, read } = vouch(b, edits);
  if (text === undefined) return false;
  const doc = parseDocument(text, { prettyErrors: false });
  expect(doc.errors.map((error) => error.message)).toEqual([]);
  expect(sameData(doc.toJS(), read)).toBe(true);
  return true;
}

const at = (text: string, needle: string, offset = 0) => {
  const index = text.indexOf(needle);
  if (index < 0) throw new Error(`no ${needle}`);
  return index + offset;
};

describe('the piece check', () => {
  it('vouches for a replaced scalar and reads only its line', () => {
    const b = base(SAMPLE);
    const from = at(SAMPLE, 'ubuntu-latest');
    const edit = { from, to: from + 'ubuntu-latest'.length, insert: 'ubuntu-24.04' };
    const { text, read } = vouch(b, [edit]);
    expect(text).toBe(SAMPLE.replace('ubuntu-latest', 'ubuntu-24.04'));
    expect(read).toMatchObject({ jobs: { build: { 'runs-on': 'ubuntu-24.04' } } });
  });

  it('vouches for new entries after a deeper comment and a blank line', () => {
    const b = base(SAMPLE);
    const from = at(SAMPLE, 'jobs:');
    const { text, read } = vouch(b, [{ from, to: from, insert: 'permissions: {}\n' }]);
    expect(text).toContain('\npermissions: {}\njobs:');
    expect(read).toMatchObject({ permissions: {} });
  });

  it('reads a line added to a block scalar with the scalar', () => {
    const b = base(SAMPLE);
    const from = at(SAMPLE, '\n    # about', 1);
    expect(sound(b, [{ from, to: from, insert: '        more\n' }])).toBe(true);
    expect(vouch(b, [{ from, to: from, insert: '        more\n' }]).read).toMatchObject({
      jobs: { build: { steps: [{}, { run: 'echo one\n\nmore\n' }, { run: 'make' }] } },
    });
  });

  it.each<[string, (text: string) => Edit]>([
    [
      'a key indented less than the entries around it',
      (t) => ({
        from: at(t, '    - run: make'),
        to: at(t, '    - run: make'),
        insert: '  late: 1\n',
      }),
    ],
    [
      'an unclosed flow sequence',
      (t) => ({ from: at(t, '[main]'), to: at(t, '[main]') + 6, insert: '[main' }),
    ],
    [
      'a key that clashes with one outside the piece',
      (t) => ({ from: at(t, 'jobs:'), to: at(t, 'jobs:'), insert: 'name: again\n' }),
    ],
    [
      'a sequence item among mapping keys',
      (t) => ({ from: at(t, '    needs'), to: at(t, '    needs'), insert: '    - stray\n' }),
    ],
    ['a second document', (t) => ({ from: at(t, 'jobs:'), to: at(t, 'jobs:'), insert: '---\n' })],
    [
      'an alias to an anchor outside the piece',
      (t) => ({ from: at(t, 'A: 1', 3), to: at(t, 'A: 1', 4), insert: '*x' }),
    ],
    [
      'a tab where indentation is',
      (t) => ({ from: at(t, 'jobs:'), to: at(t, 'jobs:'), insert: '\tx: 1\n' }),
    ],
  ])('does not vouch for %s', (_, make) => {
    const b = base(SAMPLE);
    expect(vouch(b, [make(SAMPLE)]).text).toBeUndefined();
  });

  it('reads lines added after a last line with no line break with the piece holding it', () => {
    const text = 'on: push\njobs:\n  a:\n    runs-on: x # last';
    const end = text.length;
    const { text: out, read } = vouch(base(text), [
      { from: end, to: end, insert: '\nenv:\n  A: 1' },
    ]);
    expect(out).toBe(`${text}\nenv:\n  A: 1`);
    expect(read).toMatchObject({ env: { A: 1 }, jobs: { a: { 'runs-on': 'x' } } });
  });

  it('reads a block scalar on that last line with the line break it gains', () => {
    const text = 'jobs:\n  a:\n    steps:\n      - run: |+\n          echo';
    const end = text.length;
    const edit = { from: end, to: end, insert: '\nenv:\n  A: 1' };
    expect(sound(base(text), [edit])).toBe(true);
    expect(vouch(base(text), [edit]).read).toMatchObject({
      jobs: { a: { steps: [{ run: 'echo\n' }] } },
      env: { A: 1 },
    });
  });

  it('does not vouch where an alias reuses an anchored node', () => {
    const text = lines('env: &e', '  A: 1', 'jobs:', '  a:', '    env: *e');
    const from = at(text, '1');
    expect(vouch(base(text), [{ from, to: from + 1, insert: '2' }]).text).toBeUndefined();
  });

  it('does not vouch under a %YAML directive', () => {
    const text = lines('%YAML 1.1', '---', 'on: push', 'x: yes');
    const from = at(text, 'yes');
    expect(vouch(base(text), [{ from, to: from + 3, insert: 'no' }]).text).toBeUndefined();
  });

  it('vouches only for what a whole parse confirms, for a key added at every line', () => {
    // At each line start of every corpus file (and a CRLF one), a key indented like the line
    // before it and like the line after it: where pieces are drawn between or inside entries.
    let vouched = 0;
    let tried = 0;
    const texts = FILES.map((name) => readFileSync(new URL(name, CORPUS), 'utf8'));
    for (const text of [SAMPLE.replaceAll('\n', '\r\n'), ...texts]) {
      const b = base(text);
      const eol = text.includes('\r\n') ? '\r\n' : '\n';
      const lines = text.split('\n');
      let at = 0;
      let previous = 0;
      for (const line of lines) {
        const indent = line.length - line.trimStart().length;
        for (const depth of new Set([previous, indent])) {
          tried++;
          if (sound(b, [{ from: at, to: at, insert: `${' '.repeat(depth)}vmark_x: 1${eol}` }]))
            vouched++;
        }
        if (line.trim() !== '' && !line.trimStart().startsWith('#')) previous = indent;
        at += line.length + 1;
      }
    }
    expect(vouched).toBeGreaterThan(tried / 4);
  }, 120_000);

  it('vouches only for what a whole parse confirms, for arbitrary edits', () => {
    const sources = [
      SAMPLE,
      SAMPLE.replaceAll('\n', '\r\n'),
      ...FILES.map((name) => readFileSync(new URL(name, CORPUS), 'utf8')),
    ];
    const entry = fc.constantFrom(
      'x: 1',
      'x:',
      '- x',
      '-',
      'x: |',
      'x: >-',
      'x: [a,',
      'x: {a: 1}',
      'x: "a',
      "x: 'a'",
      'x: &a 1',
      'x: *a',
      '---',
      '...',
      '? x',
      'x: !!str 1',
      'plain words',
      'runs-on: y',
      'with:',
      'steps:',
      '- run: z',
      '# note',
      '#x',
      '',
    );
    const value = fc.constantFrom(
      '1',
      '',
      '[a, b]',
      '{a: 1}',
      '|',
      '|+',
      '>-',
      '"a"',
      "'a'",
      '"a',
      '[a,',
      '&a x',
      '*a',
      '!!int 1',
      'a # c',
      'a: b',
      '- a',
      'yes',
      '~',
      '{',
      'x\n  y',
    );
    let vouched = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: sources.length - 1 }),
        fc.array(
          fc.record({
            line: fc.nat(),
            step: fc.constantFrom(-1, 0, 0, 0, 1),
            body: fc.array(fc.tuple(fc.constantFrom(0, 0, 1, 2, -99), entry), {
              minLength: 1,
              maxLength: 3,
            }),
            value,
            mode: fc.constantFrom('insert', 'replace', 'value', 'append'),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        (which, wanted) => {
          const text = sources[which];
          const b = base(text);
          const eol = text.includes('\r\n') ? '\r\n' : '\n';
          const starts = [0];
          for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
          const edits: Edit[] = [];
          for (const item of wanted) {
            const from = starts[item.line % starts.length];
            const lineEnd = text.indexOf(eol, from);
            const end = lineEnd < 0 ? text.length : lineEnd;
            const line = text.slice(from, end);
            const indent = Math.max(0, line.length - line.trimStart().length + item.step * 2);
            const body = item.body
              .map(([deeper, s]) => ' '.repeat(Math.max(0, indent + deeper * 2)) + s)
              .join(eol);
            const colon = line.indexOf(': ');
            let edit: Edit;
            if (item.mode === 'append') {
              const ended = text.endsWith('\n');
              const insert = ended ? `${body}${eol}` : `${eol}${body}`;
              edit = { from: text.length, to: text.length, insert };
            } else if (item.mode === 'insert') edit = { from, to: from, insert: `${body}${eol}` };
            else if (item.mode === 'replace') edit = { from, to: end, insert: body };
            else if (colon >= 0) edit = { from: from + colon + 2, to: end, insert: item.value };
            else continue;
            if (edits.every((other) => edit.to < other.from || edit.from > other.to)) {
              edits.push(edit);
            }
          }
          if (sound(b, edits)) vouched++;
        },
      ),
      { numRuns: RUNS },
    );
    // The check is not only refusing: many arbitrary edits are fine and read back.
    expect(vouched).toBeGreaterThan(RUNS / 20);
  }, 120_000);
});
