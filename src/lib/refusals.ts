/**
 * Every refusal code, from the document store to the MCP envelope: one vocabulary, with what each
 * code means to a model (quoted in tool descriptions) and a default message for people.
 *
 * Some codes are finer causes of a code the seeds' reference names: `seed` says which. On the
 * wire the seeds' code goes in `error` and the cause, unchanged, in `reason`
 * (`{error: "INVALID_PATH", reason: "NOT_FOUND"}`), so a client written from the seeds branches on
 * the code it knows. A code without `seed` is sent as it is.
 */

export const REFUSALS = {
  STALE: {
    meaning:
      'The text changed since your read, so nothing was written; current_revision is the revision now: read again, redo the edit and retry.',
    message: 'The document changed since the revision you gave.',
  },
  INVALID_PATCH: {
    meaning:
      'A workflow patch cannot apply as written (such as a missing job or step), so nothing changed; the message says which and why.',
    message: 'A workflow patch cannot apply.',
  },
  INVALID_TAB: {
    meaning:
      'No open tab has that tabId (or it is the wrong tab for this action); see session.get_state.',
    message: 'No such tab.',
  },
  INVALID_WINDOW: {
    seed: 'INVALID_TAB',
    meaning: 'No open window has that windowLabel; see session.get_state for the windows.',
    message: 'No such window.',
  },
  INVALID_PATH: {
    meaning:
      'The path is malformed, out of scope or of an unsupported file type; the message says why.',
    message: 'The path is not valid or not allowed.',
  },
  NOT_FOUND: {
    seed: 'INVALID_PATH',
    meaning: 'Nothing exists at that path (or its folder is missing); check the path.',
    message: 'No such file or folder.',
  },
  NAME_CLASH: {
    seed: 'INVALID_PATH',
    meaning:
      'Something already exists at that path, or another tab has that file open; choose another path.',
    message: 'Something with that name already exists.',
  },
  PERMISSION: {
    seed: 'INVALID_PATH',
    meaning:
      'The browser has lost access to that folder; ask the person to grant it again in VMark Web, then retry.',
    message: 'Access to the folder has to be granted again.',
  },
  TOO_LARGE: {
    seed: 'INVALID_PATH',
    meaning: 'The file is too large to open (over 50 MB).',
    message: 'The file is too large to open.',
  },
  APPROVAL_REQUIRED: {
    meaning:
      'The person must approve and is being asked now; tell them, and retry the same call once they answer.',
    message: 'The person has to approve this first.',
  },
  NOT_WORKFLOW: {
    meaning: 'The tab is not a GitHub Actions workflow, so workflow actions do not apply.',
    message: 'The tab is not a GitHub Actions workflow.',
  },
  READ_ONLY: {
    meaning:
      "The document is read-only (a read-only grant or the person's lock); reads still work.",
    message: 'The document is read-only.',
  },
  NO_EDITOR: {
    meaning: 'No live editor shows the tab this action needs; ask the person to show it.',
    message: 'No live editor shows that tab.',
  },
  BROWSER_DISABLED: {
    meaning: 'The person has turned the browser tools off in Settings → Browser.',
    message: 'The browser tools are turned off.',
  },
  BROWSER_UNAVAILABLE: {
    meaning:
      'The browser for AI tabs cannot be reached: the hub found no Chromium (the person has to install one or set VMARK_CHROMIUM), or VMark Web lost its link to the hub; the message says which.',
    message: 'No browser could be started.',
  },
  TAB_NOT_FOUND: {
    meaning: 'No browser tab has that tabId (it may have closed); open one, or see the open ones.',
    message: 'No such browser tab.',
  },
  TAB_LIMIT: {
    meaning: 'Eight AI browser tabs are open already; close one before opening another.',
    message: 'Too many browser tabs.',
  },
  NAVIGATION_BLOCKED: {
    meaning:
      'The address is not one an AI may visit (loopback, private or local network, or not http or https); nothing was loaded.',
    message: 'That address may not be visited.',
  },
  INVALID_URL: {
    meaning: 'The address is malformed or carries a user name or password; nothing was loaded.',
    message: 'The address is not valid.',
  },
  NAVIGATION_FAILED: {
    meaning: 'The page did not load (a network error or an error status); the message says why.',
    message: 'The page did not load.',
  },
  NAVIGATION_SUPERSEDED: {
    meaning: 'Another navigation of the tab replaced this one before it finished.',
    message: 'Another navigation replaced this one.',
  },
  TIMEOUT: {
    meaning:
      'It did not finish in time; a navigation goes on, and wait with its navigationId gets its result.',
    message: 'It did not finish in time.',
  },
  STALE_REF: {
    meaning: 'The ref comes from an earlier page (the tab navigated since that read); read again.',
    message: 'The ref is from an earlier page.',
  },
  DIALOG_OPEN: {
    meaning:
      'A page dialog (alert, confirm, prompt or leave-page; dialog says which and what it asks) blocks the tab: answer it with act operation "dialog" and accept true or false first, or it is dismissed after 30 s.',
    message: 'A page dialog is open.',
  },
  ATTACHMENT_REQUIRED: {
    meaning:
      'The person opened this tab themselves and is being asked to let the AI use it; retry after they answer.',
    message: 'The person has to attach this tab first.',
  },
  ATTACHMENT_ONCE_INSUFFICIENT: {
    meaning:
      'A one-time attachment cannot cover a repeated check such as wait_for; ask the person to attach the tab until it navigates.',
    message: 'A one-time attachment is not enough for this.',
  },
  SESSION_NOT_FOUND: {
    meaning: 'No saved browser session has that handle.',
    message: 'No such saved session.',
  },
  SESSION_ORIGIN_MISMATCH: {
    meaning:
      'The saved session belongs to another origin than the page now open; navigate to that origin first.',
    message: 'The saved session is for another site.',
  },
  INVALID_WORKFLOW: {
    meaning:
      'The workflow does not parse or a step cannot run as written; the message gives the line.',
    message: 'The workflow cannot run as written.',
  },
  RUN_NOT_FOUND: {
    meaning: 'No workflow run has that runId (runs are forgotten when the hub restarts).',
    message: 'No such workflow run.',
  },
  RUN_ALREADY_ACTIVE: {
    meaning: 'A workflow is already running on that tab (details.runId); wait for it or cancel it.',
    message: 'A workflow is already running on that tab.',
  },
  RESUME_NOT_PAUSED: {
    meaning: 'Only a paused run can be resumed; see workflow_status.',
    message: 'That run is not paused.',
  },
  RESUME_TAB_MISMATCH: {
    meaning: 'The run to resume ran on another tab.',
    message: 'That run ran on another tab.',
  },
  RESUME_SOURCE_MISMATCH: {
    meaning: 'The run to resume ran another workflow; give the same source.',
    message: 'That run ran another workflow.',
  },
  INVALID_ARGUMENT: {
    meaning: 'An argument does not fit this action; the message names it.',
    message: 'An argument is not valid.',
  },
  INTERNAL: {
    meaning: 'Something failed inside VMark Web; the message says what.',
    message: 'Something went wrong inside VMark Web.',
  },
} as const;

