/**
 * Turns one patch into one text edit of the current workflow source, a no-op, or a refusal
 * saying why the patch cannot apply. Nothing here changes the parsed document.
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  visit,
  type Document,
  type Node,
  type Pair,
  type YAMLMap,
} from 'yaml';
import { pathKeys, type IRPatch, type PatchValue } from '../irPatch';
import {
  describeNode,
  findJob,
  findPair,
  findStep,
  isEmptyValue,
  jobIds,
  resolvePath,
  type Found,
  type PathTarget,
} from './locate';
import { renderScalar } from '../yamlText/scalarText';
import type { Edit } from '../yamlText/sourceLines';
import {
  appendItem,
  insertPair,
  range,
  removeItem,
  removePair,
  setPairValue,
  type SpliceSource,
  type Spliced,
} from '../yamlText/yamlSplice';
import { leaf, nest } from '../yamlText/valueText';

/** A parsed workflow ready to be edited. */
export interface Workflow {
  doc: Document.Parsed;
  root: YAMLMap;
  src: SpliceSource;
  /** Anchor names some alias refers to, found on first use. */
  aliased?: Set<string>;
}

/** `edit` is absent when the patch is already satisfied (a no-op). */
export type PlannedEdit = { ok: true; edit?: Edit } | { ok: false; reason: string };

const NOOP: PlannedEdit = { ok: true };

export function planEdit(wf: Workflow, patch: IRPatch): PlannedEdit {
  switch (patch.kind) {
    case 'workflow.set':
      return setAt(wf, resolvePath(wf.root, pathKeys(patch.path), true, ''), patch.value);
    case 'job.set': {
      const job = findJob(wf.root, patch.jobId);
      if (!job.ok) return job;
      const where = `jobs.${patch.jobId}`;
      return setAt(wf, resolvePath(job.value, pathKeys(patch.path), false, where), patch.value);
    }
    case 'step.set':
    case 'with.set': {
      const step = findStep(wf.root, patch.jobId, patch.stepIndex);
      if (!step.ok) return step;
      const where = `jobs.${patch.jobId}.steps[${patch.stepIndex}]`;
      const keys = patch.kind === 'step.set' ? pathKeys(patch.path) : ['with', patch.key];
      return setAt(
        wf,
        resolvePath(step.value, keys, patch.kind === 'with.set', where),
        patch.value,
      );
    }
    case 'with.remove':
      return removeWith(wf, patch.jobId, patch.stepIndex, patch.key);
    case 'needs.add':
      return addNeed(wf, patch.jobId, patch.ref);
    case 'needs.remove':
      return removeNeed(wf, patch.jobId, patch.ref);
    case 'trigger.setFilters':
      return setFilters(wf, patch.event, patch.filter, patch.value);
  }
}

function setAt(wf: Workflow, target: Found<PathTarget>, value: PatchValue): PlannedEdit {
  if (!target.ok) return target;
  const found = target.value;
  switch (found.kind) {
    case 'existing':
      return setExisting(wf, found.map, found.pair, value);
    case 'missing':
      return planned(
        insertPair(wf.src, found.map, found.keys[0], nest(found.keys.slice(1), leaf(value))),
      );
    case 'empty': {
      const shared = sharedAnchor(wf, found.pair.value);
      if (shared) return shared;
      return planned(setPairValue(wf.src, found.map, found.pair, nest(found.keys, leaf(value))));
    }
  }
}

function setExisting(wf: Workflow, map: YAMLMap, pair: Pair, value: PatchValue): PlannedEdit {
  if (holdsValue(wf, pair.value, value)) return NOOP;
  const shared = sharedAnchor(wf, pair.value);
  if (shared) return shared;
  return planned(setPairValue(wf.src, map, pair, leaf(value)));
}

function removeWith(wf: Workflow, jobId: string, stepIndex: number, key: string): PlannedEdit {
  const step = findStep(wf.root, jobId, stepIndex);
  if (!step.ok) return step;
  const withPair = findPair(step.value, 'with');
  if (withPair === undefined || (isEmptyValue(withPair) && !isAlias(withPair.value))) return NOOP;
  const withMap = withPair.value;
  if (!isMap(withMap)) {
    return refused(
      `jobs.${jobId}.steps[${stepIndex}].with is ${describeNode(withMap)}, not a mapping.`,
    );
  }
  const keyPair = findPair(withMap, key);
  if (keyPair === undefined) return NOOP;
  // The last key takes its `with:` along: an empty `with:` means nothing.
  if (withMap.items.length === 1) return planned(removePair(wf.src, step.value, withPair));
  return planned(removePair(wf.src, withMap, keyPair));
}

