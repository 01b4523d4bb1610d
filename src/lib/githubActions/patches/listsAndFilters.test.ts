/** with.set/with.remove, needs.add/needs.remove and trigger.setFilters, with exact expected text. */
import { describe, expect, it } from 'vitest';
import { applyPatches } from './applyPatches';
import type { IRPatch } from '../irPatch';

const lines = (...parts: string[]) => parts.join('\n') + '\n';

const WF = lines(
  'on:',
  '  push:',
  "    branches: [ main, 'release/**' ]   # flow list",
  '    paths:',
  "      - 'src/**'",
  '  pull_request:',
  '  workflow_dispatch: {}',
  'jobs:',
  '  lint:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - uses: actions/checkout@v4',
  '      - uses: actions/setup-node@v4',
  '        with:',
  '          node-version: 20  # pinned',
  '          cache: npm',
  '      - uses: actions/cache@v4',
  '        with: {path: ~/.npm}',
  '      - with:',
  '          a: 1',
  '        uses: some/action@v1',
  '  build:',
  '    needs: lint',
  '    runs-on: ubuntu-latest',
  '    steps: []',
  '  test:',
  '    needs: [lint]',
  '    steps: []',
  '  deploy:',
  '    needs:',
  '      - build',
  '      - test   # tests first',
  '    steps: []',
);

function applied(patches: IRPatch[], source = WF): string {
  const result = applyPatches(source, patches);
  if (!result.ok) throw new Error(result.message);
  return result.text;
}

function expectReplaced(patches: IRPatch[], before: string, after: string): string {
  expect(WF.split(before)).toHaveLength(2);
  const text = applied(patches);
  expect(text).toBe(WF.replace(before, after));
  return text;
}

function expectUnchanged(patches: IRPatch[], source = WF): void {
  expect(applyPatches(source, patches)).toEqual({ ok: true, text: source, changed: false });
}

function expectRefused(patches: IRPatch[], index: number, message: RegExp, source = WF): void {
  const result = applyPatches(source, patches);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.index).toBe(index);
    expect(result.message).toMatch(message);
  }
}

const step = (stepIndex: number) => ({ jobId: 'lint', stepIndex });

describe('with.set and with.remove', () => {
  it('creates with: under a step that has none', () => {
    expectReplaced(
      [{ kind: 'with.set', ...step(0), key: 'fetch-depth', value: 0 }],
      '      - uses: actions/checkout@v4\n',
      '      - uses: actions/checkout@v4\n        with:\n          fetch-depth: 0\n',
    );
  });

  it('adds a key at the end of with: and replaces an existing one, keeping its comment', () => {
    expectReplaced(
      [{ kind: 'with.set', ...step(1), key: 'registry-url', value: 'https://npm.pkg.github.com' }],
      '          cache: npm\n',
      '          cache: npm\n          registry-url: https://npm.pkg.github.com\n',
    );
    expectReplaced(
      [{ kind: 'with.set', ...step(1), key: 'node-version', value: '22.x' }],
      '20  # pinned',
      '22.x  # pinned',
    );
  });

  it('writes into a flow with: mapping', () => {
    expectReplaced(
      [{ kind: 'with.set', ...step(2), key: 'key', value: 'npm' }],
      '{path: ~/.npm}',
      '{path: ~/.npm, key: npm}',
    );
  });

  it('removes one key, and with: together with its last key', () => {
    expectReplaced(
      [{ kind: 'with.remove', ...step(1), key: 'cache' }],
      '          cache: npm\n',
      '',
    );
    expectReplaced(
      [
        { kind: 'with.remove', ...step(1), key: 'cache' },
        { kind: 'with.remove', ...step(1), key: 'node-version' },
      ],
      '        with:\n          node-version: 20  # pinned\n          cache: npm\n',
      '',
    );
    expectReplaced(
      [{ kind: 'with.remove', ...step(2), key: 'path' }],
      '        with: {path: ~/.npm}\n',
      '',
    );
    expectReplaced(
      [{ kind: 'with.remove', ...step(3), key: 'a' }],
      'with:\n          a: 1\n        uses',
      'uses',
    );
  });

  it('gives back the original bytes after set then remove', () => {
    for (const stepIndex of [0, 1, 2, 3]) {
      const patches: IRPatch[] = [
        { kind: 'with.set', jobId: 'lint', stepIndex, key: 'vmark-test', value: 'yes' },
        { kind: 'with.remove', jobId: 'lint', stepIndex, key: 'vmark-test' },
      ];
      expect(applyPatches(WF, patches)).toEqual({ ok: true, text: WF, changed: false });
    }
  });

  it('does nothing when the key or with: is absent', () => {
    expectUnchanged([
      { kind: 'with.remove', ...step(0), key: 'x' },
      { kind: 'with.remove', ...step(1), key: 'x' },
    ]);
  });

  it('refuses a step index out of range and a missing job', () => {
    expectRefused(
      [{ kind: 'with.set', ...step(4), key: 'k', value: 1 }],
      0,
      /^patch 0 \(with\.set\) cannot apply: job "lint" has 4 steps, so stepIndex 4 is out of range/,
    );
    expectRefused(
      [{ kind: 'with.remove', jobId: 'nope', stepIndex: 0, key: 'k' }],
      0,
      /there is no job "nope" under jobs: \(the jobs are lint, build, test, deploy\)/,
    );
    expectRefused(
      [{ kind: 'with.set', jobId: 'build', stepIndex: 0, key: 'k', value: 1 }],
      0,
      /job "build" has 0 steps, so stepIndex 0 is out of range/,
    );
  });
});

