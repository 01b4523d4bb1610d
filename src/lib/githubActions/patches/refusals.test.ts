/**
 * What applyPatches refuses (always naming the patch index and the reason), all-or-nothing
 * batches, and the bytes it must never touch: CRLF line ends, trailing spaces, comments, anchors.
 */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyPatches } from './applyPatches';
import type { IRPatch } from '../irPatch';

const lines = (...parts: string[]) => parts.join('\n') + '\n';

const WF = lines(
  'on: push',
  'env:',
  '  A: 1',
  'defaults: &defaults',
  '  shell: bash',
  'jobs:',
  '  build:',
  '    runs-on: &runner ubuntu-latest',
  '    defaults: *defaults',
  '    env:',
  '      LIST: [a, b]',
  '    steps:',
  '      - run: make',
  '  other:',
  '    runs-on: *runner',
  '    uses: ./.github/workflows/reusable.yml',
  '    with:',
  '  broken: just a string',
);

function expectRefused(patches: unknown[], index: number, message: RegExp, source = WF): void {
  const result = applyPatches(source, patches as IRPatch[]);
  expect(result).toMatchObject({ ok: false, index });
  if (!result.ok) expect(result.message).toMatch(message);
  expect(result).not.toHaveProperty('text');
}

describe('refusals name the patch and the reason', () => {
  it.each<[string, IRPatch, RegExp]>([
    [
      'an unknown job',
      { kind: 'job.set', jobId: 'nope', path: 'x', value: 1 },
      /^patch 0 \(job\.set\) cannot apply: there is no job "nope" under jobs: \(the jobs are build, other, broken\)\.$/,
    ],
    [
      'a job that is not a mapping',
      { kind: 'job.set', jobId: 'broken', path: 'x', value: 1 },
      /jobs\.broken is the string "just a string", not a mapping/,
    ],
    [
      'a missing intermediate for job.set',
      { kind: 'job.set', jobId: 'build', path: 'strategy.matrix', value: 'x' },
      /jobs\.build has no key "strategy", and this kind of patch does not create intermediate mappings; use workflow\.set with the full path/,
    ],
    [
      'a missing intermediate for step.set',
      { kind: 'step.set', jobId: 'build', stepIndex: 0, path: 'with.k', value: 'x' },
      /jobs\.build\.steps\[0\] has no key "with", and this kind of patch does not create/,
    ],
    [
      'an absent intermediate for job.set',
      { kind: 'job.set', jobId: 'other', path: 'x.y', value: 1 },
      /jobs\.other has no key "x"/,
    ],
    [
      'an empty intermediate for job.set',
      { kind: 'job.set', jobId: 'other', path: 'with.y', value: 1 },
      /jobs\.other\.with is empty, and this kind of patch does not create intermediate mappings/,
    ],
    [
      'a scalar intermediate',
      { kind: 'workflow.set', path: 'on.push.branches', value: ['main'] },
      /on is the string "push", not a mapping, so it has no key "push"/,
    ],
    [
      'a sequence intermediate',
      { kind: 'job.set', jobId: 'build', path: 'env.LIST.x', value: 1 },
      /jobs\.build\.env\.LIST is a flow sequence, not a mapping/,
    ],
    [
      'an alias intermediate',
      { kind: 'job.set', jobId: 'build', path: 'defaults.shell', value: 'sh' },
      /jobs\.build\.defaults is an alias \(\*defaults\), not a mapping, so it has no key "shell"; patches do not edit through aliases/,
    ],
    [
      'an anchored value that aliases reuse',
      { kind: 'job.set', jobId: 'build', path: 'runs-on', value: 'x' },
      /anchored as &runner and reused by \*runner elsewhere/,
    ],
    [
      'steps of a job without steps',
      { kind: 'step.set', jobId: 'other', stepIndex: 0, path: 'run', value: 'x' },
      /job "other" has no steps: \(it may call a reusable workflow with uses:\)/,
    ],
    [
      'a step index out of range',
      { kind: 'step.set', jobId: 'build', stepIndex: 1, path: 'run', value: 'x' },
      /job "build" has 1 step, so stepIndex 1 is out of range \(the first step is 0\)/,
    ],
  ])('refuses %s', (_, patch, message) => {
    expectRefused([patch], 0, message);
  });

  it('refuses invalid patch objects with their index', () => {
    expectRefused(
      [{ kind: 'workflow.set', path: 'a', value: 1 }, { kind: 'job.create' }],
      1,
      /^patch 1 has unknown kind "job\.create"/,
    );
  });

  it.each([
    [
      'a YAML error',
      'on: push\njobs:\n  a: [\n',
      /^patch 0 \(workflow\.set\) cannot apply: the YAML has an error at line 4, column 1 \(Flow sequence .*\); fix it first\.$/,
    ],
    [
      'duplicate keys',
      'on: push\non: pull_request\n',
      /the YAML has an error at line 2, column 1 \(Map keys must be unique\)/,
    ],
    ['a list document', '- on\n- jobs\n', /the document is not a mapping of workflow keys/],
    ['an empty document', '', /the document is not a mapping of workflow keys/],
    [
      'several documents',
      'on: push\n---\non: pull_request\n',
      /error at line 2, column 1 \(a second document starts there, and a workflow file holds one document\)/,
    ],
    [
      'an alias without its anchor',
      'on: *x\n',
      /the YAML cannot be read as data \(Unresolved alias/,
    ],
  ])('refuses %s', (_, source, message) => {
    expectRefused([{ kind: 'workflow.set', path: 'name', value: 'x' }], 0, message, source);
  });

  it('leaves text alone when there are no patches, even text that is not YAML', () => {
    for (const source of [WF, 'a: [', '', '\r\n']) {
      expect(applyPatches(source, [])).toEqual({ ok: true, text: source, changed: false });
    }
  });
});

describe('all or nothing', () => {
  it('returns nothing when the third patch fails', () => {
    const patches: IRPatch[] = [
      { kind: 'workflow.set', path: 'name', value: 'x' },
      { kind: 'workflow.set', path: 'env.B', value: 2 },
      { kind: 'job.set', jobId: 'missing', path: 'runs-on', value: 'x' },
      { kind: 'workflow.set', path: 'env.C', value: 3 },
    ];
    expectRefused(patches, 2, /^patch 2 \(job\.set\) cannot apply: there is no job "missing"/);
  });

  it('applies later patches to the result of earlier ones', () => {
    const result = applyPatches(WF, [
      { kind: 'workflow.set', path: 'concurrency.group', value: 'g' },
      { kind: 'workflow.set', path: 'concurrency.cancel-in-progress', value: true },
      { kind: 'job.set', jobId: 'build', path: 'env.LIST', value: ['c'] },
    ]);
    expect(result).toEqual({
      ok: true,
      changed: true,
      text:
        WF.replace('LIST: [a, b]', 'LIST: [c]') +
        'concurrency:\n  group: g\n  cancel-in-progress: true\n',
    });
  });
});

describe('bytes outside the edited node', () => {
  const CRLF = lines(
    '# crlf workflow   ',
    'on:',
    '  push:',
    '    branches: [main]',
    'jobs:',
    '  build:   ',
    '    runs-on: ubuntu-latest # runner',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '      - run: |',
    '          echo one',
    '          echo two',
    '  after:',
    '    needs:',
    '      - build',
    '    steps: []',
  ).replaceAll('\n', '\r\n');

  it('writes CRLF line ends into a CRLF file and keeps the others', () => {
    const result = applyPatches(CRLF, [
      { kind: 'job.set', jobId: 'build', path: 'runs-on', value: 'macos-latest' },
      { kind: 'workflow.set', path: 'env.X', value: 'a\nb' },
      { kind: 'with.set', jobId: 'build', stepIndex: 0, key: 'fetch-depth', value: 0 },
      { kind: 'trigger.setFilters', event: 'push', filter: 'tags', value: ['v*'] },
      { kind: 'step.set', jobId: 'build', stepIndex: 1, path: 'run', value: 'make\nmake test\n' },
    ]);
    if (!result.ok) throw new Error(result.message);
    expect(result.text.replaceAll('\r\n', '')).not.toContain('\n');
    expect(result.text).toBe(
      lines(
        '# crlf workflow   ',
        'on:',
        '  push:',
        '    branches: [main]',
        '    tags: [v*]',
        'jobs:',
        '  build:   ',
        '    runs-on: macos-latest # runner',
        '    steps:',
        '      - uses: actions/checkout@v4',
        '        with:',
        '          fetch-depth: 0',
        '      - run: |',
        '          make',
        '          make test',
        '  after:',
        '    needs:',
        '      - build',
        '    steps: []',
        'env:',
        '  X: |-',
        '    a',
        '    b',
      ).replaceAll('\n', '\r\n'),
    );
    expect(parse(result.text)).toMatchObject({
      env: { X: 'a\nb' },
      jobs: { build: { steps: [{}, { run: 'make\nmake test\n' }] } },
    });
  });

  it('gives back CRLF bytes after set then remove', () => {
    const patches: IRPatch[] = [
      { kind: 'with.set', jobId: 'build', stepIndex: 0, key: 'k', value: 'v' },
      { kind: 'needs.remove', jobId: 'after', ref: 'build' },
      { kind: 'needs.add', jobId: 'after', ref: 'build' },
      { kind: 'with.remove', jobId: 'build', stepIndex: 0, key: 'k' },
    ];
    const result = applyPatches(CRLF, patches);
    if (!result.ok) throw new Error(result.message);
    expect(result.text).toBe(
      CRLF.replace('    needs:\r\n      - build\r\n', '') + '    needs: [build]\r\n',
    );
    expect(result.text.replaceAll('\r\n', '')).not.toContain('\n');
    const roundTrip = applyPatches(CRLF, [patches[0], patches[3]]);
    expect(roundTrip).toEqual({ ok: true, text: CRLF, changed: false });
  });

  it('keeps comments beside and between edited values', () => {
    const source = lines(
      'on:',
      '  push: # events',
      '    # the branches we release from',
      '    branches:',
      '      - main # default',
      '      # - next',
      'jobs:',
      '  a:',
      '    runs-on: x   # keep me',
      '    # a note before steps',
      '    steps:',
      '      - run: y # and me',
    );
    const result = applyPatches(source, [
      { kind: 'job.set', jobId: 'a', path: 'runs-on', value: 'z' },
      { kind: 'step.set', jobId: 'a', stepIndex: 0, path: 'run', value: 'w' },
      { kind: 'trigger.setFilters', event: 'push', filter: 'tags', value: ['v1'] },
    ]);
    if (!result.ok) throw new Error(result.message);
    expect(result.text).toBe(
      source
        .replace('runs-on: x   # keep me', 'runs-on: z   # keep me')
        .replace('run: y # and me', 'run: w # and me')
        .replace('      # - next\n', '      # - next\n    tags: [v1]\n'),
    );
  });
});
