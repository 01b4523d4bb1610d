/**
 * The one STALE rule: a change made against a revision the document has moved past is refused,
 * saying where the document is now, so the client reads again. The core's transaction, an AI
 * client's mutation and a window's selection all ask it.
 */
import { refuse, type Refusal } from '../result';

/** Where the document is now: its revision, and for the core its version too. */
export interface Current {
  revision: string;
  version?: number;
}

/**
 * A STALE refusal when `expected` is given and is not the current revision, else null.
 * `again` is the sentence that tells the client what to read again.
 */
export function staleRevision(
  current: Current,
  expected: string | undefined,
  again = 'Read it again.',
): Refusal | null {
  if (expected === undefined || expected === current.revision) return null;
  return refuse(
    'STALE',
    `The document changed: it is at ${current.revision}, not ${expected}. ${again}`,
    current.version === undefined
      ? { current_revision: current.revision }
      : { current_revision: current.revision, current_version: current.version },
  );
}
