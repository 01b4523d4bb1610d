import { describe, expect, it } from 'vitest';
import { applySplices } from '../core/store/textEdit';
import { mergeBlocks, spliceBetween, textOf, type SourceGroup } from './blockMerge';

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
    expect(textOf(r.groups)).toBe('Title\n=====\n\none\n\n\ntwo');
    expect(r.serialisedRuns).toBe(0);
  });

  it('rewrites only the edited block and keeps the others byte for byte', () => {
    const edited = node('one!');
    const r = mergeBlocks(groups, [h, edited, p2], serialize);
    expect(textOf(r.groups)).toBe('Title\n=====\n\none!\n\n\ntwo');
    expect(r.serialisedRuns).toBe(1);
    expect(r.groups[1].nodes).toEqual([edited]);
    // A second edit reuses the serialised text of the first as its source.
    const again = mergeBlocks(r.groups, [h, edited, p2], serialize);
    expect(textOf(again.groups)).toBe(textOf(r.groups));
    expect(again.serialisedRuns).toBe(0);
  });

  it('keeps a missing final newline when the last block is edited', () => {
    const r = mergeBlocks(groups, [h, p1, node('two?')], serialize);
    expect(textOf(r.groups)).toBe('Title\n=====\n\none\n\n\ntwo?');
  });

  it('keeps a final newline when the last block is edited', () => {
    const g = groupsOf(['a\n\n', [p1]], ['b\n', [p2]]);
    expect(textOf(mergeBlocks(g, [p1, node('c')], serialize).groups)).toBe('a\n\nc\n');
  });

  it('separates a block appended after a last block that had no final newline', () => {
    const r = mergeBlocks(groups, [h, p1, p2, node('three')], serialize);
    expect(textOf(r.groups)).toBe('Title\n=====\n\none\n\n\ntwo\n\nthree');
  });

  it('ends a document that was empty with one line break when the first block is typed', () => {
    expect(textOf(mergeBlocks([], [node('Hello')], serialize).groups)).toBe('Hello\n');
  });

  it('handles a deleted block', () => {
    expect(textOf(mergeBlocks(groups, [h, p2], serialize).groups)).toBe('Title\n=====\n\ntwo');
    expect(textOf(mergeBlocks(groups, [h, p1], serialize).groups)).toBe('Title\n=====\n\none');
  });

  it('handles a block inserted at the start', () => {
    const r = mergeBlocks(groups, [node('zero'), h, p1, p2], serialize);
    expect(textOf(r.groups)).toBe('zero\n\nTitle\n=====\n\none\n\n\ntwo');
  });

  it('splitting a paragraph in two serialises just that run', () => {
    const r = mergeBlocks(groups, [h, node('o'), node('ne'), p2], serialize);
    expect(textOf(r.groups)).toBe('Title\n=====\n\no\n\nne\n\n\ntwo');
    expect(r.serialisedRuns).toBe(1);
  });

  it('keeps hidden groups (content with no node, such as definitions) in place', () => {
    const g = groupsOf(['a\n\n', [p1]], ['[x]: /url\n\n', []], ['b\n', [p2]]);
    expect(textOf(mergeBlocks(g, [p1, p2], serialize).groups)).toBe('a\n\n[x]: /url\n\nb\n');
    expect(textOf(mergeBlocks(g, [node('A'), p2], serialize).groups)).toBe('A\n\n[x]: /url\n\nb\n');
    expect(textOf(mergeBlocks(g, [p1], serialize).groups)).toBe('a\n\n[x]: /url\n');
  });

  it('treats a group whose nodes are only partly present as changed', () => {
    const a = node('- a');
    const b = node('- b');
    const g = groupsOf(['- a\n- b\n\n', [a, b]], ['tail\n', [p1]]);
    const r = mergeBlocks(g, [a, node('- B'), p1], serialize);
    expect(textOf(r.groups)).toBe('- a\n\n- B\n\ntail\n');
  });

  it('moves: an out-of-order block is re-serialised and never duplicated', () => {
    const r = mergeBlocks(groups, [p2, h, p1], serialize);
    expect(textOf(r.groups)).toBe('two\n\nTitle\n=====\n\none');
    expect(textOf(r.groups).match(/two/g)).toHaveLength(1);
  });

  it('keeps neighbours that had no blank line between them together', () => {
    const g = groupsOf(['# H\n', [h]], ['text\n', [p1]]);
    expect(textOf(mergeBlocks(g, [h, p1], serialize).groups)).toBe('# H\ntext\n');
    expect(textOf(mergeBlocks(g, [h, node('new'), p1], serialize).groups)).toBe(
      '# H\n\nnew\n\ntext\n',
    );
  });
});

describe('mergeBlocks with runs that serialise to nothing', () => {
  it('adds no blank lines for an empty paragraph the person inserted', () => {
    const a = node('a');
    const b = node('b');
    const empty = node('');
    const g = groupsOf(['a\n\n', [a]], ['b\n', [b]]);
    expect(textOf(mergeBlocks(g, [a, empty, b], serialize).groups)).toBe('a\n\nb\n');
    expect(textOf(mergeBlocks(g, [a, b, empty], serialize).groups)).toBe('a\n\nb\n');
  });
});

