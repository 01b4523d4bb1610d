/** Refusals as values, with the codes of the one vocabulary in refusals.ts. */
import { COMPOSING_RETRY_AFTER_MS } from './collab/compositions';
import { REFUSALS, type RefusalCode } from '../shared/refusals';

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
  /** With BUSY: how long to wait before trying again. */
  retry_after_ms?: number;
}

export type Result<T extends object = object> = ({ ok: true } & T) | Refusal;

export function refuse(error: ErrorCode, message?: string, extra: Partial<Refusal> = {}): Refusal {
  return { ok: false, error, message: message ?? REFUSALS[error].message, ...extra };
}

/** An AI's change of a tab in which the person is composing text with an input method. */
export function composingRefusal(): Refusal {
  return refuse(
    'BUSY',
    `The person is composing text with an input method in this tab, so nothing was changed. Try again in ${COMPOSING_RETRY_AFTER_MS} ms.`,
    { retry_after_ms: COMPOSING_RETRY_AFTER_MS },
  );
}
