/**
 * Checks a command from the app against the contract before anything runs: every argument of the
 * right type and size, modes that exclude each other excluded. The app checks too; the driver does
 * not rely on it.
 */
import { keyChord } from '#shared/keyChord.js';
import type { DriverCommand, Modifiers } from '#shared/wire/driverProtocol.js';

export type ShapeCheck = { ok: true; cmd: DriverCommand } | { ok: false; message: string };

export const MAX_TIMEOUT_MS = 12_000;
export const MAX_SCRIPT_BYTES = 64 * 1024;
/** Far above the 64 KiB a run accepts, so that the run's own check gives the exact size. */
export const MAX_WORKFLOW_SOURCE_CHARS = 1024 * 1024;
export const HANDLE = /^[A-Za-z0-9._-]{1,128}$/;

const OPS = new Set([
  'read',
  'screenshot',
  'query',
  'extract',
  'console',
  'wait',
  'wait_for',
  'act',
  'open',
  'navigate',
  'style',
  'execute_js',
  'session_save',
  'session_load',
  'console_clear',
  'workflow_run',
  'workflow_record',
  'workflow_status',
  'workflow_cancel',
  'tabs',
  'thumbnail',
  'close',
  'front',
]);

class Bad extends Error {}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(o: Obj, key: string, max: number, required = false): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) {
    if (required) throw new Bad(`${key} is required.`);
    return undefined;
  }
  if (typeof v !== 'string') throw new Bad(`${key} must be a string.`);
  if (v.length > max) throw new Bad(`${key} is longer than ${max} characters.`);
  return v;
}

function nonEmpty(o: Obj, key: string, max: number, required = false): string | undefined {
  const v = str(o, key, max, required);
  if (v !== undefined && v.trim() === '') throw new Bad(`${key} must not be empty.`);
  return v;
}

function timeout(o: Obj): void {
  const v = o.timeoutMs;
  if (v === undefined || v === null) return;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_TIMEOUT_MS) {
    throw new Bad(`timeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}.`);
  }
}

function present(o: Obj, key: string): boolean {
  return o[key] !== undefined && o[key] !== null;
}

/** A ref or a role and name: exactly one of the two, whole. */
function target(o: Obj, required: boolean): void {
  const ref = nonEmpty(o, 'ref', 32);
  const role = nonEmpty(o, 'role', 64);
  const name = str(o, 'name', 1000);
  if (ref !== undefined && (role !== undefined || name !== undefined)) {
    throw new Bad('Give either ref or role and name, not both.');
  }
  if (ref !== undefined && !/^[A-Za-z0-9_-]+$/.test(ref)) throw new Bad('ref is not a ref.');
  if (role !== undefined && name === undefined) throw new Bad('role needs a name.');
  if (name !== undefined && role === undefined) throw new Bad('name needs a role.');
  if (required && ref === undefined && role === undefined) {
    throw new Bad('A target is required: ref, or role and name.');
  }
}

function stringList(o: Obj, key: string, maxItems: number, maxLength: number): void {
  const v = o[key];
  if (v === undefined || v === null) return;
  if (!Array.isArray(v) || v.length > maxItems) {
    throw new Bad(`${key} must be a list of at most ${maxItems} strings.`);
  }
  for (const item of v) {
    if (typeof item !== 'string' || item === '' || item.length > maxLength) {
      throw new Bad(`${key} must hold non-empty strings of at most ${maxLength} characters.`);
    }
  }
}

function bool(o: Obj, key: string): void {
  if (present(o, key) && typeof o[key] !== 'boolean')
    throw new Bad(`${key} must be true or false.`);
}

/** What only some operations take: given to another, it is refused. */
const ONLY: [string, string][] = [
  ['submit', 'type'],
  ['accept', 'dialog'],
];

