/** parsePatches accepts the eight IRPatch kinds and refuses anything else with a precise sentence. */
import { describe, expect, it } from 'vitest';
import { PATCH_KINDS, parsePatches, type IRPatch } from './irPatch';

const VALID: IRPatch[] = [
  { kind: 'workflow.set', path: 'name', value: 'CI' },
  { kind: 'workflow.set', path: 'env.NODE_VERSION', value: '20' },
  { kind: 'job.set', jobId: 'build', path: 'runs-on', value: ['self-hosted', 'linux'] },
  { kind: 'job.set', jobId: 'build', path: 'timeout-minutes', value: 30 },
  { kind: 'step.set', jobId: 'build', stepIndex: 0, path: 'continue-on-error', value: true },
  { kind: 'step.set', jobId: 'build', stepIndex: 2, path: 'if', value: null },
  { kind: 'with.set', jobId: 'build', stepIndex: 1, key: 'node-version', value: '20.x' },
  { kind: 'with.remove', jobId: 'build', stepIndex: 1, key: 'cache' },
  { kind: 'needs.add', jobId: 'deploy', ref: 'build' },
  { kind: 'needs.remove', jobId: 'deploy', ref: 'build' },
  { kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: ['main'] },
  { kind: 'trigger.setFilters', event: 'pull_request', filter: 'paths-ignore', value: [] },
];

