/** The refusal codes shared by the core, the UI and (later) the MCP surface, with their meaning. */
export const ERROR_CODES = {
  STALE: 'The document changed since the revision you gave.',
  INVALID_TAB: 'No such tab.',
  INVALID_PATH: 'The path is not valid or not allowed.',
  APPROVAL_REQUIRED: 'The person has to approve this first.',
  READ_ONLY: 'The document is read-only.',
  NO_EDITOR: 'No live editor shows that tab.',
  NOT_WORKFLOW: 'The tab is not a GitHub Actions workflow.',
  INVALID_PATCH: 'A workflow patch cannot apply.',
  NAME_CLASH: 'Something with that name already exists.',
  NOT_FOUND: 'No such file or folder.',
  PERMISSION: 'Access to the folder has to be granted again.',
  TOO_LARGE: 'The file is too large to open.',
  INTERNAL: 'Something went wrong inside VMark Web.',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface Refusal {
  ok: false;
  error: ErrorCode;
  message: string;
  current_revision?: string;
}

export type Result<T extends object = object> = ({ ok: true } & T) | Refusal;

export function refuse(error: ErrorCode, message?: string, extra: Partial<Refusal> = {}): Refusal {
  return { ok: false, error, message: message ?? ERROR_CODES[error], ...extra };
}