function checkAct(o: Obj): void {
  for (const [key, operation] of ONLY) {
    if (present(o, key) && o.operation !== operation) {
      throw new Bad(`${key} goes with operation ${operation} only.`);
    }
  }
  switch (o.operation) {
    case 'click':
    case 'hover':
      target(o, true);
      break;
    case 'type':
      target(o, true);
      if (typeof o.text !== 'string') throw new Bad('type needs text (an empty string clears).');
      if (o.text.length > MAX_SCRIPT_BYTES) throw new Bad('text is too long.');
      bool(o, 'submit');
      break;
    case 'dialog':
      if (['ref', 'role', 'name'].some((k) => present(o, k))) {
        throw new Bad('dialog answers the page dialog; it takes no target.');
      }
      if (typeof o.accept !== 'boolean') throw new Bad('dialog needs accept: true or false.');
      if (present(o, 'text')) {
        if (typeof o.text !== 'string') throw new Bad('text must be a string.');
        if (o.text.length > MAX_SCRIPT_BYTES) throw new Bad('text is too long.');
        if (o.accept !== true) throw new Bad('text is the answer to a prompt that is accepted.');
      }
      break;
    case 'scroll': {
      const hasRef = present(o, 'ref');
      const hasDy = present(o, 'dy');
      if (hasRef === hasDy) throw new Bad('scroll takes exactly one of ref or dy.');
      if (present(o, 'role') || present(o, 'name')) throw new Bad('scroll takes ref or dy.');
      if (hasRef) target(o, true);
      else if (typeof o.dy !== 'number' || !Number.isFinite(o.dy) || Math.abs(o.dy) > 100_000) {
        throw new Bad('dy must be a number of pixels.');
      }
      break;
    }
    case 'key': {
      const key = nonEmpty(o, 'key', 32, true) as string;
      target(o, false);
      const m = o.modifiers;
      if (m !== undefined && m !== null) {
        if (!isObj(m)) throw new Bad('modifiers must be an object.');
        for (const [k, v] of Object.entries(m)) {
          if (!['ctrl', 'shift', 'alt', 'meta'].includes(k) || typeof v !== 'boolean') {
            throw new Bad('modifiers may only be ctrl, shift, alt and meta, each true or false.');
          }
        }
      }
      const chord = keyChord(key, (m ?? {}) as Modifiers);
      if (!chord.ok) throw new Bad(chord.message);
      break;
    }
    default:
      throw new Bad('operation must be click, hover, type, scroll, key or dialog.');
  }
}

function checkWaitFor(o: Obj): void {
  const modes = ['ref', 'role', 'text', 'urlContains'].filter((k) => present(o, k));
  if (modes.length !== 1) {
    throw new Bad(
      'wait_for takes exactly one of ref, role (with an optional name), text or urlContains.',
    );
  }
  nonEmpty(o, 'ref', 32);
  nonEmpty(o, 'role', 64);
  str(o, 'name', 1000);
  if (present(o, 'name') && !present(o, 'role')) throw new Bad('name goes with role.');
  nonEmpty(o, 'text', 1000);
  const needle = nonEmpty(o, 'urlContains', 2000);
  if (needle !== undefined && /[?#]/.test(needle)) {
    throw new Bad(
      'urlContains is matched against the address without its query and fragment, so it may not contain ? or #.',
    );
  }
  timeout(o);
}

function checkStyle(o: Obj): void {
  const hasRef = present(o, 'ref');
  const hasSelector = present(o, 'selector');
  if (hasRef && hasSelector) throw new Bad('Give either ref or selector, not both.');
  nonEmpty(o, 'ref', 32);
  nonEmpty(o, 'selector', 4096);
  const set = o.set;
  if (set !== undefined && set !== null) {
    if (!isObj(set) || Object.keys(set).length > 64) {
      throw new Bad('set must be an object of at most 64 properties.');
    }
    for (const [k, v] of Object.entries(set)) {
      if (typeof v !== 'string' || k.length > 100 || v.length > 4096) {
        throw new Bad('set maps CSS property names to string values.');
      }
    }
  }
  stringList(o, 'addClasses', 64, 200);
  stringList(o, 'removeClasses', 64, 200);
  const css = str(o, 'injectCss', MAX_SCRIPT_BYTES);
  if (css !== undefined && Buffer.byteLength(css, 'utf8') > MAX_SCRIPT_BYTES) {
    throw new Bad('injectCss is larger than 64 KiB.');
  }
  const changes = ['set', 'addClasses', 'removeClasses'].some((k) => present(o, k));
  if (!changes && css === undefined) {
    throw new Bad('style needs set, addClasses, removeClasses or injectCss.');
  }
  if (changes && !hasRef && !hasSelector) {
    throw new Bad('set, addClasses and removeClasses need a ref or a selector.');
  }
}

function checkRead(o: Obj): void {
  const offset = o.offset;
  if (offset !== undefined && offset !== null) {
    if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
      throw new Bad('offset must be a whole number, 0 or more.');
    }
  }
  nonEmpty(o, 'role', 64);
  nonEmpty(o, 'nameContains', 1000);
  if (present(o, 'format') && o.format !== 'page' && o.format !== 'nodes') {
    throw new Bad('format must be page or nodes.');
  }
}