describe('needs.add and needs.remove', () => {
  it('adds needs: to a job without it', () => {
    expectReplaced(
      [{ kind: 'needs.add', jobId: 'lint', ref: 'test' }],
      '      - with:\n          a: 1\n        uses: some/action@v1\n',
      '      - with:\n          a: 1\n        uses: some/action@v1\n    needs: [test]\n',
    );
  });

  it('turns a single job id into a list', () => {
    expectReplaced(
      [{ kind: 'needs.add', jobId: 'build', ref: 'test' }],
      'needs: lint',
      'needs: [lint, test]',
    );
  });

  it('appends to inline and block lists', () => {
    expectReplaced(
      [{ kind: 'needs.add', jobId: 'test', ref: 'build' }],
      'needs: [lint]',
      'needs: [lint, build]',
    );
    expectReplaced(
      [{ kind: 'needs.add', jobId: 'deploy', ref: 'lint' }],
      '      - test   # tests first\n',
      '      - test   # tests first\n      - lint\n',
    );
  });

  it('is idempotent', () => {
    expectUnchanged([
      { kind: 'needs.add', jobId: 'build', ref: 'lint' },
      { kind: 'needs.add', jobId: 'test', ref: 'lint' },
      { kind: 'needs.add', jobId: 'deploy', ref: 'test' },
    ]);
    const once = applied([{ kind: 'needs.add', jobId: 'build', ref: 'test' }]);
    expect(
      applied([
        { kind: 'needs.add', jobId: 'build', ref: 'test' },
        { kind: 'needs.add', jobId: 'build', ref: 'test' },
      ]),
    ).toBe(once);
  });

  it('removes an id from a list, and needs: with its last id', () => {
    expectReplaced(
      [{ kind: 'needs.remove', jobId: 'deploy', ref: 'test' }],
      '      - test   # tests first\n',
      '',
    );
    expectReplaced(
      [{ kind: 'needs.remove', jobId: 'deploy', ref: 'build' }],
      '      - build\n',
      '',
    );
    expectReplaced(
      [{ kind: 'needs.remove', jobId: 'test', ref: 'lint' }],
      '    needs: [lint]\n',
      '',
    );
    expectReplaced(
      [{ kind: 'needs.remove', jobId: 'build', ref: 'lint' }],
      '    needs: lint\n',
      '',
    );
  });

  it('does nothing when the id is not needed', () => {
    expectUnchanged([
      { kind: 'needs.remove', jobId: 'lint', ref: 'build' },
      { kind: 'needs.remove', jobId: 'build', ref: 'test' },
      { kind: 'needs.remove', jobId: 'test', ref: 'build' },
    ]);
  });

  it('gives back the original bytes after add then remove', () => {
    for (const [jobId, ref] of [
      ['lint', 'build'],
      ['test', 'deploy'],
      ['deploy', 'lint'],
    ]) {
      const patches: IRPatch[] = [
        { kind: 'needs.add', jobId, ref },
        { kind: 'needs.remove', jobId, ref },
      ];
      expect(applyPatches(WF, patches)).toEqual({ ok: true, text: WF, changed: false });
    }
  });

  it('refuses a job that does not exist, on either side', () => {
    expectRefused(
      [{ kind: 'needs.add', jobId: 'lint', ref: 'nope' }],
      0,
      /there is no job "nope" for job "lint" to need \(the jobs are lint, build, test, deploy\)/,
    );
    expectRefused(
      [{ kind: 'needs.add', jobId: 'nope', ref: 'lint' }],
      0,
      /there is no job "nope" under jobs:/,
    );
    expectRefused(
      [{ kind: 'needs.remove', jobId: 'nope', ref: 'lint' }],
      0,
      /there is no job "nope"/,
    );
    expectRefused(
      [{ kind: 'needs.add', jobId: 'lint', ref: 'lint' }],
      0,
      /job "lint" cannot need itself/,
    );
  });
});