describe('parsePatches', () => {
  it('accepts every kind with its fields and returns copies', () => {
    const input = structuredClone(VALID);
    const parsed = parsePatches(input);
    expect(parsed).toEqual({ ok: true, patches: VALID });
    if (parsed.ok) {
      expect(parsed.patches[2]).not.toBe(input[2]);
      expect((parsed.patches[2] as { value: unknown }).value).not.toBe(
        (input[2] as { value: unknown }).value,
      );
    }
    expect(new Set(VALID.map((patch) => patch.kind))).toEqual(new Set(PATCH_KINDS));
    expect(PATCH_KINDS).toHaveLength(8);
  });

  it('accepts an empty list', () => {
    expect(parsePatches([])).toEqual({ ok: true, patches: [] });
  });

  it('accepts every filter name', () => {
    for (const filter of [
      'branches',
      'branches-ignore',
      'tags',
      'tags-ignore',
      'paths',
      'paths-ignore',
      'types',
    ]) {
      expect(
        parsePatches([{ kind: 'trigger.setFilters', event: 'push', filter, value: ['x'] }]).ok,
      ).toBe(true);
    }
  });

  it.each([
    [
      'an object',
      { kind: 'workflow.set' },
      /patches must be an array of IRPatch objects, but got an object/,
    ],
    ['a string', 'workflow.set', /must be an array .* got "workflow.set"/],
    ['null', null, /must be an array .* got null/],
  ])('refuses %s instead of an array, without an index', (_, input, message) => {
    const parsed = parsePatches(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.index).toBeUndefined();
      expect(parsed.message).toMatch(message);
    }
  });

  const ok = VALID[0];
  it.each<[string, unknown, RegExp]>([
    ['a non-object', 'name', /^patch 2 must be an object with a kind field, but got "name"\.$/],
    ['null', null, /^patch 2 must be an object .* got null/],
    ['an array', [ok], /^patch 2 must be an object .* got an array/],
    [
      'a missing kind',
      { path: 'name', value: 'x' },
      /^patch 2 has no kind; expected one of workflow\.set, /,
    ],
    [
      'op instead of kind',
      { op: 'workflow.set', path: 'name', value: 'x' },
      /patch 2 has no kind \(IRPatch names its type in the field kind, not op\)/,
    ],
    [
      'an unknown kind',
      { kind: 'job.create', jobId: 'x' },
      /^patch 2 has unknown kind "job\.create"; expected one of .*trigger\.setFilters\.$/,
    ],
    ['a kind that is not a string', { kind: 3 }, /^patch 2 has unknown kind number 3/],
    [
      'an inherited property name as kind',
      { kind: 'toString' },
      /^patch 2 has unknown kind "toString"/,
    ],
    ['__proto__ as kind', { kind: '__proto__' }, /^patch 2 has unknown kind "__proto__"/],
    [
      'a missing path',
      { kind: 'workflow.set', value: 'x' },
      /^patch 2 \(workflow\.set\) is missing path; workflow\.set takes path, value\.$/,
    ],
    [
      'a missing value',
      { kind: 'job.set', jobId: 'a', path: 'x' },
      /^patch 2 \(job\.set\) is missing value/,
    ],
    [
      'an unexpected field',
      { kind: 'needs.add', jobId: 'a', ref: 'b', value: 'c' },
      /^patch 2 \(needs\.add\) has unexpected field "value"; needs\.add takes jobId, ref\.$/,
    ],
    [
      'a blank path',
      { kind: 'workflow.set', path: '  ', value: 1 },
      /patch 2 \(workflow\.set\) has a blank path/,
    ],
    [
      'an empty path segment',
      { kind: 'workflow.set', path: 'env..X', value: 1 },
      /has path "env\.\.X" whose key 2 is empty/,
    ],
    [
      'a leading dot',
      { kind: 'job.set', jobId: 'a', path: '.x', value: 1 },
      /has path "\.x" whose key 1 is empty/,
    ],
    [
      'a blank segment',
      { kind: 'job.set', jobId: 'a', path: 'x. ', value: 1 },
      /has path "x\. " whose key 2 is empty/,
    ],
    [
      'a padded segment',
      { kind: 'workflow.set', path: 'env. X', value: 1 },
      /key " X" starts or ends with spaces/,
    ],
    [
      'a path that is not a string',
      { kind: 'workflow.set', path: ['env'], value: 1 },
      /has path an array; expected a dotted key path/,
    ],
    [
      'a blank jobId',
      { kind: 'job.set', jobId: ' ', path: 'x', value: 1 },
      /patch 2 \(job\.set\) has a blank jobId/,
    ],
    [
      'a numeric jobId',
      { kind: 'needs.add', jobId: 7, ref: 'b' },
      /has jobId number 7; expected a string/,
    ],
    ['a blank ref', { kind: 'needs.remove', jobId: 'a', ref: '' }, /has a blank ref/],
    [
      'a padded key',
      { kind: 'with.set', jobId: 'a', stepIndex: 0, key: 'k ', value: 1 },
      /has key "k " with spaces/,
    ],
    [
      'a negative stepIndex',
      { kind: 'step.set', jobId: 'a', stepIndex: -1, path: 'x', value: 1 },
      /has stepIndex number -1; expected a whole number 0 or greater/,
    ],
    [
      'a fractional stepIndex',
      { kind: 'with.remove', jobId: 'a', stepIndex: 1.5, key: 'k' },
      /has stepIndex number 1\.5/,
    ],
    [
      'a string stepIndex',
      { kind: 'with.remove', jobId: 'a', stepIndex: '0', key: 'k' },
      /has stepIndex "0"/,
    ],
    [
      'an object value',
      { kind: 'workflow.set', path: 'x', value: { a: 1 } },
      /has value an object; expected a string, a finite number, true or false, null, or an array of strings\.$/,
    ],
    ['a NaN value', { kind: 'workflow.set', path: 'x', value: NaN }, /has value NaN; expected/],
    [
      'an infinite value',
      { kind: 'workflow.set', path: 'x', value: Infinity },
      /has value Infinity/,
    ],
    [
      'an array with a number',
      { kind: 'job.set', jobId: 'a', path: 'x', value: ['a', 2] },
      /has a value array whose item 1 is number 2/,
    ],
    [
      'a bad filter',
      { kind: 'trigger.setFilters', event: 'push', filter: 'branch', value: [] },
      /has filter "branch"; expected one of branches, branches-ignore, tags, tags-ignore, paths, paths-ignore, types\.$/,
    ],
    [
      'a scalar filter value',
      { kind: 'trigger.setFilters', event: 'push', filter: 'tags', value: 'v*' },
      /has value "v\*"; expected an array of strings \(an empty array removes the filter\)/,
    ],
    [
      'a null filter value',
      { kind: 'trigger.setFilters', event: 'push', filter: 'tags', value: null },
      /has value null; expected an array of strings/,
    ],
    [
      'a blank pattern',
      { kind: 'trigger.setFilters', event: 'push', filter: 'paths', value: ['a', ' '] },
      /has a blank string at value item 1/,
    ],
    [
      'a blank event',
      { kind: 'trigger.setFilters', event: '', filter: 'paths', value: [] },
      /has a blank event/,
    ],
  ])('refuses %s, naming patch 2', (_, bad, message) => {
    const parsed = parsePatches([ok, ok, bad, ok]);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.index).toBe(2);
      expect(parsed.message).toMatch(message);
    }
  });
});
