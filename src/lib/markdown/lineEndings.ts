/**
 * Per-line line endings for files that mix CRLF and LF. The editor text is LF only; for such a
 * file the core remembers which line breaks were CRLF (one character per break, `r` or `n`) and,
 * on save, gives every line that is still there the ending it had, and every new or edited line
 * the ending of the line before it (of the line after it at the very start).
 */
import { myers } from '../diff/myers';

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
  const segments = myers(
    before.length,
    after.length,
    (x, y) => before[x] === after[y],
    MAX_EDIT_DISTANCE,
  );
  if (!segments) return null;
  const match = new Int32Array(after.length).fill(-1);
  let i = 0;
  let j = 0;
  for (const s of segments) {
    if (s.same) for (let k = 0; k < s.a; k++) match[j + k] = i + k;
    i += s.a;
    j += s.b;
  }
  return match;
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
