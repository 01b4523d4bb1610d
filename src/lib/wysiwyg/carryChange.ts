/**
 * Carrying an edit over to the text it was made on. A block's source and its canonical
 * serialisation differ only where the serialiser normalised syntax; an edit changes the canonical
 * text in a few places. Aligning the source with the old canonical text tells where those places
 * are in the source, so the edit can be made there and nothing else changes.
 */
import type { TextEdit } from './plainEdit';
import { diffTexts, diffWords, type Hunk, type Segment } from './textDiff';

/** A stretch of the alignment with where it starts in both texts. */
interface Placed extends Segment {
  /** Start in the source. */
  s: number;
  /** Start in the canonical text. */
  c: number;
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

const BLANK = /^[ \t]+$/;
const NO_BLANK = /^[^ \t\n]+$/;

/**
 * Splits a hunk that swaps spaces for other text into an insertion and a deletion: where a table
 * cell's text grows, the serialiser takes padding away, and the two are different changes (the
 * padding is the source's own and stays).
 */
function splitHunks(hunks: readonly Hunk[], before: string, after: string): Hunk[] {
  const out: Hunk[] = [];
  for (const h of hunks) {
    const old = before.slice(h.from, h.to);
    const now = after.slice(h.from1, h.to1);
    if (BLANK.test(old) && NO_BLANK.test(now)) {
      out.push({ from: h.from, to: h.from, from1: h.from1, to1: h.to1 });
      out.push({ from: h.from, to: h.to, from1: h.to1, to1: h.to1 });
    } else if (NO_BLANK.test(old) && BLANK.test(now)) {
      out.push({ from: h.from, to: h.to, from1: h.from1, to1: h.from1 });
      out.push({ from: h.to, to: h.to, from1: h.from1, to1: h.to1 });
    } else out.push(h);
  }
  return out;
}

/**
 * Widens every stretch where the source and the canonical text differ only in spaces over the
 * spaces around it, so that a run of spaces of different length (padding, indentation) is
 * normalised syntax as a whole and no part of it passes for shared text.
 */
export function coarsen(align: readonly Segment[], source: string, before: string): Segment[] {
  const out: Segment[] = align.map((seg) => ({ ...seg }));
  let s = 0;
  let c = 0;
  const starts = out.map((seg) => {
    const at = s;
    s += seg.a;
    return at;
  });
  const blankInBefore = out.map((seg) => {
    const blank = seg.b === 0 || BLANK.test(before.slice(c, c + seg.b));
    c += seg.b;
    return blank;
  });
  for (let i = 0; i < out.length; i++) {
    const seg = out[i];
    if (seg.same) continue;
    const text = source.slice(starts[i], starts[i] + seg.a);
    if ((seg.a > 0 && !BLANK.test(text)) || !blankInBefore[i]) continue;
    const prev = out[i - 1];
    if (prev?.same) {
      let k = 0;
      while (k < prev.a && /[ \t]/.test(source[starts[i] - 1 - k])) k++;
      prev.a -= k;
      prev.b -= k;
      seg.a += k;
      seg.b += k;
      starts[i] -= k;
    }
    const next = out[i + 1];
    if (next?.same) {
      let k = 0;
      const at = starts[i] + seg.a;
      while (k < next.a && /[ \t]/.test(source[at + k])) k++;
      next.a -= k;
      next.b -= k;
      seg.a += k;
      seg.b += k;
      starts[i + 1] += k;
    }
  }
  const merged: Segment[] = [];
  for (const seg of out) {
    if (seg.a === 0 && seg.b === 0) continue;
    const last = merged[merged.length - 1];
    if (last && last.same === seg.same) {
      last.a += seg.a;
      last.b += seg.b;
    } else merged.push(seg);
  }
  return merged;
}

/**
 * Whether a hunk only lengthens or shortens a run of spaces or dashes that pads something (a
 * table's cells and delimiter row): what the serialiser does to line up columns when a cell's
 * text changes length, which the source's own padding need not follow.
 */
function paddingLike(before: string, h: Hunk, inserted: string): boolean {
  const changed = before.slice(h.from, h.to) + inserted;
  if (!/^(?: +|\t+|-+)$/.test(changed)) return false;
  const pads = (c: string | undefined) =>
    c === undefined || c === changed[0] || c === '|' || c === ':' || c === '\n';
  return pads(before[h.from - 1]) || pads(before[h.to]);
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

/**
 * Whether the hunk changes or inserts within text the source shares with the canonical text, or
 * inserts other than spaces right next to such text (on the side it goes to).
 */
function touchesSharedText(
  align: readonly Placed[],
  h: Hunk,
  side: Side,
  inserted: string,
): boolean {
  for (let i = segmentAt(align, h.from); i < align.length && align[i].c <= h.to; i++) {
    const seg = align[i];
    if (!seg.same) continue;
    const end = seg.c + seg.b;
    if (h.from === h.to ? seg.c < h.from && h.from < end : seg.c < h.to && h.from < end)
      return true;
  }
  if (h.from !== h.to || BLANK.test(inserted) || inserted === '') return false;
  // The stretches that end and begin at the insertion point (past any zero-width one).
  let prev: Placed | undefined;
  let next: Placed | undefined;
  for (const seg of align) {
    if (seg.b === 0) continue;
    if (seg.c + seg.b === h.from) prev = seg;
    if (seg.c === h.from) next = seg;
  }
  return side === 'before' ? prev?.same === true : next?.same === true;
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

/** A hunk carried over: canonical `[from, to)` became `after[from1, to1)`, put at source `[sFrom, sTo)`. */
interface Carried {
  from: number;
  to: number;
  from1: number;
  to1: number;
  sFrom: number;
  sTo: number;
}

/** A candidate: the new source, and how it was made. */
export interface Carry {
  text: string;
  carried: readonly Carried[];
  /** Every change of the canonical text was carried over (none left out as reformatting). */
  complete: boolean;
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
  change: readonly Hunk[],
  after: string,
  way: CarryWay,
): Carry | null {
  const placed = place(align);
  const all = splitHunks(change, before, after);
  const hunks = way.contentOnly
    ? all.filter(
        (h) =>
          !paddingLike(before, h, after.slice(h.from1, h.to1)) &&
          touchesSharedText(
            placed,
            h,
            insertSideFor(before, h.from, way),
            after.slice(h.from1, h.to1),
          ),
      )
    : all;
  if (hunks.length === 0) return null;
  // Map each hunk, widened as needed, and merge the ones that come to overlap.
  const mapped: Carried[] = [];
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
  if (out === source) return null;
  return { text: out, carried: mapped, complete: hunks.length === all.length };
}

/** A run of equal text: `n` characters at `x` in one text and at `y` in the other. */
interface Run {
  x: number;
  y: number;
  n: number;
}

function runsOf(segments: readonly Segment[]): Run[] {
  const out: Run[] = [];
  let x = 0;
  let y = 0;
  for (const seg of segments) {
    if (seg.same) out.push({ x, y, n: seg.a });
    x += seg.a;
    y += seg.b;
  }
  return out;
}

/**
 * The alignment of the new source with the new canonical text, made from the old alignment, the
 * change and what was carried (in time linear in the number of stretches, where diffing again
 * could cost milliseconds on a big block). Null when the pieces do not fit together.
 */
export function realign(
  align: readonly Segment[],
  change: readonly Hunk[],
  carry: Carry,
  after: string,
): Segment[] | null {
  // Compose source ↔ old canonical with old canonical ↔ new canonical, on the old canonical axis.
  const a = runsOf(align);
  // The equal runs of the change lie between its hunks.
  const b: Run[] = [];
  let x0 = 0;
  let y0 = 0;
  for (const h of change) {
    if (h.from > x0) b.push({ x: x0, y: y0, n: h.from - x0 });
    x0 = h.to;
    y0 = h.to1;
  }
  if (after.length > y0) b.push({ x: x0, y: y0, n: after.length - y0 });
  const composed: Run[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const lo = Math.max(a[i].y, b[j].x);
    const hi = Math.min(a[i].y + a[i].n, b[j].x + b[j].n);
    if (lo < hi)
      composed.push({ x: a[i].x + (lo - a[i].y), y: b[j].y + (lo - b[j].x), n: hi - lo });
    if (a[i].y + a[i].n <= b[j].x + b[j].n) i++;
    else j++;
  }
  // Move to the new source: cut out what the carried hunks replaced, add what they put in.
  const runs: Run[] = [];
  let k = 0;
  let shift = 0;
  const cut = (r: Run, from: number, to: number) => {
    // The part of run `r` (source axis) that lies in `[from, to)`, moved by `shift`.
    const lo = Math.max(r.x, from);
    const hi = Math.min(r.x + r.n, to);
    if (lo < hi) runs.push({ x: lo + shift, y: r.y + (lo - r.x), n: hi - lo });
  };
  let start = 0;
  for (const c of carry.carried) {
    while (k < composed.length && composed[k].x < c.sFrom) cut(composed[k++], start, c.sFrom);
    runs.push({ x: c.sFrom + shift, y: c.from1, n: c.to1 - c.from1 });
    shift += c.to1 - c.from1 - (c.sTo - c.sFrom);
    start = c.sTo;
    // Runs that straddle the hunk keep their part after it.
    while (k > 0 && composed[k - 1].x + composed[k - 1].n > c.sTo) k--;
    while (k < composed.length && composed[k].x + composed[k].n <= c.sTo) k++;
  }
  while (k < composed.length) cut(composed[k++], start, Infinity);
  // Check the runs: in order on both axes, equal text; then fill the gaps.
  const out: Segment[] = [];
  let x = 0;
  let y = 0;
  const text = carry.text;
  for (const r of runs) {
    if (r.n === 0) continue;
    if (r.x < x || r.y < y) return null;
    if (text.slice(r.x, r.x + r.n) !== after.slice(r.y, r.y + r.n)) return null;
    pushSegment(out, { a: r.x - x, b: r.y - y, same: false });
    pushSegment(out, { a: r.n, b: r.n, same: true });
    x = r.x + r.n;
    y = r.y + r.n;
  }
  pushSegment(out, { a: text.length - x, b: after.length - y, same: false });
  return out;
}

function pushSegment(out: Segment[], s: Segment): void {
  if (s.a === 0 && s.b === 0) return;
  const last = out[out.length - 1];
  if (last && last.same === s.same) {
    last.a += s.a;
    last.b += s.b;
  } else out.push({ ...s });
}

/** Shared text an edit must have on both sides, in its stretch, for its place to be trusted. */
const ANCHOR = 8;

/**
 * Whether every carried hunk sits well inside shared text: at the start or end of the texts (a
 * common prefix or suffix), or with ANCHOR characters of shared text on each side. Elsewhere the
 * diff might have matched the edited words to look-alike text in the syntax.
 */
function anchored(align: readonly Segment[], carried: readonly Carried[]): boolean {
  const placed = place(align);
  return carried.every((m) => {
    const i = segmentAt(placed, m.from);
    const seg = placed[i];
    if (!seg.same || m.to > seg.c + seg.b) return false;
    const left = i === 0 || m.from - seg.c >= ANCHOR;
    const right = i === placed.length - 1 || seg.c + seg.b - m.to >= ANCHOR;
    return left && right;
  });
}

/** What `carryChange` gives: the new source and its alignment with the new canonical text. */
export interface CarriedResult {
  text: string;
  align: Segment[] | null;
}

/**
 * Carries the edit that turned canonical text `before` into `after` over to `source` (the text
 * `before` was serialised from): tries each way in CARRY_WAYS and returns the first result that
 * `accept` takes, or null. `align` is the alignment of `source` with `before` when it is known.
 * A result that `trust` vouches for (given the source and the replacements) is taken without
 * asking `accept`, when it carries every change at well-anchored places.
 */
export function carryChange(
  source: string,
  before: string,
  after: string,
  accept: (text: string) => boolean,
  align: readonly Segment[] | null = diffTexts(source, before),
  trust?: (source: string, edits: readonly TextEdit[]) => boolean,
): CarriedResult | null {
  if (!align) return null;
  align = coarsen(align, source, before);
  const change = diffWords(before, after);
  if (!change) return null;
  const tried = new Set<string>();
  for (const way of CARRY_WAYS) {
    const carry = carryWith(source, align, before, change, after, way);
    if (carry === null || tried.has(carry.text)) continue;
    tried.add(carry.text);
    const edits = carry.carried.map((m) => ({
      from: m.sFrom,
      to: m.sTo,
      insert: after.slice(m.from1, m.to1),
    }));
    const trusted =
      trust !== undefined &&
      carry.complete &&
      anchored(align, carry.carried) &&
      trust(source, edits);
    if (trusted || accept(carry.text)) {
      return { text: carry.text, align: realign(align, change, carry, after) };
    }
  }
  return null;
}
