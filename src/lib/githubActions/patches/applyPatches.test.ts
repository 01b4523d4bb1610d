/**
 * applyPatches, kind by kind: each case gives the source, the patches and the exact text
 * expected, so every byte outside the edited node is pinned.
 */
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyPatches } from './applyPatches';
import type { IRPatch } from '../irPatch';

const lines = (...parts: string[]) => parts.join('\n') + '\n';

const CI = lines(
  '# CI for the app',
  'name:   "CI"   # the name',
  '',
  'on:',
  '  push:',
  "    branches: [ main, 'release/**' ]   # flow list",
  '  pull_request:',
  '',
  'env:',
  "  NODE: '20'",
  '',
  'jobs:',
  '  lint:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - run: npm run lint',
  '  build:',
  '    runs-on: ubuntu-latest   # runner',
  '    needs: lint',
  '    strategy:',
  '      fail-fast: false',
  '    steps:',
  '      - uses: actions/checkout@v4',
  '      - uses: actions/setup-node@v4',
  '        with:',
  '          node-version: ${{ env.NODE }}  # from env',
  '          cache: npm',
  '      - run: |',
  '          npm ci',
  '          npm test',
  '  deploy:',
  '    needs:',
  '      - build',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - run: ./deploy.sh',
);

/** Applies `patches` to CI and returns the new text; fails the test on a refusal. */
function applied(patches: IRPatch[], source = CI): string {
  const result = applyPatches(source, patches);
  if (!result.ok) throw new Error(result.message);
  expect(result.changed).toBe(result.text !== source);
  return result.text;
}

/** Asserts that the text differs from CI only by replacing `before` with `after`. */
function expectReplaced(text: string, before: string, after: string, source = CI): void {
  expect(source.split(before)).toHaveLength(2);
  expect(text).toBe(source.replace(before, after));
}

function expectUnchanged(patches: IRPatch[], source = CI): void {
  const result = applyPatches(source, patches);
  expect(result).toEqual({ ok: true, text: source, changed: false });
}

