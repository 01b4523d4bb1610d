/** Protected regions: the parts of a markdown source that no CJK transform may change. */

/** What a protected region is; `url` and `email` count as Latin words for spacing. */
export type ProtectedKind =
  | 'front-matter'
  | 'code-block'
  | 'html-block'
  | 'math-block'
  | 'reference-section'
  | 'code-span'
  | 'math'
  | 'html'
  | 'autolink'
  | 'url'
  | 'email'
  | 'link-destination'
  | 'reference'
  | 'definition'
  | 'escape'
  | 'entity'
  | 'syntax';

/** `[start, end)` in UTF-16 offsets of the source. */
export interface ProtectedRange {
  start: number;
  end: number;
  kind: ProtectedKind;
}

/** Kinds that read as a Latin word to their neighbours (`访问https://x.cn获取` gets spaces). */
export function isLatinLikeKind(kind: ProtectedKind): boolean {
  return kind === 'url' || kind === 'email' || kind === 'autolink';
}

/**
 * Sorts ranges and merges the ones that overlap, so the result is disjoint and ascending.
 * Touching ranges stay apart (each keeps its kind); overlapping ones become one range with the
 * first one's kind, unless only the second is neutral to its neighbours: then the second's.
 */
export function normalizeRanges(ranges: readonly ProtectedRange[]): ProtectedRange[] {
  const sorted = ranges
    .filter((range) => range.end > range.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const result: ProtectedRange[] = [];
  for (const range of sorted) {
    const last = result[result.length - 1];
    if (last && range.start < last.end) {
      if (range.end > last.end) last.end = range.end;
      if (isLatinLikeKind(last.kind) && !isLatinLikeKind(range.kind)) last.kind = range.kind;
    } else {
      result.push({ ...range });
    }
  }
  return result;
}
