/**
 * The safety net's model of each patch: what the workflow's data (its `toJS()` form) must be
 * after the patch, computed on plain JavaScript values independently of the text splicing. After
 * the splices the text is parsed again and compared with this.
 */
import type { IRPatch, PatchValue } from '../irPatch';
import { pathKeys } from '../irPatch';

export type Data = Record<string, unknown>;

/**
 * Returns the expected data after `patch`, or undefined when the patch cannot apply to this data
 * (the splicer refuses those first, so undefined means the two disagree).
 */
export function expectedAfter(before: unknown, patch: IRPatch, actual: unknown): unknown {
  return expectedAfterAll(before, [patch], actual);
}

/**
 * The expected data after `patches` in order, each applied to the result of the ones before
 * (one copy of `before` is made for the whole list), or undefined when one cannot apply.
 */
export function expectedAfterAll(
  before: unknown,
  patches: readonly IRPatch[],
  actual: unknown,
): unknown {
  const root = structuredClone(before);
  if (!isData(root)) return undefined;
  for (const patch of patches) if (!change(root, patch, actual)) return undefined;
  return root;
}

/** Applies `patch` to `root` in place; false when it cannot apply (root is then spoilt). */
function change(root: Data, patch: IRPatch, actual: unknown): boolean {
  switch (patch.kind) {
    case 'workflow.set':
      return setIn(root, pathKeys(patch.path), patch.value, true);
    case 'job.set': {
      const job = dataAt(root, ['jobs', patch.jobId]);
      return job !== undefined && setIn(job, pathKeys(patch.path), patch.value, false);
    }
    case 'step.set': {
      const step = stepAt(root, patch.jobId, patch.stepIndex);
      return step !== undefined && setIn(step, pathKeys(patch.path), patch.value, false);
    }
    case 'with.set': {
      const step = stepAt(root, patch.jobId, patch.stepIndex);
      return step !== undefined && setIn(step, ['with', patch.key], patch.value, true);
    }
    case 'with.remove': {
      const step = stepAt(root, patch.jobId, patch.stepIndex);
      if (!step) return false;
      const withData = step.with;
      // As the splicer: no `with:` or an empty one is a no-op, anything but a mapping refuses.
      if (withData === undefined || withData === null) return true;
      if (!isData(withData)) return false;
      if (hasOwn(withData, patch.key)) {
        delete withData[patch.key];
        if (Object.keys(withData).length === 0) delete step.with;
      }
      return true;
    }
    case 'needs.add':
    case 'needs.remove': {
      const job = dataAt(root, ['jobs', patch.jobId]);
      if (!job) return false;
      const needs =
        patch.kind === 'needs.add'
          ? addNeed(job.needs, patch.ref)
          : removeNeed(job.needs, patch.ref);
      if (needs === undefined) delete job.needs;
      else put(job, 'needs', needs);
      return true;
    }
    case 'trigger.setFilters': {
      const on = root.on;
      if (!isData(on) || !hasOwn(on, patch.event)) return false;
      // An empty event (`push:`) is a shorthand with no place for filters: refused, like a
      // scalar or a list.
      const event = on[patch.event];
      if (!isData(event)) return false;
      if (patch.value.length > 0) put(event, patch.filter, [...patch.value]);
      else delete event[patch.filter];
      // A block mapping left without keys reads back as empty (null); a flow one as {}.
      const emptied = Object.keys(event).length === 0;
      const actualEvent = isData(actual) && isData(actual.on) ? actual.on[patch.event] : undefined;
      put(on, patch.event, emptied && actualEvent === null ? null : event);
      return true;
    }
  }
}

function addNeed(needs: unknown, ref: string): unknown {
  if (needs === undefined || needs === null) return [ref];
  if (Array.isArray(needs))
    return needs.some((item) => String(item) === ref) ? needs : [...needs, ref];
  return String(needs) === ref ? needs : [needs, ref];
}

function removeNeed(needs: unknown, ref: string): unknown {
  if (Array.isArray(needs)) {
    const at = needs.findIndex((item) => String(item) === ref);
    if (at < 0) return needs;
    const rest = needs.filter((_, index) => index !== at);
    return rest.length === 0 ? undefined : rest;
  }
  if (needs !== undefined && needs !== null && String(needs) === ref) return undefined;
  return needs;
}

function setIn(data: Data, keys: string[], value: PatchValue, create: boolean): boolean {
  let current = data;
  for (const key of keys.slice(0, -1)) {
    const next = hasOwn(current, key) ? current[key] : undefined;
    if (isData(next)) current = next;
    else if (create && (next === undefined || next === null)) {
      const made: Data = {};
      put(current, key, made);
      current = made;
    } else return false;
  }
  put(current, keys[keys.length - 1], Array.isArray(value) ? [...value] : value);
  return true;
}

function dataAt(data: unknown, keys: string[]): Data | undefined {
  let current = data;
  for (const key of keys) {
    if (!isData(current) || !hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return isData(current) ? current : undefined;
}

function stepAt(root: Data, jobId: string, index: number): Data | undefined {
  const steps = dataAt(root, ['jobs', jobId])?.steps;
  if (!Array.isArray(steps)) return undefined;
  const step: unknown = steps[index];
  return isData(step) ? step : undefined;
}

export function hasOwn(data: Data, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(data, key);
}

/** Sets an own property, even one named `__proto__`, as `toJS()` does. */
export function put(data: Data, key: string, value: unknown): void {
  Object.defineProperty(data, key, { value, writable: true, enumerable: true, configurable: true });
}

export function isData(value: unknown): value is Data {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Deep equality of parsed YAML data (plain objects, arrays and scalars; NaN equals NaN). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number') return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  }
  if (isData(a) && isData(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => hasOwn(b, key) && sameData(a[key], b[key]));
  }
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return false;
}
