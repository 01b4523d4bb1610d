/**
 * Text edits for structural changes to a parsed YAML document. Each function looks at node
 * ranges in the original source and returns one `Edit` that touches only the node being changed,
 * so comments, blank lines, quoting and spacing everywhere else keep their bytes.
 */
import {
  isCollection,
  isMap,
  isPair,
  isScalar,
  isSeq,
  type Node,
  type Pair,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { renderKey, renderScalar, type ScalarStyle } from './scalarText';
import {
  atLineStart,
  beforeLineBreak,
  columnOf,
  lineContentEnd,
  lineStart,
  nextLineStart,
  onlySpacesBefore,
  skipBlanks,
  skipBlanksBack,
  type Edit,
} from './sourceLines';
import {
  renderBlockPair,
  renderBlockValue,
  renderFlowValue,
  type NewValue,
  type SequenceStyle,
} from './valueText';

/** The source being edited, with the layout facts new text must follow. */
export interface SpliceSource {
  text: string;
  eol: string;
  /** Indentation step of the document, used when no nearer example exists. */
  unit: number;
}

export type Spliced = { ok: true; edit: Edit } | { ok: false; reason: string };

export function range(node: unknown): [number, number] {
  const r = (node as Node | null)?.range;
  if (!r) throw new Error('yaml node without a source range');
  return [r[0], r[1]];
}

/** Replaces the value of an existing pair with `value`. */
export function setPairValue(
  src: SpliceSource,
  map: YAMLMap,
  pair: Pair,
  value: NewValue,
): Spliced {
  const { text } = src;
  const key = pair.key as Node;
  const old = pair.value as Node | null;
  if (map.flow) {
    const flowText = renderFlowValue(value, sequenceStyle(text, old), scalarStyle(old));
    if (old === null) return done(range(key)[1], range(key)[1], `: ${flowText}`, 'local');
    const [start, end] = range(old);
    const lead = start === end && text[start - 1] === ':' ? ' ' : '';
    return done(start, end, lead + flowText, scalarOrLocal(old, value));
  }
  if (old === null) return { ok: false, reason: 'the key has no value part (an explicit ? key).' };
  const head = valueHeadPos(text, key);
  if (head === undefined)
    return { ok: false, reason: 'the key is written in a form patches do not edit.' };
  const column = columnOf(text, range(key)[0]);
  const [start, end] = range(old);
  const blockScalar =
    isScalar(old) && (old.type === 'BLOCK_LITERAL' || old.type === 'BLOCK_FOLDED');
  const blockCollection = isCollection(old) && !old.flow;
  // The lines that will follow the new value: after the old block, or after the key's line.
  const after = blockCollection ? contentEnd(old) : blockScalar ? end : lineContentEnd(text, end);
  const rendered = renderBlockValue(value, {
    column,
    unit: childUnit(src, map, column),
    lineWidth: head - lineStart(text, head) + 1,
    prefer: scalarStyle(old),
    sequence: sequenceStyle(text, old),
    literal: !deeperCommentFollows(text, after, column),
  });
  const body = rendered.body.length ? src.eol + rendered.body.join(src.eol) : '';
  if (blockCollection) {
    // The old lines go; the rest of the key's line (spaces, a comment) stays after the new head.
    const to = collectionEnd(text, contentEnd(old));
    const rest = text.slice(head, lineContentEnd(text, head));
    return done(head, to, (rendered.head ? ` ${rendered.head}` : '') + rest + body);
  }
  if (blockScalar) {
    const from = rendered.head ? start : skipBlanksBack(text, start);
    const tail = text[end - 1] === '\n' ? src.eol : '';
    return done(from, end, rendered.head + body + tail, 'local');
  }
  // An inline value: replace its text; a trailing comment stays, new body lines go after it.
  let from = start;
  let to = end;
  let insert = rendered.head;
  if (rendered.head === '') {
    // Only body lines: drop the old text, and the blanks around it unless a comment follows.
    to = skipBlanks(text, end);
    if (to === lineContentEnd(text, end)) from = skipBlanksBack(text, start);
  } else if (start === end) {
    if (text[start - 1] !== ' ' && text[start - 1] !== '\t') insert = ` ${insert}`;
    if (text[start] === '#') insert = `${insert} `;
  }
  if (body === '') return done(from, to, insert, scalarOrLocal(old, value));
  const lineEnd = lineContentEnd(text, to);
  return done(from, lineEnd, insert + text.slice(to, lineEnd) + body, 'local');
}

/** Adds `key: value` at the end of `map`. */
export function insertPair(src: SpliceSource, map: YAMLMap, key: string, value: NewValue): Spliced {
  const { text } = src;
  if (map.flow) {
    const pairText = `${renderKey(key, 'flow')}: ${renderFlowValue(value)}`;
    const last = map.items[map.items.length - 1];
    if (last === undefined) return done(range(map)[0] + 1, range(map)[0] + 1, pairText, 'local');
    const end = range(last.value ?? last.key)[1];
    return done(end, end, `, ${pairText}`, 'local');
  }
  const column = columnOf(text, range(map)[0]);
  const lines = renderBlockPair(key, value, column, childUnit(src, map, column));
  return insertLines(src, contentEnd(map), column, lines);
}

/** Removes a pair and its lines from `map`. */
export function removePair(src: SpliceSource, map: YAMLMap, pair: Pair): Spliced {
  const { text } = src;
  const index = map.items.indexOf(pair);
  const start = range(pair.key)[0];
  const end = contentEnd(pair.value ?? pair.key);
  if (map.flow) {
    return removeFlowItem(
      map.items.map((item) => [range(item.key)[0], range(item.value ?? item.key)[1]]),
      index,
    );
  }
  if (onlySpacesBefore(text, start)) return removeLines(text, start, end);
  // The first key of a mapping that starts after `- `: the next key moves up to its place.
  const next = map.items[index + 1];
  if (next === undefined) {
    return { ok: false, reason: 'it is the only key of a mapping inside a sequence item.' };
  }
  return done(start, range(next.key)[0], '');
}

/** Appends a string item to a sequence. */
export function appendItem(src: SpliceSource, seq: YAMLSeq, item: string): Spliced {
  const { text } = src;
  const prefer = scalarStyle(seq.items[0]);
  if (seq.flow) {
    const itemText = renderScalar(item, { context: 'flow', prefer }).head;
    const last = seq.items[seq.items.length - 1];
    if (last === undefined) return done(range(seq)[0] + 1, range(seq)[0] + 1, itemText, 'local');
    const end = range(last)[1];
    return done(end, end, `, ${itemText}`, 'local');
  }
  const dash = columnOf(text, range(seq)[0]);
  const rendered = renderScalar(item, {
    context: 'block',
    parentIndent: dash,
    indent: dash + Math.max(src.unit, 2),
    prefer,
  });
  return insertLines(src, contentEnd(seq), dash, [
    `${' '.repeat(dash)}- ${rendered.head}`,
    ...rendered.body,
  ]);
}

/** Removes item `index` from a sequence. */
export function removeItem(src: SpliceSource, seq: YAMLSeq, index: number): Spliced {
  const { text } = src;
  if (seq.flow) {
    return removeFlowItem(
      seq.items.map((item) => range(item)),
      index,
    );
  }
  const item = seq.items[index];
  const start = range(item)[0];
  const end = contentEnd(item);
  const dash = skipBlanksBack(text, start) - 1;
  if (text[dash] !== '-' || !onlySpacesBefore(text, dash)) {
    return { ok: false, reason: 'the item is not written on lines of its own.' };
  }
  return removeLines(text, dash, end);
}

/** Offset just after the `:` of a block pair and any anchor or tag that follows it. */
function valueHeadPos(text: string, key: Node): number | undefined {
  let pos = skipBlanks(text, range(key)[1]);
  if (text[pos] !== ':') return undefined;
  pos++;
  for (;;) {
    const next = skipBlanks(text, pos);
    if (text[next] !== '&' && text[next] !== '!') return pos;
    pos = next;
    while (pos < text.length && !/[\s]/.test(text[pos])) pos++;
  }
}

/**
 * Where a node's own text ends. A block collection's range can run on over comment lines that
 * follow its last entry; those stay where they are, so this looks at the last entry instead.
 */
function contentEnd(node: unknown): number {
  if (!isCollection(node) || node.flow) return range(node)[1];
  const last: unknown = node.items[node.items.length - 1];
  if (last === undefined) return range(node)[1];
  if (isPair(last)) return contentEnd(last.value ?? last.key);
  return contentEnd(last);
}

/** The end of a block collection's last line, before its line break. */
function collectionEnd(text: string, end: number): number {
  return atLineStart(text, end) ? beforeLineBreak(text, end) : lineContentEnd(text, end);
}

/**
 * Inserts whole lines after the content that ends at `end` (a block collection's end), past
 * comment lines indented deeper than `column` and the blank lines between them: those belong to
 * the collection's last entry.
 */
function insertLines(src: SpliceSource, end: number, column: number, lines: string[]): Spliced {
  const { text, eol } = src;
  let at = atLineStart(text, end) ? end : nextLineStart(text, end);
  // Blank lines are passed only on the way to more deeper comments, so a literal block written
  // here is never followed by a line it could take in.
  for (let probe = at; probe >= 0 && probe < text.length;) {
    const first = skipBlanks(text, probe);
    if (first === lineContentEnd(text, probe)) {
      probe = nextLineStart(text, probe);
      continue;
    }
    if (text[first] !== '#' || first - probe <= column) break;
    probe = nextLineStart(text, probe);
    at = probe;
  }
  const block = lines.join(eol);
  if (at < 0) return done(text.length, text.length, eol + block, 'local');
  return done(at, at, block + eol, 'local');
}

/** Whether, after blank lines, the line after the one holding `pos` is a comment deeper than `column`. */
function deeperCommentFollows(text: string, pos: number, column: number): boolean {
  let probe = atLineStart(text, pos) ? pos : nextLineStart(text, pos);
  while (probe >= 0 && probe < text.length) {
    const first = skipBlanks(text, probe);
    if (first !== lineContentEnd(text, probe)) return text[first] === '#' && first - probe > column;
    probe = nextLineStart(text, probe);
  }
  return false;
}

/** Removes the lines from the one holding `start` to the one where the node ending at `end` ends. */
function removeLines(text: string, start: number, end: number): Spliced {
  const from = lineStart(text, start);
  const to = atLineStart(text, end) && end > start ? end : nextLineStart(text, end);
  if (to >= 0) return done(from, to, '');
  // The last line has no line break: take the one before it instead.
  return done(beforeLineBreak(text, from), text.length, '');
}

/** Removes one entry of a flow collection together with one neighbouring comma. */
function removeFlowItem(spans: Array<[number, number]>, index: number): Spliced {
  const [start, end] = spans[index];
  if (spans.length === 1) return done(start, end, '');
  if (index > 0) return done(spans[index - 1][1], end, '');
  return done(start, spans[1][0], '');
}

/** The indentation step below a block mapping: from a nested mapping of its own, or the document's. */
function childUnit(src: SpliceSource, map: YAMLMap, column: number): number {
  for (const pair of map.items) {
    const value = pair.value;
    if (isMap(value) && !value.flow) {
      const step = columnOf(src.text, range(value)[0]) - column;
      if (step > 0) return step;
    }
  }
  return src.unit;
}

function scalarStyle(node: unknown): ScalarStyle | undefined {
  if (!isScalar(node)) return undefined;
  const type = (node as Scalar).type;
  return type === 'BLOCK_FOLDED' ? 'BLOCK_LITERAL' : (type as ScalarStyle | undefined);
}

function sequenceStyle(text: string, node: unknown): SequenceStyle | undefined {
  if (!isSeq(node)) return undefined;
  const [start] = range(node);
  return {
    flow: node.flow === true,
    dashColumn: node.flow ? undefined : columnOf(text, start),
    padded: node.flow ? text[start + 1] === ' ' : undefined,
    itemStyle: scalarStyle(node.items[0]),
  };
}

function isScalarValue(value: NewValue): boolean {
  return value.kind === 'value' && !Array.isArray(value.value);
}

/** Replacing a scalar with a scalar only rewrites its text; anything else in place is local. */
function scalarOrLocal(old: Node | null, value: NewValue): Reach {
  return isScalar(old) && isScalarValue(value) ? 'scalar' : 'local';
}

/** How far an edit reaches: one scalar's text, a local change (see `Edit`), or more. */
type Reach = 'scalar' | 'local' | 'wide';

function done(from: number, to: number, insert: string, reach: Reach = 'wide'): Spliced {
  if (reach === 'wide') return { ok: true, edit: { from, to, insert } };
  const edit: Edit = { from, to, insert, local: true };
  if (reach === 'scalar') edit.scalarOnly = true;
  return { ok: true, edit };
}
