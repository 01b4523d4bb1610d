/**
 * A `browser_read` read answer within SPEC §2's byte bound. The agent caps a snapshot at 2,000
 * nodes, which can still be more than 75,000 bytes of JSON; rather than a preview that does not
 * parse, the answer keeps the first nodes whole, in page order, and says how many there were.
 */
import { MAX_RESULT_BYTES } from './envelopes';
import { longestFittingPrefix } from './listCut';

/** A read answer from the driver: `snapshot` (the nodes), `truncated`, and the page's fields. */
export interface ReadAnswer {
  snapshot: unknown[];
  [field: string]: unknown;
}

function isReadAnswer(data: Record<string, unknown>): data is ReadAnswer {
  return Array.isArray(data.snapshot);
}

/**
 * The read answer as it is when it fits `maxBytes`; otherwise its first nodes that fit, with
 * `truncated: true`, `snapshotTotal` and a note saying how to reach the rest.
 */
export function readAnswer(
  data: Record<string, unknown>,
  maxBytes: number = MAX_RESULT_BYTES,
): Record<string, unknown> {
  if (!isReadAnswer(data)) return data;
  const all = data.snapshot;
  const render = (shown: number): Record<string, unknown> =>
    shown === all.length
      ? data
      : {
          ...data,
          snapshot: all.slice(0, shown),
          truncated: true,
          snapshotTotal: all.length,
          truncation_note: `Listed the first ${shown} of ${all.length} elements, in page order, to keep this answer within ${maxBytes.toLocaleString('en-US')} bytes. For the rest, query a part of the page with a CSS selector, or act by role and name.`,
        };
  return render(longestFittingPrefix(all.length, render, maxBytes));
}
