/**
 * Checking a batch's result by parsing only the parts of the text its edits touched.
 *
 * A piece is a run of neighbouring entries of one block collection (pairs of a mapping, items of
 * a sequence), each the first thing on its line, from the start of the first entry's line to the
 * first later line that is not blank and is indented no deeper than the entries (or the end of
 * the text). Everything such a piece means is decided by its own lines: what comes before ends
 * at its first line and the line after it closes whatever the piece opened, so it reads alone
 * (parsed as a document of its own, indented) as it reads in place. Every edit must fall inside
 * one piece; each edited piece is parsed alone, put in place of its entries in a copy of the
 * original data, and the whole is compared with the model, as the full check would compare a
 * parse of the whole text. Whatever this cannot vouch for answers undefined, and the caller
 * parses the whole text instead. The same reading of the original piece is checked first
 * against the original data, so a piece drawn in the wrong place is never trusted.
 */
import { isMap, isScalar, isSeq, parseDocument, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { hasOwn, isData, put, sameData } from './expected';
import { wellShaped } from './pieceShape';
import {
  endOfEntry,
  entryBefore,
  insertedLines,
  onlyComments,
  spanOf,
  type Span,
} from './pieceSpans';
import { applyEdits, type Edit } from '../yamlText/sourceLines';

/** What a piece check needs of the original text's parse. */
export interface PieceBase {
  text: string;
  root: YAMLMap;
  /** The original's data, as `toJS()` gives it. */
  data: unknown;
  /** Whether some alias reuses an anchored node: then an edit may act outside its piece. */
  aliased: boolean;
}

type Collection = YAMLMap | YAMLSeq;
type Key = string | number;

/** Entries `first`..`last` of the collection at `path`, over `from`..`to` of the text. */
interface Piece {
  path: Key[];
  node: Collection;
  first: number;
  last: number;
  from: number;
  to: number;
  column: number;
  /** The edits that fall in this piece. */
  edits: Edit[];
}

/** A piece before the edits are assigned to it. */
type Place = Omit<Piece, 'edits'>;

/**
 * The edited text when reading back only the pieces the edits touched gives the data
 * `expect(actual)` says it must, else undefined (the caller then reads the whole text). `expect`
 * gets the data the edited text reads as and returns the data the patches should produce.
 */
export function checkByPieces(
  base: PieceBase,
  edits: readonly Edit[],
  expect: (actual: unknown) => unknown,
): string | undefined {
  if (base.aliased || edits.length === 0 || hasDirectives(base)) return undefined;
  const last = base.text.length;
  const atEnd = edits.find((edit) => edit.from === last && /^\r?\n/.test(edit.insert));
  if (atEnd !== undefined && !base.text.endsWith('\n')) {
    if (edits.filter((edit) => edit.from === last).length > 1) return undefined;
    // Lines added after a last line with no line break start with one: that line break is read
    // with the piece holding the last line, and the rest as lines added to a text ending in it.
    const eol = atEnd.insert.startsWith('\r\n') ? '\r\n' : '\n';
    if (!sameWithLineBreak(base, eol)) return undefined;
    const to = last + eol.length;
    const moved = edits.map((edit) =>
      edit === atEnd ? { from: to, to, insert: edit.insert.slice(eol.length) } : edit,
    );
    const checked = checkByPieces({ ...base, text: base.text + eol }, moved, expect);
    return checked === undefined ? undefined : applyEdits(base.text, edits);
  }
  const pieces = piecesFor(base, edits);
  if (pieces === undefined) return undefined;
  const actual = structuredClone(base.data);
  // From the last piece back, so the item indexes of earlier pieces still hold.
  for (const piece of [...pieces].reverse()) {
    const inside = piece.edits.map((edit) => ({
      ...edit,
      from: edit.from - piece.from,
      to: edit.to - piece.from,
    }));
    const before = base.text.slice(piece.from, piece.to);
    const after = applyEdits(before, inside);
    if (!wellShaped(after, piece.column, piece.to === last)) return undefined;
    if (piece.first <= piece.last) {
      const original = readAlone(before, piece.node);
      const parent = dataAt(base.data, piece.path);
      if (original === undefined || !sameEntries(original, parent, piece)) return undefined;
    }
    const edited = readAlone(after, piece.node);
    if (edited === undefined || !replaceEntries(actual, piece, edited)) return undefined;
  }
  const expected = expect(actual);
  if (expected === undefined || !sameData(expected, actual)) return undefined;
  return applyEdits(base.text, edits);
}

/**
 * Whether ending the text's last line with a line break leaves its data as it is (a block
 * scalar on that line would gain a line break): the piece holding the line reads the same with
 * it and without it, and without it as in the whole document.
 */
function sameWithLineBreak(base: PieceBase, eol: string): boolean {
  const last = base.text.length;
  const piece = pieceAround(base.text, base.root, [], { from: last, to: last, insert: eol });
  if (piece === undefined || piece.first > piece.last) return false;
  const before = base.text.slice(piece.from, piece.to);
  if (!wellShaped(before + eol, piece.column, true)) return false;
  const original = readAlone(before, piece.node);
  const ended = readAlone(before + eol, piece.node);
  if (original === undefined || ended === undefined) return false;
  return sameEntries(original, dataAt(base.data, piece.path), piece) && sameData(original, ended);
}

/** One piece per group of edits, in text order and apart from each other, or undefined. */
function piecesFor(base: PieceBase, edits: readonly Edit[]): Piece[] | undefined {
  const found: Piece[] = [];
  for (const edit of edits) {
    const piece = pieceAround(base.text, base.root, [], edit);
    if (piece === undefined) return undefined;
    found.push({ ...piece, edits: [edit] });
  }
  // At one place, deeper lines go first (see `placeAmong` in applyPatches.ts).
  found.sort((a, b) => a.from - b.from || a.to - b.to || b.column - a.column);
  const pieces: Piece[] = [];
  for (const piece of found) {
    const previous = pieces[pieces.length - 1];
    // A piece may start where the one before ends when its first line closes that one, as the
    // line after the earlier piece did: it is indented no deeper.
    const apart = previous === undefined || piece.from > previous.to;
    const next = previous !== undefined && piece.from === previous.to;
    if (apart || (next && piece.column <= previous.column)) {
      pieces.push(piece);
      continue;
    }
    // Pieces that meet or overlap otherwise become the smallest piece holding both.
    const from = Math.min(previous.from, piece.from);
    const to = Math.max(previous.to, piece.to);
    const joined = pieceAround(base.text, base.root, [], { from, to, insert: '' });
    if (joined === undefined) return undefined;
    pieces[pieces.length - 1] = { ...joined, edits: [...previous.edits, ...piece.edits] };
  }
  return pieces;
}

/**
 * The smallest piece under `node` holding all of the edit, or undefined when none does. Lines
 * inserted where two entries meet (or after the last) go with the collection whose entries
 * stand at their indentation: as new entries of it (a piece of no entries), or inside the entry
 * that ends there when they are indented deeper.
 */
function pieceAround(
  text: string,
  node: Collection,
  path: Key[],
  edit: Pick<Edit, 'from' | 'to' | 'insert'>,
): Place | undefined {
  if (node.flow) return undefined;
  const { from, to } = edit;
  const items = node.items as unknown[];
  const spans = items.map((item) => spanOf(text, item, isMap(node)));
  const column = spans.find((span) => span?.alone)?.column;
  const lines = insertedLines(text, edit);
  if (lines !== undefined && column !== undefined) {
    // The entry whose content ends before the insertion, with only blank lines and deeper
    // comments between; or the entry whose line the insertion goes before.
    const ending = spans.findIndex(
      (span) =>
        span !== undefined &&
        span.after <= from &&
        from <= span.to &&
        onlyComments(text.slice(span.after, from)),
    );
    const starting = spans.findIndex((span) => span?.alone === true && span.from === from);
    const fits = lines.column === column && lines.item === isSeq(node);
    const before = ending >= 0 ? ending : entryBefore(text, spans, from);
    if (fits && (before >= 0 || starting >= 0)) {
      // New entries: the piece runs on over the blank lines and deeper comments after them.
      const at = before >= 0 ? before + 1 : starting;
      const to = endOfEntry(text, from, column);
      return { path, node, first: at, last: at - 1, from, to, column };
    }
    if (lines.column > column && ending >= 0)
      return entryPiece(text, node, path, spans, ending, edit);
    if (lines.column <= column) return undefined;
  }
  let first = -1;
  let last = -1;
  for (const [index, span] of spans.entries()) {
    if (span !== undefined && span.from <= to && from <= span.to) {
      if (first < 0) first = index;
      last = index;
    }
  }
  if (first < 0) return undefined;
  if (first === last) return entryPiece(text, node, path, spans, first, edit);
  return runPiece(node, path, spans, first, last, edit);
}

/** The piece of entry `index` alone, or a smaller one inside it when its value is a collection. */
function entryPiece(
  text: string,
  node: Collection,
  path: Key[],
  spans: Array<Span | undefined>,
  index: number,
  edit: Pick<Edit, 'from' | 'to' | 'insert'>,
): Place | undefined {
  const item = node.items[index];
  const value = isMap(node) ? (item as Pair).value : item;
  const key = keyOf(node, index);
  if ((isMap(value) || isSeq(value)) && key !== undefined) {
    const inner = pieceAround(text, value, [...path, key], edit);
    if (inner !== undefined) return inner;
  }
  return runPiece(node, path, spans, index, index, edit);
}

/** Entries `first`..`last` as a piece, when each is alone on its line and they hold the edit. */
function runPiece(
  node: Collection,
  path: Key[],
  spans: Array<Span | undefined>,
  first: number,
  last: number,
  edit: Pick<Edit, 'from' | 'to'>,
): Place | undefined {
  for (let index = first; index <= last; index++)
    if (spans[index]?.alone !== true) return undefined;
  const start = spans[first] as Span;
  const end = spans[last] as Span;
  if (edit.from < start.from || edit.to > end.to) return undefined;
  return { path, node, first, last, from: start.from, to: end.to, column: start.column };
}

/** A piece's text read as a document of its own, or undefined when that fails. */
function readAlone(text: string, node: Collection): unknown {
  const doc = parseDocument(text, { prettyErrors: false });
  if (doc.errors.length > 0) return undefined;
  let data: unknown;
  try {
    data = doc.toJS();
  } catch {
    return undefined;
  }
  if (isMap(node) ? !isData(data) : !Array.isArray(data)) return undefined;
  return data;
}

/** Whether `read` holds exactly the piece's entries of `parent`, the original data. */
function sameEntries(read: unknown, parent: unknown, piece: Place): boolean {
  if (isMap(piece.node)) {
    if (!isData(read) || !isData(parent)) return false;
    const keys = pieceKeys(piece);
    if (keys === undefined || Object.keys(read).length !== keys.length) return false;
    return keys.every((key) => hasOwn(read, key) && sameData(read[key], parent[key]));
  }
  if (!Array.isArray(read) || !Array.isArray(parent)) return false;
  const count = piece.last - piece.first + 1;
  if (read.length !== count) return false;
  return read.every((item, index) => sameData(item, parent[piece.first + index]));
}

/**
 * Puts what an edited piece reads as in place of the piece's entries in `actual` (a copy of the
 * original data). False when a key it reads would clash with an entry outside the piece.
 */
function replaceEntries(actual: unknown, piece: Piece, read: unknown): boolean {
  const parent = dataAt(actual, piece.path);
  if (isMap(piece.node)) {
    const keys = pieceKeys(piece);
    if (!isData(parent) || !isData(read) || keys === undefined) return false;
    for (const key of keys) delete parent[key];
    for (const key of Object.keys(read)) {
      if (hasOwn(parent, key)) return false;
      put(parent, key, read[key]);
    }
    return true;
  }
  if (!Array.isArray(parent) || !Array.isArray(read)) return false;
  parent.splice(piece.first, piece.last - piece.first + 1, ...(read as unknown[]));
  return true;
}

/** The data keys of the piece's pairs, as `toJS()` names them. */
function pieceKeys(piece: Place): string[] | undefined {
  const keys: string[] = [];
  for (let index = piece.first; index <= piece.last; index++) {
    const key = keyOf(piece.node, index);
    if (typeof key !== 'string') return undefined;
    keys.push(key);
  }
  return keys;
}

/** How the data names entry `index` of `node`: its key as `toJS()` writes it, or its index. */
function keyOf(node: Collection, index: number): Key | undefined {
  if (isSeq(node)) return index;
  const key = (node.items[index] as Pair).key;
  if (!isScalar(key)) return undefined;
  const value = key.value;
  if (value === null) return '';
  return typeof value === 'object' ? undefined : String(value);
}

function dataAt(data: unknown, path: readonly Key[]): unknown {
  let current = data;
  for (const key of path) {
    if (typeof key === 'number') {
      if (!Array.isArray(current)) return undefined;
      current = current[key];
    } else {
      if (!isData(current) || !hasOwn(current, key)) return undefined;
      current = current[key];
    }
  }
  return current;
}

/** Whether the text has `%YAML` or `%TAG` lines, which change how a piece alone would read. */
function hasDirectives(base: PieceBase): boolean {
  const start = base.root.range?.[0] ?? base.text.length;
  return /(^|\n)%/.test(base.text.slice(0, start));
}
