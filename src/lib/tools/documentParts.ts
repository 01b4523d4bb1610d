/**
 * `document` on part of a tab (issue 28): the outline, a section or a range of lines read in
 * pages, a search by line, and which lines a section or range write replaces. Arguments that do
 * not fit together are plain sentences; what depends on the text (lines outside it, a section
 * path that names none or several) is an INVALID_ARGUMENT refusal saying what there is.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  TRUNCATION_NOTES,
  argumentError,
  fromRefusal,
  limitSize,
  refusal,
  success,
  type DocumentArgs,
} from '../mcp';
import { compilePattern, findLines, literalPattern } from '../text/parts/findLines';
import { readLines, replaceLines, type LineRange } from '../text/parts/lineRange';
import { indexLines } from '../text/parts/lines';
import { markdownOutline } from '../text/parts/markdownOutline';
import { findSection, type Section } from '../text/parts/sections';
import { workflowOutline } from '../text/parts/workflowOutline';
import type { FindHost, TabView } from './host';

/** Whether a read asks for part of the text rather than the whole. */
export function readsPart(args: DocumentArgs): boolean {
  return (
    args.view !== undefined ||
    args.find !== undefined ||
    args.regex !== undefined ||
    args.section !== undefined ||
    args.startLine !== undefined ||
    args.endLine !== undefined ||
    args.startColumn !== undefined
  );
}

/** Whether a write replaces a section or a range of lines rather than the whole text. */
export function writesPart(args: DocumentArgs): boolean {
  return args.section !== undefined || args.startLine !== undefined || args.endLine !== undefined;
}

export function outlineOf(doc: Pick<TabView, 'text' | 'kind'>): Section[] {
  return doc.kind === 'yaml-workflow' ? workflowOutline(doc.text) : markdownOutline(doc.text);
}

/** The arguments a read of part of the text gives that do not fit together, as a sentence. */
function readMix(args: DocumentArgs): string | null {
  const lines = args.startLine !== undefined || args.endLine !== undefined;
  const chosen = [
    args.view !== undefined && 'view',
    args.find !== undefined && 'find',
    args.section !== undefined && 'section',
    lines && 'startLine/endLine',
  ].filter(Boolean);
  if (chosen.length > 1) {
    return `document.read takes one of view, find, section or startLine/endLine, not ${chosen.join(' and ')}.`;
  }
  if (args.regex !== undefined && args.find === undefined) return 'regex goes with find.';
  if (args.endLine !== undefined && args.startLine === undefined) {
    return 'endLine goes with startLine (the first line to read).';
  }
  if (args.startColumn !== undefined && args.startLine === undefined && !args.section) {
    return 'startColumn goes with startLine: pass the nextLine and nextColumn a page answered.';
  }
  if (args.find === '') return 'find must not be empty.';
  return null;
}

const lineRefusal = (r: { error: string; totalLines: number }) =>
  refusal('INVALID_ARGUMENT', r.error, { totalLines: r.totalLines });

/** Lines to act on, or the answer that refuses them. */
type Lines = { range: LineRange } | { answer: CallToolResult };

/** The lines a `section` path names in `doc`, or the refusal naming none or the candidates. */
function sectionLines(doc: TabView, path: string): Lines {
  if (path.trim() === '') return { answer: argumentError('section must not be blank.') };
  const found = findSection(outlineOf(doc), path);
  if (found.ok) {
    return { range: { startLine: found.section.startLine, endLine: found.section.endLine } };
  }
  return {
    answer: refusal('INVALID_ARGUMENT', found.error, { candidates: found.candidates }),
  };
}

/** Answers `document.read` with view, section, startLine/endLine or find. */
export async function readPart(
  host: FindHost,
  doc: TabView,
  args: DocumentArgs,
): Promise<CallToolResult> {
  const mix = readMix(args);
  if (mix) return argumentError(mix);
  const head = { revision: doc.revision, tabId: doc.id };
  if (args.view === 'outline') {
    const totalLines = indexLines(doc.text).total;
    return limitSize(
      success({ ...head, totalLines, outline: outlineOf(doc) }),
      TRUNCATION_NOTES.generic,
    );
  }
  if (args.find !== undefined) {
    if (!args.regex) return success({ ...head, ...findLines(doc.text, literalPattern(args.find)) });
    const pattern = compilePattern(args.find);
    if (!(pattern instanceof RegExp)) return argumentError(pattern.error);
    const found = await host.findRegex(doc.windowId, doc.text, args.find);
    if (!found.ok) return fromRefusal(found);
    return success({ ...head, matches: found.matches, truncated: found.truncated });
  }
  let lines: Lines;
  if (args.section !== undefined) lines = sectionLines(doc, args.section);
  else {
    const startLine = args.startLine ?? 1;
    const endLine = args.endLine ?? Math.max(indexLines(doc.text).total, startLine);
    lines = { range: { startLine, endLine } };
  }
  if ('answer' in lines) return lines.answer;
  const page = readLines(doc.text, lines.range, args.startColumn ?? 1);
  if ('error' in page) return lineRefusal(page);
  return success({ ...head, ...page });
}

/**
 * Why a section or range write cannot go ahead, whatever the text: `expected_revision` is
 * required, since lines shift as the text changes. Null when it can.
 */
export function writeArgsError(args: DocumentArgs): string | null {
  const lines = args.startLine !== undefined || args.endLine !== undefined;
  if (args.section !== undefined && lines) {
    return 'document.write takes section or startLine and endLine, not both.';
  }
  if (args.expected_revision === undefined) {
    return 'A section or line write needs expected_revision (the revision you read the lines at): lines shift as the text changes.';
  }
  if (args.section === undefined && (args.startLine === undefined || args.endLine === undefined)) {
    return 'A line write needs startLine and endLine (endLine = startLine − 1 inserts before startLine).';
  }
  return null;
}

/**
 * The text a section or range write makes of `doc` (the tab as the write applies to it), or the
 * answer that refuses it.
 */
export function writtenPart(
  doc: TabView,
  args: DocumentArgs,
  content: string,
): { text: string } | { answer: CallToolResult } {
  const lines: Lines =
    args.section !== undefined
      ? sectionLines(doc, args.section)
      : { range: { startLine: args.startLine ?? 0, endLine: args.endLine ?? 0 } };
  if ('answer' in lines) return lines;
  const next = replaceLines(doc.text, lines.range, content);
  return 'error' in next ? { answer: lineRefusal(next) } : next;
}
