import { describe, expect, it } from 'vitest';
import { mergeBlocks, textOf, type SourceGroup } from './blockMerge';
import { mergeEdit } from './editWindow';

/** Test nodes: objects compared by identity; `empty` ones stand for empty paragraphs. */
type N = { md: string; empty?: boolean };
const skip = (n: N) => n.empty === true;
const serialize = (nodes: readonly N[]) => nodes.map((n) => n.md).join('\n\n') + '\n';
/** Keeps the source when the edited node's text still starts like the group's (a stand-in). */
const carry = (g: SourceGroup<N>, nodes: readonly N[]) =>
  nodes[0].md.startsWith(g.source.trim().slice(0, 2)) ? nodes.map((n) => n.md).join('\n') : null;

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function documentOf(rand: () => number) {
  const groups: SourceGroup<N>[] = [];
  const top: N[] = [];
  const count = 1 + Math.floor(rand() * 12);
  for (let k = 0; k < count; k++) {
    const nodes: N[] = [];
    const size = 1 + Math.floor(rand() * 3);
    for (let m = 0; m < size; m++) {
      if (rand() < 0.15) top.push({ md: '', empty: true });
      const n = { md: `b${k}.${m}` };
      nodes.push(n);
      top.push(n);
    }
    const ending = ['', '\n', '\n\n', '\n\n\n'][Math.floor(rand() * 4)];
    groups.push({ source: `B${k} ${nodes.map((n) => n.md).join(' ')}${ending || '\n'}`, nodes });
  }
  const last = groups[groups.length - 1];
  if (rand() < 0.3) last.source = last.source.trimEnd();
  // A long document still loading ends with a hidden group.
  if (rand() < 0.3) groups.push({ source: 'not parsed yet\n', nodes: [] });
  return { groups, top };
}

function edit(rand: () => number, top: readonly N[]): N[] {
  const from = Math.floor(rand() * (top.length + 1));
  const to = Math.min(top.length, from + Math.floor(rand() * 3));
  const inserted: N[] = [];
  const count = Math.floor(rand() * 3);
  for (let i = 0; i < count; i++) {
    inserted.push(rand() < 0.2 ? { md: '', empty: true } : { md: `${top[from]?.md ?? 'n'}x${i}` });
  }
  return [...top.slice(0, from), ...inserted, ...top.slice(to)];
}

describe('mergeEdit', () => {
  it('gives what mergeBlocks gives on the whole document, for many random edits', () => {
    const rand = random(27);
    for (let run = 0; run < 3000; run++) {
      const { groups, top } = documentOf(rand);
      const after = edit(rand, top);
      const whole = mergeBlocks(
        groups,
        after.filter((n) => !skip(n)),
        serialize,
        carry,
      );
      const part = mergeEdit(groups, top, after, skip, serialize, carry);
      expect(textOf(part.groups)).toBe(textOf(whole.groups));
      expect(part.groups.map((g) => g.nodes)).toEqual(whole.groups.map((g) => g.nodes));
      expect(part.serialisedRuns).toBe(whole.serialisedRuns);
      expect(part.carriedGroups).toBe(whole.carriedGroups);
    }
  });

  it('keeps the objects of the groups the edit did not touch', () => {
    const a = { md: 'a' };
    const b = { md: 'b' };
    const c = { md: 'c' };
    const d = { md: 'd' };
    const groups = [
      { source: 'a\n\n', nodes: [a] },
      { source: 'b\n\n', nodes: [b] },
      { source: 'c\n\n', nodes: [c] },
      { source: 'd\n', nodes: [d] },
    ];
    const edited = { md: 'c!' };
    const r = mergeEdit(groups, [a, b, c, d], [a, b, edited, d], skip, serialize);
    expect(textOf(r.groups)).toBe('a\n\nb\n\nc!\n\nd\n');
    expect(r.groups[0]).toBe(groups[0]);
    expect(r.groups[1]).toBe(groups[1]);
    expect(r.groups[3]).toBe(groups[3]);
  });

  it('merges the whole document when the groups do not hold the nodes shown', () => {
    const a = { md: 'a' };
    const stale = { md: 'old' };
    const groups = [{ source: 'old\n', nodes: [stale] }];
    const r = mergeEdit(groups, [a], [a, { md: 'b' }], skip, serialize);
    expect(textOf(r.groups)).toBe(textOf(mergeBlocks(groups, [a, { md: 'b' }], serialize).groups));
  });
});
