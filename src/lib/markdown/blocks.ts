/**
 * Splits a markdown document into chunks of whole top-level blocks, fast enough to run on every
 * load, so the editor can parse each chunk on its own and keep the source text of every chunk
 * the person did not edit. A split is only made where parsing the pieces separately gives the
 * same blocks as parsing the whole document (CommonMark + GFM, as micromark parses it).
 */

import { scanLine } from './blockScanner/blockScanner';
import { splitFrontMatter } from './frontMatter';
import { splitLines, type LineSpan } from './blockScanner/lines';
import {
  createScanState,
  insideRawBlock,
  stateKey,
  type ScanState,
} from './blockScanner/scanState';

export { chunkSource, type ChunkSource } from './chunkSource';
export { collectDefinitions } from './definitions';

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