describe('workflow.set', () => {
  it('replaces a quoted scalar in place, keeping its quotes, spacing and comment', () => {
    const text = applied([{ kind: 'workflow.set', path: 'name', value: 'Build' }]);
    expectReplaced(text, 'name:   "CI"   # the name', 'name:   "Build"   # the name');
  });

  it('keeps single quotes when the new value allows them', () => {
    const text = applied([{ kind: 'workflow.set', path: 'env.NODE', value: '22' }]);
    expectReplaced(text, "NODE: '20'", "NODE: '22'");
  });

  it('adds a key at the end of an existing mapping, at its indentation', () => {
    const text = applied([{ kind: 'workflow.set', path: 'env.VMARK_TEST', value: '1.0' }]);
    expectReplaced(text, "  NODE: '20'\n", "  NODE: '20'\n  VMARK_TEST: '1.0'\n");
    expect((parse(text) as { env: Record<string, unknown> }).env.VMARK_TEST).toBe('1.0');
  });

  it('creates missing intermediate mappings at the end of the document', () => {
    const text = applied([
      { kind: 'workflow.set', path: 'concurrency.group', value: 'ci-${{ github.ref }}' },
    ]);
    expect(text).toBe(CI + 'concurrency:\n  group: ci-${{ github.ref }}\n');
  });

  it('fills an empty value with the mappings the path needs', () => {
    const text = applied([
      { kind: 'workflow.set', path: 'on.pull_request.types', value: ['opened'] },
    ]);
    expectReplaced(text, '  pull_request:\n', '  pull_request:\n    types: [opened]\n');
  });

  it.each<[string, unknown, string]>([
    ['a number', 30, 'timeout: 30'],
    ['a float', 1.5, 'timeout: 1.5'],
    ['true', true, 'timeout: true'],
    ['null', null, 'timeout: null'],
    ['a string that looks like a number', '30', "timeout: '30'"],
    ['a string that looks like a boolean', 'yes', "timeout: 'yes'"],
    ['a string that looks like null', 'null', "timeout: 'null'"],
    ['an empty string', '', "timeout: ''"],
    ['a string with a colon', 'a: b', "timeout: 'a: b'"],
    ['an empty list', [], 'timeout: []'],
  ])('writes %s so that it reads back as itself', (_, value, line) => {
    const text = applied([{ kind: 'workflow.set', path: 'timeout', value } as IRPatch]);
    expect(text).toBe(CI + line + '\n');
    expect((parse(text) as { timeout: unknown }).timeout).toEqual(value);
  });

  it('writes a short list inline and a long one as a block sequence', () => {
    const short = applied([{ kind: 'workflow.set', path: 'env.LIST', value: ['a', 'b c', '1'] }]);
    expectReplaced(short, "  NODE: '20'\n", "  NODE: '20'\n  LIST: [a, b c, '1']\n");
    const items = [
      'packages/first/**',
      'packages/second/**',
      'packages/third/**',
      'docs/**',
      'x/**',
    ];
    const long = applied([{ kind: 'workflow.set', path: 'env.LIST', value: items }]);
    expectReplaced(
      long,
      "  NODE: '20'\n",
      `  NODE: '20'\n  LIST:\n${items.map((i) => `    - ${i}\n`).join('')}`,
    );
  });

  it('writes a multi-line string as a literal block', () => {
    const text = applied([{ kind: 'workflow.set', path: 'env.SCRIPT', value: 'one\ntwo\n' }]);
    expectReplaced(text, "  NODE: '20'\n", "  NODE: '20'\n  SCRIPT: |\n    one\n    two\n");
  });

  it('replaces a mapping with a scalar, keeping the comment on the key line', () => {
    const source = lines('on: push', 'env:   # settings', '  A: 1', '  B: 2', 'jobs: {}');
    const text = applied([{ kind: 'workflow.set', path: 'env', value: 'none' }], source);
    expect(text).toBe(lines('on: push', 'env: none   # settings', 'jobs: {}'));
  });

  it('inserts into a document without a final line break, keeping it that way', () => {
    const source = 'on: push\njobs: {}';
    expect(applied([{ kind: 'workflow.set', path: 'name', value: 'x' }], source)).toBe(
      'on: push\njobs: {}\nname: x',
    );
  });

  it('changes nothing when the value is already there', () => {
    expectUnchanged([
      { kind: 'workflow.set', path: 'name', value: 'CI' },
      { kind: 'workflow.set', path: 'env.NODE', value: '20' },
      { kind: 'workflow.set', path: 'on.pull_request', value: null },
      { kind: 'workflow.set', path: 'on.push.branches', value: ['main', 'release/**'] },
    ]);
  });

  it('is idempotent when repeated', () => {
    const patch: IRPatch = { kind: 'workflow.set', path: 'env.NEW', value: 'x' };
    const once = applied([patch]);
    expect(applied([patch, patch])).toBe(once);
    expectUnchanged([patch], once);
  });
});

describe('job.set and step.set', () => {
  it('replaces runs-on, keeping the comment after it', () => {
    const text = applied([
      { kind: 'job.set', jobId: 'build', path: 'runs-on', value: 'ubuntu-24.04' },
    ]);
    expectReplaced(text, 'runs-on: ubuntu-latest   # runner', 'runs-on: ubuntu-24.04   # runner');
  });

  it('turns a scalar into an inline list', () => {
    const text = applied([
      { kind: 'job.set', jobId: 'build', path: 'runs-on', value: ['self-hosted', 'linux'] },
    ]);
    expectReplaced(
      text,
      'runs-on: ubuntu-latest   # runner',
      'runs-on: [self-hosted, linux]   # runner',
    );
  });

  it('sets a key inside an existing nested mapping', () => {
    const text = applied([
      { kind: 'job.set', jobId: 'build', path: 'strategy.max-parallel', value: 2 },
    ]);
    expectReplaced(
      text,
      '      fail-fast: false\n',
      '      fail-fast: false\n      max-parallel: 2\n',
    );
  });

  it('adds a new key at the end of the job', () => {
    const text = applied([{ kind: 'job.set', jobId: 'lint', path: 'timeout-minutes', value: 10 }]);
    expectReplaced(
      text,
      '      - run: npm run lint\n',
      '      - run: npm run lint\n    timeout-minutes: 10\n',
    );
  });

  it('replaces a literal block with a plain scalar and back', () => {
    const patch: IRPatch = {
      kind: 'step.set',
      jobId: 'build',
      stepIndex: 2,
      path: 'run',
      value: 'make',
    };
    const text = applied([patch]);
    expectReplaced(
      text,
      '      - run: |\n          npm ci\n          npm test\n',
      '      - run: make\n',
    );
    const back = applied([{ ...patch, value: 'npm ci\nnpm test\n' }], text);
    expect(back).toBe(CI);
  });

  it('adds a key to a step whose first key follows the dash', () => {
    const text = applied([
      { kind: 'step.set', jobId: 'build', stepIndex: 0, path: 'name', value: 'Check out' },
    ]);
    expectReplaced(
      text,
      '      - uses: actions/checkout@v4\n',
      '      - uses: actions/checkout@v4\n        name: Check out\n',
    );
  });

  it('sets a key inside the step with: mapping by path', () => {
    const text = applied([
      { kind: 'step.set', jobId: 'build', stepIndex: 1, path: 'with.cache', value: 'yarn' },
    ]);
    expectReplaced(text, 'cache: npm', 'cache: yarn');
  });

  it('keeps the document indentation step of four spaces', () => {
    const source = lines(
      'on: push',
      'jobs:',
      '    a:',
      '        runs-on: x',
      '        steps:',
      '            - run: y',
    );
    const text = applied(
      [
        { kind: 'job.set', jobId: 'a', path: 'env', value: null },
        { kind: 'with.set', jobId: 'a', stepIndex: 0, key: 'k', value: 'v' },
      ],
      source,
    );
    expect(text).toBe(
      lines(
        'on: push',
        'jobs:',
        '    a:',
        '        runs-on: x',
        '        steps:',
        '            - run: y',
        '              with:',
        '                  k: v',
        '        env: null',
      ),
    );
  });
});