describe('mergeBlocks carrying edits over to the source', () => {
  /**
   * A toy carry: a node's `md` is its canonical text; the source keeps its own spelling of the
   * words that did not change (here: the word `two` spelled `TWO`).
   */
  const carry = (group: SourceGroup<N>, nodes: readonly N[]) => {
    const before = group.nodes.map((n) => n.md).join('\n\n');
    const after = nodes.map((n) => n.md).join('\n\n');
    const source = group.source.trimEnd();
    if (source.toLowerCase() !== before.toLowerCase()) return null;
    // Upper case stays upper case where the words agree.
    return after
      .split(' ')
      .map((w, i) => (before.split(' ')[i] === w ? source.split(' ')[i] : w))
      .join(' ');
  };
  const a = node('one two');
  const b = node('three');
  const g = groupsOf(['ONE TWO\n\n\n', [a]], ['three\n', [b]]);

  it('keeps the source of a changed block, with its trailing lines, when the edit carries over', () => {
    const edited = node('one six');
    const r = mergeBlocks(g, [edited, b], serialize, carry);
    expect(textOf(r.groups)).toBe('ONE six\n\n\nthree\n');
    expect(r.carriedGroups).toBe(1);
    expect(r.serialisedRuns).toBe(0);
    expect(r.groups[0].nodes).toEqual([edited]);
  });

  it('serialises the block as before when the edit does not carry over', () => {
    const r = mergeBlocks(g, [node('totally new'), b], serialize, carry);
    expect(textOf(r.groups)).toBe('ONE TWO\n\n\nthree\n'.replace('ONE TWO', 'totally new'));
    const refused = mergeBlocks(g, [node('one six'), b], serialize, () => null);
    expect(textOf(refused.groups)).toBe('one six\n\n\nthree\n');
    expect(refused.serialisedRuns).toBe(1);
  });

  it('pairs changed blocks from the front and the back, and serialises what is left between', () => {
    const g3 = groupsOf(['ONE TWO\n\n', [a]], ['THREE\n', [node('three')]]);
    // Front pairing takes the first changed group; the last one pairs from the back.
    const r = mergeBlocks(g3, [node('one six'), node('three four')], serialize, carry);
    expect(textOf(r.groups)).toBe('ONE six\n\nTHREE four\n');
    expect(r.carriedGroups).toBe(2);
    const onlyBack = (group: SourceGroup<N>, nodes: readonly N[]) =>
      group === g3[0] ? null : carry(group, nodes);
    const r2 = mergeBlocks(g3, [node('new'), node('three four')], serialize, onlyBack);
    expect(textOf(r2.groups)).toBe('new\n\nTHREE four\n');
    expect(r2.carriedGroups).toBe(1);
    expect(r2.serialisedRuns).toBe(1);
  });

  it('keeps a paragraph split in two: the first part carried with its blank lines, the second serialised', () => {
    const r = mergeBlocks(g, [node('one'), node('two'), b], serialize, carry);
    expect(textOf(r.groups)).toBe('ONE\n\n\ntwo\n\nthree\n');
  });

  it('keeps a carried block next to the block that followed it without a blank line', () => {
    const tight = groupsOf(['ONE TWO\n', [a]], ['- three\n', [node('- three')]]);
    const r = mergeBlocks(tight, [node('one six'), tight[1].nodes[0]], serialize, carry);
    expect(textOf(r.groups)).toBe('ONE six\n- three\n');
  });

  it('keeps hidden groups where they were among carried blocks', () => {
    const hidden = groupsOf(['ONE TWO\n\n', [a]], ['[x]: /u\n\n', []], ['THREE\n', [b]]);
    const r = mergeBlocks(
      hidden,
      [node('one six'), node('three four')],
      serialize,
      (group, nodes) => carry({ ...group, source: group.source.toLowerCase() }, nodes),
    );
    expect(textOf(r.groups)).toBe('one six\n\n[x]: /u\n\nthree four\n');
  });
});

describe('spliceBetween', () => {
  const a = node('a');
  const b = node('b');
  const c = node('c');
  const before = groupsOf(['# A\n\n', [a]], ['bee\n\n', [b]], ['sea\n', [c]]);

  it('finds the one changed block and the smallest splice inside it', () => {
    const after = [before[0], { source: 'beer\n\n', nodes: [node('b2')] }, before[2]];
    const s = spliceBetween(before, after);
    expect(s).toEqual({ from: 8, to: 8, insert: 'r' });
    expect(applySplices(textOf(before), [s!])).toBe(textOf(after));
  });

  it('answers null when the text did not change, even with new group objects', () => {
    expect(spliceBetween(before, [...before])).toBeNull();
    expect(spliceBetween(before, [{ ...before[0] }, before[1], before[2]])).toBeNull();
  });

  it('handles insertions and deletions at the edges', () => {
    const cases = [
      [{ source: 'new\n\n', nodes: [] }, ...before],
      [...before, { source: '\nend\n', nodes: [] }],
      before.slice(1),
      before.slice(0, 2),
      [],
    ];
    for (const after of cases) {
      const s = spliceBetween(before, after);
      expect(s === null ? textOf(before) : applySplices(textOf(before), [s])).toBe(textOf(after));
    }
  });
});
