/**
 * Splits a markdown document into chunks of whole top-level blocks, fast enough to run on every
 * load, so the editor can parse each chunk on its own and keep the source text of every chunk
 * the person did not edit. A split is only made where parsing the pieces separately gives the
 * same blocks as parsing the whole document (CommonMark + GFM, as micromark parses it).
 */

import {
  createScanState,
  insideRawBlock,
  finishScan,
  scanLine,
  stateKey,
  type DefinitionSink,
  type ScanState,
} from './blockScanner';
import { CR, LF } from './charCodes';
import { splitFrontMatter } from './frontMatter';
import { splitLines, type LineSpan } from './lines';

/** A run of the document, `[start, end)` in UTF-16 offsets. */
export interface Chunk {
  start: number;
  end: number;
}

/**
 * Cuts `text` into contiguous chunks covering all of it (none for empty text). Each chunk holds
 * one or more complete top-level blocks plus the blank lines after them; a leading front-matter
 * block is a chunk of its own. Blocks are kept together whenever splitting them apart could
 * change how either part parses.
 */
export function splitTopLevelBlocks(text: string): Chunk[] {
  if (text.length === 0) return [];
  const frontMatterEnd = splitFrontMatter(text).frontMatter.length;
  let cuts = blockBoundaries(text, 0, false);
  if (frontMatterEnd > 0) {
    // Valid both for the whole text and for the body parsed without its front matter.
    const bodyCuts = new Set(blockBoundaries(text, frontMatterEnd, true));
    cuts = cuts.filter(
      (offset) => offset === frontMatterEnd || (offset > frontMatterEnd && bodyCuts.has(offset)),
    );
  }
  const chunks: Chunk[] = [];
  let start = 0;
  for (const cut of cuts) {
    if (cut <= start || cut >= text.length) continue;
    chunks.push({ start, end: cut });
    start = cut;
  }
  chunks.push({ start, end: text.length });
  return chunks;
}

/**
 * The link reference definitions of the whole document (and a `[^label]:` stub per footnote
 * definition), separated by blank lines: added to a chunk (see `chunkSource`), they let
 * its reference links and footnote calls resolve as they do in the whole document. Definitions
 * inside block quotes or list items are included without their container markers.
 */
export function collectDefinitions(text: string): string {
  const found: string[] = [];
  const seen = new Set<string>();
  const add = (definition: string) => {
    if (seen.has(definition)) return;
    seen.add(definition);
    found.push(definition);
  };
  const sink: DefinitionSink = {
    linkDefinitions: add,
    footnote: (label) => add(`[^${label}]:`),
  };
  const state = createScanState();
  const lines = splitLines(text);
  for (let index = 0; index < lines.length; index += 1) {
    scanLine(state, text, lines[index], lines[index + 1], sink);
  }
  finishScan(state, sink);
  return found.join('\n\n');
}

/** What to parse for one chunk so that its references resolve as in the whole document. */
export interface ChunkSource {
  /** The markdown to parse: the chunk's text plus the document's definitions. */
  text: string;
  /** Top-level nodes starting in `[chunkStart, chunkEnd)` are the chunk's; drop the others. */
  chunkStart: number;
  chunkEnd: number;
}

/** Closes any footnote definition left open by the definitions before a prepended chunk. */
const PREFIX_CLOSER = '<!---->';

/**
 * The source to parse for one chunk: normally `chunkText + '\n\n' + definitions`. When the
 * chunk ends inside an unclosed fenced code or raw HTML block (only possible in the last chunk),
 * or its last line lacks a line ending and would read differently with one, anything appended
 * would change how it ends, so the definitions go in front instead.
 */
export function chunkSource(chunkText: string, definitions: string): ChunkSource {
  if (definitions === '') return { text: chunkText, chunkStart: 0, chunkEnd: chunkText.length };
  if (!endsLikeAtEndOfDocument(chunkText)) {
    const prefix = `${definitions}\n\n${PREFIX_CLOSER}\n`;
    return {
      text: prefix + chunkText,
      chunkStart: prefix.length,
      chunkEnd: prefix.length + chunkText.length,
    };
  }
  return { text: `${chunkText}\n\n${definitions}`, chunkStart: 0, chunkEnd: chunkText.length };
}

/** Whether a blank line and more text after the chunk leave its blocks as the end of text does. */
function endsLikeAtEndOfDocument(chunkText: string): boolean {
  const atEnd = scanToEnd(chunkText);
  if (insideRawBlock(atEnd)) return false;
  const last = chunkText.charCodeAt(chunkText.length - 1);
  if (last === LF || last === CR) return true;
  return stateKey(scanToEnd(`${chunkText}\n`)) === stateKey(atEnd);
}

/**
 * Offsets of line starts (at or after `from`) where a new chunk may begin when scanning from
 * `from` as if the document started there. `precededByBlock` says a block comes before `from`.
 */
function blockBoundaries(text: string, from: number, precededByBlock: boolean): number[] {
  const lines = splitLines(text, from);
  const state = createScanState();
  const cuts: number[] = [];
  let seenBlock = precededByBlock;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const next = lines[index + 1];
    // A fence or raw HTML block left open inside a list item ends differently at the end of a
    // chunk than where the next top-level block cuts it short, so never cut after one.
    const afterRawBlock = insideRawBlock(state);
    if (!scanLine(state, text, line, next).topLevelStart) continue;
    if (seenBlock && !afterRawBlock && startsLikeADocument(state, text, line, next)) {
      cuts.push(line.start);
    }
    seenBlock = true;
  }
  return cuts;
}

/**
 * Whether the line leaves the scanner in the same state as when it is the first line of a
 * document: then what follows parses the same in a chunk of its own.
 */
function startsLikeADocument(
  state: ScanState,
  text: string,
  line: LineSpan,
  next: LineSpan | undefined,
): boolean {
  const fresh = createScanState();
  scanLine(fresh, text, line, next);
  return stateKey(fresh) === stateKey(state);
}

function scanToEnd(text: string): ScanState {
  const state = createScanState();
  const lines = splitLines(text);
  for (let index = 0; index < lines.length; index += 1) {
    scanLine(state, text, lines[index], lines[index + 1]);
  }
  return state;
}
