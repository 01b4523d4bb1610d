import { describe, expect, it } from 'vitest';
import {
  SAVE_SKIPPED,
  snapshotAnswer,
  validateAnswer,
  writeAnswer,
  type ValidateAnswer,
} from './answers';
import { MAX_RESULT_BYTES } from './envelopes';
import { jsonBytes } from './listCut';

describe('writeAnswer', () => {
  const revision = 'rev-AbCd1234';

  it('answers saved:true alone when the file was written', () => {
    expect(writeAnswer(revision, { saved: true })).toEqual({ revision, saved: true });
  });

  it('answers save_skipped "opt_out" for save:false', () => {
    expect(writeAnswer(revision, { skipped: 'opt_out' })).toEqual({
      revision,
      saved: false,
      save_skipped: 'opt_out',
    });
  });

  it('answers save_skipped "untitled" with a sentence of its own in save_note', () => {
    const answer = writeAnswer(revision, { skipped: 'untitled' });
    expect(answer).toMatchObject({ revision, saved: false, save_skipped: 'untitled' });
    expect(answer.save_note).toMatch(/^The tab has no file yet.*workspace\.save_as/);
    expect(answer).not.toHaveProperty('save_error');
  });

  it('answers save_error with the reason and no save_skipped when the save failed', () => {
    const answer = writeAnswer(revision, { error: 'The folder /notes/gone does not exist.' });
    expect(answer).toEqual({
      revision,
      saved: false,
      save_error: 'The folder /notes/gone does not exist.',
    });
  });

  it('knows exactly the two codes of the desktop app', () => {
    expect(SAVE_SKIPPED).toEqual(['opt_out', 'untitled']);
  });
});

describe('validateAnswer', () => {
  function diagnostics(count: number) {
    return Array.from({ length: count }, (_, i) => ({
      line: i + 1,
      col: 7,
      message: `property "step-${i}" is not defined in object type {id: string; name: string}`,
      severity: 'error',
      kind: 'expression',
    }));
  }

  function answer(count: number): ValidateAnswer {
    return {
      ok: count === 0,
      diagnostics: diagnostics(count),
      binaryAvailable: true,
      unavailableChecks: [],
    };
  }

  it('returns an answer within the bound unchanged', () => {
    const small = answer(3);
    expect(validateAnswer(small)).toBe(small);
  });

  it('cuts diagnostics past the bound at a whole one, and says so', () => {
    const big = answer(2_000);
    const cut = validateAnswer(big);
    expect(jsonBytes(big)).toBeGreaterThan(MAX_RESULT_BYTES);
    expect(jsonBytes(cut)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const shown = cut.diagnostics.length;
    expect(shown).toBeGreaterThan(100);
    expect(cut.diagnostics).toEqual(big.diagnostics.slice(0, shown));
    expect(cut).toMatchObject({
      ok: false,
      binaryAvailable: true,
      unavailableChecks: [],
      truncated: true,
      diagnosticsTotal: 2_000,
    });
    expect(cut.truncation_note).toContain(`first ${shown} of 2000 diagnostics`);
    expect(JSON.parse(JSON.stringify(cut))).toEqual(cut);
  });

  it('honours a smaller bound', () => {
    const cut = validateAnswer(answer(50), 2_000);
    expect(jsonBytes(cut)).toBeLessThanOrEqual(2_000);
    expect(cut.diagnostics.length).toBeGreaterThan(0);
    expect(cut.diagnostics.length).toBeLessThan(50);
  });
});

describe('snapshotAnswer', () => {
  function read(count: number): Record<string, unknown> {
    const roles = ['button', 'link', 'textbox', 'checkbox'];
    return {
      tabId: 'btab-1',
      snapshot: Array.from({ length: count }, (_, i) => ({
        role: roles[i % 4],
        name: `Control ${i}`,
        ref: `e${i + 1}`,
      })),
      truncated: false,
      unreachable: { frames: 0, closedShadowRoots: 0 },
      url: 'https://example.com/',
      generation: 1,
      untrusted: true,
    };
  }

  it('returns an answer within the bound unchanged', () => {
    const small = read(20);
    expect(snapshotAnswer(small)).toBe(small);
  });

  it('cuts a snapshot past the bound at a whole node, keeps the page fields, and says so', () => {
    const big = read(2_000);
    const cut = snapshotAnswer(big);
    expect(jsonBytes(big)).toBeGreaterThan(MAX_RESULT_BYTES);
    expect(jsonBytes(cut)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const nodes = cut.snapshot as unknown[];
    expect(nodes.length).toBeGreaterThan(1_000);
    expect(nodes).toEqual((big.snapshot as unknown[]).slice(0, nodes.length));
    expect(cut).toMatchObject({
      tabId: 'btab-1',
      url: 'https://example.com/',
      generation: 1,
      untrusted: true,
      truncated: true,
      nodesTotal: 2_000,
    });
    expect(cut.truncation_note).toContain(`first ${nodes.length} of 2000 elements`);
    expect(JSON.parse(JSON.stringify(cut))).toEqual(cut);
  });

  it('leaves an answer without a snapshot list alone', () => {
    const other = { tabId: 'btab-1', elements: [] };
    expect(snapshotAnswer(other, 10)).toBe(other);
  });
});
