/**
 * The block half of finding protected regions: which whole lines are code, HTML, math or
 * front matter, which line prefixes are markdown syntax, and which runs of lines hold inline
 * content to be scanned together. Block structure comes from the editor's own line scanner
 * (`$lib/markdown`), so fences and indented code inside lists and block quotes are found the
 * way micromark finds them.
 */

import { scanLine } from '../../markdown/blockScanner/blockScanner';
import { DOLLAR } from '../../markdown/blockScanner/charCodes';
import { splitFrontMatter } from '../../markdown/frontMatter';
import { htmlBlockStart } from '../../markdown/blockScanner/htmlBlockSyntax';
import { splitLines, type LineSpan } from '../../markdown/blockScanner/lines';
import { createScanState, type Leaf } from '../../markdown/blockScanner/scanState';
import { definitionAt, looseLabelKey } from './links';
import type { ProtectedKind, ProtectedRange } from './ranges';

export interface BlockScanOptions {
  /** Protect a leading YAML or TOML front-matter block. */
  frontMatter: boolean;
  /** Protect indented code blocks (a selection has no reliable indentation context). */
  indentedCode: boolean;
  /** Protect `## References`-style sections to the next heading of the same or higher level. */
  referenceSections: boolean;
}

/** Lines whose inline content is scanned as one: a paragraph, a heading or a table row. */
export interface InlineGroup {
  start: number;
  end: number;
}

export interface BlockScan {
  ranges: ProtectedRange[];
  groups: InlineGroup[];
  /** Loose keys (`looseLabelKey`) of the link reference definitions found. */
  labels: Set<string>;
}

/** Block quote markers, list markers and footnote-definition labels, with the indentation. */
const CONTAINER_PREFIX =
  /^[ \t]*(?:(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$)|\[\^[^\]\s]+\]:)[ \t]*)*/;
