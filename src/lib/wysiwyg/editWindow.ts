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
  const front = nearestUntouched(groups, before, skip, same, false);
  const back = nearestUntouched(groups, before, skip, before.length - sameEnd, true);
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
 * The group nearest the edit that lies wholly outside it, walking the groups from the front (the
 * last one within `before[0, limit)`) or from the back (the first one within `before[limit, end)`):
 * undefined when there is none, null when the groups do not match the nodes (then the whole
 * document is merged).
 */
function nearestUntouched<N>(
  groups: readonly SourceGroup<N>[],
  before: readonly N[],
  skip: (node: N) => boolean,
  limit: number,
  fromBack: boolean,
): Placed | undefined | null {
  const step = fromBack ? -1 : 1;
  let found: Placed | undefined;
  let i = fromBack ? before.length - 1 : 0;
  for (let k = fromBack ? groups.length - 1 : 0; k >= 0 && k < groups.length; k += step) {
    const nodes = groups[k].nodes;
    if (nodes.length === 0) continue;
    let edge = -1;
    for (let m = 0; m < nodes.length; m++) {
      const n = nodes[fromBack ? nodes.length - 1 - m : m];
      while (i >= 0 && i < before.length && before[i] !== n && skip(before[i])) i += step;
      if (before[i] !== n) return null;
      if (edge < 0) edge = i;
      i += step;
    }
    const start = fromBack ? i + 1 : edge;
    const end = fromBack ? edge + 1 : i;
    if (fromBack ? start < limit : end > limit) break;
    found = { index: k, start, end };
  }
  return found;
}
