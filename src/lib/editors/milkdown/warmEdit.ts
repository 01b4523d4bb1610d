/**
 * The first keystroke in a window runs code nothing has run yet: the markdown serialiser, the
 * patterns it escapes text with (compiled on first use), the carrying of an edit into a block's
 * source and the parse that checks it, and the change arithmetic that hands the edit to the core. Measured on the CommonMark spec, that made the first
 * keystrokes 30–60 ms against 8–12 ms for the next ones. Once a document is loaded, the window
 * runs that path once on a small sample of its own, so the person's first keystroke does not pay
 * for it. Nothing of the sample reaches a document.
 */
import type { Node as ProseNode, Schema } from '@milkdown/kit/prose/model';
import { EditorState } from '@milkdown/kit/prose/state';
import { applyChanges, changeSetOf, rebase, splicesOf } from '../../collab/changes';
import { collectDefinitions } from '../../markdown/blocks';
import { textOf } from '../../wysiwyg/blockMerge';
import { docOf, parsePrefix, textAfterEdit, type Pipeline, type Serialize } from './milkdownDoc';

/** Blocks and marks a keystroke most often lands in. */
const SAMPLE = [
  '# Heading with `code`',
  'A paragraph with *emphasis*, **strong**, `code`, a [link](https://example.com "t") and <kbd>x</kbd>.',
  '- an item with a [link][ref]\n- another *item*',
  '> a quote with **strong** text',
  '1. first\n2. second',
  '[ref]: https://example.com',
].join('\n\n');

let warmed = false;

/**
 * Types a character at the end of each of the sample's paragraphs through the edit path
 * (textAfterEdit, as the editor's watch plugin calls it), once per window. Answers the sample as
 * editor nodes (for warmView.ts), or null when the window had warmed already.
 */
export function warmEditPath(
  schema: Schema,
  serialize: Serialize,
  pipeline: Pipeline,
): ProseNode | null {
  if (warmed) return null;
  warmed = true;
  const definitions = collectDefinitions(SAMPLE);
  let groups = parsePrefix(SAMPLE, pipeline, Infinity, [], definitions).groups;
  const sample = docOf(schema, groups);
  let doc = sample;
  const ends: number[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === 'paragraph') ends.push(pos + node.nodeSize - 1);
    return true;
  });
  // From the last paragraph back, so the positions before each edit stay where they were.
  for (const end of ends.reverse()) {
    const next = EditorState.create({ doc }).tr.insertText('x', end).doc;
    groups = textAfterEdit(schema, serialize, groups, next, { pipeline, definitions }, doc);
    doc = next;
  }
  textOf(groups);
  // What the window's collab client does with the edit: a change set, composed, applied, rebased.
  const typed = changeSetOf([{ from: 0, to: 0, insert: 'x' }], SAMPLE.length);
  const more = typed.compose(changeSetOf([{ from: 1, to: 1, insert: 'y' }], typed.newLength));
  const remote = changeSetOf([{ from: 2, to: 3, insert: '' }], SAMPLE.length);
  const { firstAfterSecond } = rebase(remote, more);
  splicesOf(firstAfterSecond);
  applyChanges(applyChanges(SAMPLE, more), firstAfterSecond);
  return sample;
}
