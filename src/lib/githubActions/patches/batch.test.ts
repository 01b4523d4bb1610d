/**
 * Batches done at once: independent patches are planned on one parse of the original and the
 * result is checked by reading back the pieces of text they edited (or, failing that, the whole
 * text). That path must give exactly what the one-by-one path gives (same bytes, same
 * refusals); batches whose patches depend on one another, overlap or remove lines go one by
 * one. `parseDocument` is counted to see which path a batch took.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMap, isScalar, isSeq, parse, parseDocument, type YAMLMap } from 'yaml';
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyPatches, applyPatchesOneByOne } from './applyPatches';
import type { IRPatch } from '../irPatch';

vi.mock('yaml', async (importOriginal) => {
  const real = await importOriginal<typeof import('yaml')>();
  return { ...real, parseDocument: vi.fn(real.parseDocument) };
});

const CORPUS = new URL('../../../../tests/corpus/workflows/', import.meta.url);
const FILES = readdirSync(fileURLToPath(CORPUS))
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();
const read = (name: string) => readFileSync(new URL(name, CORPUS), 'utf8');

const lines = (...parts: string[]) => parts.join('\n') + '\n';

const CI = lines(
  'name: CI',
  'on:',
  '  push:',
  '    branches: [main]',
  'jobs:',
  '  lint:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - run: npm run lint',
  '  build:',
  '    needs: [lint]',
  '    runs-on: ubuntu-latest   # runner',
  '    steps:',
  '      - uses: actions/checkout@v4',
  '        with:',
  '          fetch-depth: 1',
);

beforeEach(() => {
  vi.mocked(parseDocument).mockClear();
});

/**
 * Applies both ways; returns the answer, how many times the batch path parsed a whole text (the
 * original or a result) and the texts of the pieces it parsed on their own.
 */
function both(source: string, patches: IRPatch[]) {
  vi.mocked(parseDocument).mockClear();
  const result = applyPatches(source, patches);
  const texts = vi.mocked(parseDocument).mock.calls.map((call) => String(call[0]));
  const whole = (text: string) => text === source || (result.ok && text === result.text);
  const parses = texts.filter(whole).length;
  const pieces = texts.filter((text) => !whole(text));
  expect(result).toEqual(applyPatchesOneByOne(source, patches));
  return { result, parses, pieces };
}

