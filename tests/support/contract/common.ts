/** Shapes several tools share: the refusal envelopes of SPEC §2 and the seeds' STALE envelope. */
import {
  ABSENT,
  literal,
  nonEmptyString,
  object,
  revision,
  type Check,
  type Field,
} from './shapes';

/**
 * `{error: CODE, message}`: a domain refusal. It has no `reason` unless `extra` gives one: only a
 * finer cause sent under the seeds' code (`INVALID_PATH` with reason `NOT_FOUND`…) carries one;
 * the seeds' codes themselves, the browser's and `BUSY` are codes of their own (issue 25 §1).
 */
export function refusalOf(code: string, extra: Record<string, Field> = {}): Check {
  return object({ error: literal(code), message: nonEmptyString, reason: ABSENT, ...extra });
}

/** `{error: "STALE", message, current_revision}`, exactly as the seeds give it. */
export const STALE = refusalOf('STALE', { current_revision: revision });