/** Thematic breaks, setext underlines and other lines made only of `- * _ =`. */
const RULE_LINE = /^[ \t>]*[-*_=](?:[ \t]*[-*_=])*[ \t]*$/;
const INDENTED = /^(?: {4}| {0,3}\t)[ \t]*[^ \t#]/;
const MATH_CLOSE = /\$\$[ \t]*$/;
const CLOSING_FENCE = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*$/;
const ATX_HEADING = /^(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const REFERENCE_TITLE =
  /^(?:references?|further reading|bibliography|see also|参考文献|参考资料|參考資料|參考文獻|延伸阅读|延伸閱讀|参考|参照|참고 ?문헌|참고 ?자료)$/i;

/** Runs the line scanner over `source` and classifies every line. */
export function scanBlocks(source: string, options: BlockScanOptions): BlockScan {
  const ranges: ProtectedRange[] = [];
  const groups: InlineGroup[] = [];
  const labels = new Set<string>();
  const protect = (start: number, end: number, kind: ProtectedKind) => {
    if (end > start) ranges.push({ start, end, kind });
  };
  // Consecutive whole lines of one kind form one range, so the line endings between them
  // (blank lines inside code included) are protected too.
  let lastLine: ProtectedRange | null = null;
  const protectLine = (line: LineSpan, previous: LineSpan | undefined, kind: ProtectedKind) => {
    if (lastLine && previous && lastLine.kind === kind && lastLine.end === previous.end) {
      lastLine.end = line.end;
    } else {
      lastLine = { start: line.start, end: line.end, kind };
      ranges.push(lastLine);
    }
  };

  const frontMatterEnd = options.frontMatter ? splitFrontMatter(source).frontMatter.length : 0;
  protect(0, frontMatterEnd, 'front-matter');

  const lines = splitLines(source, frontMatterEnd);
  const state = createScanState();
  let group: { range: InlineGroup; leaf: Leaf; definitionsOnly: boolean } | null = null;
  let mathUntil = -1;
  let section: { start: number; level: number } | null = null;

  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const before = state.leaf;
    const awaitingDelimiter = before.kind === 'table' && before.awaitingDelimiter;
    const depth = state.stack.length;
    scanLine(state, source, line, lines[index + 1]);
    const after = state.leaf;
    const content = source.slice(line.start, line.end);

    const blockKind =
      wholeLineKind(before, after, content, awaitingDelimiter, options) ??
      oneLineBlockKind(source, line, before, after, state.stack.length < depth, options);
    if (blockKind || index <= mathUntil) {
      protectLine(line, lines[index - 1], blockKind ?? 'math-block');
      group = null;
      continue;
    }
    const prefix = CONTAINER_PREFIX.exec(content)?.[0] ?? '';
    const rest = content.slice(prefix.length);
    if (rest.trim() === '') {
      group = null;
      continue;
    }
    if (rest.startsWith('$$')) {
      const closing = mathBlockEnd(source, lines, index, line.start + prefix.length + 2);
      if (closing >= 0) {
        mathUntil = closing;
        protectLine(line, lines[index - 1], 'math-block');
        group = null;
        continue;
      }
    }
    const heading = ATX_HEADING.exec(rest);
    if (heading && options.referenceSections) {
      const level = heading[1].length;
      if (section && level <= section.level) {
        protect(section.start, line.start, 'reference-section');
        section = null;
      }
      if (!section && REFERENCE_TITLE.test((heading[2] ?? '').trim())) {
        section = { start: line.start, level };
      }
    }
    protect(line.start, line.start + prefix.length, 'syntax');

    const continues = group !== null && after.kind === 'paragraph' && group.leaf === after;
    if (!continues || !group) {
      group = { range: { start: line.start, end: line.end }, leaf: after, definitionsOnly: true };
      groups.push(group.range);
    } else {
      group.range.end = line.end;
    }
    if (group.definitionsOnly && after.kind === 'paragraph') {
      const definition = definitionAt(source, line.start + prefix.length, line.end);
      if (definition) {
        protect(line.start + prefix.length, line.end, 'definition');
        labels.add(looseLabelKey(definition.label));
        continue;
      }
    }
    group.definitionsOnly = false;
  }
  if (section) protect(section.start, source.length, 'reference-section');
  return { ranges, groups, labels };
}

/** The kind of a line that is protected as a whole (code, HTML, table delimiter, rule), if any. */
function wholeLineKind(
  before: Leaf,
  after: Leaf,
  content: string,
  awaitingDelimiter: boolean,
  options: BlockScanOptions,
): ProtectedKind | null {
  // A `$$` fence opens a math block (the editor parses math), any other fence a code block.
  if (after.kind === 'fence') return after.fence.marker === DOLLAR ? 'math-block' : 'code-block';
  if (
    before.kind === 'fence' &&
    before.fence.marker === DOLLAR &&
    /^\s*(?:>\s*)*\$\$/.test(content)
  ) {
    return 'math-block';
  }
  if (before.kind === 'fence' && CLOSING_FENCE.test(content)) return 'code-block';
  if (after.kind === 'indentedCode') return options.indentedCode ? 'code-block' : null;
  if (after.kind === 'html' || (before.kind === 'html' && after.kind === 'none')) {
    return 'html-block';
  }
  if (awaitingDelimiter) return 'syntax';
  if (RULE_LINE.test(content)) return 'syntax';
  return null;
}

/**
 * Blocks that begin and end on the line just scanned, which the scanner's state no longer
 * shows: an HTML block of kinds 1–5 closed on its first line (`<!-- x -->*y*`), and indented
 * code on a lazy line after a block quote, which micromark ends at the end of that line.
 */
function oneLineBlockKind(
  source: string,
  line: LineSpan,
  before: Leaf,
  after: Leaf,
  leftContainers: boolean,
  options: BlockScanOptions,
): ProtectedKind | null {
  if (after.kind !== 'none' || before.kind === 'html') return null;
  const content = source.slice(line.start, line.end);
  const prefix = CONTAINER_PREFIX.exec(content)?.[0] ?? '';
  const from = line.start + prefix.length;
  if (source[from] === '<') {
    const html = htmlBlockStart(source, from, line.end, before.kind === 'paragraph', false);
    if (html && html.kind <= 5) return 'html-block';
  }
  if (leftContainers && options.indentedCode && INDENTED.test(content)) return 'code-block';
  return null;
}

/**
 * For a line opening a `$$` math block at `from` (just past the `$$`), the index of the later
 * line ending in `$$` that closes it, or -1 when there is none or the `$$` closes on the same
 * line (then the inline scanner protects the math and the rest of the line stays text).
 */
function mathBlockEnd(source: string, lines: LineSpan[], index: number, from: number): number {
  if (source.slice(from, lines[index].end).includes('$$')) return -1;
  for (let next = index + 1; next < lines.length; next += 1) {
    const candidate = lines[next];
    if (MATH_CLOSE.test(source.slice(candidate.start, candidate.end))) return next;
  }
  return -1;
}
