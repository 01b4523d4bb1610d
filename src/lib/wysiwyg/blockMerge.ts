/**
 * Block-preserving serialisation. A document shown in the WYSIWYG editor is a list of top-level
 * nodes; each node came from a source group (one or more top-level blocks of the original text).
 * ProseMirror keeps untouched nodes as the very same objects across edits, so a group whose nodes
 * are all still present, in order and by identity, is emitted with its original bytes, and only
 * the runs of new or changed nodes are serialised.
 */

/** A slice of the document text and the top-level nodes it produced (none for hidden content). */
export interface SourceGroup<N> {
  nodes: readonly N[];
  /** The exact source, including the blank lines that follow it. */
  source: string;
}

export interface MergeResult<N> {
  groups: SourceGroup<N>[];
  /** How many runs of changed nodes were serialised. */
  serialisedRuns: number;
  /** How many changed groups kept their source, with the edit carried over to it. */
  carriedGroups: number;
}

/** Serialises a run of top-level nodes to markdown (without caring about trailing newlines). */
export type SerializeRun<N> = (nodes: readonly N[]) => string;

/**
 * Rewrites a group's source for the nodes that took its place (as many as it had): gives the new
 * text without its trailing line breaks, or null when the source cannot be kept.
 */
export type CarryGroup<N> = (group: SourceGroup<N>, nodes: readonly N[]) => string | null;

/** The line breaks (with any spaces or tabs between them) that end `source`. */
export function trailingBreaks(source: string): string {
  let cut = source.length;
  let i = source.length - 1;
  while (i >= 0) {
    const c = source.charCodeAt(i);
    if (c === 10) cut = i;
    else if (c !== 32 && c !== 9) break;
    i--;
  }
  return source.slice(cut);
}

function breakCount(source: string): number {
  return trailingBreaks(source).split('\n').length - 1;
}

export function withoutTrailingBreaks(source: string): string {
  return source.slice(0, source.length - trailingBreaks(source).length);
}

/** Finds the groups that survive intact and in their original order (greedy, left to right). */
function keptGroups<N>(
  groups: readonly SourceGroup<N>[],
  children: readonly N[],
): Map<number, number> {
  const position = new Map<N, number>();
  children.forEach((child, i) => position.set(child, i));
  const kept = new Map<number, number>(); // group index -> start position in children
  let lastEnd = 0;
  groups.forEach((group, gi) => {
    if (group.nodes.length === 0) return;
    const start = position.get(group.nodes[0]);
    if (start === undefined || start < lastEnd) return;
    for (let k = 1; k < group.nodes.length; k++) {
      if (children[start + k] !== group.nodes[k]) return;
    }
    kept.set(gi, start);
    lastEnd = start + group.nodes.length;
  });
  return kept;
}

/** How a run's nodes stand against the groups they replaced (see `pairRun`). */
interface Pairing<N> {
  /** New groups for the paired groups, by index in the replaced groups. */
  carried: Map<number, SourceGroup<N>>;
  /** Replaced groups before `front` were paired from the front, those from `back` on from the back. */
  front: number;
  back: number;
  /** The run's nodes `[lo, hi)` paired with no group. */
  lo: number;
  hi: number;
}

/**
 * Pairs the changed groups of a run with the nodes that replaced them, from the front and then
 * from the back, as long as `carry` keeps their source.
 */
function pairRun<N>(
  run: readonly N[],
  replaced: readonly SourceGroup<N>[],
  carry: CarryGroup<N> | undefined,
): Pairing<N> {
  const carried = new Map<number, SourceGroup<N>>();
  const attempt = (k: number, at: number): boolean => {
    const g = replaced[k];
    if (!carry || at < 0 || at + g.nodes.length > run.length) return false;
    const nodes = run.slice(at, at + g.nodes.length);
    const text = carry(g, nodes);
    if (text === null) return false;
    carried.set(k, { nodes, source: text + trailingBreaks(g.source) });
    return true;
  };
  let lo = 0;
  let front = 0;
  for (; front < replaced.length; front++) {
    const size = replaced[front].nodes.length;
    if (size > 0 && !attempt(front, lo)) break;
    lo += size;
  }
  let hi = run.length;
  let back = replaced.length;
  if (front < replaced.length) {
    // Hidden groups at the end stay after the serialised middle, as before any pairing.
    while (back > front && replaced[back - 1].nodes.length === 0) back--;
    for (let k = back - 1; k > front; k--) {
      const size = replaced[k].nodes.length;
      if (size > 0 && (hi - size < lo || !attempt(k, hi - size))) break;
      hi -= size;
      back = k;
    }
  }
  return { carried, front, back, lo, hi };
}

/**
 * Rebuilds the document text after an edit. `children` are the new top-level nodes; `groups` the
 * groups of the previous text (their sources concatenate to it). With `carry`, a changed group
 * keeps its source with the edit carried over to it when `carry` can do that; otherwise changed
 * nodes are serialised.
 */
