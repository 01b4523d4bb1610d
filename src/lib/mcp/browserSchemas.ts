/**
 * Zod input shapes of the two browser tools (SPEC §1, §7): `browser` changes a page, a tab or a
 * saved login; `browser_read` only looks. One flat shape per tool, as `tools/list` needs; which
 * arguments each action takes, and which it needs, is checked in browserArgs.ts.
 */

import { z } from 'zod';
import { actionSchema, optionalIdSchema } from './schemas';
import { utf8ByteLength } from './envelopes';

export const BROWSER_ACTIONS = [
  'act',
  'workflow_run',
  'workflow_cancel',
  'workflow_record',
  'open',
  'navigate',
  'style',
  'execute_js',
  'session_save',
  'session_load',
  'console_clear',
] as const;

export const BROWSER_READ_ACTIONS = [
  'read',
  'screenshot',
  'query',
  'extract',
  'workflow_status',
  'console',
  'wait',
  'wait_for',
] as const;

export const ACT_OPERATIONS = ['click', 'hover', 'type', 'scroll', 'key', 'dialog'] as const;

/** The longest a navigation or a wait may take, in milliseconds. */
export const MAX_TIMEOUT_MS = 12_000;
/** The most a script, a style sheet or a typed text may weigh, in UTF-8 bytes. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

export const BROWSER_TAB_ID_MESSAGE =
  'tabId must be a non-empty browser tab id, as browser.open returned it — omit it to use the current AI tab';

const sentence = (message: string) => ({ error: message });

function boundedString(name: string, what: string, max: number) {
  const message = `${name} must be ${what} of at most ${max.toLocaleString('en-US')} characters`;
  return z.string(sentence(message)).max(max, sentence(message));
}

/** A text bounded in UTF-8 bytes (what the page and the driver receive), not in UTF-16 units. */
function payload(name: string, what: string, min = 0) {
  const message = `${name} must be ${what} of at most 64 KiB (65,536 bytes of UTF-8)`;
  return z
    .string(sentence(message))
    .min(min, sentence(`${name} must not be empty`))
    .refine((value) => utf8ByteLength(value) <= MAX_PAYLOAD_BYTES, sentence(message));
}

const TIMEOUT_MESSAGE = `timeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS.toLocaleString('en-US')}`;
const timeoutMs = z
  .number(sentence(TIMEOUT_MESSAGE))
  .int(sentence(TIMEOUT_MESSAGE))
  .min(1, sentence(TIMEOUT_MESSAGE))
  .max(MAX_TIMEOUT_MS, sentence(TIMEOUT_MESSAGE))
  .optional();

const tabId = optionalIdSchema(
  BROWSER_TAB_ID_MESSAGE,
  'The AI browser tab, as browser.open returned it. Omit it to use the current AI tab.',
);

const REF_MESSAGE =
  'ref must be an element ref such as "e5" (or "f2e5" inside a frame), from a browser_read read of the current page';
const ref = z
  .string(sentence(REF_MESSAGE))
  .regex(/^(f[1-9][0-9]{0,3})?e[0-9]{1,9}$/, sentence(REF_MESSAGE))
  .optional();

const role = boundedString('role', 'an ARIA role such as "button"', 64)
  .min(1, sentence('role must be a non-empty ARIA role such as "button" or "link"'))
  .optional();

const name = boundedString('name', 'the accessible name a read listed', 1_000).optional();

const SELECTOR_MESSAGE = 'selector must be a non-empty CSS selector of at most 4,000 characters';
const selector = z
  .string(sentence(SELECTOR_MESSAGE))
  .min(1, sentence(SELECTOR_MESSAGE))
  .max(4_000, sentence(SELECTOR_MESSAGE))
  .optional();

/** Far above what a run accepts (64 KiB of UTF-8), so the run itself says by how much. */
const MAX_SOURCE_CHARS = 1024 * 1024;
const SOURCE_MESSAGE = 'source must be the non-empty text of a workflow (front matter, then steps)';
const INPUTS_MESSAGE = 'inputs must be an object mapping each declared input name to a string';
const RUN_ID_MESSAGE = 'runId must be the non-empty runId that workflow_run returned';
const runId = z
  .string(sentence(RUN_ID_MESSAGE))
  .min(1, sentence(RUN_ID_MESSAGE))
  .max(128, sentence(RUN_ID_MESSAGE))
  .optional();

const HANDLE_MESSAGE =
  'handle must be 1 to 128 characters of letters, digits, dot, underscore or hyphen';

const CLASSES_MESSAGE = (arg: string) =>
  `${arg} must be a list of at most 64 class names, each without spaces`;
const classList = (arg: string) =>
  z
    .array(
      z
        .string(sentence(CLASSES_MESSAGE(arg)))
        .regex(/^[^\s]{1,200}$/, sentence(CLASSES_MESSAGE(arg))),
      sentence(CLASSES_MESSAGE(arg)),
    )
    .max(64, sentence(CLASSES_MESSAGE(arg)))
    .optional();

