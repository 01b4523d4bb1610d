/**
 * One `read` answer from a window of snapshot nodes: as many whole nodes, from the window's
 * start, as keep the whole answer within a byte budget, in the page form (one line per node,
 * snapshotLines.ts) or as the seeds' node objects. What the model reads is the JSON of the answer
 * (SPEC §2: the text block and structuredContent carry the same JSON), so the budget counts the
 * UTF-8 bytes of that JSON, escapes included: a line break in the page costs two.
 */
import type { SnapshotNode } from '../../agent/agentTypes.js';
import { nodeLine } from './snapshotLines.js';

/**
 * The most a read answer weighs, in UTF-8 bytes of its JSON: under SPEC §2's 75,000, with room
 * to spare, and enough for a page of 2,000 controls in the page form.
 */
export const READ_ANSWER_BYTES = 70_000;

/**
 * The most nodes the driver asks the agent for at a time: more than any answer can hold (a line
 * is at least 8 bytes), so the byte budget, not the window, decides where an answer stops.
 */
export const READ_WINDOW = 10_000;

export type ReadFormat = 'page' | 'nodes';

/** What the agent answered for the window that starts at `offset`. */
export interface ReadWindow {
  offset: number;
  nodes: SnapshotNode[];
  total: number;
  clipped: number[];
  exhausted: boolean;
  unreachable: { frames: number; closedShadowRoots: number };
}

/** The read's own fields, wrapped by the caller into the whole answer (tab, url, generation…). */
export type Frame = (fields: Record<string, unknown>) => Record<string, unknown>;

export function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value), 'utf8');
}

function fieldsOf(w: ReadWindow, format: ReadFormat, items: unknown[], shown: number) {
  const listed = items.slice(0, shown);
  const fields: Record<string, unknown> =
    format === 'page' ? { page: listed.join('\n') } : { snapshot: listed };
  fields.total = w.total;
  const end = w.offset + shown;
  if (end < w.total) fields.nextOffset = end;
  if (shown === 0 && w.offset > 0 && w.offset >= w.total) {
    fields.note = `offset ${w.offset} is past the last node: there are ${w.total}.`;
  }
  if (w.exhausted || w.clipped.some((i) => i < shown)) fields.truncated = true;
  const { frames, closedShadowRoots } = w.unreachable;
  if (frames > 0 || closedShadowRoots > 0) fields.unreachable = w.unreachable;
  return fields;
}

/**
 * The answer: the window's first nodes that fit `maxBytes` (at least one, so paging always moves
 * on), `total`, and `nextOffset` when nodes remain. `truncated` and `unreachable` appear only
 * when they say something.
 */
export function readAnswer(
  w: ReadWindow,
  format: ReadFormat,
  frame: Frame,
  maxBytes: number = READ_ANSWER_BYTES,
): Record<string, unknown> {
  const items: unknown[] = format === 'page' ? w.nodes.map(nodeLine) : w.nodes;
  // Every field but the list, at its largest: nextOffset has no more digits than total.
  const most = frame({ ...fieldsOf(w, format, items, 0), nextOffset: w.total, truncated: true });
  let bytes = jsonBytes(most);
  let shown = 0;
  for (; shown < items.length; shown++) {
    // A line costs its escaped text (without the quotes) and the `\n` before it; a node object
    // its JSON and the comma before it.
    const sep = shown === 0 ? 0 : format === 'page' ? 2 : 1;
    const cost = jsonBytes(items[shown]) - (format === 'page' ? 2 : 0) + sep;
    if (bytes + cost > maxBytes && shown > 0) break;
    bytes += cost;
  }
  let answer = frame(fieldsOf(w, format, items, shown));
  // The sum above is exact for the list and generous for the rest; this only guards it.
  while (shown > 1 && jsonBytes(answer) > maxBytes) {
    shown--;
    answer = frame(fieldsOf(w, format, items, shown));
  }
  return answer;
}