describe('trigger.setFilters', () => {
  const filters = (event: string, filter: string, value: string[]): IRPatch =>
    ({ kind: 'trigger.setFilters', event, filter, value }) as IRPatch;

  it('replaces a flow list, keeping its padding and comment', () => {
    expectReplaced(
      [filters('push', 'branches', ['main', 'next'])],
      "[ main, 'release/**' ]",
      '[ main, next ]',
    );
  });

  it('replaces a block list, keeping its indentation and quoting', () => {
    expectReplaced(
      [filters('push', 'paths', ['src/**', 'docs/**'])],
      "      - 'src/**'\n",
      "      - 'src/**'\n      - 'docs/**'\n",
    );
  });

  it('adds a filter to an event mapping', () => {
    expectReplaced(
      [filters('push', 'tags', ['v*'])],
      "      - 'src/**'\n",
      "      - 'src/**'\n    tags: [v*]\n",
    );
  });

  it('adds filters into an empty flow mapping', () => {
    expectReplaced(
      [filters('workflow_dispatch', 'branches', ['main'])],
      'workflow_dispatch: {}',
      'workflow_dispatch: {branches: [main]}',
    );
  });

  it('removes a filter with an empty list; the last one leaves the event empty', () => {
    expectReplaced([filters('push', 'paths', [])], "    paths:\n      - 'src/**'\n", '');
    expectReplaced(
      [filters('push', 'paths', []), filters('push', 'branches', [])],
      "  push:\n    branches: [ main, 'release/**' ]   # flow list\n    paths:\n      - 'src/**'\n",
      '  push:\n',
    );
  });

  it('does nothing for an absent filter with an empty list, or the same list', () => {
    expectUnchanged([
      filters('push', 'tags', []),
      filters('workflow_dispatch', 'paths', []),
      filters('push', 'branches', ['main', 'release/**']),
    ]);
  });

  it('gives back the original bytes after set then clear on an event mapping', () => {
    expectUnchanged([filters('push', 'tags', ['v*']), filters('push', 'tags', [])]);
    expectUnchanged([
      filters('workflow_dispatch', 'branches', ['main']),
      filters('workflow_dispatch', 'branches', []),
    ]);
  });

  it.each([[['opened']], [[]]])(
    'refuses filters %j under an empty event, naming the event, and applies nothing',
    (value) => {
      expectRefused(
        [filters('push', 'tags', ['v*']), filters('pull_request', 'types', value)],
        1,
        /^patch 1 \(trigger\.setFilters\) cannot apply: on\.pull_request is empty \(the shorthand "pull_request:" with no filters\); write it as a mapping first, for example with workflow\.set path on\.pull_request\.types\.$/,
      );
    },
  );

  it('refuses filters on an event that clearing its last filter left empty', () => {
    expectRefused(
      [
        filters('push', 'paths', []),
        filters('push', 'branches', []),
        filters('push', 'branches', ['main']),
      ],
      2,
      /on\.push is empty/,
    );
  });

  it.each([
    [
      'push:',
      'on:\n  push:\n  workflow_dispatch:\njobs: {}\n',
      'on:\n  push:\n    branches: [main]\n  workflow_dispatch:\njobs: {}\n',
    ],
    [
      'push: ~ with a comment',
      'on:\n  push: ~  # all\njobs: {}\n',
      'on:\n  push: # all\n    branches: [main]\njobs: {}\n',
    ],
    [
      'push: in a flow on:',
      'on: {push: , pull_request: {}}\njobs: {}\n',
      'on: {push: {branches: [main]}, pull_request: {}}\njobs: {}\n',
    ],
    [
      'push: at the end of a CRLF file',
      'jobs: {}\r\non:\r\n  push:',
      'jobs: {}\r\non:\r\n  push:\r\n    branches: [main]',
    ],
  ])('fills an empty %s with the workflow.set the refusal suggests', (_, source, expected) => {
    const refusal = applyPatches(source, [filters('push', 'branches', ['main'])]);
    expect(refusal.ok).toBe(false);
    const path = refusal.ok ? '' : /workflow\.set path (\S+)\.$/.exec(refusal.message)?.[1];
    expect(path).toBe('on.push.branches');
    expect(applied([{ kind: 'workflow.set', path: path ?? '', value: ['main'] }], source)).toBe(
      expected,
    );
    // Now a mapping, the event takes filters.
    expect(applied([filters('push', 'tags', ['v*'])], expected)).toMatch(/tags: \[v\*\]/);
  });

  it.each([
    [
      'a scalar on:',
      'on: push\njobs: {}\n',
      /on: is the shorthand on: push, which has no place for filters; rewrite on: as a mapping/,
    ],
    [
      'a list on:',
      'on: [push, pull_request]\njobs: {}\n',
      /on: is the list shorthand \(on: \[push, …\]\), which has no place for filters/,
    ],
    ['an empty on:', 'on:\njobs: {}\n', /on: is empty, which has no place for filters/],
    ['no on:', 'jobs: {}\n', /the workflow has no on: key/],
    [
      'an empty event',
      'on:\n  push:\n  pull_request:\njobs: {}\n',
      /on\.pull_request is empty \(the shorthand "pull_request:" with no filters\); write it as a mapping first, for example with workflow\.set path on\.pull_request\.branches\./,
    ],
    ['an event set to null', 'on:\n  pull_request: null\njobs: {}\n', /on\.pull_request is empty/],
    [
      'an empty event in a flow on:',
      'on: {pull_request: ~}\njobs: {}\n',
      /on\.pull_request is empty/,
    ],
    [
      'an absent event',
      'on:\n  push:\njobs: {}\n',
      /on: has no "pull_request" event; trigger\.setFilters only edits existing events \(workflow\.set with path on\.pull_request\.branches adds one\)/,
    ],
    [
      'an event written as a scalar',
      'on:\n  pull_request: yes\njobs: {}\n',
      /on\.pull_request is the string "yes", not a mapping of filters/,
    ],
    [
      'an event written as a list',
      'on:\n  pull_request: [a]\njobs: {}\n',
      /on\.pull_request is a flow sequence, not a mapping of filters/,
    ],
  ])('refuses %s', (_, source, message) => {
    expectRefused([filters('pull_request', 'branches', ['main'])], 0, message, source);
  });
});
