/**
 * Carrying an edit over to the text it was made on. A block's source and its canonical
 * serialisation differ only where the serialiser normalised syntax; an edit changes the canonical
 * text in a few places. Aligning the source with the old canonical text tells where those places
 * are in the source, so the edit can be made there and nothing else changes.
 */
import { diffTexts, type Segment } from './textDiff';

/** A stretch of the alignment with where it starts in both texts. */
interface Placed extends Segment {
  /** Start in the source. */
  s: number;
  /** Start in the canonical text. */
  c: number;
}

/** A change of the canonical text: `[from, to)` of the old one became `[from1, to1)` of the new. */
interface Hunk {
  from: number;
  to: number;
  from1: number;
  to1: number;
}

/** Which side of syntax that only the source has (at the very place of an edit) the edit takes. */
export type Side = 'before' | 'after';

/**
 * One way to carry an edit over; they differ where the edit meets normalised syntax (stretches
 * where the source and the canonical text differ).
 */
export interface CarryWay {
  /**
   * Only changes that touch text the source shares with the canonical text; changes that lie
   * wholly in normalised syntax are the serialiser reformatting (a table's padding) and are left
   * out.
   */
  contentOnly: boolean;
  /**
   * Where an inserted text goes when the source has syntax there that the canonical text lacks
   * (extra indentation, trailing spaces, an entity's name): `auto` puts it after that syntax when
   * the insertion starts a word, before it when it ends one; `flip` does the opposite.
   */
  insert: 'auto' | 'flip';
  /**
   * Changes widened over the normalised syntax next to them, which is then written as the
   * serialiser writes it.
   */
  absorb: boolean;
}

/**
 * The ways tried, most faithful first. A replaced stretch keeps syntax only the source has on
 * both sides of it outside of the replacement (a list item's extra indentation before a word
 * stays), except when absorbing.
 */
export const CARRY_WAYS: readonly CarryWay[] = [
  { contentOnly: true, insert: 'auto', absorb: false },
  { contentOnly: false, insert: 'auto', absorb: false },
  { contentOnly: false, insert: 'flip', absorb: false },
  { contentOnly: false, insert: 'auto', absorb: true },
];

function place(segments: readonly Segment[]): Placed[] {
  let s = 0;
  let c = 0;
  return segments.map((seg) => {
    const p = { ...seg, s, c };
    s += seg.a;
    c += seg.b;
    return p;
  });
}

function hunksOf(change: readonly Segment[]): Hunk[] {
  const out: Hunk[] = [];
  let x = 0;
  let y = 0;
  for (const seg of change) {
    if (!seg.same) out.push({ from: x, to: x + seg.a, from1: y, to1: y + seg.b });
    x += seg.a;
    y += seg.b;
  }
  return out;
}