const MODIFIERS_MESSAGE =
  'modifiers must be an object with optional booleans ctrl, shift, alt and meta, and nothing else';
const flag = z.boolean(sentence(MODIFIERS_MESSAGE)).optional();

const SET_MESSAGE =
  'set must be an object of at most 64 CSS properties, each a property name mapped to a string value';

const FIELDS_MESSAGE =
  'fields must be an object with optional attributes (boolean), box (boolean) and styles (a list of at most 32 CSS property names), and nothing else';
const fields = z
  .strictObject(
    {
      attributes: z.boolean(sentence(FIELDS_MESSAGE)).optional(),
      box: z.boolean(sentence(FIELDS_MESSAGE)).optional(),
      styles: z
        .array(
          z
            .string(sentence(FIELDS_MESSAGE))
            .regex(/^-{0,2}[A-Za-z][A-Za-z0-9-]{0,61}$/, sentence(FIELDS_MESSAGE)),
          sentence(FIELDS_MESSAGE),
        )
        .max(32, sentence(FIELDS_MESSAGE))
        .optional(),
    },
    sentence(FIELDS_MESSAGE),
  )
  .optional()
  .describe(
    'query only: what to add per element: attributes:true (its attributes), box:true ({x, y, w, h}), styles:["color", …] (computed values).',
  );

export const browserShape = {
  action: actionSchema(BROWSER_ACTIONS),
  tabId,
  operation: z
    .enum(ACT_OPERATIONS, sentence(`operation must be one of: ${ACT_OPERATIONS.join(', ')}`))
    .optional()
    .describe(
      'act only: click, hover (pointer over it), type, scroll, key, or dialog (answer the page dialog).',
    ),
  ref: ref.describe(
    'act, style: an element ref ("e5") from a read of the current page. Acting by ref needs a standing grant; without one use role + name.',
  ),
  role: role.describe('act: the ARIA role of the target, with name (e.g. "button").'),
  name: name.describe('act: the accessible name of the target, exactly as a read listed it.'),
  text: boundedString('text', 'the text to type', 65_536)
    .optional()
    .describe(
      'act type: the text to put in the field, typed over what it holds (an option label or value for a <select>; "" clears). act dialog: the answer to a prompt.',
    ),
  submit: z
    .boolean(sentence('submit must be true or false'))
    .optional()
    .describe('act type: press Enter once the text is in (submits its form).'),
  accept: z
    .boolean(sentence('accept must be true (OK) or false (Cancel)'))
    .optional()
    .describe('act dialog: true answers OK, false Cancel.'),
  dy: z
    .number(sentence('dy must be a whole number of pixels between -100,000 and 100,000'))
    .int(sentence('dy must be a whole number of pixels between -100,000 and 100,000'))
    .min(-100_000, sentence('dy must be a whole number of pixels between -100,000 and 100,000'))
    .max(100_000, sentence('dy must be a whole number of pixels between -100,000 and 100,000'))
    .optional()
    .describe('act scroll: pixels to scroll down (negative: up), instead of a ref.'),
  key: z
    .string(sentence('key must be a key name such as "Enter", "Escape" or "a"'))
    .min(1, sentence('key must be a key name such as "Enter", "Escape" or "a"'))
    .max(32, sentence('key must be a key name such as "Enter", "Escape" or "a"'))
    .optional()
    .describe('act key: the key to press, e.g. "Enter", "Escape", "Tab".'),
  modifiers: z
    .strictObject({ ctrl: flag, shift: flag, alt: flag, meta: flag }, sentence(MODIFIERS_MESSAGE))
    .optional()
    .describe('act key: keys held down, {ctrl, shift, alt, meta}.'),
  url: z
    .string(sentence('url must be a non-empty http or https address'))
    .min(1, sentence('url must be a non-empty http or https address'))
    .max(8_192, sentence('url must be an address of at most 8,192 characters'))
    .optional()
    .describe('open, navigate: the http(s) address to load.'),
  timeoutMs: timeoutMs.describe(
    'open, navigate: how long to wait for the load, 1–12,000 ms (default 12,000).',
  ),
  selector: selector.describe('style: a CSS selector for the elements to change, instead of ref.'),
  set: z
    .record(
      z
        .string(sentence(SET_MESSAGE))
        .regex(/^-{0,2}[A-Za-z][A-Za-z0-9-]{0,99}$/, sentence(SET_MESSAGE)),
      z.string(sentence(SET_MESSAGE)).max(4_000, sentence(SET_MESSAGE)),
      sentence(SET_MESSAGE),
    )
    .refine((value) => Object.keys(value).length <= 64, sentence(SET_MESSAGE))
    .optional()
    .describe('style: inline CSS to set, {property: value}.'),
  addClasses: classList('addClasses').describe('style: classes to add to the target.'),
  removeClasses: classList('removeClasses').describe('style: classes to remove from the target.'),
  injectCss: payload('injectCss', 'a style sheet')
    .optional()
    .describe('style: a style sheet added to the whole page (at most 64 KiB).'),
  script: payload('script', 'JavaScript source', 1)
    .optional()
    .describe(
      'execute_js: the script; it must return a JSON-serialisable value (at most 64 KiB). Shown to the person, who approves each run.',
    ),
  handle: z
    .string(sentence(HANDLE_MESSAGE))
    .regex(/^[A-Za-z0-9._-]{1,128}$/, sentence(HANDLE_MESSAGE))
    .optional()
    .describe('session_save, session_load: the name of the saved session.'),
  source: z
    .string(sentence(SOURCE_MESSAGE))
    .min(1, sentence(SOURCE_MESSAGE))
    .max(MAX_SOURCE_CHARS, sentence(`${SOURCE_MESSAGE}, at most 64 KiB`))
    .optional()
    .describe('workflow_run: the workflow text (front matter with site and inputs, then steps).'),
  inputs: z
    .record(
      z.string(sentence(INPUTS_MESSAGE)).max(200, sentence(INPUTS_MESSAGE)),
      z.string(sentence(INPUTS_MESSAGE)),
      sentence(INPUTS_MESSAGE),
    )
    .optional()
    .describe('workflow_run: a value for every input the workflow declares, and no other.'),
  allowRepeat: z
    .boolean(sentence('allowRepeat must be true or false'))
    .optional()
    .describe('workflow_run: run write steps this workflow already did with these inputs again.'),
  resumeRunId: runId.describe(
    'workflow_run: a paused run of the same workflow on the same tab to go on from; its paused step counts as done by hand, and it becomes superseded.',
  ),
  runId: runId.describe('workflow_cancel: the run to stop.'),
  recordOp: z
    .enum(['start', 'stop'], sentence('recordOp must be start or stop'))
    .optional()
    .describe('workflow_record: start (the person approves) or stop (answers the workflow).'),
  site: z
    .string(sentence('site must be a short name for the workflow, at most 64 characters'))
    .max(64, sentence('site must be a short name for the workflow, at most 64 characters'))
    .optional()
    .describe('workflow_record start: the site: line of the workflow (default "recording").'),
};

