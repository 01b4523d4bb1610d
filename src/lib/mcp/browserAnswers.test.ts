import { describe, expect, it } from 'vitest';
import { readAnswer } from './browserAnswers';
import { MAX_RESULT_BYTES } from './envelopes';
import { jsonBytes } from './listCut';

/** A read answer as the driver sends it, with `count` buttons (and a 200-character name first). */
function read(count: number, truncated = false) {
  const snapshot = Array.from({ length: count }, (_, i) => ({
    role: 'button',
    name: i === 0 ? `Long label ${'x'.repeat(189)}` : `Button ${i}`,
    ref: `e${i + 1}`,
  }));
  return {
    tabId: 'btab-1',
    snapshot,
    truncated,
    unreachable: { frames: 0, closedShadowRoots: 0 },
    url: 'http://127.0.0.1:8000/many.html',
    generation: 1,
    untrusted: true,
  };
}

describe('readAnswer', () => {
  it('passes an answer that fits through unchanged', () => {
    const answer = read(100);
    expect(readAnswer(answer)).toBe(answer);
  });

  it('keeps the first whole nodes of a snapshot that does not fit, with the total and a note', () => {
    const answer = read(2000, true);
    expect(jsonBytes(answer)).toBeGreaterThan(MAX_RESULT_BYTES);
    const cut = readAnswer(answer);
    const nodes = cut.snapshot as typeof answer.snapshot;
    expect(nodes.length).toBeGreaterThan(1000);
    expect(nodes.length).toBeLessThan(2000);
    expect(nodes).toEqual(answer.snapshot.slice(0, nodes.length));
    expect(jsonBytes(cut)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(cut).toMatchObject({
      tabId: 'btab-1',
      truncated: true,
      snapshotTotal: 2000,
      unreachable: { frames: 0, closedShadowRoots: 0 },
      url: 'http://127.0.0.1:8000/many.html',
      generation: 1,
      untrusted: true,
    });
    expect(cut.truncation_note).toBe(
      `Listed the first ${nodes.length} of 2000 elements, in page order, to keep this answer within 75,000 bytes. For the rest, query a part of the page with a CSS selector, or act by role and name.`,
    );
  });

  it('keeps as many nodes as fit a smaller bound, and one more would not', () => {
    const answer = read(50);
    for (const max of [600, 1_000, 2_500]) {
      const cut = readAnswer(answer, max);
      const shown = (cut.snapshot as unknown[]).length;
      expect(jsonBytes(cut)).toBeLessThanOrEqual(max);
      const oneMore = {
        ...cut,
        snapshot: answer.snapshot.slice(0, shown + 1),
        truncation_note: String(cut.truncation_note).replace(
          `first ${shown} `,
          `first ${shown + 1} `,
        ),
      };
      expect(jsonBytes(oneMore)).toBeGreaterThan(max);
    }
  });

  it('leaves answers without a snapshot alone', () => {
    const other = { matched: true, url: 'http://127.0.0.1:8000/' };
    expect(readAnswer(other, 10)).toBe(other);
  });
});
