/**
 * What to hand the parser for one chunk: the chunk plus the document's definitions, placed so
 * that they cannot change how the chunk's own blocks parse.
 */

import { scanLine } from './blockScanner/blockScanner';
import { CR, LF } from './blockScanner/charCodes';
import { splitLines } from './blockScanner/lines';
import {
  createScanState,
  insideRawBlock,
  stateKey,
  type ScanState,
} from './blockScanner/scanState';

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

function scanToEnd(text: string): ScanState {
  const state = createScanState();
  const lines = splitLines(text);
  for (let index = 0; index < lines.length; index += 1) {
    scanLine(state, text, lines[index], lines[index + 1]);
  }
  return state;
}
