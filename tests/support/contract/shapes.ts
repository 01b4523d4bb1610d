/**
 * A small vocabulary for the shapes the MCP tool reference promises, and a checker that lists
 * every place an answer departs from one (an empty list means the answer keeps the promise).
 */

/** Checks one value at `path`; returns what is wrong with it, or nothing. */
export type Check = (value: unknown, path: string) => string[];

/** A field that must not be there. */
export const ABSENT = Symbol('absent');

/** A field that may be missing; when present it must pass `check`. */
export interface Optional {
  readonly optional: Check;
}

export type Field = Check | Optional | typeof ABSENT;

const show = (value: unknown) => (value === undefined ? 'nothing' : JSON.stringify(value));

function simple(what: string, ok: (value: unknown) => boolean): Check {
  return (value, path) => (ok(value) ? [] : [`${path}: expected ${what}, got ${show(value)}`]);
}

export const string = simple('a string', (v) => typeof v === 'string');
export const nonEmptyString = simple('a non-empty string', (v) => typeof v === 'string' && !!v);
export const boolean = simple('a boolean', (v) => typeof v === 'boolean');
export const positiveInt = simple(
  'a whole number ≥ 1',
  (v) => typeof v === 'number' && Number.isInteger(v) && v >= 1,
);
export const count = simple(
  'a whole number ≥ 0',
  (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0,
);

export function matches(pattern: RegExp, what: string): Check {
  return simple(`${what} (${pattern})`, (v) => typeof v === 'string' && pattern.test(v));
}

/** SPEC §3: `rev-` and eight letters or digits. */
export const revision = matches(/^rev-[A-Za-z0-9]{8}$/, 'a revision');
export const tabId = matches(/^tab-\d+$/, 'a tab id');
/** SPEC §4: a virtual absolute path `/<mount>/<rest>`. */
export const virtualPath = matches(/^\/[^/]+\/[^/].*$/, 'a virtual path');
export const semver = matches(/^\d+\.\d+\.\d+$/, 'a version x.y.z');

export function literal(expected: unknown): Check {
  return simple(JSON.stringify(expected), (v) => JSON.stringify(v) === JSON.stringify(expected));
}

export function oneOf(...values: readonly unknown[]): Check {
  return simple(`one of ${values.map((v) => JSON.stringify(v)).join(', ')}`, (v) =>
    values.includes(v),
  );
}

export function nullable(check: Check): Check {
  return (value, path) => (value === null ? [] : check(value, path));
}

export function optional(check: Check): Optional {
  return { optional: check };
}

export function arrayOf(check: Check, { min = 0 } = {}): Check {
  return (value, path) => {
    if (!Array.isArray(value)) return [`${path}: expected an array, got ${show(value)}`];
    const problems = value.flatMap((item, i) => check(item, `${path}[${i}]`));
    if (value.length < min) problems.push(`${path}: expected at least ${min} items`);
    return problems;
  };
}

/** An object with these fields; other fields are allowed (the seeds' shapes are a minimum). */
export function object(fields: Readonly<Record<string, Field>>): Check {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return [`${path}: expected an object, got ${show(value)}`];
    const record = value as Record<string, unknown>;
    return Object.entries(fields).flatMap(([key, field]) => {
      const at = `${path}.${key}`;
      if (field === ABSENT)
        return key in record ? [`${at}: must be absent, got ${show(record[key])}`] : [];
      if (typeof field === 'object') return key in record ? field.optional(record[key], at) : [];
      return key in record ? field(record[key], at) : [`${at}: missing`];
    });
  };
}

/** Passes when any of the checks passes; otherwise reports the problems of each. */
export function anyOf(...checks: readonly Check[]): Check {
  return (value, path) => {
    const all = checks.map((check) => check(value, path));
    if (all.some((problems) => problems.length === 0)) return [];
    return [
      `${path}: matches none of ${checks.length} shapes: ${all.map((p) => p.join('; ')).join(' | ')}`,
    ];
  };
}

/** Every departure of `value` from `check`, with the path of each. */
export function problems(value: unknown, check: Check): string[] {
  return check(value, 'answer');
}
