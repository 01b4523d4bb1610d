/**
 * Loading markdown into Milkdown block by block, and turning edits back into text that keeps the
 * original bytes of every block the person did not touch.
 */
import type { Node as ProseNode, Schema } from '@milkdown/kit/prose/model';
import { chunkSource, collectDefinitions, splitTopLevelBlocks } from '../../markdown/blocks';
import {
  mergeBlocks,
  trailingBreaks,
  withoutTrailingBreaks,
  type SourceGroup,
} from '../../wysiwyg/blockMerge';
import { carryChange } from '../../wysiwyg/carryChange';
import { mergeEdit } from '../../wysiwyg/editWindow';
import { OpenElement } from '../../markdown/editorSyntax/htmlRuns';
import { isPlainEdit } from '../../wysiwyg/plainEdit';
import { alignTexts } from '../../wysiwyg/alignment';
import type { Segment } from '../../wysiwyg/textDiff';

/** Markdown → mdast (with Milkdown's remark plugins run) and mdast → editor nodes. */
export interface Pipeline {
  toMdast(markdown: string): MdRoot;
  toDoc(root: MdRoot): ProseNode;
}

export interface MdNode {
  type: string;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

export interface MdRoot extends MdNode {
  type: 'root';
  children: MdNode[];
}

export type Serialize = (doc: ProseNode) => string;

/** Chunks are parsed together in batches of about this many characters (parsing has a cost per call). */
export const BATCH_CHARS = 8_000;
/** A batch grows past BATCH_CHARS up to this, to hold an HTML element that spans blocks. */
const MAX_BATCH_CHARS = 64_000;

export interface Span {
  start: number;
  end: number;
}

/** Finds the chunk that holds an offset (chunks are sorted and contiguous). */
function chunkAt(chunks: readonly Span[], offset: number): number {
  let lo = 0;
  let hi = chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (chunks[mid].start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Groups parsed so far, and where the unparsed rest of the text begins. */
export interface Parsed {
  groups: SourceGroup<ProseNode>[];
  consumed: number;
  /** The body's top-level chunks, and the index of the first one not parsed. */
  chunks: readonly Span[];
  next: number;
}

/**
 * Parses the body in batches of top-level chunks and gives each chunk (a group) the editor nodes
 * that came from it, stopping once `budget` characters are parsed. Groups whose source is
 * unchanged from `previous` keep their nodes, so a replace keeps the identity of untouched blocks.
 */
export function parsePrefix(
  body: string,
  pipeline: Pipeline,
  budget = Infinity,
  previous: readonly SourceGroup<ProseNode>[] = [],
  definitions = collectDefinitions(body),
): Parsed {
  const reuse = new Map<string, SourceGroup<ProseNode>>();
  for (const g of previous) if (g.nodes.length) reuse.set(g.source, g);
  const chunks = splitTopLevelBlocks(body);
  const { groups, next } = parseChunks(body, chunks, 0, pipeline, budget, definitions, reuse);
  return {
    groups,
    consumed: next < chunks.length ? chunks[next].start : body.length,
    chunks,
    next,
  };
}

/**
 * Parses `chunks` of `body` from index `from` on, a batch at a time, until `budget` characters are
 * parsed (at least one batch). Answers the groups and the index of the first chunk not parsed.
 */
export function parseChunks(
  body: string,
  chunks: readonly Span[],
  from: number,
  pipeline: Pipeline,
  budget: number,
  definitions: string,
  reuse: Map<string, SourceGroup<ProseNode>> = new Map(),
): { groups: SourceGroup<ProseNode>[]; next: number } {
  const out: SourceGroup<ProseNode>[] = [];
  let i = from;
  let parsed = 0;
  while (i < chunks.length && parsed < budget) {
    const known = reuse.size ? reuse.get(body.slice(chunks[i].start, chunks[i].end)) : undefined;
    if (known) {
      reuse.delete(known.source);
      out.push(known);
      i++;
      continue;
    }
    // A batch: consecutive chunks that are not reused, up to BATCH_CHARS.
    let j = i + 1;
    while (
      j < chunks.length &&
      chunks[j].end - chunks[i].start <= BATCH_CHARS &&
      !(reuse.size && reuse.has(body.slice(chunks[j].start, chunks[j].end)))
    ) {
      j++;
    }
    // An HTML element whose content spans several blocks is parsed in one batch (one block).
    const element = new OpenElement();
    for (let k = i; k < j; k++) element.add(body.slice(chunks[k].start, chunks[k].end));
    while (
      element.open &&
      j < chunks.length &&
      chunks[j].end - chunks[i].start <= MAX_BATCH_CHARS
    ) {
      element.add(body.slice(chunks[j].start, chunks[j].end));
      j++;
    }
    out.push(...parseBatch(body, chunks.slice(i, j), definitions, pipeline));
    parsed += chunks[j - 1].end - chunks[i].start;
    i = j;
  }
  return { groups: out, next: i };
}

/** Parses the whole body (see `parsePrefix`). */
export function parseInGroups(
  body: string,
  pipeline: Pipeline,
  previous: readonly SourceGroup<ProseNode>[] = [],
): SourceGroup<ProseNode>[] {
  return parsePrefix(body, pipeline, Infinity, previous).groups;
}

/** A top-level mdast node of a chunk, with its offsets in the chunk's text. */
interface ChunkNode {
  node: MdNode;
  start?: number;
  end?: number;
}

/** Parses `text` as the document would (references resolved with `definitions`). */
function parseChunk(text: string, definitions: string, pipeline: Pipeline): ChunkNode[] {
  // Definitions ride along so reference links resolve; chunkSource puts them where they cannot
  // change how the chunk's own blocks end. Only nodes that start inside the chunk count.
  const src = chunkSource(text, definitions !== '' && text.includes('[') ? definitions : '');
  const tree = pipeline.toMdast(src.text);
  const out: ChunkNode[] = [];
  for (const node of tree.children) {
    const start = node.position?.start.offset;
    if (start !== undefined && (start < src.chunkStart || start >= src.chunkEnd)) continue;
    const end = node.position?.end.offset;
    out.push({
      node,
      start: start === undefined ? undefined : start - src.chunkStart,
      end: end === undefined ? undefined : end - src.chunkStart,
    });
  }
  return out;
}

function parseBatch(
  body: string,
  chunks: readonly Span[],
  definitions: string,
  pipeline: Pipeline,
): SourceGroup<ProseNode>[] {
  const base = chunks[0].start;
  const text = body.slice(base, chunks[chunks.length - 1].end);
  const local = chunks.map((c) => ({ start: c.start - base, end: c.end - base }));
  const owner: number[] = local.map((_, k) => k);
  const nodesOf = new Map<number, MdNode[]>();
  let last = -1;
  for (const { node: child, start, end: endOffset } of parseChunk(text, definitions, pipeline)) {
    const first = start === undefined ? Math.max(last, 0) : chunkAt(local, start);
    const lastChunk = endOffset === undefined ? first : chunkAt(local, Math.max(endOffset - 1, 0));
    for (let k = first + 1; k <= lastChunk; k++) owner[k] = owner[first];
    last = lastChunk;
    const key = owner[first];
    nodesOf.set(key, [...(nodesOf.get(key) ?? []), child]);
  }
  const groups: SourceGroup<ProseNode>[] = [];
  for (let k = 0; k < local.length; k++) {
    if (owner[k] !== k) continue;
    let end = k + 1;
    while (end < local.length && owner[end] === k) end++;
    const source = text.slice(local[k].start, local[end - 1].end);
    const md = nodesOf.get(k) ?? [];
    const nodes: ProseNode[] = [];
    if (md.length) pipeline.toDoc({ type: 'root', children: md }).forEach((n) => nodes.push(n));
    groups.push({ source, nodes: md.length ? nodes : [] });
  }
  return groups;
}

/** The document node that shows the groups. */
export function docOf(schema: Schema, groups: readonly SourceGroup<ProseNode>[]): ProseNode {
  const nodes = groups.flatMap((g) => g.nodes);
  if (nodes.length === 0) return schema.topNodeType.createAndFill() as ProseNode;
  return schema.topNodeType.create(null, nodes);
}

function isEmptyParagraph(n: ProseNode): boolean {
  return n.type.name === 'paragraph' && n.content.size === 0;
}

/** The editor nodes that `source` (a group's text) parses to, as the document would parse it. */
export function parseNodes(source: string, pipeline: Pipeline, definitions: string): ProseNode[] {
  const md = parseChunk(source, definitions, pipeline).map((c) => c.node);
  const nodes: ProseNode[] = [];
  if (md.length) pipeline.toDoc({ type: 'root', children: md }).forEach((n) => nodes.push(n));
  return nodes;
}

/** What keeping the source of edited blocks needs: a parser that reads blocks as the document does. */
export interface SourceParser {
  pipeline: Pipeline;
  /** The document's link definitions (`collectDefinitions`). */
  definitions: string;
}

/** Canonical text of runs of nodes, per serialiser, kept while the nodes live. */
const canonicalCache = new WeakMap<Serialize, WeakMap<ProseNode, CanonicalEntry>>();

interface CanonicalEntry {
  nodes: readonly ProseNode[];
  /** The canonical text, without trailing line breaks. */
  text: string;
  /** A source of these nodes and its alignment with the canonical text, once known. */
  source?: string;
  align?: Segment[];
}

function canonicalOf(
  schema: Schema,
  serialize: Serialize,
  nodes: readonly ProseNode[],
): CanonicalEntry {
  let cache = canonicalCache.get(serialize);
  if (!cache) canonicalCache.set(serialize, (cache = new WeakMap()));
  const hit = cache.get(nodes[0]);
  if (hit && hit.nodes.length === nodes.length && hit.nodes.every((n, i) => n === nodes[i]))
    return hit;
  const text = withoutTrailingBreaks(serialize(schema.topNodeType.create(null, nodes)));
  const entry = { nodes, text };
  cache.set(nodes[0], entry);
  return entry;
}

/**
 * Rebuilds the body text after an edit. Untouched groups keep their bytes; with `parser`, a
 * changed group keeps its source too, with the edit carried over to it (checked by parsing the
 * result, which must give exactly the edited nodes); other changed nodes are serialised.
 */
export function textAfterEdit(
  schema: Schema,
  serialize: Serialize,
  groups: readonly SourceGroup<ProseNode>[],
  doc: ProseNode,
  parser?: SourceParser,
  previous?: ProseNode,
): SourceGroup<ProseNode>[] {
  const runSerializer = (run: readonly ProseNode[]) =>
    run.length ? serialize(schema.topNodeType.create(null, run)) : '';
  const carry = parser
    ? (group: SourceGroup<ProseNode>, nodes: readonly ProseNode[]): string | null => {
        if (nodes.some((n, i) => n.type !== group.nodes[i].type)) return null;
        const source = withoutTrailingBreaks(group.source);
        const old = canonicalOf(schema, serialize, group.nodes);
        const now = canonicalOf(schema, serialize, nodes);
        // Nothing the text shows changed (an attribute markdown does not hold).
        if (old.text === now.text) return source;
        const ending = trailingBreaks(group.source);
        const accept = (text: string) => {
          const parsed = parseNodes(text + ending, parser.pipeline, parser.definitions);
          return parsed.length === nodes.length && parsed.every((n, i) => n.eq(nodes[i]));
        };
        // Aligning a big block costs time; the alignment is kept from edit to edit.
        const align = old.source === source && old.align ? old.align : alignTexts(source, old.text);
        const result = carryChange(source, old.text, now.text, accept, align, isPlainEdit);
        if (result && result.align) {
          now.source = result.text;
          now.align = result.align;
        }
        return result?.text ?? null;
      }
    : undefined;
  // Empty paragraphs carry no markdown; leaving them out keeps `<br />` out of the text.
  if (previous) {
    // The groups hold the nodes of the previous document: only the stretch the edit touched is merged.
    const before = previous.content.content;
    const after = doc.content.content;
    return mergeEdit(groups, before, after, isEmptyParagraph, runSerializer, carry).groups;
  }
  const children: ProseNode[] = [];
  doc.forEach((n) => {
    if (!isEmptyParagraph(n)) children.push(n);
  });
  return mergeBlocks(groups, children, runSerializer, carry).groups;
}

/**
 * Points the groups at the nodes a document really holds, when it has the same top-level shape
 * (plugins that only adjust attributes replace node objects without changing the markdown).
 */
export function rebindGroups(
  groups: readonly SourceGroup<ProseNode>[],
  doc: ProseNode,
): SourceGroup<ProseNode>[] {
  const count = groups.reduce((n, g) => n + g.nodes.length, 0);
  if (count !== doc.childCount) return [...groups];
  let i = 0;
  return groups.map((g) => {
    const nodes = g.nodes.map((n) => {
      const now = doc.child(i++);
      return now.type === n.type ? now : n;
    });
    return nodes.every((n, k) => n === g.nodes[k]) ? g : { source: g.source, nodes };
  });
}
