/** Text changes as plain splices, the one format in which windows report edits to the core. */

export interface Splice {
  /** Offsets into the text the change applies to. */
  from: number;
  to: number;
  insert: string;
}

/** Applies splices given in ascending, non-overlapping order against the original text. */
export function applySplices(text: string, splices: readonly Splice[]): string {
  let out = '';
  let at = 0;
  for (const s of splices) {
    if (s.from < at || s.to < s.from || s.to > text.length) {
      throw new RangeError(
        `Invalid splice ${s.from}..${s.to} (after ${at}, in text of length ${text.length})`,
      );
    }
    out += text.slice(at, s.from) + s.insert;
    at = s.to;
  }
  return out + text.slice(at);
}

/** The smallest single splice that turns `before` into `after` (common prefix and suffix kept). */
export function diffSplice(before: string, after: string): Splice | null {
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  let start = 0;
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < max - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  ) {
    end++;
  }
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}
