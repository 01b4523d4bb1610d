/**
 * The safety net: when a splice would damage the workflow (bad YAML, or data other than what
 * the patch means), applyPatches refuses instead of returning the text. The splicer is made to
 * misbehave here on purpose; the model of each patch (expected.ts) is checked on its own too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPatches } from '../patches/applyPatches';
import { expectedAfter, sameData } from './expected';
import type { IRPatch } from '../irPatch';
import { planEdit } from '../patches/patchEdits';

vi.mock('../patches/patchEdits', async (importOriginal) => {
  const real = await importOriginal<typeof import('../patches/patchEdits')>();
  return { ...real, planEdit: vi.fn(real.planEdit) };
});

const WF = 'name: CI\non: push\nenv:\n  A: a\n  B: b\njobs: {}\n';
const at = (text: string) => WF.indexOf(text);

const actual =
  await vi.importActual<typeof import('../patches/patchEdits')>('../patches/patchEdits');

afterEach(() => {
  vi.mocked(planEdit).mockReset();
  vi.mocked(planEdit).mockImplementation(actual.planEdit);
});

describe('safety net', () => {
  it('refuses a splice that breaks the YAML', () => {
    vi.mocked(planEdit).mockReturnValueOnce({
      ok: true,
      edit: { from: at('a\n'), to: at('a\n') + 1, insert: '[' },
    });
    const result = applyPatches(WF, [{ kind: 'workflow.set', path: 'env.A', value: 'x' }]);
    expect(result).toMatchObject({ ok: false, index: 0 });
    if (!result.ok) {
      expect(result.message).toMatch(
        /^patch 0 \(workflow\.set\) could not be written safely, so no patch was applied: the edited text would not read back \(the YAML has an error/,
      );
    }
  });

  it('refuses a splice that changes another value', () => {
    vi.mocked(planEdit).mockReturnValueOnce({
      ok: true,
      edit: { from: at('b\n'), to: at('b\n') + 1, insert: 'x' },
    });
    const result = applyPatches(WF, [{ kind: 'workflow.set', path: 'env.A', value: 'x' }]);
    expect(result).toEqual({
      ok: false,
      index: 0,
      message:
        'patch 0 (workflow.set) could not be written safely, so no patch was applied: reading the edited text back did not give the intended values.',
    });
  });

  it('refuses filters written under an empty event, which the model does not allow', () => {
    const source = 'on:\n  pull_request:\njobs: {}\n';
    const end = source.indexOf('pull_request:') + 'pull_request:'.length;
    vi.mocked(planEdit).mockReturnValueOnce({
      ok: true,
      edit: { from: end, to: end, insert: '\n    tags: [v*]' },
    });
    const result = applyPatches(source, [
      { kind: 'trigger.setFilters', event: 'pull_request', filter: 'tags', value: ['v*'] },
    ]);
    expect(result).toEqual({
      ok: false,
      index: 0,
      message:
        'patch 0 (trigger.setFilters) could not be written safely, so no patch was applied: reading the edited text back did not give the intended values.',
    });
  });

  it('names the bad patch inside a group of scalar edits, replaying them one by one', () => {
    const good = {
      ok: true as const,
      edit: { from: at('a\n'), to: at('a\n') + 1, insert: 'x', scalarOnly: true },
    };
    const bad = {
      ok: true as const,
      edit: { from: at('CI'), to: at('CI') + 2, insert: 'Z', scalarOnly: true },
    };
    vi.mocked(planEdit).mockImplementation((_, patch) =>
      patch.kind === 'workflow.set' && patch.path === 'env.A' ? good : bad,
    );
    const result = applyPatches(WF, [
      { kind: 'workflow.set', path: 'env.A', value: 'x' },
      { kind: 'workflow.set', path: 'name', value: 'Y' },
    ]);
    expect(result).toMatchObject({ ok: false, index: 1 });
    // Two plans on one parse, then one plan each on a fresh parse.
    expect(planEdit).toHaveBeenCalledTimes(4);
  });
});

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('the model of each patch', () => {
  const data = {
    on: { push: { branches: ['main'] }, pull_request: null },
    jobs: {
      a: { needs: 'b', steps: [{ uses: 'x', with: { k: 1 } }] },
      b: { needs: ['a', 'c'] },
      c: {},
    },
  };

  it.each<[IRPatch, (d: Data) => void]>([
    [
      { kind: 'workflow.set', path: 'env.X.Y', value: '1' },
      (d: Data) => void (d.env = { X: { Y: '1' } }),
    ],
    [
      { kind: 'job.set', jobId: 'a', path: 'runs-on', value: ['x'] },
      (d: Data) => void (d.jobs.a['runs-on'] = ['x']),
    ],
    [
      { kind: 'with.remove', jobId: 'a', stepIndex: 0, key: 'k' },
      (d: Data) => void delete d.jobs.a.steps[0].with,
    ],
    [
      { kind: 'with.set', jobId: 'a', stepIndex: 0, key: 'j', value: null },
      (d: Data) => void (d.jobs.a.steps[0].with.j = null),
    ],
    [{ kind: 'needs.add', jobId: 'a', ref: 'c' }, (d: Data) => void (d.jobs.a.needs = ['b', 'c'])],
    [{ kind: 'needs.add', jobId: 'c', ref: 'a' }, (d: Data) => void (d.jobs.c.needs = ['a'])],
    [{ kind: 'needs.remove', jobId: 'a', ref: 'b' }, (d: Data) => void delete d.jobs.a.needs],
    [{ kind: 'needs.remove', jobId: 'b', ref: 'a' }, (d: Data) => void (d.jobs.b.needs = ['c'])],
    [
      { kind: 'trigger.setFilters', event: 'push', filter: 'tags', value: ['v*'] },
      (d: Data) => void (d.on.push.tags = ['v*']),
    ],
    [
      { kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: [] },
      (d: Data) => void (d.on.push = null),
    ],
  ])('%j', (patch, change) => {
    const want = structuredClone(data);
    change(want);
    const actual = structuredClone(want);
    expect(expectedAfter(data, patch, actual)).toEqual(want);
  });

  it('says undefined when the patch cannot apply to the data', () => {
    expect(
      expectedAfter(data, { kind: 'job.set', jobId: 'zz', path: 'x', value: 1 }, data),
    ).toBeUndefined();
    expect(
      expectedAfter(
        data,
        { kind: 'trigger.setFilters', event: 'schedule', filter: 'types', value: [] },
        data,
      ),
    ).toBeUndefined();
  });

  it.each([[['v*']], [[]]])('says undefined for filters %j under an empty event', (value) => {
    const patch: IRPatch = {
      kind: 'trigger.setFilters',
      event: 'pull_request',
      filter: 'tags',
      value,
    };
    const filled = structuredClone(data) as Data;
    filled.on.pull_request = value.length > 0 ? { tags: value } : null;
    expect(expectedAfter(data, patch, filled)).toBeUndefined();
  });

  it('compares data deeply', () => {
    expect(sameData({ a: [1, { b: NaN }] }, { a: [1, { b: NaN }] })).toBe(true);
    expect(sameData({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
  });
});