export const READ_FORMATS = ['page', 'nodes'] as const;

const OFFSET_MESSAGE =
  'offset must be a whole number ≥ 0: the nextOffset of an earlier read answer';
const NAME_CONTAINS_MESSAGE =
  'nameContains must be a non-empty piece of an accessible name, at most 1,000 characters';

export const browserReadShape = {
  action: actionSchema(BROWSER_READ_ACTIONS),
  tabId,
  offset: z
    .number(sentence(OFFSET_MESSAGE))
    .int(sentence(OFFSET_MESSAGE))
    .min(0, sentence(OFFSET_MESSAGE))
    .optional()
    .describe('read: the node to start at, a nextOffset (default 0).'),
  nameContains: z
    .string(sentence(NAME_CONTAINS_MESSAGE))
    .max(1_000, sentence(NAME_CONTAINS_MESSAGE))
    .regex(/\S/, sentence(NAME_CONTAINS_MESSAGE))
    .optional()
    .describe('read: only names containing this (any case).'),
  format: z
    .enum(READ_FORMATS, sentence('format must be page (one line a node, the default) or nodes'))
    .optional()
    .describe('read: page (default) or nodes.'),
  selector: selector.describe('query: the CSS selector to match.'),
  fields,
  navigationId: z
    .string(sentence('navigationId must be the non-empty navigationId of an open or navigate'))
    .min(1, sentence('navigationId must be the non-empty navigationId of an open or navigate'))
    .max(64, sentence('navigationId must be the navigationId of an open or navigate'))
    .optional()
    .describe('wait: the navigation to wait for (from open or navigate).'),
  timeoutMs: timeoutMs.describe('wait, wait_for: how long to wait, 1–12,000 ms (default 12,000).'),
  ref: ref.describe('wait_for: wait until this element (from a read) is there and visible.'),
  role: role.describe('read: only this ARIA role. wait_for: an element with this role (and name).'),
  name: name.describe('wait_for, with role: the accessible name to wait for.'),
  text: boundedString('text', 'a piece of visible text', 1_000)
    .min(1, sentence('text must be a non-empty piece of visible text'))
    .optional()
    .describe('wait_for: wait until the page shows this text.'),
  urlContains: z
    .string(sentence('urlContains must be a non-empty part of an address'))
    .min(1, sentence('urlContains must be a non-empty part of an address'))
    .max(2_000, sentence('urlContains must be at most 2,000 characters'))
    .optional()
    .describe("wait_for: wait until the tab's address (without query or fragment) contains this."),
  runId: runId.describe('workflow_status: the run to report on.'),
};

export type BrowserArgs = z.infer<z.ZodObject<typeof browserShape>>;
export type BrowserReadArgs = z.infer<z.ZodObject<typeof browserReadShape>>;
export type BrowserAction = (typeof BROWSER_ACTIONS)[number];
export type BrowserReadAction = (typeof BROWSER_READ_ACTIONS)[number];