describe('a batch done at once', () => {
  it('parses the whole text once and reads back only the pieces it edited', () => {
    const patches: IRPatch[] = [
      { kind: 'workflow.set', path: 'name', value: 'Deploy (benchmark)' },
      { kind: 'job.set', jobId: 'deploy', path: 'runs-on', value: 'ubuntu-24.04' },
      { kind: 'with.set', jobId: 'deploy', stepIndex: 0, key: 'fetch-depth', value: 2 },
    ];
    const source = read('deployments_aws.yml');
    const { result, parses, pieces } = both(source, patches);
    expect(result).toMatchObject({ ok: true, changed: true });
    expect(parses).toBe(1);
    // The name: line and the runs-on: line are read as they were and as edited; the new with:
    // of the first step is read with the blank line after it.
    const sorted = (texts: string[]) => [...texts].sort();
    expect(sorted(pieces)).toEqual(
      sorted([
        'name: Deploy to Amazon ECS\n\n',
        'name: Deploy (benchmark)\n\n',
        '    runs-on: ubuntu-latest\n',
        '    runs-on: ubuntu-24.04\n',
        '      with:\n        fetch-depth: 2\n\n',
      ]),
    );
    // One by one, the with: mapping created by the last patch takes a parse of its own.
    vi.mocked(parseDocument).mockClear();
    applyPatchesOneByOne(source, patches);
    expect(vi.mocked(parseDocument).mock.calls.length).toBe(3);
  });

  it('edits, inserts and creates mappings in several places', () => {
    const patches: IRPatch[] = [
      { kind: 'with.set', jobId: 'lint', stepIndex: 0, key: 'a', value: 'x\ny' },
      { kind: 'job.set', jobId: 'lint', path: 'runs-on', value: ['self-hosted', 'linux'] },
      { kind: 'workflow.set', path: 'env.NODE', value: '20' },
      { kind: 'needs.add', jobId: 'build', ref: 'lint' },
      { kind: 'trigger.setFilters', event: 'push', filter: 'tags', value: ['v*'] },
      { kind: 'with.set', jobId: 'build', stepIndex: 0, key: 'fetch-depth', value: 0 },
      { kind: 'job.set', jobId: 'build', path: 'runs-on', value: 'a "quoted" runner' },
    ];
    const { result, parses, pieces } = both(CI, patches);
    expect(parses).toBe(1);
    // Replaced values are read as they were and as edited; new entries only as written (the
    // step's with: goes in under a key that shares the step's first line, so the step is read).
    expect([...pieces].sort()).toEqual(
      [
        '    tags: [v*]\n',
        '    runs-on: ubuntu-latest\n',
        '    runs-on: [self-hosted, linux]\n',
        '      - run: npm run lint\n',
        '      - run: npm run lint\n        with:\n          a: |-\n            x\n            y\n',
        '    runs-on: ubuntu-latest   # runner\n',
        '    runs-on: a "quoted" runner   # runner\n',
        '          fetch-depth: 1\n',
        '          fetch-depth: 0\n',
        "env:\n  NODE: '20'\n",
      ].sort(),
    );
    expect(result).toEqual({
      ok: true,
      changed: true,
      text: lines(
        'name: CI',
        'on:',
        '  push:',
        '    branches: [main]',
        '    tags: [v*]',
        'jobs:',
        '  lint:',
        '    runs-on: [self-hosted, linux]',
        '    steps:',
        '      - run: npm run lint',
        '        with:',
        '          a: |-',
        '            x',
        '            y',
        '  build:',
        '    needs: [lint]',
        '    runs-on: a "quoted" runner   # runner',
        '    steps:',
        '      - uses: actions/checkout@v4',
        '        with:',
        '          fetch-depth: 0',
        'env:',
        "  NODE: '20'",
      ),
    });
  });

  it.each<[string, IRPatch[], string | undefined]>([
    [
      'two patches creating the same with:',
      [
        { kind: 'with.set', jobId: 'lint', stepIndex: 0, key: 'a', value: 1 },
        { kind: 'with.set', jobId: 'lint', stepIndex: 0, key: 'b', value: 2 },
      ],
      '      - run: npm run lint\n        with:\n          a: 1\n          b: 2\n',
    ],
    [
      'two patches creating the same env:',
      [
        { kind: 'workflow.set', path: 'env.A', value: 1 },
        { kind: 'workflow.set', path: 'env.B', value: 2 },
      ],
      'env:\n  A: 1\n  B: 2\n',
    ],
    [
      'needs.add twice on one job',
      [
        { kind: 'needs.add', jobId: 'build', ref: 'lint' },
        { kind: 'needs.add', jobId: 'lint', ref: 'build' },
        { kind: 'needs.add', jobId: 'lint', ref: 'build' },
      ],
      '    needs: [build]\n',
    ],
    [
      'with.set, then with.remove of the same new key',
      [
        { kind: 'with.set', jobId: 'build', stepIndex: 0, key: 'ref', value: 'main' },
        { kind: 'workflow.set', path: 'name', value: 'CI 2' },
        { kind: 'with.remove', jobId: 'build', stepIndex: 0, key: 'ref' },
      ],
      'name: CI 2\n',
    ],
    [
      'a value set and set back (the second patch is a no-op on the original)',
      [
        { kind: 'workflow.set', path: 'name', value: 'Other' },
        { kind: 'job.set', jobId: 'lint', path: 'runs-on', value: 'macos-latest' },
        { kind: 'workflow.set', path: 'name', value: 'CI' },
      ],
      'name: CI\n',
    ],
    [
      'a patch that needs a job an earlier patch creates',
      [
        { kind: 'workflow.set', path: 'jobs.extra.runs-on', value: 'ubuntu-latest' },
        { kind: 'needs.add', jobId: 'extra', ref: 'lint' },
      ],
      '  extra:\n    runs-on: ubuntu-latest\n    needs: [lint]\n',
    ],
    [
      'a removal next to a set',
      [
        { kind: 'with.remove', jobId: 'build', stepIndex: 0, key: 'fetch-depth' },
        { kind: 'job.set', jobId: 'build', path: 'runs-on', value: 'x' },
      ],
      '      - uses: actions/checkout@v4\n',
    ],
    [
      'a replaced list and an edit inside it',
      [
        { kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: ['a', 'b'] },
        { kind: 'workflow.set', path: 'on.push', value: 'x' },
      ],
      'on:\n  push: x\n',
    ],
    [
      'a refusal after a good patch',
      [
        { kind: 'workflow.set', path: 'name', value: 'X' },
        { kind: 'job.set', jobId: 'nope', path: 'runs-on', value: 'x' },
      ],
      undefined,
    ],
    [
      // A no-op on the original, refused after the first patch made with: a string.
      'with.remove in a with: an earlier patch set to a string',
      [
        { kind: 'step.set', jobId: 'lint', stepIndex: 0, path: 'with', value: 'a' },
        { kind: 'with.remove', jobId: 'lint', stepIndex: 0, key: 'k' },
      ],
      undefined,
    ],
  ])('goes one by one for %s', (_, patches, fragment) => {
    const { result } = both(CI, patches);
    if (fragment === undefined) {
      expect(result).toMatchObject({ ok: false, index: 1 });
      return;
    }
    if (!result.ok) throw new Error(result.message);
    expect(result.text).toContain(fragment);
  });

  it('puts lines added where other lines are added after the deeper ones, on one parse', () => {
    const patches: IRPatch[] = [
      { kind: 'workflow.set', path: 'env.A', value: 'x' },
      { kind: 'with.set', jobId: 'build', stepIndex: 0, key: 'k', value: 'v' },
    ];
    const { result, parses } = both(CI, patches);
    expect(parses).toBe(1);
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.text.endsWith('          fetch-depth: 1\n          k: v\nenv:\n  A: x\n')).toBe(
      true,
    );
  });

  it('gives the bytes of one by one over the corpus, mostly on one parse', () => {
    let fast = 0;
    for (const name of FILES) {
      const text = read(name);
      const patches = corpusBatch(text);
      const { result, parses } = both(text, patches);
      if (!result.ok) throw new Error(`${name}: ${result.message}`);
      if (parses === 1) fast++;
    }
    // 171 of the 173 files. In two, env: goes inside what the YAML reads as the end of the last
    // value, and the whole text is read back.
    expect(fast).toBeGreaterThan(FILES.length * 0.9);
  }, 60_000);
});

