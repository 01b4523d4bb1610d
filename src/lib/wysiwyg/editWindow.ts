/**
 * `mergeBlocks` for one edit, on the stretch of the document the edit touched: a keystroke costs
 * time for the blocks it changed, not for every block of a long document.
 *
 * The stretch runs from the last group before the edit to the first group after it (both
 * untouched, taken along so that the separators next to the edit come out as `mergeBlocks` on
 * the whole document makes them), or to the start or end of the document. Groups outside it keep
 * their objects, so `spliceBetween` finds the change by comparing groups.
 */
import { mergeBlocks, type CarryGroup, type MergeResult, type SerializeRun } from './blockMerge';
import type { SourceGroup } from './blockMerge';

/** Where an untouched group lies among the top-level nodes: indices `[start, end)`. */
interface Placed {
  index: number;
  start: number;
  end: number;
}

/**
 * The text after an edit that turned the top-level nodes `before` into `after`. `skip` tells the
 * nodes that carry no text and belong to no group (empty paragraphs); the groups hold the other
 * nodes of `before`, in order. Gives what `mergeBlocks(groups, after without skipped nodes)` gives.
 */
export function mergeEdit<N>(
  groups: readonly SourceGroup<N>[],
  before: readonly N[],
  after: readonly N[],
  skip: (node: N) => boolean,
  serialize: SerializeRun<N>,
  carry?: CarryGroup<N>,
): MergeResult<N> {
  const whole = () =>
    mergeBlocks(
      groups,
      after.filter((n) => !skip(n)),
      serialize,
      carry,
    );
  const min = Math.min(before.length, after.length);
  let same = 0;
  while (same < min && before[same] === after[same]) same++;
  let sameEnd = 0;
  while (
    sameEnd < min - same &&
    before[before.length - 1 - sameEnd] === after[after.length - 1 - sameEnd]
  ) {
    sameEnd++;
  }
  const front = lastGroupWithin(groups, before, skip, same);
  const back = firstGroupFrom(groups, before, skip, before.length - sameEnd);
  if (front === null || back === null) return whole();
  const lo = front?.index ?? 0;
  const hi = back ? back.index + 1 : groups.length;
  if (front && back && back.index <= front.index) return whole();
  const from = front?.start ?? 0;
  const to = back ? back.end + after.length - before.length : after.length;
  const children = after.slice(from, to).filter((n) => !skip(n));
  const part = mergeBlocks(groups.slice(lo, hi), children, serialize, carry);
  return {
    groups: [...groups.slice(0, lo), ...part.groups, ...groups.slice(hi)],
    serialisedRuns: part.serialisedRuns,
    carriedGroups: part.carriedGroups,
  };
}

/**
 * The last group with nodes that lies wholly in `before[0, limit)`: undefined when there is none,
 * null when the groups do not match the nodes (then the whole document is merged).
 */
function lastGroupWithin<N>(
  groups: readonly SourceGroup<N>[],
  before: readonly N[],
  skip: (node: N) => boolean,
  limit: number,
): Placed | undefined | null {
  let found: Placed | undefined;
  let i = 0;
  for (let k = 0; k < groups.length; k++) {
    const nodes = groups[k].nodes;
    if (nodes.length === 0) continue;
    let start = -1;
    for (const n of nodes) {
      while (i < before.length && before[i] !== n && skip(before[i])) i++;
      if (before[i] !== n) return null;
      if (start < 0) start = i;
      i++;
    }
    if (i > limit) break;
    found = { index: k, start, end: i };
  }
  return found;
}

/** The first group with nodes that lies wholly in `before[limit, end)` (see `lastGroupWithin`). */
function firstGroupFrom<N>(
  groups: readonly SourceGroup<N>[],
  before: readonly N[],
  skip: (node: N) => boolean,
  limit: number,
): Placed | undefined | null {
  let found: Placed | undefined;
  let j = before.length - 1;
  for (let k = groups.length - 1; k >= 0; k--) {
    const nodes = groups[k].nodes;
    if (nodes.length === 0) continue;
    let end = -1;
    for (let m = nodes.length - 1; m >= 0; m--) {
      const n = nodes[m];
      while (j >= 0 && before[j] !== n && skip(before[j])) j--;
      if (before[j] !== n) return null;
      if (end < 0) end = j + 1;
      j--;
    }
    if (j + 1 < limit) break;
    found = { index: k, start: j + 1, end };
  }
  return found;
}
