/**
 * Carrying an edit over to the text it was made on. A block's source and its canonical
 * serialisation differ only where the serialiser normalised syntax; an edit changes the canonical
 * text in a few places. Aligning the source with the old canonical text tells where those places
 * are in the source, so the edit can be made there and nothing else changes.
 */
import type { TextEdit } from './plainEdit';
import {
  alignTexts,
  coarsen,
  place,
  pointAt,
  realign,
  segmentAt,
  type Carried,
  type Placed,
} from './alignment';
import { diffWords, type Hunk, type Segment } from './textDiff';

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

/** Shared text an edit must have on both sides, in its stretch, for its place to be trusted. */
const ANCHOR = 8;

/**
 * Whether every carried hunk sits well inside shared text: on each side, the start or end of the
 * texts (a common prefix or suffix), a line break both share, or ANCHOR characters of shared text.
 * Elsewhere the diff might have matched the edited words to look-alike text in the syntax.
 */
function anchored(align: readonly Segment[], before: string, carried: readonly Carried[]): boolean {
  const placed = place(align);
  return carried.every((m) => {
    const i = segmentAt(placed, m.from);
    const seg = placed[i];
    const end = seg.c + seg.b;
    if (!seg.same || m.to > end) return false;
    const left =
      i === 0 || m.from - seg.c >= ANCHOR || before.lastIndexOf('\n', m.from - 1) >= seg.c;
    const nl = before.indexOf('\n', m.to);
    const right = i === placed.length - 1 || end - m.to >= ANCHOR || (nl >= 0 && nl < end);
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
  align: readonly Segment[] | null = alignTexts(source, before),
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
      anchored(align, before, carry.carried) &&
      trust(source, edits);
    if (trusted || accept(carry.text)) {
      return { text: carry.text, align: realign(align, change, carry.carried, carry.text, after) };
    }
  }
  return null;
}