/** The last placed segment that starts at or before canonical offset `p`. */
function segmentAt(align: readonly Placed[], p: number): number {
  let lo = 0;
  let hi = align.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (align[mid].c <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Whether the hunk changes or inserts within text the source shares with the canonical text. */
function touchesSharedText(align: readonly Placed[], h: Hunk): boolean {
  for (let i = segmentAt(align, h.from); i < align.length && align[i].c <= h.to; i++) {
    const seg = align[i];
    if (!seg.same) continue;
    const end = seg.c + seg.b;
    if (h.from === h.to ? seg.c < h.from && h.from < end : seg.c < h.to && h.from < end)
      return true;
  }
  return false;
}

/** What lies at a place of the canonical text, in the source. */
type Point =
  | { kind: 'exact'; s: number }
  /** Strictly inside normalised syntax: the place has no counterpart in the source. */
  | { kind: 'inside'; seg: Placed }
  /**
   * Between stretches. `left`/`right` are the source offsets before and after the syntax only
   * the source has here (equal when it has none); `before`/`after` the normalised stretches that
   * end or begin here, if any.
   */
  | { kind: 'between'; left: number; right: number; before?: Placed; after?: Placed };

function pointAt(align: readonly Placed[], p: number): Point {
  let i = segmentAt(align, p);
  // Among segments that start exactly at `p`, go to the first (a zero-width one comes first).
  while (i > 0 && align[i - 1].c === p) i--;
  const seg = align[i];
  if (seg.c < p) {
    if (p < seg.c + seg.b)
      return seg.same ? { kind: 'exact', s: seg.s + (p - seg.c) } : { kind: 'inside', seg };
    // Only the very end of the text lies past the start of the last segment.
    const end = seg.s + seg.a;
    return { kind: 'between', left: end, right: end, before: seg.same ? undefined : seg };
  }
  const prev = i > 0 ? align[i - 1] : undefined;
  const before = prev && !prev.same ? prev : undefined;
  if (!seg.same && seg.b === 0) {
    // Syntax only the source has, between two stretches of shared text.
    return { kind: 'between', left: seg.s, right: seg.s + seg.a, before: seg, after: seg };
  }
  return { kind: 'between', left: seg.s, right: seg.s, before, after: seg.same ? undefined : seg };
}

/**
 * Where canonical `[from, to)` is in the source, widened out of normalised syntax an end falls
 * strictly inside (and over the syntax next to it when absorbing). `insertSide` places an empty
 * range that has syntax only the source has at it.
 */
function mapRange(
  align: readonly Placed[],
  from: number,
  to: number,
  insertSide: Side,
  absorb: boolean,
): { from: number; to: number; sFrom: number; sTo: number } {
  const empty = from === to;
  let sFrom: number;
  const start = pointAt(align, from);
  if (start.kind === 'exact') sFrom = start.s;
  else if (start.kind === 'inside') {
    from = start.seg.c;
    sFrom = start.seg.s;
  } else if (absorb && start.before) {
    from = start.before.c;
    sFrom = start.before.s;
  } else sFrom = !empty || insertSide === 'after' ? start.right : start.left;
  let sTo: number;
  const end = pointAt(align, to);
  if (end.kind === 'exact') sTo = end.s;
  else if (end.kind === 'inside') {
    to = end.seg.c + end.seg.b;
    sTo = end.seg.s + end.seg.a;
  } else if (absorb && end.after) {
    to = end.after.c + end.after.b;
    sTo = end.after.s + end.after.a;
  } else sTo = empty && insertSide === 'after' ? end.right : end.left;
  return { from, to, sFrom, sTo };
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** `auto`: an insertion right after a letter or digit ends a word, so it goes before the syntax. */
function insertSideFor(before: string, at: number, way: CarryWay): Side {
  const endsWord = at > 0 && WORD_CHAR.test(before[at - 1]);
  return endsWord === (way.insert === 'auto') ? 'before' : 'after';
}

/**
 * The source with the edit `change` (from canonical text `before` to `after`) carried over in
 * the given way, or null when that gives back the source unchanged or the edit's ends cannot be
 * placed.
 */
export function carryWith(
  source: string,
  align: readonly Segment[],
  before: string,
  change: readonly Segment[],
  after: string,
  way: CarryWay,
): string | null {
  const placed = place(align);
  let hunks = hunksOf(change);
  if (way.contentOnly) hunks = hunks.filter((h) => touchesSharedText(placed, h));
  if (hunks.length === 0) return null;
  // Map each hunk, widened as needed, and merge the ones that come to overlap.
  const mapped: {
    from: number;
    to: number;
    from1: number;
    to1: number;
    sFrom: number;
    sTo: number;
  }[] = [];
  for (const h of hunks) {
    const side = insertSideFor(before, h.from, way);
    const r = mapRange(placed, h.from, h.to, side, way.absorb);
    // Widening takes in canonical text the edit left alone, so the new text widens alike.
    const m = { ...r, from1: h.from1 - (h.from - r.from), to1: h.to1 + (r.to - h.to) };
    const last = mapped[mapped.length - 1];
    if (last && m.from <= last.to) {
      if (m.sFrom < last.sFrom || m.sTo < last.sTo) return null;
      last.to = Math.max(last.to, m.to);
      last.to1 = m.to1 + (last.to - m.to);
      last.sTo = Math.max(last.sTo, m.sTo);
    } else {
      if (last && m.sFrom < last.sTo) return null;
      mapped.push(m);
    }
  }
  let out = '';
  let at = 0;
  for (const m of mapped) {
    if (m.sFrom < at || m.sTo < m.sFrom) return null;
    out += source.slice(at, m.sFrom) + after.slice(m.from1, m.to1);
    at = m.sTo;
  }
  out += source.slice(at);
  return out === source ? null : out;
}

/**
 * Carries the edit that turned canonical text `before` into `after` over to `source` (the text
 * `before` was serialised from): tries each way in CARRY_MODES and returns the first result that
 * `accept` takes, or null. `align` is the alignment of `source` with `before` when it is known.
 */
export function carryChange(
  source: string,
  before: string,
  after: string,
  accept: (text: string) => boolean,
  align: readonly Segment[] | null = diffTexts(source, before),
): string | null {
  if (!align) return null;
  const change = diffTexts(before, after);
  if (!change) return null;
  const tried = new Set<string>();
  for (const way of CARRY_WAYS) {
    const text = carryWith(source, align, before, change, after, way);
    if (text === null || tried.has(text)) continue;
    tried.add(text);
    if (accept(text)) return text;
  }
  return null;
}
