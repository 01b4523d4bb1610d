/**
 * A character-level diff of two texts (Myers' O(ND) algorithm), as the alignment of their
 * stretches: runs of equal text and runs where the texts differ.
 */

/** `a` characters of the first text against `b` of the second; equal text when `same`. */
export interface Segment {
  a: number;
  b: number;
  same: boolean;
}

/** Diffs that need more than this many inserted plus deleted characters are given up. */
export const DEFAULT_MAX_EDITS = 2_000;

/**
 * The alignment of `a` with `b`: segments that cover both texts in order, no two neighbours of
 * the same kind, no empty ones. Gives null when the texts differ by more than `maxEdits`
 * characters (the diff costs time in proportion to that number times the texts' length).
 */
export function diffTexts(a: string, b: string, maxEdits = DEFAULT_MAX_EDITS): Segment[] | null {
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
  const middle = middleDiff(a, head, a.length - tail, b, head, b.length - tail, maxEdits);
  if (!middle) return null;
  const out: Segment[] = [];
  push(out, { a: head, b: head, same: true });
  for (const s of middle) push(out, s);
  push(out, { a: tail, b: tail, same: true });
  return out;
}

/** Appends a segment, merging it with the last one when they are of the same kind. */
function push(out: Segment[], s: Segment): void {
  if (s.a === 0 && s.b === 0) return;
  const last = out[out.length - 1];
  if (last && last.same === s.same) {
    last.a += s.a;
    last.b += s.b;
  } else {
    out.push({ ...s });
  }
}

/** Myers' greedy diff of `a[a0, a1)` with `b[b0, b1)`, keeping every round's frontier. */
function middleDiff(
  a: string,
  a0: number,
  a1: number,
  b: string,
  b0: number,
  b1: number,
  maxEdits: number,
): Segment[] | null {
  const n = a1 - a0;
  const m = b1 - b0;
  if (n === 0 || m === 0) return [{ a: n, b: m, same: false }];
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  // v[offset + k]: the furthest x reached on diagonal k (x indexes a, y = x - k indexes b).
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1]
          : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a.charCodeAt(a0 + x) === b.charCodeAt(b0 + y)) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m, d);
    }
  }
  return null;
}

/** Walks the frontiers back from the end and lists the segments from the start. */
function backtrack(trace: Int32Array[], n: number, m: number, depth: number): Segment[] {
  const reversed: Segment[] = [];
  let x = n;
  let y = m;
  for (let d = depth; d > 0; d--) {
    // trace[d] holds v[-d-1 .. d+1] as it was when round d began (the result of round d - 1).
    const prev = trace[d];
    const at = (k: number) => prev[k + d + 1];
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    const startX = down ? prevX : prevX + 1;
    const startY = startX - k;
    reversed.push({ a: x - startX, b: y - startY, same: true });
    reversed.push(down ? { a: 0, b: 1, same: false } : { a: 1, b: 0, same: false });
    x = prevX;
    y = prevY;
  }
  reversed.push({ a: x, b: y, same: true });
  const out: Segment[] = [];
  for (let i = reversed.length - 1; i >= 0; i--) push(out, reversed[i]);
  return out;
}