/** Comments, blank lines, flow collections, anchors and CRLF line ends to plan around. */
const TRICKY = [
  'name: T',
  'on:',
  '  push: {branches: [main]}',
  '  pull_request:',
  '    types: [opened]',
  'env: &env',
  '  A: 1',
  '    # deeper comment',
  '',
  'jobs:',
  '  a:',
  '    runs-on: x',
  '    env: *env',
  '    steps:',
  '      - run: one',
  '        # about one',
  '      - {uses: a/b@v1, with: {k: v}}',
  '      - uses: c/d@v2',
  '        with:',
  '          x: "1"',
  '  b:',
  '    needs: a',
  '    steps:',
  '    - run: |',
  '        make',
  '    # trailing',
  '',
].join('\r\n');

describe('random batches of sets and adds', () => {
  const sources = [CI, TRICKY, read('deployments_aws.yml'), read('ci_node.js.yml')];
  const value = fc.oneof(
    fc.constantFrom('v', 'a\nb', 'a\nb\n', '  x\ny', 'yes', '', '#', '1.0', 'a: b'),
    fc.integer(),
    fc.constant(null),
    fc.array(fc.constantFrom('main', 'v*', 'a b'), { maxLength: 3 }),
  );
  const path = fc.constantFrom('name', 'env.X', 'env.A', 'runs-on', 'with.x', 'if', 'run', 'z.y');
  const batch = fc.constantFrom(...sources).chain((source) => {
    const jobs = Object.keys((parse(source) as { jobs: object }).jobs);
    const job = fc.constantFrom(...jobs);
    const stepIndex = fc.integer({ min: 0, max: 2 });
    const key = fc.constantFrom('x', 'k', 'new');
    const patch: fc.Arbitrary<IRPatch> = fc.oneof(
      fc.record({ kind: fc.constant('workflow.set' as const), path, value }),
      fc.record({ kind: fc.constant('job.set' as const), jobId: job, path, value }),
      fc.record({ kind: fc.constant('step.set' as const), jobId: job, stepIndex, path, value }),
      fc.record({ kind: fc.constant('with.set' as const), jobId: job, stepIndex, key, value }),
      fc.record({ kind: fc.constant('needs.add' as const), jobId: job, ref: job }),
      fc.record({
        kind: fc.constant('trigger.setFilters' as const),
        event: fc.constantFrom('push', 'pull_request'),
        filter: fc.constantFrom('branches' as const, 'types' as const),
        value: fc.array(fc.constantFrom('main', 'closed'), { minLength: 1, maxLength: 2 }),
      }),
    );
    return fc.tuple(fc.constant(source), fc.array(patch, { minLength: 2, maxLength: 6 }));
  });

  it('give the answer of one by one, often on one parse', () => {
    let fast = 0;
    const runs = Number(process.env.FUZZ_RUNS ?? 400);
    fc.assert(
      fc.property(batch, ([source, patches]) => {
        if (both(source, patches).parses === 1) fast++;
      }),
      { numRuns: runs },
    );
    // Many of them: the rest touch one spot twice or depend on an earlier patch.
    expect(fast).toBeGreaterThan(runs / 10);
  }, 600_000);
});

