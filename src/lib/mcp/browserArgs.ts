/**
 * From the arguments of a `browser` or `browser_read` call to the one driver command it stands for.
 * The schema has already checked each argument on its own, and `registerTools` that the action
 * takes each one (`TAKES`, through actionArguments.ts); this checks them together: which ones an
 * act operation takes, which an action needs, and which exclude each other. A mistake is answered
 * with a plain sentence naming the argument (SPEC §2), never sent to the driver.
 */

import { keyChord } from '../../../relay/src/browser/policy/keyChord';
import { notTaken } from './notTaken';
import type { DriverCommand } from '../browserPanel/protocol';
import type {
  BrowserAction,
  BrowserArgs,
  BrowserReadAction,
  BrowserReadArgs,
} from './browserSchemas';

type AnyArgs = Partial<Omit<BrowserArgs, 'action'> & Omit<BrowserReadArgs, 'action'>> & {
  action: BrowserAction | BrowserReadAction;
};

export type Built = { ok: true; cmd: DriverCommand } | { ok: false; sentence: string };

/** The arguments each action takes, besides `action`. */
export const TAKES: Readonly<Record<BrowserAction | BrowserReadAction, readonly string[]>> = {
  act: [
    'tabId',
    'operation',
    'ref',
    'role',
    'name',
    'text',
    'submit',
    'dy',
    'key',
    'modifiers',
    'accept',
  ],
  open: ['url', 'timeoutMs'],
  navigate: ['tabId', 'url', 'timeoutMs'],
  style: ['tabId', 'ref', 'selector', 'set', 'addClasses', 'removeClasses', 'injectCss'],
  execute_js: ['tabId', 'script'],
  session_save: ['tabId', 'handle'],
  session_load: ['tabId', 'handle'],
  console_clear: ['tabId'],
  workflow_run: ['tabId', 'source', 'inputs', 'allowRepeat', 'resumeRunId'],
  workflow_cancel: ['tabId', 'runId'],
  workflow_record: ['tabId', 'recordOp', 'site'],
  workflow_status: ['tabId', 'runId'],
  read: ['tabId', 'offset', 'role', 'nameContains', 'format'],
  screenshot: ['tabId'],
  query: ['tabId', 'selector', 'fields'],
  extract: ['tabId'],
  console: ['tabId'],
  wait: ['tabId', 'navigationId', 'timeoutMs'],
  wait_for: ['tabId', 'ref', 'role', 'name', 'text', 'urlContains', 'timeoutMs'],
};

/** What each act operation takes, besides `tabId` and `operation`. */
const OPERATION_TAKES = {
  click: ['ref', 'role', 'name'],
  hover: ['ref', 'role', 'name'],
  type: ['ref', 'role', 'name', 'text', 'submit'],
  scroll: ['ref', 'dy'],
  key: ['key', 'ref', 'role', 'name', 'modifiers'],
  dialog: ['accept', 'text'],
} as const;

const fail = (sentence: string): Built => ({ ok: false, sentence });

function given(args: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.filter((key) => args[key] !== undefined);
}

