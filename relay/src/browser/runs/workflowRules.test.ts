import { describe, expect, it } from 'vitest';
import { checkRun, checkSourceSize, RUN_LIMITS } from '#shared/browserWorkflow/bounds.js';
import { decideAfterResult, isWrite } from '#shared/browserWorkflow/decide.js';
import { inputsHash, ledgerId, sourceHash } from './identity.js';
import { parseWorkflow, type Workflow } from '#shared/browserWorkflow/parser.js';
import { proposeHeal, similarity } from './selfHeal.js';

function parse(source: string): Workflow {
  const r = parseWorkflow(source);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.workflow;
}

const WF =
  '---\nsite: blog\ninputs: [title]\n---\n1. action: type {title} into "Title" (textbox)\n2. action: click "Save" (button)\n3. extract: content\n';

describe('run bounds', () => {
  const wf = parse(WF);
  it('accepts the declared inputs, as strings', () => {
    expect(checkRun(wf, { title: 'Hello' })).toEqual({ ok: true });
  });
  it.each([
    [{}, /missing input: title/],
    [{ title: 'x', extra: 'y' }, /undeclared input "extra"/],
    [{ title: 'x'.repeat(RUN_LIMITS.inputBytes + 1) }, /over 4096 bytes/],
    [{ title: 3 }, /must be a string/],
  ])('refuses %j', (inputs, reason) => {
    expect(checkRun(wf, inputs as Record<string, unknown>)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(reason),
    });
  });
  it('refuses 26 steps, 65 inputs and a 65 KiB source', () => {
    const steps = Array.from({ length: 26 }, () => 'extract: content').join('\n');
    expect(checkRun(parse(`---\nsite: s\n---\n${steps}\n`), {})).toMatchObject({ ok: false });
    const names = Array.from({ length: 65 }, (_, i) => `i${i}`);
    const many = parse(`---\nsite: s\ninputs: ${names.join(', ')}\n---\nextract: c\n`);
    expect(checkRun(many, Object.fromEntries(names.map((n) => [n, 'v'])))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/at most 64/),
    });
    expect(checkSourceSize('x'.repeat(64 * 1024))).toEqual({ ok: true });
    expect(checkSourceSize('é'.repeat(32 * 1024 + 1))).toMatchObject({ ok: false });
  });
});

describe('ledger identity', () => {
  it('reformatting keeps the identity; a real edit or other inputs change it', () => {
    const wf = parse(WF);
    const spaced = parse(
      WF.replace(/\n1\. /, '\n\n- ')
        .replace('2. action', '  action')
        .replace('---\nsite', '---\n# c\nsite'),
    );
    expect(sourceHash(spaced)).toBe(sourceHash(wf));
    expect(sourceHash(parse(WF.replace('"Save"', '"Publish"')))).not.toBe(sourceHash(wf));
    expect(inputsHash(wf, { title: 'a' })).not.toBe(inputsHash(wf, { title: 'b' }));
    expect(ledgerId(wf, { title: 'a' })).toMatch(/^[0-9a-f]{16}\+[0-9a-f]{16}$/);
  });
});

describe('after an attempt', () => {
  it('classifies writes by kind, never by text', () => {
    expect(['action', 'api', 'goal'].every((k) => isWrite(k as never))).toBe(true);
    expect(isWrite('extract') || isWrite('confirm')).toBe(false);
  });
  it.each([
    ['action', 'success', undefined, 'done'],
    ['action', 'success', false, 'stop-and-ask'],
    ['action', 'unknown', true, 'stop-and-ask'],
    ['extract', 'failed', undefined, 'retry'],
    ['confirm', 'failed', undefined, 'stop-and-ask'],
    ['action', 'failed', true, 'done'],
    ['action', 'failed', false, 'retry'],
    ['action', 'failed', undefined, 'stop-and-ask'],
  ] as const)('%s %s (postcondition %s) → %s', (kind, outcome, post, decision) => {
    expect(decideAfterResult(kind, outcome, post)).toBe(decision);
  });
});

describe('self-heal', () => {
  const button = (name: string) => ({ role: 'button', name });
  it('heals a renamed control that extends the old name', () => {
    expect(proposeHeal(button('Save'), [button('Save now'), button('Cancel')], true)).toEqual(
      button('Save now'),
    );
  });
  it('never takes the old name with something in front, another role, or a tie', () => {
    expect(proposeHeal(button('Save'), [button('Unsave')], true)).toBeNull();
    expect(proposeHeal(button('Publish'), [button('Unpublish')], false)).toBeNull();
    expect(proposeHeal(button('Save'), [{ role: 'link', name: 'Save now' }], true)).toBeNull();
    expect(proposeHeal(button('Save'), [button('Save now'), button('Save all')], true)).toBeNull();
    expect(proposeHeal(button('Save'), [button('Save now'), button('Save now')], true)).toBeNull();
  });
  it('a close spelling heals at 0.85; a loose one only for a read that starts with the old name', () => {
    expect(similarity('submit order', 'submit orders')).toBeGreaterThan(0.85);
    expect(proposeHeal(button('Submit order'), [button('Submit orders')], true)).toEqual(
      button('Submit orders'),
    );
    expect(proposeHeal(button('Details'), [button('Details for the order')], false)).toBeNull();
    expect(proposeHeal(button('Next'), [button('Nextt')], false)).toEqual(button('Nextt'));
    expect(proposeHeal(button('Next'), [button('Nextt')], true)).toBeNull();
  });
});
