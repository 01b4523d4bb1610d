/**
 * Cutting a list answer at a whole element (SPEC §2's 75,000-byte bound). `limitSize` replaces an
 * answer that is too large by a preview, which is not valid JSON; a list is better served by
 * keeping as many whole elements as fit and saying how to ask for the rest, so the answer still
 * parses and every element in it is complete.
 */

import { MAX_RESULT_BYTES, utf8ByteLength } from './envelopes';

/** UTF-8 bytes of a value's compact JSON, as `success` sends it. */
export function jsonBytes(value: unknown): number {
  return utf8ByteLength(JSON.stringify(value));
}

/**
 * The largest `n` in `0..count` for which the answer `render(n)` (built with the first `n`
 * elements, and with whatever it says about a cut when `n < count`) fits `maxBytes` as compact
 * JSON. The whole list is tried first; otherwise a binary search, which relies on the answer
 * growing with `n` (each element adds bytes; a count in a note never shrinks as `n` grows).
 * Returns 0 when not even an empty list fits: the caller still answers, and `limitSize` is the
 * last resort.
 */
export function longestFittingPrefix(
  count: number,
  render: (n: number) => unknown,
  maxBytes: number = MAX_RESULT_BYTES,
): number {
  if (jsonBytes(render(count)) <= maxBytes) return count;
  let fits = 0;
  let tooBig = count;
  while (tooBig - fits > 1) {
    const mid = Math.floor((fits + tooBig) / 2);
    if (jsonBytes(render(mid)) <= maxBytes) fits = mid;
    else tooBig = mid;
  }
  return fits;
}
