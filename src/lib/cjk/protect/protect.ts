/**
 * Protected regions of a markdown source: the spans no CJK transform may change. It is not a
 * full CommonMark parser: block structure comes from the editor's line scanner, inline
 * constructs from a small left-to-right scan (see `blockScan.ts`, `inlineScan.ts`, `urls.ts`).
 */

import { scanBlocks } from './blockScan';
import { scanInline } from './inlineScan';
import { normalizeRanges, type ProtectedKind, type ProtectedRange } from './ranges';
import { findUrls } from './urls';

export type { ProtectedKind, ProtectedRange } from './ranges';

export interface ProtectOptions {
  /**
   * `document` (the default): a whole markdown file. `fragment`: a selection, which has no
   * front matter and whose indentation says nothing about code blocks.
   */
  mode?: 'document' | 'fragment';
  /** Also protect `## References` / `## Further Reading` / `## 参考文献` sections. */
  referenceSections?: boolean;
}

/** A piece of the source: text the transforms may edit, or a protected region. */
export type Run =
  | { protected: false; start: number; end: number; text: string }
  | { protected: true; start: number; end: number; text: string; kind: ProtectedKind };

/** The protected regions of `source`, disjoint and in order. */
export function findProtectedRanges(
  source: string,
  options: ProtectOptions = {},
): ProtectedRange[] {
  const document = (options.mode ?? 'document') === 'document';
  const blocks = scanBlocks(source, {
    frontMatter: document,
    indentedCode: document,
    referenceSections: options.referenceSections ?? false,
  });
  const found = [...blocks.ranges];
  for (const group of blocks.groups) scanInline(source, group, blocks.labels, found);
  const structural = normalizeRanges(found);

  // URLs and e-mail addresses, only in what the structural scan left as text.
  const urls: ProtectedRange[] = [];
  let next = 0;
  for (const group of blocks.groups) {
    while (next < structural.length && structural[next].end <= group.start) next += 1;
    let cursor = group.start;
    for (let index = next; index < structural.length; index += 1) {
      const range = structural[index];
      if (range.start >= group.end) break;
      if (range.start > cursor) urls.push(...findUrls(source, cursor, range.start));
      cursor = Math.max(cursor, range.end);
    }
    if (cursor < group.end) urls.push(...findUrls(source, cursor, group.end));
  }
  return normalizeRanges([...structural, ...urls]);
}

/** `source` cut into editable text runs and protected runs that together cover all of it. */
export function splitProtected(source: string, options: ProtectOptions = {}): Run[] {
  const runs: Run[] = [];
  let cursor = 0;
  for (const range of findProtectedRanges(source, options)) {
    if (range.start > cursor) {
      runs.push({
        protected: false,
        start: cursor,
        end: range.start,
        text: source.slice(cursor, range.start),
      });
    }
    runs.push({
      protected: true,
      start: range.start,
      end: range.end,
      text: source.slice(range.start, range.end),
      kind: range.kind,
    });
    cursor = range.end;
  }
  if (cursor < source.length) {
    runs.push({ protected: false, start: cursor, end: source.length, text: source.slice(cursor) });
  }
  return runs;
}
