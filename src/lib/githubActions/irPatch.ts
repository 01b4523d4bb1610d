/**
 * IRPatch: the eight targeted edits `workflow.apply_patch` accepts, and the validation that turns
 * untrusted JSON from an MCP client into typed patches. The discriminator is `kind`, as in
 * desktop VMark, so a patch list written for one app works in the other.
 */

/** A value a patch may write: a YAML scalar or a list of strings (written as a sequence). */
export type PatchValue = string | number | boolean | null | string[];

export const TRIGGER_FILTERS = [
  'branches',
  'branches-ignore',
  'tags',
  'tags-ignore',
  'paths',
  'paths-ignore',
  'types',
] as const;

export type TriggerFilter = (typeof TRIGGER_FILTERS)[number];

export type IRPatch =
  | { kind: 'workflow.set'; path: string; value: PatchValue }
  | { kind: 'job.set'; jobId: string; path: string; value: PatchValue }
  | { kind: 'step.set'; jobId: string; stepIndex: number; path: string; value: PatchValue }
  | { kind: 'with.set'; jobId: string; stepIndex: number; key: string; value: PatchValue }
  | { kind: 'with.remove'; jobId: string; stepIndex: number; key: string }
  | { kind: 'needs.add'; jobId: string; ref: string }
  | { kind: 'needs.remove'; jobId: string; ref: string }
  | { kind: 'trigger.setFilters'; event: string; filter: TriggerFilter; value: string[] };

export type PatchKind = IRPatch['kind'];

/** The fields each kind takes, in the order messages list them. */
const FIELDS: Record<PatchKind, readonly string[]> = {
  'workflow.set': ['path', 'value'],
  'job.set': ['jobId', 'path', 'value'],
  'step.set': ['jobId', 'stepIndex', 'path', 'value'],
  'with.set': ['jobId', 'stepIndex', 'key', 'value'],
  'with.remove': ['jobId', 'stepIndex', 'key'],
  'needs.add': ['jobId', 'ref'],
  'needs.remove': ['jobId', 'ref'],
  'trigger.setFilters': ['event', 'filter', 'value'],
};

export const PATCH_KINDS = Object.keys(FIELDS) as PatchKind[];

export type PatchCheck = { ok: true; patch: IRPatch } | { ok: false; message: string };

export type ParsedPatches =
  { ok: true; patches: IRPatch[] } | { ok: false; index?: number; message: string };

/** Splits a dotted path into its keys. Callers pass paths that `checkPatch` accepted. */
export function pathKeys(path: string): string[] {
  return path.split('.');
}

/** Checks an untrusted `patches` argument; the first bad patch is reported with its index. */
export function parsePatches(input: unknown): ParsedPatches {
  if (!Array.isArray(input)) {
    return {
      ok: false,
      message: `patches must be an array of IRPatch objects, but got ${describe(input)}.`,
    };
  }
  const patches: IRPatch[] = [];
  for (let index = 0; index < input.length; index++) {
    const checked = checkPatch(input[index], index);
    if (!checked.ok) return { ok: false, index, message: checked.message };
    patches.push(checked.patch);
  }
  return { ok: true, patches };
}

/** Checks one patch; `index` only feeds the message ("patch 2 …"). */
export function checkPatch(input: unknown, index: number): PatchCheck {
  const where = `patch ${index}`;
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return fail(`${where} must be an object with a kind field, but got ${describe(input)}.`);
  }
  const record = input as Record<string, unknown>;
  const kind = record.kind;
  if (kind === undefined) {
    const hint = 'op' in record ? ' (IRPatch names its type in the field kind, not op)' : '';
    return fail(`${where} has no kind${hint}; expected one of ${PATCH_KINDS.join(', ')}.`);
  }
  if (typeof kind !== 'string' || !Object.prototype.hasOwnProperty.call(FIELDS, kind)) {
    return fail(
      `${where} has unknown kind ${describe(kind)}; expected one of ${PATCH_KINDS.join(', ')}.`,
    );
  }
  const patchKind = kind as PatchKind;
  const label = `${where} (${patchKind})`;
  const allowed = FIELDS[patchKind];
  for (const field of Object.keys(record)) {
    if (field !== 'kind' && !allowed.includes(field)) {
      return fail(`${label} has unexpected field "${field}"; ${kind} takes ${allowed.join(', ')}.`);
    }
  }
  for (const field of allowed) {
    if (!(field in record) || record[field] === undefined) {
      return fail(`${label} is missing ${field}; ${kind} takes ${allowed.join(', ')}.`);
    }
  }
  const problem = fieldProblems(patchKind, record)
    .map((check) => check())
    .find((message) => message !== undefined);
  if (problem !== undefined) return fail(`${label} ${problem}`);
  return { ok: true, patch: copyPatch(patchKind, record) };
}