/** Independent patches for one corpus file, like the probes of corpus.test.ts. */
function corpusBatch(text: string): IRPatch[] {
  const root = parseDocument(text).contents as YAMLMap;
  const get = (map: unknown, key: string) =>
    isMap(map) ? map.items.find((p) => isScalar(p.key) && p.key.value === key)?.value : undefined;
  const patches: IRPatch[] = [
    { kind: 'workflow.set', path: 'name', value: 'VMark conformance' },
    { kind: 'workflow.set', path: 'env.VMARK_TEST', value: '1.0' },
  ];
  const jobs = get(root, 'jobs') as YAMLMap;
  const ids = jobs.items.map((pair) => String((pair.key as { value: unknown }).value));
  if (isScalar(get(jobs.items[0].value, 'runs-on'))) {
    patches.push({ kind: 'job.set', jobId: ids[0], path: 'runs-on', value: 'ubuntu-24.04' });
  }
  for (const [index, pair] of jobs.items.entries()) {
    const steps = get(pair.value, 'steps');
    const at = isSeq(steps) ? steps.items.findIndex((step) => get(step, 'uses')) : -1;
    if (at < 0) continue;
    patches.push({
      kind: 'with.set',
      jobId: ids[index],
      stepIndex: at,
      key: 'vmark',
      value: 'yes',
    });
    break;
  }
  const data = parse(text) as { jobs: Record<string, { needs?: unknown }> };
  const needing = ids.find((id) => data.jobs[id].needs === undefined);
  const ref = ids.find((id) => id !== needing);
  if (needing !== undefined && ref !== undefined) {
    patches.push({ kind: 'needs.add', jobId: needing, ref });
  }
  if (isMap(get(get(root, 'on'), 'push'))) {
    patches.push({ kind: 'trigger.setFilters', event: 'push', filter: 'tags', value: ['v*'] });
  }
  return patches;
}
