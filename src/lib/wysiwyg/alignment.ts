/**
 * The alignment of a block's source with its canonical serialisation: where each place of the one
 * is in the other, and how the alignment follows an edit.
 */
import { diffTexts, type Hunk, type Segment } from './textDiff';

const BLANK = /^[ \t]+$/;

/** A stretch of the alignment with where it starts in both texts. */
export interface Placed extends Segment {
  /** Start in the source. */
  s: number;
  /** Start in the canonical text. */
  c: number;
}

/** Where each segment starts, in the source and in the canonical text. */
export function place(segments: readonly Segment[]): Placed[] {
  let s = 0;
  let c = 0;
  return segments.map((seg) => {
    const p = { ...seg, s, c };
    s += seg.a;
    c += seg.b;
    return p;
  });
}

/** The last placed segment that starts at or before canonical offset `p`. */
export function segmentAt(align: readonly Placed[], p: number): number {
  let lo = 0;
  let hi = align.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (align[mid].c <= p) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** What lies at a place of the canonical text, in the source. */
export type Point =
  | { kind: 'exact'; s: number }
  /** Strictly inside normalised syntax: the place has no counterpart in the source. */
  | { kind: 'inside'; seg: Placed }
  /**
   * Between stretches. `left`/`right` are the source offsets before and after the syntax only
   * the source has here (equal when it has none); `before`/`after` the normalised stretches that
   * end or begin here, if any.
   */
  | { kind: 'between'; left: number; right: number; before?: Placed; after?: Placed };

export function pointAt(align: readonly Placed[], p: number): Point {
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

/** A hunk carried over: canonical `[from, to)` became `after[from1, to1)`, put at source `[sFrom, sTo)`. */
export interface Carried {
  from: number;
  to: number;
  from1: number;
  to1: number;
  sFrom: number;
  sTo: number;
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
 * The alignment of the new source (`text`) with the new canonical text, made from the old
 * alignment, the change and what was carried (in time linear in the number of stretches, where diffing again
 * could cost milliseconds on a big block). Null when the pieces do not fit together.
 */
export function realign(
  align: readonly Segment[],
  change: readonly Hunk[],
  carried: readonly Carried[],
  text: string,
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
  for (const c of carried) {
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

/**
 * Aligns a block's source with its canonical text: a character diff, or, when the two differ in
 * too many places for that (a big table padded differently, every line of a long list indented
 * differently), line by line when they have as many lines.
 */
export function alignTexts(source: string, canonical: string): Segment[] | null {
  const whole = diffTexts(source, canonical);
  if (whole) return whole;
  const a = source.split('\n');
  const b = canonical.split('\n');
  if (a.length !== b.length) return null;
  const out: Segment[] = [];
  for (let i = 0; i < a.length; i++) {
    const line = diffTexts(a[i], b[i]);
    if (!line) return null;
    for (const seg of line) pushSegment(out, seg);
    if (i < a.length - 1) pushSegment(out, { a: 1, b: 1, same: true });
  }
  return out;
}
