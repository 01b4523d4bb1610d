import { describe, expect, it } from 'vitest';
import { mergeBlocks, type SourceGroup } from './blockMerge';

/** Test nodes: objects compared by identity, serialised from their `md` field. */
type N = { md: string };
const node = (md: string): N => ({ md });
const serialize = (nodes: readonly N[]) => nodes.map((n) => n.md).join('\n\n') + '\n';

function groupsOf(...parts: [string, N[]][]): SourceGroup<N>[] {
  return parts.map(([source, nodes]) => ({ source, nodes }));
}

describe('mergeBlocks', () => {
  const h = node('# Title');
  const p1 = node('one');
  const p2 = node('two');
  const groups = groupsOf(['Title\n=====\n\n', [h]], ['one\n\n\n', [p1]], ['two', [p2]]);

  it('gives back the original text when nothing changed', () => {
    const r = mergeBlocks(groups, [h, p1, p2], serialize);
    expect(r.text).toBe('Title\n=====\n\none\n\n\ntwo');
    expect(r.serialisedRuns).toBe(0);
  });

  it('rewrites only the edited block and keeps the others byte for byte', () => {
    const edited = node('one!');
    const r = mergeBlocks(groups, [h, edited, p2], serialize);
    expect(r.text).toBe('Title\n=====\n\none!\n\n\ntwo');
    expect(r.serialisedRuns).toBe(1);
    expect(r.groups[1].nodes).toEqual([edited]);
    // A second edit reuses the serialised text of the first as its source.
    const again = mergeBlocks(r.groups, [h, edited, p2], serialize);
    expect(again.text).toBe(r.text);
    expect(again.serialisedRuns).toBe(0);
  });

  it('keeps a missing final newline when the last block is edited', () => {
    const r = mergeBlocks(groups, [h, p1, node('two?')], serialize);
    expect(r.text).toBe('Title\n=====\n\none\n\n\ntwo?');
  });

  it('keeps a final newline when the last block is edited', () => {
    const g = groupsOf(['a\n\n', [p1]], ['b\n', [p2]]);
    expect(mergeBlocks(g, [p1, node('c')], serialize).text).toBe('a\n\nc\n');
  });

  it('separates a block appended after a last block that had no final newline', () => {
    const r = mergeBlocks(groups, [h, p1, p2, node('three')], serialize);
    expect(r.text).toBe('Title\n=====\n\none\n\n\ntwo\n\nthree');
  });

  it('handles a deleted block', () => {
    expect(mergeBlocks(groups, [h, p2], serialize).text).toBe('Title\n=====\n\ntwo');
    expect(mergeBlocks(groups, [h, p1], serialize).text).toBe('Title\n=====\n\none');
  });

  it('handles a block inserted at the start', () => {
    const r = mergeBlocks(groups, [node('zero'), h, p1, p2], serialize);
    expect(r.text).toBe('zero\n\nTitle\n=====\n\none\n\n\ntwo');
  });

  it('splitting a paragraph in two serialises just that run', () => {
    const r = mergeBlocks(groups, [h, node('o'), node('ne'), p2], serialize);
    expect(r.text).toBe('Title\n=====\n\no\n\nne\n\n\ntwo');
    expect(r.serialisedRuns).toBe(1);
  });

  it('keeps hidden groups (content with no node, such as definitions) in place', () => {
    const g = groupsOf(['a\n\n', [p1]], ['[x]: /url\n\n', []], ['b\n', [p2]]);
    expect(mergeBlocks(g, [p1, p2], serialize).text).toBe('a\n\n[x]: /url\n\nb\n');
    expect(mergeBlocks(g, [node('A'), p2], serialize).text).toBe('A\n\n[x]: /url\n\nb\n');
    expect(mergeBlocks(g, [p1], serialize).text).toBe('a\n\n[x]: /url\n');
  });

  it('treats a group whose nodes are only partly present as changed', () => {
    const a = node('- a');
    const b = node('- b');
    const g = groupsOf(['- a\n- b\n\n', [a, b]], ['tail\n', [p1]]);
    const r = mergeBlocks(g, [a, node('- B'), p1], serialize);
    expect(r.text).toBe('- a\n\n- B\n\ntail\n');
  });

  it('moves: an out-of-order block is re-serialised and never duplicated', () => {
    const r = mergeBlocks(groups, [p2, h, p1], serialize);
    expect(r.text).toBe('two\n\nTitle\n=====\n\none');
    expect(r.text.match(/two/g)).toHaveLength(1);
  });

  it('keeps neighbours that had no blank line between them together', () => {
    const g = groupsOf(['# H\n', [h]], ['text\n', [p1]]);
    expect(mergeBlocks(g, [h, p1], serialize).text).toBe('# H\ntext\n');
    expect(mergeBlocks(g, [h, node('new'), p1], serialize).text).toBe('# H\n\nnew\n\ntext\n');
  });
});

describe('mergeBlocks with runs that serialise to nothing', () => {
  it('adds no blank lines for an empty paragraph the person inserted', () => {
    const a = node('a');
    const b = node('b');
    const empty = node('');
    const g = groupsOf(['a\n\n', [a]], ['b\n', [b]]);
    expect(mergeBlocks(g, [a, empty, b], serialize).text).toBe('a\n\nb\n');
    expect(mergeBlocks(g, [a, b, empty], serialize).text).toBe('a\n\nb\n');
  });
});
