/**
 * Gathers a document's link reference and footnote definitions, so a chunk parsed on its own
 * can still resolve references to definitions that live in other chunks.
 */

import { finishScan, scanLine } from './blockScanner/blockScanner';
import { splitLines } from './blockScanner/lines';
import { createScanState, type DefinitionSink } from './blockScanner/scanState';

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
