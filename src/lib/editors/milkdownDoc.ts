/**
 * Loading markdown into Milkdown block by block, and turning edits back into text that keeps the
 * original bytes of every block the person did not touch.
 */
import type { Node as ProseNode, Schema } from '@milkdown/kit/prose/model';
import { collectDefinitions, splitTopLevelBlocks } from '../markdown/blocks';
import { mergeBlocks, type SourceGroup } from '../wysiwyg/blockMerge';

export type Parse = (markdown: string) => ProseNode;
export type Serialize = (doc: ProseNode) => string;

const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]\n]+\]:/gm;

function isBlankDoc(doc: ProseNode): boolean {
  if (doc.childCount !== 1) return false;
  const only = doc.firstChild as ProseNode;
  return only.type.name === 'paragraph' && only.content.size === 0;
}

/** Parses each top-level chunk on its own: fast for large texts, and each node knows its source. */
export function parseInGroups(
  body: string,
  parse: Parse,
  previous: readonly SourceGroup<ProseNode>[] = [],
): SourceGroup<ProseNode>[] {
  const definitions = collectDefinitions(body);
  const footnotes = definitions.match(FOOTNOTE_DEFINITION)?.length ?? 0;
  const reuse = new Map<string, SourceGroup<ProseNode>>();
  for (const g of previous) if (g.nodes.length) reuse.set(g.source, g);
  return splitTopLevelBlocks(body).map(({ start, end }) => {
    const source = body.slice(start, end);
    const known = reuse.get(source);
    if (known) {
      reuse.delete(source);
      return known;
    }
    const needsDefinitions = definitions !== '' && source.includes('[');
    const doc = parse(needsDefinitions ? `${source}\n\n${definitions}` : source);
    if (isBlankDoc(doc)) return { source, nodes: [] };
    const nodes: ProseNode[] = [];
    doc.forEach((n) => nodes.push(n));
    if (needsDefinitions && footnotes > 0) {
      // The appended footnote definitions come last; they belong to other chunks.
      let drop = footnotes;
      while (
        drop > 0 &&
        nodes.length > 1 &&
        nodes[nodes.length - 1].type.name === 'footnote_definition'
      ) {
        nodes.pop();
        drop--;
      }
    }
    return { source, nodes };
  });
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

/** Rebuilds the body text after an edit, re-serialising only the changed runs of nodes. */
export function textAfterEdit(
  schema: Schema,
  serialize: Serialize,
  groups: readonly SourceGroup<ProseNode>[],
  doc: ProseNode,
): { text: string; groups: SourceGroup<ProseNode>[] } {
  const children: ProseNode[] = [];
  doc.forEach((n) => children.push(n));
  const runSerializer = (run: readonly ProseNode[]) => {
    // Empty paragraphs carry no markdown; dropping them keeps `<br />` out of the text.
    const content = run.filter((n) => !isEmptyParagraph(n));
    return content.length ? serialize(schema.topNodeType.create(null, content)) : '';
  };
  const merged = mergeBlocks(groups, children, runSerializer);
  return { text: merged.text, groups: merged.groups };
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
