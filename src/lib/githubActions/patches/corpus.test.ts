/**
 * Conformance over the corpus of real workflows in tests/corpus: no patches → the same bytes; each probe
 * patch changes only the lines of the node it edits (plus inserted lines), keeps every comment
 * line and reads back as intended; set-then-remove pairs give back the original bytes. Branch
 * filters on a shorthand `on:` or an empty event are refused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  isMap,
  isScalar,
  isSeq,
  parse,
  parseDocument,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { describe, expect, it } from 'vitest';
import { applyPatches, applyPatchesOneByOne } from './applyPatches';
import type { IRPatch } from '../irPatch';

const CORPUS = new URL('../../../../tests/corpus/workflows/', import.meta.url);
const FILES = readdirSync(fileURLToPath(CORPUS))
  .filter((name) => /\.ya?ml$/.test(name))
  .sort();

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Lines of the original the probe may change: [start, end), or an insertion point range. */
interface Probe {
  name: string;
  patches: IRPatch[];
  /** Old lines [from, to) that may be replaced; insertions may happen anywhere in [from, to]. */
  span: [number, number];
  /** Applies the intended change to a copy of the original data. */
  expect: (data: Data) => void;
  /** When set, applying `patches` then `undo` must give the original bytes. */
  undo?: IRPatch[];
  /**
   * When set, this patch must be refused with `message`, alone and after the earlier probes'
   * patches; `patches` is then the edit the message suggests instead.
   */
  refused?: { patch: IRPatch; message: RegExp };
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let i = 0; i < offset; i++) if (text[i] === '\n') line++;
  return line;
}

function range(node: unknown): [number, number] {
  const r = (node as Node).range;
  if (!r) throw new Error('node without range');
  return [r[0], r[1]];
}

/** The lines of a pair: from its key to where its value ends. */
function pairSpan(text: string, pair: Pair): [number, number] {
  const end = range(pair.value ?? pair.key)[1];
  const last = text[end - 1] === '\n' ? end - 1 : end;
  return [lineOf(text, range(pair.key)[0]), lineOf(text, last) + 1];
}

/** Where new entries of a block mapping may go: its lines, and comment or blank lines after it. */
function insertSpan(text: string, map: YAMLMap): [number, number] {
  const all = text.split('\n');
  const [start, end] = range(map);
  let line = lineOf(text, text[end - 1] === '\n' ? end - 1 : end) + 1;
  while (line < all.length && /^\s*(#.*)?\r?$/.test(all[line])) line++;
  return [lineOf(text, start), line];
}

function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key);
}

/** First and last changed line of the old and new text, by common prefix and suffix. */
function changedLines(before: string, after: string) {
  const a = before.split('\n');
  const b = after.split('\n');
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < a.length - prefix &&
    suffix < b.length - prefix &&
    a[a.length - 1 - suffix] === b[b.length - 1 - suffix]
  )
    suffix++;
  return { oldFrom: prefix, oldTo: a.length - suffix, newFrom: prefix, newTo: b.length - suffix };
}

function commentLines(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.trim().startsWith('#'))
    .sort();
}

