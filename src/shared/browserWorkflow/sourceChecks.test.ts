import { describe, expect, it } from 'vitest';
import { checkWorkflowSource } from './sourceChecks.js';

const steps = (n: number, text = 'extract: content') =>
  Array.from({ length: n }, (_, i) => `${i + 1}. ${text}`).join('\n');

describe('checkWorkflowSource', () => {
  it('answers the workflow with its warnings and notes when a run would start', () => {
    const r = checkWorkflowSource(
      '---\nsite: s\nlang: en\n---\n1. action: click the blue thing\n2. goal: say {who}\n',
    );
    expect(r.ok).toBe(true);
    expect(r.findings.map((f) => [f.line, f.severity, f.code])).toEqual([
      [3, 'warning', 'unknown-front-matter-key'],
      [5, 'info', 'not-executable'],
      [6, 'warning', 'undeclared-variable'],
    ]);
  });

  it('refuses with the first error in the order the hub checks, and lists every error', () => {
    const source = `---\nsite: s\n---\n${steps(25)}\n26. action: click "Save\n27. action: type {x} into "A"\nwait: no\n`;
    const r = checkWorkflowSource(source);
    expect(r).toMatchObject({
      ok: false,
      error: 'INVALID_WORKFLOW',
      message:
        'The workflow does not parse: line 31: "wait" is not a step kind (api, action, goal, confirm, extract).',
    });
    expect(r.findings.map((f) => [f.line, f.code])).toEqual([
      [29, 'too-many-steps'],
      [29, 'malformed-target'],
      [30, 'undeclared-input'],
      [31, 'unknown-step-kind'],
    ]);
  });

  it('puts the size first, on the line where the source passes 64 KiB', () => {
    const source = `---\nsite: s\n---\n1. extract: content\n# ${'é'.repeat(40_000)}\n`;
    const r = checkWorkflowSource(source);
    expect(r).toMatchObject({ ok: false, error: 'INVALID_ARGUMENT' });
    expect(r.ok ? null : r.message).toContain('bytes');
    expect(r.findings).toEqual([expect.objectContaining({ code: 'source-too-large', line: 5 })]);
  });

  it('refuses too many steps before a malformed action, as a run always has', () => {
    const r = checkWorkflowSource(`---\nsite: s\n---\n1. action: click "\n${steps(25)}\n`);
    expect(r).toMatchObject({ ok: false, error: 'INVALID_ARGUMENT' });
    expect(r.ok ? '' : r.message).toContain('26 steps');
  });
});
