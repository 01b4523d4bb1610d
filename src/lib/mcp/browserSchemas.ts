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
function payload(name: string, what: string, nonEmpty = false) {
  const message = `${name} must be ${what} of at most 64 KiB (65,536 bytes of UTF-8)`;
  const text = z.string(sentence(message));
  // No minimum at all when any text will do: a `minLength: 0` would only cost bytes in tools/list.
  return (nonEmpty ? text.min(1, sentence(`${name} must not be empty`)) : text).refine(
    (value) => utf8ByteLength(value) <= MAX_PAYLOAD_BYTES,
    sentence(message),
  );
}

const TIMEOUT_MESSAGE = `timeoutMs must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS.toLocaleString('en-US')}`;
const timeoutMs = z
  .number(sentence(TIMEOUT_MESSAGE))
  .int(sentence(TIMEOUT_MESSAGE))
  .min(1, sentence(TIMEOUT_MESSAGE))
  .max(MAX_TIMEOUT_MS, sentence(TIMEOUT_MESSAGE))
  .optional();

const tabId = optionalIdSchema(BROWSER_TAB_ID_MESSAGE);

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
  .optional();

// A parameter has a description only where its name and type do not say enough (issue 25 §4);
// which action takes it is said once, in the tool's description.
export const browserShape = {
  action: actionSchema(BROWSER_ACTIONS),
  tabId,
  operation: z
    .enum(ACT_OPERATIONS, sentence(`operation must be one of: ${ACT_OPERATIONS.join(', ')}`))
    .optional(),
  ref,
  role,
  name,
  text: boundedString('text', 'the text to type', 65_536).optional(),
  submit: z.boolean(sentence('submit must be true or false')).optional(),
  accept: z.boolean(sentence('accept must be true (OK) or false (Cancel)')).optional(),
  dy: z
    .number(sentence('dy must be a whole number of pixels between -100,000 and 100,000'))
    .int(sentence('dy must be a whole number of pixels between -100,000 and 100,000'))
    .min(-100_000, sentence('dy must be a whole number of pixels between -100,000 and 100,000'))
    .max(100_000, sentence('dy must be a whole number of pixels between -100,000 and 100,000'))
    .optional(),
  key: z
    .string(sentence('key must be a key name such as "Enter", "Escape" or "a"'))
    .min(1, sentence('key must be a key name such as "Enter", "Escape" or "a"'))
    .max(32, sentence('key must be a key name such as "Enter", "Escape" or "a"'))
    .optional(),
  modifiers: z
    .strictObject({ ctrl: flag, shift: flag, alt: flag, meta: flag }, sentence(MODIFIERS_MESSAGE))
    .optional(),
  url: z
    .string(sentence('url must be a non-empty http or https address'))
    .min(1, sentence('url must be a non-empty http or https address'))
    .max(8_192, sentence('url must be an address of at most 8,192 characters'))
    .optional(),
  timeoutMs,
  selector,
  set: z
    .record(
      z
        .string(sentence(SET_MESSAGE))
        .regex(/^-{0,2}[A-Za-z][A-Za-z0-9-]{0,99}$/, sentence(SET_MESSAGE)),
      z.string(sentence(SET_MESSAGE)).max(4_000, sentence(SET_MESSAGE)),
      sentence(SET_MESSAGE),
    )
    .refine((value) => Object.keys(value).length <= 64, sentence(SET_MESSAGE))
    .optional(),
  addClasses: classList('addClasses'),
  removeClasses: classList('removeClasses'),
  injectCss: payload('injectCss', 'a style sheet').optional(),
  script: payload('script', 'JavaScript source', true).optional(),
  handle: z
    .string(sentence(HANDLE_MESSAGE))
    .regex(/^[A-Za-z0-9._-]{1,128}$/, sentence(HANDLE_MESSAGE))
    .optional(),
  source: z
    .string(sentence(SOURCE_MESSAGE))
    .min(1, sentence(SOURCE_MESSAGE))
    .max(MAX_SOURCE_CHARS, sentence(`${SOURCE_MESSAGE}, at most 64 KiB`))
    .optional()
    .describe('Front matter (site, inputs), then steps.'),
  inputs: z
    .record(
      z.string(sentence(INPUTS_MESSAGE)).max(200, sentence(INPUTS_MESSAGE)),
      z.string(sentence(INPUTS_MESSAGE)),
      sentence(INPUTS_MESSAGE),
    )
    .optional(),
  allowRepeat: z
    .boolean(sentence('allowRepeat must be true or false'))
    .optional()
    .describe('Redo writes already done with these inputs.'),
  resumeRunId: runId,
  runId,
  recordOp: z.enum(['start', 'stop'], sentence('recordOp must be start or stop')).optional(),
  site: z
    .string(sentence('site must be a short name for the workflow, at most 64 characters'))
    .max(64, sentence('site must be a short name for the workflow, at most 64 characters'))
    .optional(),
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
    .optional(),
  nameContains: z
    .string(sentence(NAME_CONTAINS_MESSAGE))
    .max(1_000, sentence(NAME_CONTAINS_MESSAGE))
    .regex(/\S/, sentence(NAME_CONTAINS_MESSAGE))
    .optional(),
  format: z
    .enum(READ_FORMATS, sentence('format must be page (one line a node, the default) or nodes'))
    .optional(),
  selector,
  fields,
  navigationId: z
    .string(sentence('navigationId must be the non-empty navigationId of an open or navigate'))
    .min(1, sentence('navigationId must be the non-empty navigationId of an open or navigate'))
    .max(64, sentence('navigationId must be the navigationId of an open or navigate'))
    .optional(),
  timeoutMs,
  ref,
  role,
  name,
  text: boundedString('text', 'a piece of visible text', 1_000)
    .min(1, sentence('text must be a non-empty piece of visible text'))
    .optional(),
  urlContains: z
    .string(sentence('urlContains must be a non-empty part of an address'))
    .min(1, sentence('urlContains must be a non-empty part of an address'))
    .max(2_000, sentence('urlContains must be at most 2,000 characters'))
    .optional(),
  runId,
};

export type BrowserArgs = z.infer<z.ZodObject<typeof browserShape>>;
export type BrowserReadArgs = z.infer<z.ZodObject<typeof browserReadShape>>;
export type BrowserAction = (typeof BROWSER_ACTIONS)[number];
export type BrowserReadAction = (typeof BROWSER_READ_ACTIONS)[number];
