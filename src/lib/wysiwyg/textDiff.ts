/**
 * A character-level diff of two texts (Myers' O(ND) algorithm), as the alignment of their
 * stretches: runs of equal text and runs where the texts differ.
 */
import { myers, pushSegment as push, type Segment } from '../diff/myers';

export type { Segment } from '../diff/myers';

/** Diffs that need more than this many inserted plus deleted characters are given up. */
export const DEFAULT_MAX_EDITS = 2_000;

/** How many characters the two texts share at their start, and then at their end. */
function commonEnds(a: string, b: string): { head: number; tail: number } {
  let head = 0;
  const min = Math.min(a.length, b.length);
  while (head < min && a.charCodeAt(head) === b.charCodeAt(head)) head++;
  let tail = 0;
  while (
    tail < min - head &&
    a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)
  ) {
    tail++;
  }
  return { head, tail };
}

/**
 * The alignment of `a` with `b`: segments that cover both texts in order, no two neighbours of
 * the same kind, no empty ones. Gives null when the texts differ by more than `maxEdits`
 * characters (the diff costs time in proportion to that number times the texts' length).
 */
export function diffTexts(a: string, b: string, maxEdits = DEFAULT_MAX_EDITS): Segment[] | null {
  const { head, tail } = commonEnds(a, b);
  const middle = myers(
    a.length - tail - head,
    b.length - tail - head,
    (x, y) => a.charCodeAt(head + x) === b.charCodeAt(head + y),
    maxEdits,
  );
  if (!middle) return null;
  const out: Segment[] = [];
  push(out, { a: head, b: head, same: true });
  for (const s of middle) push(out, s);
  push(out, { a: tail, b: tail, same: true });
  return out;
}

/** A change of one text into another: `[from, to)` of the first became `[from1, to1)` of the second. */
export interface Hunk {
  from: number;
  to: number;
  from1: number;
  to1: number;
}

/** Words, line breaks and single other characters, each with the spaces before it. */
const ITEM = /([ \t]*)([\p{L}\p{N}]+|[^ \t]|$)/gu;

interface Item {
  /** Where the spaces before the token start, and where the token starts and ends. */
  start: number;
  tok: number;
  end: number;
  text: string;
}

function itemsOf(text: string, from: number, to: number): Item[] {
  const out: Item[] = [];
  const part = text.slice(from, to);
  ITEM.lastIndex = 0;
  for (let m = ITEM.exec(part); m; m = ITEM.exec(part)) {
    const start = from + m.index;
    out.push({ start, tok: start + m[1].length, end: start + m[0].length, text: m[2] });
    if (m[0] === '' || m.index + m[0].length >= part.length) break;
  }
  // A text ending in spaces ends with an item that is only spaces.
  const last = out[out.length - 1];
  if (!last || last.end < to)
    out.push({ start: last ? last.end : from, tok: to, end: to, text: '' });
  return out;
}

/**
 * The changes from `a` to `b`, found word by word: a replaced word is one change (not a scatter of
 * letters that happen to match), and the runs of spaces between words are compared as such, so a
 * word and the padding after it that both changed are two changes. Each change is narrowed to the
 * characters that really differ. Null past the edit budget (in words).
 */
export function diffWords(a: string, b: string, maxEdits = DEFAULT_MAX_EDITS): Hunk[] | null {
  let { head, tail } = commonEnds(a, b);
  if (head === a.length && head === b.length) return [];
  // Words and runs of spaces cut by the common ends are taken whole, so the diff sees them entire.
  while (head > 0 && /[\p{L}\p{N} \t]/u.test(a[head - 1])) head--;
  while (tail > 0 && /[\p{L}\p{N} \t]/u.test(a[a.length - tail])) tail--;
  const ia = itemsOf(a, head, a.length - tail);
  const ib = itemsOf(b, head, b.length - tail);
  const segments = myers(ia.length, ib.length, (x, y) => ia[x].text === ib[y].text, maxEdits);
  if (!segments) return null;
  const out: Hunk[] = [];
  const add = (h: Hunk) => {
    const n = narrow(a, b, h);
    if (n.from !== n.to || n.from1 !== n.to1) out.push(n);
  };
  /** Item `x` of `a` against item `y` of `b`: their spaces, then their tokens. */
  const pair = (p: Item, q: Item) => {
    add({ from: p.start, to: p.tok, from1: q.start, to1: q.tok });
    add({ from: p.tok, to: p.end, from1: q.tok, to1: q.end });
  };
  let i = 0;
  let j = 0;
  for (const seg of segments) {
    if (seg.same || seg.a === seg.b) {
      for (let t = 0; t < seg.a; t++) pair(ia[i + t], ib[j + t]);
    } else {
      const from = i < ia.length ? ia[i].start : a.length - tail;
      const to = seg.a > 0 ? ia[i + seg.a - 1].end : from;
      const from1 = j < ib.length ? ib[j].start : b.length - tail;
      const to1 = seg.b > 0 ? ib[j + seg.b - 1].end : from1;
      add({ from, to, from1, to1 });
    }
    i += seg.a;
    j += seg.b;
  }
  return out;
}

/** Drops the characters a change's two sides share at its ends. */
function narrow(a: string, b: string, h: Hunk): Hunk {
  let { from, to, from1, to1 } = h;
  while (from < to && from1 < to1 && a.charCodeAt(from) === b.charCodeAt(from1)) {
    from++;
    from1++;
  }
  while (from < to && from1 < to1 && a.charCodeAt(to - 1) === b.charCodeAt(to1 - 1)) {
    to--;
    to1--;
  }
  return { from, to, from1, to1 };
}
