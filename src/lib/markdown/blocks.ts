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
 * definition), separated by blank lines: appended to a chunk (see `withDefinitions`), they let
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

/**
 * The text to parse for one chunk: the chunk, a blank line, then the document's definitions.
 * Nodes starting at or after `chunkText.length` come from the definitions and are to be dropped.
 * When the chunk ends inside an unclosed fenced code or raw HTML block (only possible for the
 * last chunk of a document), nothing is appended, since the block would take it in; references
 * elsewhere in that chunk then only resolve to definitions the chunk itself holds.
 */
export function withDefinitions(chunkText: string, definitions: string): string {
  if (definitions === '') return chunkText;
  const atEnd = scanToEnd(chunkText);
  if (insideRawBlock(atEnd)) return chunkText;
  // A last line without a line ending can read differently once one is added after it.
  const last = chunkText.charCodeAt(chunkText.length - 1);
  if (last !== LF && last !== CR && stateKey(scanToEnd(`${chunkText}\n`)) !== stateKey(atEnd)) {
    return chunkText;
  }
  return `${chunkText}\n\n${definitions}`;
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
