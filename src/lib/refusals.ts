/**
 * Every refusal code, from the document store to the MCP envelope: one vocabulary, with a default
 * message for people and, where the code's name does not say it, what it means to a model (said
 * once, in the server's instructions: src/lib/mcp/instructions.ts).
 *
 * Some codes are finer causes of a code the seeds' reference names: `seed` says which. On the
 * wire the seeds' code goes in `error` and the cause, unchanged, in `reason`
 * (`{error: "INVALID_PATH", reason: "NOT_FOUND"}`), so a client written from the seeds branches on
 * the code it knows. A code without `seed` is sent as it is.
 */

export const REFUSALS = {
  STALE: {
    meaning:
      'Nothing written: read again, redo your change on the new text, retry with current_revision.',
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
      'Typing with an input method in that tab; nothing changed; retry after retry_after_ms.',
    message: 'The person is composing text in that tab.',
  },
  NO_EDITOR: {
    meaning: 'Ask the person to show the tab in an editor.',
    message: 'No live editor shows that tab.',
  },
  BROWSER_DISABLED: {
    meaning: 'Turned off by the person (workflow_status and workflow_cancel still work).',
    message: 'The browser tools are turned off.',
  },
  BROWSER_UNAVAILABLE: {
    message: 'No browser could be started.',
  },
  TAB_NOT_FOUND: {
    message: 'No such browser tab.',
  },
  TAB_LIMIT: {
    meaning: 'Eight AI tabs are open; close one.',
    message: 'Too many browser tabs.',
  },
  NAVIGATION_BLOCKED: {
    meaning: 'Local, private, or not http(s).',
    message: 'That address may not be visited.',
  },
  INVALID_URL: {
    meaning: 'Malformed, or holds a user name or password.',
    message: 'The address is not valid.',
  },
  NAVIGATION_FAILED: {
    message: 'The page did not load.',
  },
  NAVIGATION_SUPERSEDED: {
    message: 'Another navigation replaced this one.',
  },
  TIMEOUT: {
    meaning: 'A load that timed out goes on: wait with its navigationId.',
    message: 'It did not finish in time.',
  },
  STALE_REF: {
    meaning: 'Read the page again.',
    message: 'The ref is from an earlier page.',
  },
  DIALOG_OPEN: {
    meaning: 'Answer it (act operation dialog) or it is dismissed after 30 s.',
    message: 'A page dialog is open.',
  },
  ATTACHMENT_REQUIRED: {
    meaning: 'The person is asked to let you use their tab; retry once they answer.',
    message: 'The person has to attach this tab first.',
  },
  ATTACHMENT_ONCE_INSUFFICIENT: {
    meaning: 'A one-time attachment is not enough: ask for one until the tab navigates.',
    message: 'A one-time attachment is not enough for this.',
  },
  SESSION_NOT_FOUND: {
    message: 'No such saved session.',
  },
  SESSION_ORIGIN_MISMATCH: {
    meaning: "Go to the session's site first.",
    message: 'The saved session is for another site.',
  },
  INVALID_WORKFLOW: {
    message: 'The workflow cannot run as written.',
  },
  RUN_NOT_FOUND: {
    message: 'No such workflow run.',
  },
  RUN_ALREADY_ACTIVE: {
    meaning: 'Wait for that run (details.runId) or cancel it.',
    message: 'A workflow is already running on that tab.',
  },
  RESUME_NOT_PAUSED: {
    message: 'That run is not paused.',
  },
  RESUME_TAB_MISMATCH: {
    message: 'That run ran on another tab.',
  },
  RESUME_SOURCE_MISMATCH: {
    message: 'That run ran another workflow.',
  },
  INVALID_ARGUMENT: {
    message: 'An argument is not valid.',
  },
  INTERNAL: {
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
