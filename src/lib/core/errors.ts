/** Refusals as values, with the codes of the one vocabulary in ../refusals.ts. */
import { REFUSALS, type RefusalCode } from '../refusals';

export type ErrorCode = RefusalCode;

export interface Refusal {
  ok: false;
  error: ErrorCode;
  message: string;
  current_revision?: string;
  /** With STALE for a window's edit: the version the document is at. */
  current_version?: number;
  /** With INVALID_PATCH: the index of the patch that cannot apply. */
  index?: number;
}

export type Result<T extends object = object> = ({ ok: true } & T) | Refusal;

export function refuse(error: ErrorCode, message?: string, extra: Partial<Refusal> = {}): Refusal {
  return { ok: false, error, message: message ?? REFUSALS[error].message, ...extra };
}