function probesFor(text: string): Probe[] {
  const doc = parseDocument(text);
  const root = doc.contents as YAMLMap;
  const probes: Probe[] = [];
  const namePair = findPair(root, 'name');
  probes.push({
    name: 'rename',
    patches: [{ kind: 'workflow.set', path: 'name', value: 'VMark conformance' }],
    span: namePair ? pairSpan(text, namePair) : insertSpan(text, root),
    expect: (data) => void (data.name = 'VMark conformance'),
  });
  const envPair = findPair(root, 'env');
  probes.push({
    name: 'env',
    patches: [{ kind: 'workflow.set', path: 'env.VMARK_TEST', value: '1.0' }],
    span: isMap(envPair?.value) ? insertSpan(text, envPair.value) : insertSpan(text, root),
    expect: (data) => void (data.env = { ...data.env, VMARK_TEST: '1.0' }),
  });
  const jobs = findPair(root, 'jobs')?.value as YAMLMap;
  const jobIds = jobs.items.map((pair) => String((pair.key as { value: unknown }).value));
  const firstJob = jobs.items[0].value as YAMLMap;
  const runsOn = findPair(firstJob, 'runs-on');
  if (runsOn && isScalar(runsOn.value)) {
    probes.push({
      name: 'runs-on',
      patches: [{ kind: 'job.set', jobId: jobIds[0], path: 'runs-on', value: 'ubuntu-24.04' }],
      span: pairSpan(text, runsOn),
      expect: (data) => void (data.jobs[jobIds[0]]['runs-on'] = 'ubuntu-24.04'),
    });
  }
  for (const [jobIndex, jobPair] of jobs.items.entries()) {
    const steps = findPair(jobPair.value as YAMLMap, 'steps')?.value;
    const stepIndex = isSeq(steps)
      ? steps.items.findIndex((step) => isMap(step) && findPair(step, 'uses'))
      : -1;
    if (!isSeq(steps) || stepIndex < 0) continue;
    const step = steps.items[stepIndex] as YAMLMap;
    const withPair = findPair(step, 'with');
    const jobId = jobIds[jobIndex];
    probes.push({
      name: 'with',
      patches: [{ kind: 'with.set', jobId, stepIndex, key: 'vmark-test', value: 'yes' }],
      span: isMap(withPair?.value) ? insertSpan(text, withPair.value) : insertSpan(text, step),
      expect: (data) => {
        const target = data.jobs[jobId].steps[stepIndex];
        target.with = { ...target.with, 'vmark-test': 'yes' };
      },
      undo: [{ kind: 'with.remove', jobId, stepIndex, key: 'vmark-test' }],
    });
    break;
  }
  const data = parse(text) as Data;
  const needsOf = (jobId: string): string[] => [data.jobs[jobId].needs ?? []].flat().map(String);
  // Prefer a job that already has needs, so the scalar and list forms are exercised too.
  const pairs = jobIds.flatMap((jobId) =>
    jobIds
      .filter((ref) => ref !== jobId && !needsOf(jobId).includes(ref))
      .map((ref) => [jobId, ref]),
  );
  const [addJob, ref] = pairs.find(([jobId]) => needsOf(jobId).length > 0) ?? pairs[0] ?? [];
  if (addJob !== undefined && ref !== undefined) {
    const job = jobs.items[jobIds.indexOf(addJob)].value as YAMLMap;
    const needsPair = findPair(job, 'needs');
    probes.push({
      name: 'needs.add',
      patches: [{ kind: 'needs.add', jobId: addJob, ref }],
      span: needsPair ? pairSpan(text, needsPair) : insertSpan(text, job),
      expect: (target) => {
        const old = target.jobs[addJob].needs;
        target.jobs[addJob].needs =
          old === undefined ? [ref] : Array.isArray(old) ? [...old, ref] : [old, ref];
      },
      undo:
        needsPair && !isScalar(needsPair.value)
          ? [{ kind: 'needs.remove', jobId: addJob, ref }]
          : undefined,
    });
  }
  const removeJob = jobIds.find((jobId) => needsOf(jobId).length > 0 && jobId !== addJob);
  if (removeJob !== undefined) {
    const needsPair = findPair(
      jobs.items[jobIds.indexOf(removeJob)].value as YAMLMap,
      'needs',
    ) as Pair;
    const removed = needsOf(removeJob)[0];
    probes.push({
      name: 'needs.remove',
      patches: [{ kind: 'needs.remove', jobId: removeJob, ref: removed }],
      span: pairSpan(text, needsPair),
      expect: (target) => {
        const rest = needsOf(removeJob).slice(1);
        if (Array.isArray(target.jobs[removeJob].needs) && rest.length > 0)
          target.jobs[removeJob].needs = rest;
        else delete target.jobs[removeJob].needs;
      },
    });
  }
  const on = findPair(root, 'on')?.value;
  for (const event of ['push', 'pull_request']) {
    const eventPair = isMap(on) ? findPair(on, event) : undefined;
    if (
      !isMap(on) ||
      !eventPair ||
      !(isMap(eventPair.value) || (isScalar(eventPair.value) && eventPair.value.value === null))
    )
      continue;
    const value = ['main', 'release/**'];
    const setFilters: IRPatch = { kind: 'trigger.setFilters', event, filter: 'branches', value };
    if (!isMap(eventPair.value)) {
      // An empty event (`push:`) is refused like `on: push`; the message suggests workflow.set.
      probes.push({
        name: 'filters on an empty event',
        patches: [{ kind: 'workflow.set', path: `on.${event}.branches`, value }],
        span: pairSpan(text, eventPair),
        expect: (data) => void (data.on[event] = { branches: value }),
        refused: {
          patch: setFilters,
          message: new RegExp(
            `^patch \\d+ \\(trigger\\.setFilters\\) cannot apply: on\\.${event} is empty .*workflow\\.set path on\\.${event}\\.branches\\.$`,
          ),
        },
      });
      break;
    }
    const branches = findPair(eventPair.value, 'branches');
    probes.push({
      name: 'filters',
      patches: [setFilters],
      span: branches ? pairSpan(text, branches) : insertSpan(text, eventPair.value),
      expect: (data) => void (data.on[event] = { ...data.on[event], branches: value }),
      undo: branches
        ? undefined
        : [{ kind: 'trigger.setFilters', event, filter: 'branches', value: [] }],
    });
    break;
  }
  return probes;
}