function checkQueryFields(o: Obj): void {
  nonEmpty(o, 'selector', 4096, true);
  const f = o.fields;
  if (f === undefined || f === null) return;
  if (!isObj(f)) throw new Bad('fields must be an object.');
  for (const [k, v] of Object.entries(f)) {
    if (k === 'attributes' || k === 'box') {
      if (typeof v !== 'boolean') throw new Bad(`fields.${k} must be true or false.`);
    } else if (k === 'styles') {
      stringList(f, 'styles', 32, 64);
    } else throw new Bad(`fields may only hold attributes, box and styles, not ${k.slice(0, 40)}.`);
  }
}

/** Types only: the run's own checks (bounds, inputs as declared) say what is wrong in detail. */
function checkWorkflowRun(o: Obj): void {
  nonEmpty(o, 'source', MAX_WORKFLOW_SOURCE_CHARS, true);
  const inputs = o.inputs;
  if (inputs !== undefined && inputs !== null) {
    if (!isObj(inputs)) throw new Bad('inputs must be an object of strings.');
    for (const [k, v] of Object.entries(inputs)) {
      if (typeof v !== 'string') throw new Bad(`The input "${k.slice(0, 64)}" must be a string.`);
    }
  }
  const repeat = o.allowRepeat;
  if (repeat !== undefined && repeat !== null && typeof repeat !== 'boolean') {
    throw new Bad('allowRepeat must be true or false.');
  }
  nonEmpty(o, 'resumeRunId', 128);
}

export function checkCommand(value: unknown): ShapeCheck {
  if (!isObj(value) || typeof value.op !== 'string' || !OPS.has(value.op)) {
    return { ok: false, message: 'Unknown browser command.' };
  }
  const o = value;
  try {
    nonEmpty(o, 'tabId', 64);
    switch (o.op) {
      case 'read':
        checkRead(o);
        break;
      case 'query':
        checkQueryFields(o);
        break;
      case 'wait':
        nonEmpty(o, 'navigationId', 64);
        timeout(o);
        break;
      case 'wait_for':
        checkWaitFor(o);
        break;
      case 'act':
        checkAct(o);
        break;
      case 'open':
      case 'navigate':
        nonEmpty(o, 'url', 8192, true);
        timeout(o);
        break;
      case 'style':
        checkStyle(o);
        break;
      case 'execute_js': {
        const script = nonEmpty(o, 'script', MAX_SCRIPT_BYTES, true) ?? '';
        if (Buffer.byteLength(script, 'utf8') > MAX_SCRIPT_BYTES) {
          throw new Bad('script is larger than 64 KiB.');
        }
        break;
      }
      case 'session_save':
      case 'session_load': {
        const handle = str(o, 'handle', 200, true) ?? '';
        if (!HANDLE.test(handle)) {
          throw new Bad('handle must be 1 to 128 letters, digits, dots, dashes or underscores.');
        }
        break;
      }
      case 'workflow_run':
        checkWorkflowRun(o);
        break;
      case 'workflow_record':
        if (o.recordOp !== 'start' && o.recordOp !== 'stop') {
          throw new Bad('recordOp must be start or stop.');
        }
        str(o, 'site', 1000);
        break;
      case 'workflow_status':
      case 'workflow_cancel':
        nonEmpty(o, 'runId', 128, true);
        break;
      case 'thumbnail':
      case 'close':
      case 'front':
        nonEmpty(o, 'tabId', 64, true);
        break;
    }
  } catch (e) {
    if (e instanceof Bad) return { ok: false, message: e.message };
    throw e;
  }
  return { ok: true, cmd: o as unknown as DriverCommand };
}
