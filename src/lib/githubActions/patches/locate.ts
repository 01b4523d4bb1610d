/**
 * Finding the nodes a patch names in a parsed workflow: jobs, steps and dotted key paths. Every
 * lookup answers a value: the node, or a sentence saying why it cannot be edited.
 */
import { isAlias, isMap, isScalar, isSeq, type Pair, type YAMLMap } from 'yaml';

export type Found<T> = { ok: true; value: T } | { ok: false; reason: string };

/** Where a dotted path ends up in the document. */
export type PathTarget =
  /** The last key exists: `pair` holds it. */
  | { kind: 'existing'; map: YAMLMap; pair: Pair }
  /** `keys` (the rest of the path) are missing below `map`, which exists. */
  | { kind: 'missing'; map: YAMLMap; keys: string[] }
  /** `pair` holds an empty (null) value that becomes a mapping holding `keys`. */
  | { kind: 'empty'; map: YAMLMap; pair: Pair; keys: string[] };

export function ok<T>(value: T): Found<T> {
  return { ok: true, value };
}

export function refuse<T>(reason: string): Found<T> {
  return { ok: false, reason };
}

/** The pair whose key reads as `key` (keys are compared as strings). */
export function findPair(map: YAMLMap, key: string): Pair | undefined {
  return map.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === key);
}

/** Whether a pair's value is empty: no node, or a null scalar (`key:`, `key: ~`, `key: null`). */
export function isEmptyValue(pair: Pair): boolean {
  return pair.value === null || (isScalar(pair.value) && pair.value.value === null);
}

/** A short description of what a node is, for messages. */
export function describeNode(node: unknown): string {
  if (node === null || node === undefined) return 'empty';
  if (isAlias(node)) return `an alias (*${node.source})`;
  if (isMap(node)) return node.flow ? 'a flow mapping' : 'a mapping';
  if (isSeq(node)) return node.flow ? 'a flow sequence' : 'a sequence';
  if (isScalar(node)) {
    if (node.value === null) return 'empty';
    return `the ${typeof node.value === 'string' ? 'string' : 'value'} ${JSON.stringify(String(node.value))}`;
  }
  return 'not a mapping';
}

/** The mapping under `jobs.<jobId>`. */
export function findJob(root: YAMLMap, jobId: string): Found<YAMLMap> {
  const jobsPair = findPair(root, 'jobs');
  if (jobsPair === undefined) return refuse('the workflow has no jobs: mapping.');
  const jobs = jobsPair.value;
  if (!isMap(jobs)) return refuse(`jobs: is ${describeNode(jobs)}, not a mapping of jobs.`);
  const pair = findPair(jobs, jobId);
  if (pair === undefined) {
    return refuse(
      `there is no job "${jobId}" under jobs: (the jobs are ${jobIds(root).join(', ') || 'none'}).`,
    );
  }
  if (!isMap(pair.value))
    return refuse(`jobs.${jobId} is ${describeNode(pair.value)}, not a mapping.`);
  return ok(pair.value);
}

/** The ids of the jobs under `jobs:`, in document order. */
export function jobIds(root: YAMLMap): string[] {
  const jobs = findPair(root, 'jobs')?.value;
  if (!isMap(jobs)) return [];
  return jobs.items.flatMap((pair) => (isScalar(pair.key) ? [String(pair.key.value)] : []));
}

/** The mapping of step `index` (0-based) of job `jobId`. */
export function findStep(root: YAMLMap, jobId: string, index: number): Found<YAMLMap> {
  const job = findJob(root, jobId);
  if (!job.ok) return job;
  const stepsPair = findPair(job.value, 'steps');
  if (stepsPair === undefined) {
    return refuse(`job "${jobId}" has no steps: (it may call a reusable workflow with uses:).`);
  }
  const steps = stepsPair.value;
  if (!isSeq(steps))
    return refuse(`jobs.${jobId}.steps is ${describeNode(steps)}, not a sequence.`);
  if (index >= steps.items.length) {
    const count = steps.items.length;
    return refuse(
      `job "${jobId}" has ${count} step${count === 1 ? '' : 's'}, so stepIndex ${index} is out of range (the first step is 0).`,
    );
  }
  const step = steps.items[index];
  if (!isMap(step)) {
    return refuse(`jobs.${jobId}.steps[${index}] is ${describeNode(step)}, not a mapping.`);
  }
  return ok(step);
}

/**
 * Walks `keys` down from `map`. Intermediate keys must hold mappings; when `create` is set, a
 * missing or empty intermediate is reported as a place to create the rest of the path, otherwise
 * it is refused. `where` names `map` in messages (`jobs.build`).
 */
export function resolvePath(
  map: YAMLMap,
  keys: readonly string[],
  create: boolean,
  where: string,
): Found<PathTarget> {
  let current = map;
  let place = where;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const pair = findPair(current, key);
    const last = i === keys.length - 1;
    if (pair === undefined) {
      if (last || create) return ok({ kind: 'missing', map: current, keys: keys.slice(i) });
      return refuse(
        `${place} has no key "${key}", and this kind of patch does not create intermediate mappings; use workflow.set with the full path to create it.`,
      );
    }
    if (last) return ok({ kind: 'existing', map: current, pair });
    const value = pair.value;
    if (isMap(value)) {
      current = value;
      place = joinPlace(place, key);
      continue;
    }
    if (isEmptyValue(pair) && !isAlias(value)) {
      if (create) return ok({ kind: 'empty', map: current, pair, keys: keys.slice(i + 1) });
      return refuse(
        `${joinPlace(place, key)} is empty, and this kind of patch does not create intermediate mappings; use workflow.set with the full path to create it.`,
      );
    }
    const what = describeNode(value);
    const hint = isAlias(value)
      ? '; patches do not edit through aliases, edit the anchored node'
      : '';
    return refuse(
      `${joinPlace(place, key)} is ${what}, not a mapping, so it has no key "${keys[i + 1]}"${hint}.`,
    );
  }
  return refuse('the path is empty.');
}

export function joinPlace(place: string, key: string): string {
  return place === '' ? key : `${place}.${key}`;
}