type FieldCheck = () => string | undefined;

function fieldProblems(kind: PatchKind, record: Record<string, unknown>): FieldCheck[] {
  const checks: FieldCheck[] = [];
  for (const field of FIELDS[kind]) {
    const value = record[field];
    switch (field) {
      case 'path':
        checks.push(() => pathProblem(value));
        break;
      case 'jobId':
      case 'ref':
      case 'key':
      case 'event':
        checks.push(() => nameProblem(field, value));
        break;
      case 'stepIndex':
        checks.push(() =>
          typeof value === 'number' && Number.isInteger(value) && value >= 0
            ? undefined
            : `has stepIndex ${describe(value)}; expected a whole number 0 or greater (0 is the first step).`,
        );
        break;
      case 'filter':
        checks.push(() =>
          typeof value === 'string' && (TRIGGER_FILTERS as readonly string[]).includes(value)
            ? undefined
            : `has filter ${describe(value)}; expected one of ${TRIGGER_FILTERS.join(', ')}.`,
        );
        break;
      case 'value':
        checks.push(() =>
          kind === 'trigger.setFilters' ? filterValueProblem(value) : valueProblem(value),
        );
        break;
    }
  }
  return checks;
}

function nameProblem(field: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return `has ${field} ${describe(value)}; expected a string.`;
  if (value.trim() === '') return `has a blank ${field}; expected a non-empty string.`;
  if (value.trim() !== value) {
    return `has ${field} ${JSON.stringify(value)} with spaces at its start or end; remove them.`;
  }
  return undefined;
}

function pathProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    return `has path ${describe(value)}; expected a dotted key path such as "env.NODE_VERSION".`;
  }
  if (value.trim() === '') {
    return 'has a blank path; expected a dotted key path such as "env.NODE_VERSION".';
  }
  const keys = pathKeys(value);
  const blank = keys.findIndex((key) => key.trim() === '');
  if (blank >= 0) {
    return `has path ${JSON.stringify(value)} whose key ${blank + 1} is empty; every key between dots must be non-empty.`;
  }
  const padded = keys.find((key) => key.trim() !== key);
  if (padded !== undefined) {
    return `has path ${JSON.stringify(value)} whose key ${JSON.stringify(padded)} starts or ends with spaces; remove them.`;
  }
  return undefined;
}

function valueProblem(value: unknown): string | undefined {
  const expected =
    'expected a string, a finite number, true or false, null, or an array of strings';
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? undefined : `has value ${String(value)}; ${expected}.`;
  }
  if (Array.isArray(value)) {
    const bad = value.findIndex((item) => typeof item !== 'string');
    if (bad < 0) return undefined;
    return `has a value array whose item ${bad} is ${describe(value[bad])}; ${expected}.`;
  }
  return `has value ${describe(value)}; ${expected}.`;
}

function filterValueProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) {
    return `has value ${describe(value)}; expected an array of strings (an empty array removes the filter).`;
  }
  const bad = value.findIndex((item) => typeof item !== 'string' || item.trim() === '');
  if (bad < 0) return undefined;
  const item: unknown = value[bad];
  return typeof item === 'string'
    ? `has a blank string at value item ${bad}; filter patterns and types must not be blank.`
    : `has value item ${bad} that is ${describe(item)}; expected an array of strings.`;
}

function copyPatch(kind: PatchKind, record: Record<string, unknown>): IRPatch {
  const copy: Record<string, unknown> = { kind };
  for (const field of FIELDS[kind]) {
    const value = record[field];
    copy[field] = Array.isArray(value) ? [...(value as string[])] : value;
  }
  return copy as IRPatch;
}

function fail(message: string): PatchCheck {
  return { ok: false, message };
}

/** A short description of an unexpected JSON value for messages. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return value.length > 40
        ? `the string ${JSON.stringify(value.slice(0, 40))}…`
        : JSON.stringify(value);
    case 'number':
    case 'boolean':
      return `${typeof value} ${String(value)}`;
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}
