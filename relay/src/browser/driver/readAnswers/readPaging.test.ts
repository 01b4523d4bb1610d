import { describe, expect, it } from 'vitest';
import type { SnapshotNode } from '../../agent/agentTypes.js';
import { jsonBytes, readAnswer, READ_ANSWER_BYTES, type ReadWindow } from './readPaging.js';
import { nodeLine } from './snapshotLines.js';

/** Wraps the read's fields as the driver does. */
const frame = (fields: Record<string, unknown>) => ({
  tabId: 'btab-1',
  ...fields,
  url: 'http://127.0.0.1:8000/controls.html',
  generation: 3,
  untrusted: true,
});

function buttons(count: number, from = 0, name = (i: number) => `Action ${i}`): SnapshotNode[] {
  return Array.from({ length: count }, (_, k) => ({
    role: 'button',
    name: name(from + k),
    ref: `e${from + k + 1}`,
  }));
}

function window(nodes: SnapshotNode[], rest: Partial<ReadWindow> = {}): ReadWindow {
  return {
    offset: 0,
    nodes,
    total: nodes.length,
    clipped: [],
    exhausted: false,
    unreachable: { frames: 0, closedShadowRoots: 0 },
    ...rest,
  };
}

const linesOf = (answer: Record<string, unknown>) =>
  answer.page === '' ? [] : (answer.page as string).split('\n');

describe('readAnswer', () => {
  it('answers a small page whole, one line per node, with the total and nothing else', () => {
    const nodes: SnapshotNode[] = [
      { role: 'heading', name: 'Settings', ref: 'e1', level: 2 },
      { role: 'checkbox', name: 'News', ref: 'e2', checked: false },
    ];
    expect(readAnswer(window(nodes), 'page', frame)).toEqual({
      tabId: 'btab-1',
      page: 'e1 heading [level=2]: Settings\ne2 checkbox [unchecked]: News',
      total: 2,
      url: 'http://127.0.0.1:8000/controls.html',
      generation: 3,
      untrusted: true,
    });
  });

  it('gives the node objects on request', () => {
    const nodes = buttons(3);
    const answer = readAnswer(window(nodes), 'nodes', frame);
    expect(answer.snapshot).toEqual(nodes);
    expect(answer).not.toHaveProperty('page');
    expect(answer).not.toHaveProperty('nextOffset');
  });

  it('holds 2,000 controls in one answer under the budget', () => {
    const answer = readAnswer(window(buttons(2000)), 'page', frame);
    expect(linesOf(answer)).toHaveLength(2000);
    expect(answer).not.toHaveProperty('nextOffset');
    expect(jsonBytes(answer)).toBeLessThanOrEqual(READ_ANSWER_BYTES);
  });

  it.each(['page', 'nodes'] as const)(
    'in the %s form, fills the answer up to the budget, no further, and says where to go on',
    (format) => {
      const nodes = buttons(READ_ANSWER_BYTES / 10);
      const answer = readAnswer(window(nodes), format, frame);
      const shown = format === 'page' ? linesOf(answer).length : (answer.snapshot as []).length;
      expect(shown).toBeGreaterThan(100);
      expect(shown).toBeLessThan(nodes.length);
      expect(answer.nextOffset).toBe(shown);
      expect(answer.total).toBe(nodes.length);
      expect(jsonBytes(answer)).toBeLessThanOrEqual(READ_ANSWER_BYTES);
      // One more node would not have fitted (the estimate keeps room for `"truncated":true`).
      const next =
        format === 'page' ? jsonBytes(nodeLine(nodes[shown])) : jsonBytes(nodes[shown]) + 1;
      expect(jsonBytes(answer) + next).toBeGreaterThan(READ_ANSWER_BYTES - 32);
    },
  );

  it('counts the bytes of JSON escapes and of characters beyond ASCII exactly', () => {
    // Quotes, backslashes and control characters escape to 2 or 6 bytes; CJK takes 3 bytes each.
    const odd = (i: number) => `"\\\u0001${'表'.repeat(150)}${i}`;
    for (const format of ['page', 'nodes'] as const) {
      const nodes = buttons(2000, 0, odd);
      const answer = readAnswer(window(nodes), format, frame, 30_000);
      const bytes = jsonBytes(answer);
      expect(bytes).toBeLessThanOrEqual(30_000);
      expect(bytes).toBeGreaterThan(30_000 - 600);
    }
  });

  it('pages on from an offset: the next answer starts where the last stopped', () => {
    const all = buttons(10_000);
    const seen: string[] = [];
    let offset: number | undefined = 0;
    let calls = 0;
    while (offset !== undefined) {
      const answer = readAnswer(
        window(all.slice(offset), { offset, total: 10_000 }),
        'page',
        frame,
      );
      calls++;
      seen.push(...linesOf(answer));
      expect(answer.total).toBe(10_000);
      expect(jsonBytes(answer)).toBeLessThanOrEqual(READ_ANSWER_BYTES);
      offset = answer.nextOffset as number | undefined;
    }
    expect(calls).toBeLessThanOrEqual(5);
    expect(seen).toEqual(all.map((n) => `${n.ref} button: ${n.name}`));
  });

  it('goes on after the window the agent gave when the whole window fitted', () => {
    const answer = readAnswer(window(buttons(5), { total: 12 }), 'page', frame);
    expect(linesOf(answer)).toHaveLength(5);
    expect(answer.nextOffset).toBe(5);
  });

  it('says so, without nextOffset, when the offset is past the last node', () => {
    const answer = readAnswer(window([], { offset: 50, total: 12 }), 'page', frame);
    expect(answer).toMatchObject({ page: '', total: 12, note: expect.stringContaining('past') });
    expect(answer).not.toHaveProperty('nextOffset');
    const none = readAnswer(window([]), 'nodes', frame);
    expect(none).toMatchObject({ snapshot: [], total: 0 });
    expect(none).not.toHaveProperty('note');
  });

  it('always shows one node, so paging moves on even under a tiny budget', () => {
    const answer = readAnswer(window(buttons(3)), 'page', frame, 10);
    expect(linesOf(answer)).toEqual(['e1 button: Action 0']);
    expect(answer.nextOffset).toBe(1);
  });

  it('marks truncated only for a cut name it shows or a walk that ran out', () => {
    const nodes = buttons(READ_ANSWER_BYTES / 10);
    const cutLate = readAnswer(window(nodes, { clipped: [nodes.length - 1] }), 'page', frame);
    expect(cutLate).not.toHaveProperty('truncated');
    const cutFirst = readAnswer(window(nodes, { clipped: [0] }), 'page', frame);
    expect(cutFirst.truncated).toBe(true);
    const ranOut = readAnswer(window(buttons(2), { exhausted: true }), 'nodes', frame);
    expect(ranOut.truncated).toBe(true);
  });

  it('reports unreachable parts only when there are some', () => {
    const unreachable = { frames: 1, closedShadowRoots: 0 };
    expect(readAnswer(window(buttons(1), { unreachable }), 'page', frame).unreachable).toEqual(
      unreachable,
    );
    expect(readAnswer(window(buttons(1)), 'page', frame)).not.toHaveProperty('unreachable');
  });
});
