/** Shapes several tools share: the refusal envelopes of SPEC §2 and the seeds' STALE envelope. */
import { literal, nonEmptyString, object, revision, type Check, type Field } from './shapes';

/** `{error: CODE, message}`: a domain refusal. */
export function refusalOf(code: string, extra: Record<string, Field> = {}): Check {
  return object({ error: literal(code), message: nonEmptyString, ...extra });
}

/** `{error: "STALE", message, current_revision}`, exactly as the seeds give it. */
export const STALE = refusalOf('STALE', { current_revision: revision });