const exercised = new Map<string, number>();

describe('workflow corpus conformance', () => {
  it('has the whole corpus to test against', () => {
    expect(FILES, `workflows in ${fileURLToPath(CORPUS)}`).toHaveLength(173);
  });

  it.each(FILES)('%s', (name) => {
    const text = readFileSync(new URL(name, CORPUS), 'utf8');
    expect(applyPatches(text, [])).toEqual({ ok: true, text, changed: false });
    const before = parse(text) as Data;
    const probes = probesFor(text);
    const all: IRPatch[] = [];
    const combined = structuredClone(before);
    for (const probe of probes) {
      exercised.set(probe.name, (exercised.get(probe.name) ?? 0) + 1);
      if (probe.refused) {
        // Alone, and after the patches of the probes before it: refused, naming the patch.
        for (const earlier of [[], all]) {
          const refused = applyPatches(text, [...earlier, probe.refused.patch]);
          expect(refused, probe.name).toMatchObject({ ok: false, index: earlier.length });
          if (!refused.ok) expect(refused.message, probe.name).toMatch(probe.refused.message);
        }
      }
      const result = applyPatches(text, probe.patches);
      if (!result.ok) throw new Error(`${probe.name}: ${result.message}`);
      expect(result.changed, probe.name).toBe(true);
      const diff = changedLines(text, result.text);
      const [from, to] = probe.span;
      expect(diff.oldFrom, `${probe.name} changes lines before its node`).toBeGreaterThanOrEqual(
        from,
      );
      expect(diff.oldTo, `${probe.name} changes lines after its node`).toBeLessThanOrEqual(to);
      expect(commentLines(result.text), probe.name).toEqual(
        expect.arrayContaining(commentLines(text)),
      );
      const expected = structuredClone(before);
      probe.expect(expected);
      probe.expect(combined);
      expect(parse(result.text), probe.name).toEqual(expected);
      if (probe.undo) {
        const undone = applyPatches(text, [...probe.patches, ...probe.undo]);
        expect(undone).toEqual(applyPatchesOneByOne(text, [...probe.patches, ...probe.undo]));
        expect(undone, `${probe.name} then undo`).toEqual({ ok: true, text, changed: false });
      }
      all.push(...probe.patches);
    }
    const batch = applyPatches(text, all);
    if (!batch.ok) throw new Error(batch.message);
    // Done at once where the patches allow it, the batch gives the bytes of one by one.
    expect(batch).toEqual(applyPatchesOneByOne(text, all));
    expect(parse(batch.text)).toEqual(combined);
    expect(commentLines(batch.text)).toEqual(expect.arrayContaining(commentLines(text)));
    const again = applyPatches(batch.text, all);
    expect(again).toEqual({ ok: true, text: batch.text, changed: false });
    if (!isMap(parseDocument(text).get('on', true))) {
      exercised.set('shorthand', (exercised.get('shorthand') ?? 0) + 1);
      const refused = applyPatches(text, [
        ...all,
        { kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: ['main'] },
      ]);
      expect(refused).toMatchObject({ ok: false, index: all.length });
    }
  });

  it('exercised every probe on the expected number of files', () => {
    expect(Object.fromEntries(exercised)).toEqual({
      rename: 173,
      env: 173,
      'runs-on': 171,
      with: 170,
      // Every file with two or more jobs; the jobs of 24 of them already need one another.
      'needs.add': 28,
      'needs.remove': 24,
      // Files whose push (else pull_request) event is a mapping take branch filters; where it is
      // empty (`push:`) or on: is a shorthand (on: push, on: [push, …]), filters are refused.
      filters: 156,
      'filters on an empty event': 1,
      shorthand: 4,
    });
  });
});