export type RefusalCode = keyof typeof REFUSALS;

type Table = typeof REFUSALS;

/** A finer cause: a code the seeds do not name, sent as `reason` beside the seeds' code. */
export type CauseCode = {
  [Code in RefusalCode]: Table[Code] extends { seed: string } ? Code : never;
}[RefusalCode];

/** A code a client sees in `error`: the seeds' codes, the browser's, and the others of our own. */
export type WireCode = Exclude<RefusalCode, CauseCode>;

export function isRefusalCode(code: unknown): code is RefusalCode {
  return typeof code === 'string' && Object.hasOwn(REFUSALS, code);
}

/** The code a refusal is sent under, and the finer cause beside it when there is one. */
export function wireCode(code: RefusalCode): { error: WireCode; reason?: CauseCode } {
  const entry = REFUSALS[code];
  return 'seed' in entry
    ? { error: entry.seed, reason: code as CauseCode }
    : { error: code as WireCode };
}

/** Every code a client may see in `error`. */
export const WIRE_CODES = (Object.keys(REFUSALS) as RefusalCode[]).filter(
  (code) => wireCode(code).reason === undefined,
) as WireCode[];

/** Every finer cause a client may see in `reason`, with the code it comes under. */
export const CAUSE_CODES = (Object.keys(REFUSALS) as RefusalCode[]).filter(
  (code) => wireCode(code).reason !== undefined,
) as CauseCode[];
