/**
 * Per-line line endings for files that mix CRLF and LF. The editor text is LF only; for such a
 * file the core remembers which line breaks were CRLF (one character per break, `r` or `n`) and,
 * on save, gives every line that is still there the ending it had, and every new or edited line
 * the ending of the line before it (of the line after it at the very start).
 */

/** The style of each line break in raw text: `r` for CRLF, `n` for a bare LF. */
export function lineBreakStyles(raw: string): string {
  let out = '';
  for (let i = raw.indexOf('\n'); i !== -1; i = raw.indexOf('\n', i + 1)) {
    out += i > 0 && raw.charCodeAt(i - 1) === 13 ? 'r' : 'n';
  }
  return out;
}

/** How far the line diff may go before edited stretches fall back to the neighbour rule. */
const MAX_EDIT_DISTANCE = 4_000;

/**
 * Pairs each line of `after` with an equal line of `before`, in order, keeping as many as
 * possible (Myers' diff on lines); -1 for lines that are new or changed. Answers null when the
 * two differ by more than `MAX_EDIT_DISTANCE` lines.
 */
function matchLines(before: readonly string[], after: readonly string[]): Int32Array | null {
  const n = before.length;
  const m = after.length;
  const match = new Int32Array(m).fill(-1);
  let start = 0;
  while (start < n && start < m && before[start] === after[start]) match[start] = start++;
  let endB = n;
  let endA = m;
  while (endB > start && endA > start && before[endB - 1] === after[endA - 1]) {
    match[--endA] = --endB;
  }
  const a = before.slice(start, endB);
  const b = after.slice(start, endA);
  if (a.length === 0 || b.length === 0) return match;
  const max = Math.min(a.length + b.length, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1]
          : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= a.length && y >= b.length) {
        backtrack(trace, offset, a.length, b.length, (x0, y0) => (match[start + y0] = start + x0));
        return match;
      }
    }
  }
  return null;
}

/** Walks the trace back from the end, reporting the diagonal (equal) pairs. */
function backtrack(
  trace: Int32Array[],
  offset: number,
  n: number,
  m: number,
  equal: (x: number, y: number) => void,
): void {
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0 && (x > 0 || y > 0); d--) {
    const v = trace[d];
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
    const prevK = down ? k + 1 : k - 1;
    const prevX = d === 0 ? 0 : v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY && x > 0 && y > 0) equal(--x, --y);
    if (d > 0) {
      x = prevX;
      y = prevY;
    }
  }
}

/**
 * The styles of the line breaks of `text`, given the styles `styles` of the line breaks of
 * `savedText` (both LF text). Lines that are still there keep their style.
 */
export function carryLineBreakStyles(savedText: string, styles: string, text: string): string {
  const before = savedText.split('\n');
  const after = text.split('\n');
  const breaks = after.length - 1;
  const match = matchLines(before, after);
  const out: (string | null)[] = new Array<string | null>(breaks).fill(null);
  for (let j = 0; j < breaks; j++) {
    const i = match ? match[j] : -1;
    // A line keeps its ending only when it still ends where it ended (not the old last line).
    if (i >= 0 && i < styles.length) out[j] = styles[i];
  }
  const majority = count(styles, 'r') * 2 >= styles.length ? 'r' : 'n';
  let previous: string | null = null;
  for (let j = 0; j < breaks; j++) {
    if (out[j] === null) out[j] = previous ?? nextKnown(out, j) ?? majority;
    previous = out[j];
  }
  return out.join('');
}

function nextKnown(out: readonly (string | null)[], from: number): string | null {
  for (let j = from + 1; j < out.length; j++) if (out[j] !== null) return out[j];
  return null;
}

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

/** LF text with each line break written in its style (`r` → CRLF). */
export function applyLineBreakStyles(text: string, styles: string): string {
  if (!styles.includes('r')) return text;
  let out = '';
  let at = 0;
  let k = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    out += text.slice(at, i) + (styles[k++] === 'r' ? '\r\n' : '\n');
    at = i + 1;
  }
  return out + text.slice(at);
}
