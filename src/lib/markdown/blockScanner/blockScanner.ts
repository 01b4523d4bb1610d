/**
 * A line-by-line model of how micromark (CommonMark + GFM) groups lines into blocks, without
 * parsing inline content: the container half (block quotes, lists, footnote definitions and
 * lazy lines) of micromark's document tokenizer, handing each line's rest to `scanFlow`. It is
 * exact enough to tell where a top-level block starts, and finds definitions on the way.
 */

import { startContainer, continueContainer } from './containerSyntax';
import { scanFlow } from './flowScanner';
import { LineCursor } from './lineCursor';
import type { LineSpan } from './lines';
import {
  closeLeaf,
  isConcrete,
  isPending,
  type DefinitionSink,
  type LineContext,
  type ScanState,
} from './scanState';

/**
 * Scans one line (`next` is the line after it, if any), updating `state`, and returns whether
 * the line starts a new block at the top level of the document.
 */
export function scanLine(
  state: ScanState,
  src: string,
  line: LineSpan,
  next: LineSpan | undefined,
  sink?: DefinitionSink,
): boolean {
  const context: LineContext = { src, ended: line.next > line.end, next, sink };
  const cursor = new LineCursor(src, line.start, line.end);
  let continued = 0;
  while (continued < state.stack.length) {
    const result = continueContainer(state.stack[continued], cursor, state.stack[continued - 1]);
    if (result === 'ended') break;
    continued += 1;
    if (result === 'newItem') {
      // The next item of a list: whatever was open in the previous item is done.
      closeLeaf(state, sink);
      state.stack.length = continued;
      break;
    }
  }

  const allContinued = continued === state.stack.length;
  let opened = 0;
  // Inside fenced code or HTML, a line that continues every container cannot open another.
  if (!(allContinued && isConcrete(state.leaf))) {
    const interrupt = allContinued && isPending(state.leaf);
    for (;;) {
      const container = startContainer(cursor, interrupt);
      if (!container) break;
      if (opened === 0) {
        closeLeaf(state, sink);
        state.stack.length = continued;
      }
      if (container.kind === 'footnote') sink?.footnote(container.label);
      state.stack.push(container);
      opened += 1;
    }
  }
  const lazy = opened === 0 && continued < state.stack.length;
  const started = scanFlow(state, cursor, lazy, continued, context);
  return opened > 0 ? continued === 0 : started && state.stack.length === 0;
}

/** Closes whatever is still open at the end of the document (flushing definitions). */
export function finishScan(state: ScanState, sink?: DefinitionSink): void {
  closeLeaf(state, sink);
  state.stack.length = 0;
}
