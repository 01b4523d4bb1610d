/**
 * The two browser tools (SPEC §1, §7): `browser` changes a page, a tab or a saved login and says
 * so in its hints; `browser_read` only looks, so a client may approve it without asking.
 */

import { browserReadShape, browserShape } from './browserSchemas';
import type { ToolDefinition } from './toolText';

export const BROWSER_TOOL = {
  name: 'browser',
  title: 'VMark Browser',
  description: [
    'Your own web tabs, in a Chromium the person can watch: all that changes a page, a tab or a saved login. The loop: browser_read.read → browser.act → browser_read.wait_for the outcome → read again.',
    '',
    'Actions (all but open take tabId?):',
    '- open {url, timeoutMs?} → {tabId, navigationId, …}: a new AI tab, once loaded.',
    '- navigate {url, timeoutMs?}: after a TIMEOUT the load goes on (browser_read.wait).',
    '- act {operation, …}: a real mouse and keyboard. click, hover: ref or role + name; type: that and text, typed over the field ("" clears; a <select> takes an option label or value; submit:true presses Enter); scroll: ref or dy; key: key, modifiers?, target?; dialog: accept, text?. A refusal gives reason and does nothing. Use ref only where the site granted the operation already, else role + name, so the prompt shows a readable element.',
    '- style {ref|selector, set?, addClasses?, removeClasses?, injectCss?}: e.g. hide an overlay; set is inline CSS, injectCss page-wide.',
    "- execute_js {script}: the last resort; the page's DOM, not its variables; returns a JSON value.",
    "- session_save {handle}: keeps the site's login; you see counts, never values.",
    '- session_load {handle}: on the same site only.',
    '- console_clear: what the page logged, then empties it.',
    '- workflow_run {source, inputs?, allowRepeat?, resumeRunId?} → {runId, …} at once; browser_read.workflow_status follows it. It pauses at goal:, confirm:, api: and prose steps: do the step, then run again with resumeRunId.',
    '- workflow_cancel {runId}: stops a run.',
    '- workflow_record {recordOp, site?}: start records what the person does; stop → {source, …}, without typed values.',
    '',
    'execute_js, sessions and recording ask the person every time. A page may carry gate (login wall, consent, human check, rate limit): ask the person, never get around it.',
  ].join('\n'),
  inputSchema: browserShape,
  annotations: {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  },
} as const satisfies ToolDefinition<'browser'>;

export const BROWSER_READ_TOOL = {
  name: 'browser_read',
  title: 'VMark Browser Read',
  description: [
    'Look at your web tabs without changing them. Needs no approval, except on a site not yet allowed in the Shared posture and for a tab the person opened.',
    '',
    'Actions (each takes tabId?):',
    '- read {offset?, role?, nameContains?, format?} → {url, page, total, nextOffset?}: the elements a person can use, a line each as "e7 checkbox [checked]: Send newsletter" (ref, role, states, name); format:"nodes" gives objects. A ref holds until the page navigates; "f2e5" is in a frame.',
    '- screenshot: a JPEG of the tab, for layout that read cannot name.',
    '- query {selector, fields?}: DOM data such as tables or computed styles.',
    '- extract: the page as reader-mode markdown, to read rather than operate.',
    '- console: what the page logged, uncaught errors too.',
    '- wait {navigationId?, timeoutMs?}: the end of a load; never navigates.',
    '- wait_for {ref | role (+name) | text | urlContains, timeoutMs?} → {matched, …}: polls until that one condition holds; use it after each act.',
    '- workflow_status {runId}: how a run stands (status, pausedAt?, stepResults).',
  ].join('\n'),
  inputSchema: browserReadShape,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
} as const satisfies ToolDefinition<'browser_read'>;