export function mergeBlocks<N>(
  groups: readonly SourceGroup<N>[],
  children: readonly N[],
  serialize: SerializeRun<N>,
  carry?: CarryGroup<N>,
): MergeResult<N> {
  const kept = keptGroups(groups, children);
  const lastSource = groups.length ? groups[groups.length - 1].source : '';
  // A document that was empty ends with a newline, as text files should.
  const finalBreak = lastSource === '' || trailingBreaks(lastSource).length > 0 ? '\n' : '';

  // `origin` is the group's index in the previous text for pieces that stand in its place
  // (verbatim, or with an edit carried over), -1 for serialised runs.
  type Piece = { group: SourceGroup<N>; verbatim: boolean; origin: number };
  const pieces: Piece[] = [];
  let serialisedRuns = 0;
  let carriedGroups = 0;
  let childAt = 0;
  let gi = 0;

  const flushRun = (runEnd: number, replaced: SourceGroup<N>[], firstIndex: number) => {
    const run = children.slice(childAt, runEnd);
    const pairing = pairRun(run, replaced, carry);
    const rest = run.slice(pairing.lo, pairing.hi);
    // The serialised middle ends as the last group it replaces ended.
    const unpaired = replaced.filter((g, k) => g.nodes.length > 0 && !pairing.carried.has(k));
    const last = unpaired[unpaired.length - 1];
    let middleDone = rest.length === 0;
    const emitMiddle = () => {
      if (middleDone) return;
      middleDone = true;
      const body = withoutTrailingBreaks(serialize(rest));
      const sep = body === '' ? '' : last ? trailingBreaks(last.source) || '\n\n' : '\n\n';
      pieces.push({ group: { nodes: rest, source: body + sep }, verbatim: false, origin: -1 });
      serialisedRuns++;
    };
    replaced.forEach((g, k) => {
      const origin = firstIndex + k;
      // The middle goes where the first group it replaces was, or before the back pairs.
      if (k >= pairing.back || (k >= pairing.front && g.nodes.length > 0)) emitMiddle();
      const mine = pairing.carried.get(k);
      if (mine) {
        pieces.push({ group: mine, verbatim: false, origin });
        carriedGroups++;
      } else if (g.nodes.length === 0) pieces.push({ group: g, verbatim: true, origin });
    });
    emitMiddle();
    childAt = runEnd;
  };

  while (gi < groups.length) {
    const start = kept.get(gi);
    if (start === undefined) {
      // Collect every group up to the next kept one: they were changed or deleted.
      const firstIndex = gi;
      const replaced: SourceGroup<N>[] = [];
      while (gi < groups.length && !kept.has(gi)) replaced.push(groups[gi++]);
      const runEnd = gi < groups.length ? (kept.get(gi) as number) : children.length;
      flushRun(runEnd, replaced, firstIndex);
      continue;
    }
    if (start > childAt) flushRun(start, [], gi); // nodes inserted before this group
    pieces.push({ group: groups[gi], verbatim: true, origin: gi });
    childAt = start + groups[gi].nodes.length;
    gi++;
  }
  if (childAt < children.length) flushRun(children.length, [], groups.length);

  // Separators: two pieces that were not neighbours before are kept apart by a blank line (so a
  // paragraph never swallows the next block); the last piece ends the way the document ended.
  // Pieces with no text (runs of empty paragraphs) take no part in this.
  const texts = pieces.map((p) => p.group.source);
  const shown = pieces.map((_, i) => i).filter((i) => texts[i] !== '');
  shown.forEach((i, k) => {
    const p = pieces[i];
    const next = k + 1 < shown.length ? pieces[shown[k + 1]] : undefined;
    if (next) {
      const neighbours = p.origin >= 0 && next.origin === p.origin + 1;
      if (!neighbours && breakCount(texts[i]) < 2)
        texts[i] = withoutTrailingBreaks(texts[i]) + '\n\n';
    } else if (p.origin < 0 || p.origin !== groups.length - 1) {
      texts[i] = withoutTrailingBreaks(texts[i]) + finalBreak;
    }
  });
  const out: SourceGroup<N>[] = pieces.map((p, i) =>
    texts[i] === p.group.source ? p.group : { nodes: p.group.nodes, source: texts[i] },
  );
  return { groups: out, serialisedRuns, carriedGroups };
}

/** The text the groups make up. */
export function textOf<N>(groups: readonly SourceGroup<N>[]): string {
  return groups.map((g) => g.source).join('');
}

/**
 * The change from one list of groups to the next, as one splice of the text, found by comparing
 * groups (not characters): the cost depends on the number of blocks, not on the document's size.
 */
export function spliceBetween<N>(
  before: readonly SourceGroup<N>[],
  after: readonly SourceGroup<N>[],
): { from: number; to: number; insert: string } | null {
  let head = 0;
  let from = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) {
    from += before[head].source.length;
    head++;
  }
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  ) {
    tail++;
  }
  const removed = textOf(before.slice(head, before.length - tail));
  const insert = textOf(after.slice(head, after.length - tail));
  if (removed === insert) return null;
  // Trim what the changed stretch has in common at its edges, so the splice stays small.
  let start = 0;
  const max = Math.min(removed.length, insert.length);
  while (start < max && removed.charCodeAt(start) === insert.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < max - start &&
    removed.charCodeAt(removed.length - 1 - end) === insert.charCodeAt(insert.length - 1 - end)
  ) {
    end++;
  }
  return {
    from: from + start,
    to: from + removed.length - end,
    insert: insert.slice(start, insert.length - end),
  };
}
