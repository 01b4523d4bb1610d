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
    'Your web tabs, in a Chromium the person can watch: what changes a page, a tab or a saved login. Loop: browser_read.read → browser.act → browser_read.wait_for the outcome → read again.',
    '',
    'Actions (all but open take tabId?):',
    '- open {url, timeoutMs?} → {tabId, navigationId, …}: a new AI tab, once loaded.',
    '- navigate {url, timeoutMs?}',
    '- act {operation, …}: real mouse and keyboard. click, hover: ref or role + name; type: that, text (over the field; a <select> takes an option label or value), submit?; scroll: ref or dy (px, < 0 up); key: key, modifiers?, ref or role + name?; dialog: accept, text?. Use ref only where the site already granted the operation, else role + name, which a prompt can show.',
    '- style {ref|selector, set?, addClasses?, removeClasses?, injectCss?}: e.g. hide an overlay; set is inline CSS.',
    "- execute_js {script}: last resort; the page's DOM, not its variables; returns a JSON value.",
    "- session_save {handle}: keeps the site's login.",
    '- session_load {handle}: same site only.',
    "- console_clear: the page's log, then empties it.",
    '- workflow_run {source, inputs?, allowRepeat?, resumeRunId?} → {runId, …} at once. It pauses at goal:, confirm:, api: and prose steps: do the step, then run again with resumeRunId.',
    '- workflow_cancel {runId}',
    '- workflow_record {recordOp, site?}: start records what the person does; stop → {source, …} without typed values.',
    '',
    'execute_js, sessions and recording ask the person every time. At a gate (login wall, consent, human check, rate limit) ask the person; never get around it.',
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
    'Look at your web tabs without changing them. No approval, except on a site not yet allowed (Shared posture) or a tab the person opened.',
    '',
    'Actions (each takes tabId?):',
    '- read {offset?, role?, nameContains?, format?} → {url, page, total, nextOffset?}: what a person can use, a line each (ref role [states]: name); format:"nodes" gives objects.',
    '- screenshot: a JPEG, for layout that read cannot name.',
    '- query {selector, fields?}: DOM data such as tables or computed styles.',
    '- extract: the page as reader-mode markdown, for reading.',
    "- console: the page's log, uncaught errors too.",
    '- wait {navigationId?, timeoutMs?}: the end of a load.',
    '- wait_for {ref | role (+name) | text | urlContains, timeoutMs?} → {matched, …}: waits until that one holds.',
    '- workflow_status {runId}: how a run stands.',
  ].join('\n'),
  inputSchema: browserReadShape,
  annotations: {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: true,
  },
} as const satisfies ToolDefinition<'browser_read'>;