describe('document shapes', () => {
  it.each<[string, string, IRPatch[], string]>([
    [
      'a byte order mark',
      '\ufeffon: push\njobs: {}\n',
      [{ kind: 'workflow.set', path: 'name', value: 'x' }],
      '\ufeffon: push\njobs: {}\nname: x\n',
    ],
    [
      'document markers',
      '---\non: push\njobs: {}\n...\n',
      [{ kind: 'workflow.set', path: 'env.A', value: 'x' }],
      '---\non: push\njobs: {}\nenv:\n  A: x\n...\n',
    ],
    [
      'a flow step',
      'on: push\njobs:\n  a:\n    steps:\n      - {uses: x}\n',
      [{ kind: 'with.set', jobId: 'a', stepIndex: 0, key: 'k', value: 'v, w' }],
      "on: push\njobs:\n  a:\n    steps:\n      - {uses: x, with: {k: 'v, w'}}\n",
    ],
    [
      'a flow on: mapping',
      'on: {push: {branches: [a]}, pull_request: {paths: [x]}}\njobs: {}\n',
      [
        { kind: 'trigger.setFilters', event: 'pull_request', filter: 'types', value: ['opened'] },
        { kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: [] },
      ],
      'on: {push: {}, pull_request: {paths: [x], types: [opened]}}\njobs: {}\n',
    ],
    [
      'an anchored mapping that an alias reuses',
      'env: &e\n  A: 1\non: push\njobs:\n  b:\n    env: *e\n',
      [{ kind: 'workflow.set', path: 'env.B', value: 2 }],
      'env: &e\n  A: 1\n  B: 2\non: push\njobs:\n  b:\n    env: *e\n',
    ],
    [
      'a block list at the key column',
      'on: push\njobs:\n  a:\n    runs-on:\n    - a\n    - b\n    steps: []\n',
      [{ kind: 'job.set', jobId: 'a', path: 'runs-on', value: 'x' }],
      'on: push\njobs:\n  a:\n    runs-on: x\n    steps: []\n',
    ],
    [
      'a block list replaced by a block list',
      'on: push\njobs:\n  a:\n    runs-on:\n      - a   # first\n      # between\n      - b\n    steps: []\n',
      [{ kind: 'job.set', jobId: 'a', path: 'runs-on', value: ['c', 'd'] }],
      'on: push\njobs:\n  a:\n    runs-on:\n      - c\n      - d\n    steps: []\n',
    ],
    [
      'an empty value with a comment',
      'on: push\nenv:\n  A: ~   # nothing yet\njobs: {}\n',
      [{ kind: 'workflow.set', path: 'env.A.B', value: 'x' }],
      'on: push\nenv:\n  A: # nothing yet\n    B: x\njobs: {}\n',
    ],
    [
      'an empty anchored value',
      'on: push\nenv:\n  A: &anchor\njobs: {}\n',
      [{ kind: 'workflow.set', path: 'env.A.B', value: 'x' }],
      'on: push\nenv:\n  A: &anchor\n    B: x\njobs: {}\n',
    ],
    [
      'a multi-line value in a new key at the end of the file',
      'on: push\njobs:\n  a:\n    steps:\n      - run: x\n        with:\n          a: 1',
      [{ kind: 'with.set', jobId: 'a', stepIndex: 0, key: 'b', value: 'multi\nline' }],
      'on: push\njobs:\n  a:\n    steps:\n      - run: x\n        with:\n          a: 1\n          b: |-\n            multi\n            line',
    ],
    [
      'comments after the last step',
      'on: push\njobs:\n  a:\n    steps:\n    - run: x\n\n    # - run: y\n  b:\n    steps: []\n',
      [{ kind: 'needs.add', jobId: 'a', ref: 'b' }],
      'on: push\njobs:\n  a:\n    steps:\n    - run: x\n    needs: [b]\n\n    # - run: y\n  b:\n    steps: []\n',
    ],
    [
      'a value followed by deeper comments, which a literal block would take in',
      'on: push\njobs:\n  a:\n    steps:\n      - run: x\n          # deeper\n',
      [{ kind: 'step.set', jobId: 'a', stepIndex: 0, path: 'run', value: 'a\nb' }],
      'on: push\njobs:\n  a:\n    steps:\n      - run: "a\\nb"\n          # deeper\n',
    ],
    [
      'a new key after blank lines and deeper comments at the end',
      'on: push\njobs:\n  a:\n    steps: []\n\n    # - run: old\n\n    #   with: x',
      [{ kind: 'workflow.set', path: 'env.S', value: 'a\nb' }],
      'on: push\njobs:\n  a:\n    steps: []\n\n    # - run: old\n\n    #   with: x\nenv:\n  S: |-\n    a\n    b',
    ],
  ])('edits %s', (_, source, patches, expected) => {
    expect(applied(patches, source)).toBe(expected);
  });
});

