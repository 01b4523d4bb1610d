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
    meaning: 'Nothing written: read again, redo your change, retry with current_revision.',
    message: 'The document changed since the revision you gave.',
  },
  INVALID_PATCH: {
    meaning: 'Nothing changed; index says which patch cannot apply.',
    message: 'A workflow patch cannot apply.',
  },
  INVALID_TAB: {
    meaning: 'No such tab, or not the one needed (selection: the focused tab).',
    message: 'No such tab.',
  },
  INVALID_WINDOW: {
    seed: 'INVALID_TAB',
    message: 'No such window.',
  },
  INVALID_PATH: {
    meaning: 'Malformed, out of scope or a type that does not open.',
    message: 'The path is not valid or not allowed.',
  },
  NOT_FOUND: {
    seed: 'INVALID_PATH',
    message: 'No such file or folder.',
  },
  NAME_CLASH: {
    seed: 'INVALID_PATH',
    meaning: 'Something is there, or another tab has that file open.',
    message: 'Something with that name already exists.',
  },
  PERMISSION: {
    seed: 'INVALID_PATH',
    meaning: 'The person must grant the folder again.',
    message: 'Access to the folder has to be granted again.',
  },
  TOO_LARGE: {
    seed: 'INVALID_PATH',
    meaning: 'Over 50 MB.',
    message: 'The file is too large to open.',
  },
  APPROVAL_REQUIRED: {
    message: 'The person has to approve this first.',
  },
  NOT_WORKFLOW: {
    message: 'The tab is not a GitHub Actions workflow.',
  },
  READ_ONLY: {
    meaning: 'Do not work around it.',
    message: 'The document is read-only.',
  },
  BUSY: {
    meaning:
      'An input method composing in that tab, or coherence scanning (progress); nothing changed; retry after retry_after_ms.',
    message: 'The person is composing text in that tab.',
  },
  NO_EDITOR: {
    meaning: 'Ask the person to show the tab in an editor.',
    message: 'No live editor shows that tab.',
  },
  BROWSER_DISABLED: {
    driver: true,
    meaning: 'Turned off by the person (workflow_status and workflow_cancel still work).',
    message: 'The browser tools are turned off.',
  },
  BROWSER_UNAVAILABLE: {
    driver: true,
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
    meaning: 'Local, private, or not http(s).',
    message: 'That address may not be visited.',
  },
  INVALID_URL: {
    driver: true,
    meaning: 'Malformed, or holds a user name or password.',
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
    meaning: 'A load that timed out goes on: wait with its navigationId.',
    message: 'It did not finish in time.',
  },
  STALE_REF: {
    driver: true,
    meaning: 'Read the page again.',
    message: 'The ref is from an earlier page.',
  },
  DIALOG_OPEN: {
    driver: true,
    meaning: 'Answer it (act operation dialog) or it is dismissed after 30 s.',
    message: 'A page dialog is open.',
  },
  ATTACHMENT_REQUIRED: {
    driver: true,
    meaning: 'The person is asked to let you use their tab; retry once they answer.',
    message: 'The person has to attach this tab first.',
  },
  ATTACHMENT_ONCE_INSUFFICIENT: {
    driver: true,
    meaning: 'A one-time attachment is not enough: ask for one until the tab navigates.',
    message: 'A one-time attachment is not enough for this.',
  },
  SESSION_NOT_FOUND: {
    driver: true,
    message: 'No such saved session.',
  },
  SESSION_ORIGIN_MISMATCH: {
    driver: true,
    meaning: "Go to the session's site first.",
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
    meaning: 'Wait for that run (details.runId) or cancel it.',
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
