/**
 * Every refusal code, from the document store to the MCP envelope: one vocabulary, with a default
 * message for people and, where the code's name does not say it, what it means to a model (said
 * once, in the server's instructions: src/lib/mcp/instructions.ts).
 *
 * Some codes are finer causes of a code the seeds' reference names: `seed` says which. On the
 * wire the seeds' code goes in `error` and the cause, unchanged, in `reason`
 * (`{error: "INVALID_PATH", reason: "NOT_FOUND"}`), so a client written from the seeds branches on
 * the code it knows. A code without `seed` is sent as it is.
 *
 * `driver: true` marks the codes the hub's browser driver refuses with (`DriverErrorCode`), so the
 * relay cannot use a code this table does not have.
 */

export const REFUSALS = {
  STALE: {
    meaning:
      'The text changed since your read and nothing was written: read again, redo your change on the new text and retry with current_revision, never unchanged.',
    message: 'The document changed since the revision you gave.',
  },
  INVALID_PATCH: {
    meaning: 'A patch cannot apply and nothing changed; index and message say which.',
    message: 'A workflow patch cannot apply.',
  },
  INVALID_TAB: {
    meaning: 'No such tab, or not the one the action needs (selection: the focused tab).',
    message: 'No such tab.',
  },
  INVALID_WINDOW: {
    seed: 'INVALID_TAB',
    message: 'No such window.',
  },
  INVALID_PATH: {
    meaning: 'The path is malformed, out of scope or of a type that does not open.',
    message: 'The path is not valid or not allowed.',
  },
  NOT_FOUND: {
    seed: 'INVALID_PATH',
    message: 'No such file or folder.',
  },
  NAME_CLASH: {
    seed: 'INVALID_PATH',
    meaning: 'Something is there already, or another tab has that file open.',
    message: 'Something with that name already exists.',
  },
  PERMISSION: {
    seed: 'INVALID_PATH',
    meaning: 'The browser lost access to the folder; the person must grant it again.',
    message: 'Access to the folder has to be granted again.',
  },
  TOO_LARGE: {
    seed: 'INVALID_PATH',
    meaning: 'The file is over 50 MB.',
    message: 'The file is too large to open.',
  },
  APPROVAL_REQUIRED: {
    meaning: 'The person is being asked (see Approvals).',
    message: 'The person has to approve this first.',
  },
  NOT_WORKFLOW: {
    message: 'The tab is not a GitHub Actions workflow.',
  },
  READ_ONLY: {
    meaning: 'The document is read-only; do not work around it.',
    message: 'The document is read-only.',
  },
  BUSY: {
    meaning:
      'The person is composing text with an input method in that tab and nothing changed; retry after retry_after_ms.',
    message: 'The person is composing text in that tab.',
  },
  NO_EDITOR: {
    meaning: 'No live editor shows the tab; ask the person to show it.',
    message: 'No live editor shows that tab.',
  },
  BROWSER_DISABLED: {
    driver: true,
    meaning:
      'The person turned the browser tools off (workflow_status and workflow_cancel still work).',
    message: 'The browser tools are turned off.',
  },
  BROWSER_UNAVAILABLE: {
    driver: true,
    meaning: 'No browser for AI tabs can be reached; the message says why.',
    message: 'No browser could be started.',
  },
  TAB_NOT_FOUND: {
    driver: true,
    message: 'No such browser tab.',
  },
  TAB_LIMIT: {
    driver: true,
    meaning: 'Eight AI tabs are open; close one.',
    message: 'Too many browser tabs.',
  },
  NAVIGATION_BLOCKED: {
    driver: true,
    meaning: 'Not an address an AI may visit (local, private, or not http or https).',
    message: 'That address may not be visited.',
  },
  INVALID_URL: {
    driver: true,
    meaning: 'The address is malformed or holds a user name or password.',
    message: 'The address is not valid.',
  },
  NAVIGATION_FAILED: {
    driver: true,
    message: 'The page did not load.',
  },
  NAVIGATION_SUPERSEDED: {
    driver: true,
    message: 'Another navigation replaced this one.',
  },
  TIMEOUT: {
    driver: true,
    meaning: 'Not done in time; a load goes on: wait with its navigationId.',
    message: 'It did not finish in time.',
  },
  STALE_REF: {
    driver: true,
    meaning: 'The ref is from an earlier page: read again.',
    message: 'The ref is from an earlier page.',
  },
  DIALOG_OPEN: {
    driver: true,
    meaning:
      'A page dialog blocks the tab: answer it (act operation dialog) or it is dismissed after 30 s.',
    message: 'A page dialog is open.',
  },
  ATTACHMENT_REQUIRED: {
    driver: true,
    meaning: 'The person opened this tab and is asked to let you use it; retry once they answer.',
    message: 'The person has to attach this tab first.',
  },
  ATTACHMENT_ONCE_INSUFFICIENT: {
    driver: true,
    meaning:
      'A one-time attachment cannot cover a repeated check; ask for one until the tab navigates.',
    message: 'A one-time attachment is not enough for this.',
  },
  SESSION_NOT_FOUND: {
    driver: true,
    message: 'No such saved session.',
  },
  SESSION_ORIGIN_MISMATCH: {
    driver: true,
    meaning: 'The saved session is for another site; go there first.',
    message: 'The saved session is for another site.',
  },
  INVALID_WORKFLOW: {
    driver: true,
    message: 'The workflow cannot run as written.',
  },
  RUN_NOT_FOUND: {
    driver: true,
    message: 'No such workflow run.',
  },
  RUN_ALREADY_ACTIVE: {
    driver: true,
    meaning: 'A run is going on that tab (details.runId); wait for it or cancel it.',
    message: 'A workflow is already running on that tab.',
  },
  RESUME_NOT_PAUSED: {
    driver: true,
    message: 'That run is not paused.',
  },
  RESUME_TAB_MISMATCH: {
    driver: true,
    message: 'That run ran on another tab.',
  },
  RESUME_SOURCE_MISMATCH: {
    driver: true,
    message: 'That run ran another workflow.',
  },
  INVALID_ARGUMENT: {
    driver: true,
    message: 'An argument is not valid.',
  },
  INTERNAL: {
    driver: true,
    message: 'Something went wrong inside VMark Web.',
  },
} as const;

export type RefusalCode = keyof typeof REFUSALS;

/**
 * The refusals only the person's own Browser and Workflows panels get, never an AI client: the
 * person said no to the prompt a panel's command needed. Not on the wire, so no seed and no
 * meaning for a model; like the browser's codes, a code of its own.
 */
export const PANEL_REFUSALS = {
  NOT_ALLOWED: {
    message: 'You did not allow it, so nothing was done.',
  },
} as const;

export type PanelRefusalCode = keyof typeof PANEL_REFUSALS;

type Table = typeof REFUSALS;

/** A code the hub's browser driver refuses with (in a `DriverResult`). */
export type DriverErrorCode = {
  [Code in RefusalCode]: Table[Code] extends { driver: true } ? Code : never;
}[RefusalCode];

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