describe('batches of scalar edits', () => {
  const scalars: IRPatch[] = [
    { kind: 'workflow.set', path: 'name', value: 'Release' },
    { kind: 'job.set', jobId: 'build', path: 'runs-on', value: 'macos-latest' },
    { kind: 'with.set', jobId: 'build', stepIndex: 1, key: 'cache', value: 'pnpm' },
    { kind: 'job.set', jobId: 'lint', path: 'runs-on', value: 'windows-latest' },
  ];

  it('give the same text as applying the patches one at a time', () => {
    let oneByOne = CI;
    for (const patch of scalars) oneByOne = applied([patch], oneByOne);
    expect(applied(scalars)).toBe(oneByOne);
  });

  it('see the values earlier patches wrote', () => {
    const back: IRPatch[] = [...scalars, { kind: 'workflow.set', path: 'name', value: 'CI' }];
    expect(applied(back)).toBe(applied(scalars).replace('"Release"', '"CI"'));
    const undo: IRPatch[] = [
      { kind: 'workflow.set', path: 'name', value: 'Release' },
      { kind: 'job.set', jobId: 'lint', path: 'runs-on', value: 'x' },
      { kind: 'workflow.set', path: 'name', value: 'CI' },
      { kind: 'job.set', jobId: 'lint', path: 'runs-on', value: 'ubuntu-latest' },
    ];
    expectUnchanged(undo);
    const needs: IRPatch[] = [
      { kind: 'job.set', jobId: 'build', path: 'needs', value: 'deploy' },
      { kind: 'needs.add', jobId: 'build', ref: 'deploy' },
      { kind: 'needs.remove', jobId: 'build', ref: 'lint' },
    ];
    expectReplaced(applied(needs), 'needs: lint', 'needs: deploy');
  });

  it('mix with structural edits in order', () => {
    const mixed: IRPatch[] = [
      scalars[0],
      { kind: 'workflow.set', path: 'env.B', value: 'b' },
      scalars[1],
      { kind: 'workflow.set', path: 'env.B', value: 'c' },
      scalars[2],
    ];
    let oneByOne = CI;
    for (const patch of mixed) oneByOne = applied([patch], oneByOne);
    expect(applied(mixed)).toBe(oneByOne);
    expect((parse(oneByOne) as { env: { B: string } }).env.B).toBe('c');
  });
});
