/**
 * Myers' O(ND) diff of two sequences, as the alignment of their stretches: runs of equal items and
 * runs where the sequences differ. Shared by the character and word diffs of WYSIWYG edits and
 * the line diff of mixed line endings.
 */

/** `a` items of the first sequence against `b` of the second; equal items when `same`. */
export interface Segment {
  a: number;
  b: number;
  same: boolean;
}

/** Appends a segment, merging it with the last one when they are of the same kind. */
export function pushSegment(out: Segment[], s: Segment): void {
  if (s.a === 0 && s.b === 0) return;
  const last = out[out.length - 1];
  if (last && last.same === s.same) {
    last.a += s.a;
    last.b += s.b;
  } else {
    out.push({ ...s });
  }
}

/**
 * Myers' greedy diff of two sequences of `n` and `m` items (`same(x, y)` compares item `x` of the
 * first with item `y` of the second), keeping every round's frontier; segments count items.
 */
export function myers(
  n: number,
  m: number,
  same: (x: number, y: number) => boolean,
  maxEdits: number,
): Segment[] | null {
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
      while (x < n && y < m && same(x, y)) {
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
  for (let i = reversed.length - 1; i >= 0; i--) pushSegment(out, reversed[i]);
  return out;
}