function addNeed(wf: Workflow, jobId: string, ref: string): PlannedEdit {
  const job = findJob(wf.root, jobId);
  if (!job.ok) return job;
  if (ref === jobId) return refused(`job "${jobId}" cannot need itself.`);
  const ids = jobIds(wf.root);
  if (!ids.includes(ref)) {
    return refused(
      `there is no job "${ref}" for job "${jobId}" to need (the jobs are ${ids.join(', ')}).`,
    );
  }
  const pair = findPair(job.value, 'needs');
  if (pair === undefined) return planned(insertPair(wf.src, job.value, 'needs', leaf([ref])));
  const needs = pair.value;
  if (isEmptyValue(pair) && !isAlias(needs)) {
    return planned(setPairValue(wf.src, job.value, pair, leaf([ref])));
  }
  if (isSeq(needs)) {
    if (needs.items.some((item) => sameRef(item, ref))) return NOOP;
    return sharedAnchor(wf, needs) ?? planned(appendItem(wf.src, needs, ref));
  }
  if (isScalar(needs) && needs.type !== 'BLOCK_LITERAL' && needs.type !== 'BLOCK_FOLDED') {
    if (sameRef(needs, ref)) return NOOP;
    const shared = sharedAnchor(wf, needs);
    if (shared) return shared;
    // `needs: build` becomes `needs: [build, test]`, keeping the old item as it was written.
    const [start, end] = range(needs);
    const written = wf.src.text.slice(start, end);
    const old =
      needs.type === 'PLAIN' && /[,[\]{}]/.test(written)
        ? renderScalar(String(needs.value), { context: 'flow' }).head
        : written;
    const added = renderScalar(ref, { context: 'flow' }).head;
    return { ok: true, edit: { from: start, to: end, insert: `[${old}, ${added}]`, local: true } };
  }
  return refused(
    `jobs.${jobId}.needs is ${describeNode(needs)}; expected a job id or a list of job ids.`,
  );
}

function removeNeed(wf: Workflow, jobId: string, ref: string): PlannedEdit {
  const job = findJob(wf.root, jobId);
  if (!job.ok) return job;
  const pair = findPair(job.value, 'needs');
  if (pair === undefined || (isEmptyValue(pair) && !isAlias(pair.value))) return NOOP;
  const needs = pair.value;
  if (isSeq(needs)) {
    const index = needs.items.findIndex((item) => sameRef(item, ref));
    if (index < 0) return NOOP;
    if (needs.items.length === 1) return planned(removePair(wf.src, job.value, pair));
    return sharedAnchor(wf, needs) ?? planned(removeItem(wf.src, needs, index));
  }
  if (isScalar(needs))
    return sameRef(needs, ref) ? planned(removePair(wf.src, job.value, pair)) : NOOP;
  return refused(
    `jobs.${jobId}.needs is ${describeNode(needs)}; expected a job id or a list of job ids.`,
  );
}

function setFilters(wf: Workflow, event: string, filter: string, value: string[]): PlannedEdit {
  const onPair = findPair(wf.root, 'on');
  if (onPair === undefined) return refused('the workflow has no on: key.');
  const on = onPair.value;
  if (!isMap(on)) {
    const shape = isSeq(on)
      ? 'the list shorthand (on: [push, …])'
      : isScalar(on) && on.value !== null
        ? `the shorthand on: ${String(on.value)}`
        : describeNode(on);
    return refused(
      `on: is ${shape}, which has no place for filters; rewrite on: as a mapping of events (for example with document.write) before setting filters.`,
    );
  }
  const eventPair = findPair(on, event);
  if (eventPair === undefined) {
    return refused(
      `on: has no "${event}" event; trigger.setFilters only edits existing events (workflow.set with path on.${event}.${filter} adds one).`,
    );
  }
  const eventNode = eventPair.value;
  if (isEmptyValue(eventPair) && !isAlias(eventNode)) {
    // `push:` with no value is a shorthand like `on: push`: refused, as the issue asks, so the
    // model rewrites the event as a mapping knowingly rather than through a filter patch.
    return refused(
      `on.${event} is empty (the shorthand "${event}:" with no filters); write it as a mapping first, for example with workflow.set path on.${event}.${filter}.`,
    );
  }
  if (!isMap(eventNode)) {
    return refused(`on.${event} is ${describeNode(eventNode)}, not a mapping of filters.`);
  }
  const filterPair = findPair(eventNode, filter);
  if (value.length === 0) {
    return filterPair === undefined ? NOOP : planned(removePair(wf.src, eventNode, filterPair));
  }
  if (filterPair !== undefined) return setExisting(wf, eventNode, filterPair, value);
  return planned(insertPair(wf.src, eventNode, filter, leaf(value)));
}

/** Whether `node` already reads as `value`, so writing it would change nothing. */
function holdsValue(wf: Workflow, node: unknown, value: PatchValue): boolean {
  if (node === null || node === undefined) return false;
  let current: unknown;
  try {
    current = (node as Node).toJS(wf.doc);
  } catch {
    return false;
  }
  if (Array.isArray(value)) {
    return (
      Array.isArray(current) &&
      current.length === value.length &&
      value.every((item, i) => current[i] === item)
    );
  }
  return Object.is(current, value);
}

/** A refusal when `node` carries an anchor that aliases elsewhere reuse. */
function sharedAnchor(wf: Workflow, node: unknown): PlannedEdit | undefined {
  const anchor = (node as Node | null)?.anchor;
  if (!anchor) return undefined;
  if (wf.aliased === undefined) {
    const names = new Set<string>();
    visit(wf.doc, {
      Alias(_, alias) {
        names.add(alias.source);
      },
    });
    wf.aliased = names;
  }
  if (!wf.aliased.has(anchor)) return undefined;
  return refused(
    `the value is anchored as &${anchor} and reused by *${anchor} elsewhere; changing it here would change those too, so edit it with document.write.`,
  );
}

function sameRef(node: unknown, ref: string): boolean {
  return isScalar(node) && node.value !== null && String(node.value) === ref;
}

function planned(spliced: Spliced): PlannedEdit {
  return spliced.ok ? { ok: true, edit: spliced.edit } : spliced;
}

function refused(reason: string): PlannedEdit {
  return { ok: false, reason };
}
