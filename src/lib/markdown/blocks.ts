/**
 * Splits a markdown document into chunks of whole top-level blocks, fast enough to run on every
 * load, so the editor can parse each chunk on its own and keep the source text of every chunk
 * the person did not edit. A split is only made where parsing the pieces separately gives the
 * same blocks as parsing the whole document (CommonMark + GFM, as micromark parses it).
 */

import { finishScan, scanLine } from './blockScanner';
import { CR, LF } from './charCodes';
import { splitFrontMatter } from './frontMatter';
import { splitLines, type LineSpan } from './lines';
import {
  createScanState,
  insideRawBlock,
  stateKey,
  type DefinitionSink,
  type ScanState,
} from './scanState';

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
  const lines = splitLines(text);
  const frontMatterEnd = splitFrontMatter(text).frontMatter.length;
  const whole = new BoundaryScanner(text, false);
  // After front matter, cuts must also suit the body parsed on its own (as the editor does);
  // once both readings reach the same state they agree on everything after.
  let body = frontMatterEnd > 0 ? new BoundaryScanner(text, true) : null;
  const chunks: Chunk[] = [];
  let start = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    const next = lines[index + 1];
    if (line.start < frontMatterEnd) {
      whole.scan(line, next);
      continue;
    }
    if (body && stateKey(body.state) === stateKey(whole.state)) body = null;
    const cut = whole.scan(line, next);
    const bodyCut = body ? body.scan(line, next) : true;
    if (cut && bodyCut && line.start > start) {
      chunks.push({ start, end: line.start });
      start = line.start;
    }
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

/** Scans a document line by line and tells where a chunk may begin. */
class BoundaryScanner {
  readonly state = createScanState();

  /** `seenBlock`: a block comes before the first line scanned. */
  constructor(
    private readonly text: string,
    private seenBlock: boolean,
  ) {}

  /** Scans `line` and returns whether a chunk may begin where it starts. */
  scan(line: LineSpan, next: LineSpan | undefined): boolean {
    // A fence or raw HTML block left open inside a list item ends differently at the end of a
    // chunk than where the next top-level block cuts it short, so never cut after one.
    const afterRawBlock = insideRawBlock(this.state);
    if (!scanLine(this.state, this.text, line, next)) return false;
    const cut =
      this.seenBlock && !afterRawBlock && startsLikeADocument(this.state, this.text, line, next);
    this.seenBlock = true;
    return cut;
  }
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
