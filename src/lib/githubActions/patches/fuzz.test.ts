/**
 * Random batches of patches on real and synthetic workflows: applyPatches never throws, answers
 * either a refusal naming a patch or text that parses cleanly (with the file's line ends), and a
 * successful batch of sets and adds that applies again changes nothing the second time. The
 * synthetic file has an empty event (`issues:`), which filters must refuse: the safety net's
 * model (expected.ts) has no place for filters there, so writing them would trip it. Every batch
 * gives the same answer as the one-by-one path, byte for byte, refusals included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { parse, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyPatches, applyPatchesOneByOne } from './applyPatches';
import type { IRPatch, PatchValue } from '../irPatch';

const CORPUS = new URL('../../../../tests/corpus/workflows/', import.meta.url);
const SOURCES = [
  ...readdirSync(fileURLToPath(CORPUS))
    .filter((name) => /\.ya?ml$/.test(name))
    .map((name) => readFileSync(new URL(name, CORPUS), 'utf8')),
  [
    '# synthetic',
    'name: "S"',
    'on:',
    '  push: {branches: [main]}',
    '  pull_request:',
    '    types:',
    '      - opened # first',
    '  issues:',
    'env: &env',
    '  A: 1',
    'jobs:',
    '  build:',
    '    runs-on: [self-hosted]',
    '    env: *env',
    '    steps:',
    '      - {uses: a/b@v1}',
    '      - run: |+',
    '          keep',
    '',
    '      - uses: c/d@v2',
    '        with:',
    '          x: "1"',
    '  test:',
    '    needs: build',
    '    steps:',
    '    - run: make',
    '    # trailing',
  ].join('\r\n'),
];

const key = fc.constantFrom(
  'env',
  'runs-on',
  'name',
  'with',
  'x',
  'A',
  'timeout-minutes',
  'if',
  'run',
  'needs',
  'steps',
);
const path = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'name',
      'env.X',
      'env.A',
      'runs-on',
      'if',
      'with.x',
      'run',
      'on.push.branches',
      'permissions.contents',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.array(key, { minLength: 1, maxLength: 3 }).map((keys) => keys.join('.')),
  },
);
const value: fc.Arbitrary<PatchValue> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('a\nb', 'a\nb\n', '  x\ny', 'a\n\n', 'yes', '1.0', '', '#', "it's", '${{ x }}'),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.constantFrom('main', 'v*', 'a b', '', '1'), { maxLength: 3 }),
);
const stepIndex = fc.integer({ min: 0, max: 2 });

/** Patches that mostly name the jobs of `source`, now and then one that does not exist. */
function patchFor(source: string): fc.Arbitrary<IRPatch> {
  const jobs = Object.keys((parse(source) as { jobs: object }).jobs);
  const name = fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...jobs) },
    { weight: 1, arbitrary: fc.constant('nope') },
  );
  return fc.oneof(
    fc.record({ kind: fc.constant('workflow.set' as const), path, value }),
    fc.record({ kind: fc.constant('job.set' as const), jobId: name, path, value }),
    fc.record({ kind: fc.constant('step.set' as const), jobId: name, stepIndex, path, value }),
    fc.record({ kind: fc.constant('with.set' as const), jobId: name, stepIndex, key, value }),
    fc.record({ kind: fc.constant('with.remove' as const), jobId: name, stepIndex, key }),
    fc.record({ kind: fc.constant('needs.add' as const), jobId: name, ref: name }),
    fc.record({ kind: fc.constant('needs.remove' as const), jobId: name, ref: name }),
    fc.record({
      kind: fc.constant('trigger.setFilters' as const),
      event: fc.constantFrom('push', 'pull_request', 'issues'),
      filter: fc.constantFrom('branches' as const, 'tags' as const, 'types' as const),
      value: fc.array(fc.constantFrom('main', 'v*', 'opened'), { maxLength: 2 }),
    }),
  );
}

const batch = fc
  .constantFrom(...SOURCES)
  .chain((source) =>
    fc.tuple(fc.constant(source), fc.array(patchFor(source), { minLength: 1, maxLength: 5 })),
  );

describe('random batches', () => {
  it('never throw, never return broken YAML, and change nothing when repeated', () => {
    let applied = 0;
    fc.assert(
      fc.property(batch, ([source, patches]) => {
        const result = applyPatches(source, patches);
        // A batch done at once (one parse to plan, one to check) gives what one by one gives.
        expect(result).toEqual(applyPatchesOneByOne(source, patches));
        if (!result.ok) {
          expect(result.index).toBeGreaterThanOrEqual(0);
          expect(result.index).toBeLessThan(patches.length);
          expect(result.message).toMatch(new RegExp(`^patch ${result.index} `));
          // The safety net is for bugs: a refusal must come from the patch, not the splicer.
          expect(result.message).not.toMatch(/could not be written safely/);
          return;
        }
        applied++;
        expect(parseDocument(result.text).errors).toEqual([]);
        if (source.includes('\r\n')) expect(result.text.replaceAll('\r\n', '')).not.toContain('\n');
        // Batches that only set and add are idempotent. A later patch may reshape what an
        // earlier one needs (env.X, then env: []), so the second run may refuse; when it goes
        // through, it must change nothing. (Remove-then-add batches move keys on a second run.)
        const removes = patches.some(
          (p) =>
            p.kind.endsWith('.remove') || (p.kind === 'trigger.setFilters' && p.value.length === 0),
        );
        const again = applyPatches(result.text, patches);
        if (again.ok && !removes) {
          expect(again).toEqual({ ok: true, text: result.text, changed: false });
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400) },
    );
    // Enough batches must get through for the property to mean something.
    expect(applied).toBeGreaterThan(Number(process.env.FUZZ_RUNS ?? 400) / 5);
  }, 600_000);
});