/** Copies the given fields that are set, in their order. */
function pick<T extends object>(args: AnyArgs, keys: readonly string[], base: T): T {
  const out = { ...base } as Record<string, unknown>;
  for (const key of keys) {
    const value = (args as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  return out as T;
}

/**
 * The target of click and type (and the optional one of key): a ref from a read, or a role and
 * its accessible name; never both, never a name without its role.
 */
function target(args: AnyArgs, what: string, required: boolean): string | null {
  const hasRole = args.role !== undefined;
  const hasName = args.name !== undefined;
  if (args.ref !== undefined && (hasRole || hasName)) {
    return `${what}: give either ref or role + name, not both.`;
  }
  if (hasName && !hasRole) return `${what}: name needs role (e.g. role "button" with the name).`;
  if (hasRole && !hasName) return `${what}: role needs name, the accessible name a read listed.`;
  if (required && args.ref === undefined && !hasRole) {
    return `${what} needs a target: ref (from a read) or role + name.`;
  }
  return null;
}

function act(args: AnyArgs): Built {
  const operation = args.operation;
  if (operation === undefined) {
    return fail('act needs operation: one of click, hover, type, scroll, key, dialog.');
  }
  const takes: readonly string[] = OPERATION_TAKES[operation];
  const extra = given(args, TAKES.act).filter(
    (key) => key !== 'tabId' && key !== 'operation' && !takes.includes(key),
  );
  if (extra.length > 0) {
    return fail(notTaken(`act ${operation}`, extra, takes));
  }
  const what = `act ${operation}`;
  if (operation === 'dialog') {
    if (args.accept === undefined) {
      return fail('act dialog needs accept: true (OK) or false (Cancel).');
    }
    if (args.text !== undefined && args.accept !== true) {
      return fail('act dialog: text answers a prompt, so it goes with accept true.');
    }
  } else if (operation === 'click' || operation === 'hover' || operation === 'type') {
    const problem = target(args, what, true);
    if (problem) return fail(problem);
    if (operation === 'type' && args.text === undefined) {
      return fail('act type needs text: the text to put in the field ("" clears it).');
    }
  } else if (operation === 'scroll') {
    if ((args.ref === undefined) === (args.dy === undefined)) {
      return fail('act scroll needs exactly one of ref (scroll it into view) or dy (pixels).');
    }
  } else {
    if (args.key === undefined) return fail('act key needs key, e.g. "Enter" or "Escape".');
    const chord = keyChord(args.key, args.modifiers);
    if (!chord.ok) return fail(`act key: ${chord.message}`);
    const problem = target(args, what, false);
    if (problem) return fail(problem);
  }
  return { ok: true, cmd: pick(args, ['tabId', 'operation', ...takes], { op: 'act' } as never) };
}

function style(args: AnyArgs): Built {
  const changes = given(args, ['set', 'addClasses', 'removeClasses', 'injectCss']);
  if (changes.length === 0) {
    return fail('style needs at least one of set, addClasses, removeClasses or injectCss.');
  }
  if (args.set !== undefined && Object.keys(args.set).length === 0) {
    return fail('style: set must name at least one CSS property.');
  }
  const targets = given(args, ['ref', 'selector']);
  if (targets.length > 1) return fail('style: give either ref or selector, not both.');
  const pageWide = changes.length === 1 && changes[0] === 'injectCss';
  if (targets.length === 0 && !pageWide) {
    return fail(
      `style needs a target for ${changes.filter((c) => c !== 'injectCss').join(', ')}: ref or selector.`,
    );
  }
  return { ok: true, cmd: pick(args, TAKES.style, { op: 'style' } as never) };
}

function waitFor(args: AnyArgs): Built {
  const conditions = given(args, ['ref', 'role', 'text', 'urlContains']);
  if (conditions.length !== 1) {
    return fail(
      `wait_for needs exactly one of ref, role (with an optional name), text or urlContains${conditions.length ? `; it got ${conditions.join(', ')}` : ''}.`,
    );
  }
  if (args.name !== undefined && args.role === undefined) {
    return fail('wait_for: name goes with role (e.g. role "button" and its name).');
  }
  if (args.urlContains !== undefined && /[?#]/.test(args.urlContains)) {
    return fail(
      'wait_for: urlContains must not contain "?" or "#": addresses are compared without their query and fragment.',
    );
  }
  return { ok: true, cmd: pick(args, TAKES.wait_for, { op: 'wait_for' } as never) };
}

/** The driver command of a browser or browser_read call, or the sentence that refuses it. */
export function browserCommand(input: Record<string, unknown>): Built {
  const args = input as AnyArgs;
  const action = args.action;
  const takes = TAKES[action];
  switch (action) {
    case 'act':
      return act(args);
    case 'style':
      return style(args);
    case 'wait_for':
      return waitFor(args);
    case 'open':
    case 'navigate':
      if (args.url === undefined) return fail(`${action} needs url, the http(s) address to load.`);
      break;
    case 'execute_js':
      if (args.script === undefined) return fail('execute_js needs script, the code to run.');
      break;
    case 'session_save':
    case 'session_load':
      if (args.handle === undefined) return fail(`${action} needs handle, the session's name.`);
      break;
    case 'query':
      if (args.selector === undefined) return fail('query needs selector, a CSS selector.');
      break;
    case 'workflow_run':
      if (args.source === undefined) return fail('workflow_run needs source, the workflow text.');
      break;
    case 'workflow_record':
      if (args.recordOp === undefined)
        return fail('workflow_record needs recordOp: start or stop.');
      if (args.recordOp === 'stop' && args.site !== undefined) {
        return fail('workflow_record stop does not take site; give it to start.');
      }
      break;
    case 'workflow_cancel':
    case 'workflow_status':
      // The seeds name a run by its id; a tabId only checks that the run is that tab's.
      if (args.runId === undefined) {
        return fail(`${action} needs runId, from workflow_run; a tabId alone names no run.`);
      }
      break;
  }
  return { ok: true, cmd: pick(args, takes, { op: action } as never) };
}
