import { describe, expect, it } from 'vitest';
import { RunClock } from './runClock.js';
import { WorkflowRun, type AttemptResult, type RunEnv } from './runEngine.js';
import { KEPT_RUNS, RunRegistry, type StartRequest } from './runRegistry.js';

const SOURCE = `---
site: blog
inputs: [title]
---
1. action: type {title} into "Title" (textbox)
2. goal: check the preview
3. action: click "Save" (button)
`;

const ok: AttemptResult = { outcome: 'success', postconditionMet: true };

function attempts() {
  const calls: string[] = [];
  const env: RunEnv = {
    attempt: async (exec) => {
      calls.push(exec.kind === 'navigate' || exec.kind === 'extract' ? exec.kind : exec.name);
      return ok;
    },
    candidates: async () => [],
  };
  return { env, calls };
}

/** prepare + add + run, as the hub does. */
async function startRun(reg: RunRegistry, req: StartRequest, env: RunEnv, allowRepeat = false) {
  const p = reg.prepare(req);
  if (!p.ok) return p;
  const run = new WorkflowRun(p.steps, env, {
    runId: p.runId,
    clock: new RunClock(120_000),
    ledger: p.ledger,
    allowRepeat,
    resume: p.resume,
  });
  reg.add(p.runId, req.tabId, p.source, run);
  return { ok: true as const, runId: p.runId, state: await run.run() };
}

const req = (over: Partial<StartRequest> = {}): StartRequest => ({
  tabId: 't1',
  source: SOURCE,
  inputs: { title: 'Hello' },
  ...over,
});

describe('RunRegistry', () => {
  it('keeps each step as written, for the app to show beside its status', async () => {
    const reg = new RunRegistry();
    const started = await startRun(reg, req(), attempts().env);
    if (!started.ok) throw new Error(started.message);
    expect(reg.planOf(started.runId)).toEqual([
      { index: 1, kind: 'action', text: 'type {title} into "Title" (textbox)' },
      { index: 2, kind: 'goal', text: 'check the preview' },
      { index: 3, kind: 'action', text: 'click "Save" (button)' },
    ]);
    expect(reg.planOf('wfrun-none')).toEqual([]);
  });

  it('refuses what cannot run, saying why', () => {
    const reg = new RunRegistry();
    expect(reg.prepare(req({ source: '---\nsite: x\n' }))).toMatchObject({
      ok: false,
      error: 'INVALID_WORKFLOW',
      message: expect.stringContaining('line'),
    });
    expect(reg.prepare(req({ inputs: {} }))).toMatchObject({
      ok: false,
      error: 'INVALID_ARGUMENT',
      message: 'missing input: title.',
    });
    expect(reg.prepare(req({ inputs: { title: 'a', extra: 'b' } }))).toMatchObject({
      ok: false,
      message: expect.stringContaining('undeclared input "extra"'),
    });
    expect(reg.prepare(req({ source: SOURCE + '#'.repeat(65 * 1024) }))).toMatchObject({
      ok: false,
      error: 'INVALID_ARGUMENT',
    });
    expect(
      reg.prepare(req({ source: '---\nsite: x\n---\n1. action: type "a into "B"\n', inputs: {} })),
    ).toMatchObject({
      ok: false,
      error: 'INVALID_WORKFLOW',
      message: expect.stringMatching(/^Step 1/),
    });
  });

  it('gives every diagnostic with a refusal, and the warnings with a run that goes ahead', () => {
    const reg = new RunRegistry();
    const warned = '---\nsite: x\nauthor: me\n---\n1. goal: fill in {body}\n';
    const accepted = reg.prepare(req({ source: warned, inputs: {} }));
    expect(accepted).toMatchObject({
      ok: true,
      warnings: [
        { code: 'unknown-front-matter-key', severity: 'warning', line: 3 },
        { code: 'undeclared-variable', severity: 'warning', line: 5 },
      ],
    });
    const broken = reg.prepare(req({ source: warned.replace('1. goal', '1. do'), inputs: {} }));
    expect(broken).toMatchObject({
      ok: false,
      error: 'INVALID_WORKFLOW',
      message: expect.stringContaining('line 5:'),
      details: {
        errors: [{ code: 'unknown-step-kind', line: 5 }],
        warnings: [{ code: 'unknown-front-matter-key', line: 3 }],
      },
    });
    const unplanned = reg.prepare(
      req({
        source: warned.replace('goal: fill in {body}', 'action: type {body} into "B"'),
        inputs: {},
      }),
    );
    expect(unplanned).toMatchObject({
      ok: false,
      error: 'INVALID_WORKFLOW',
      details: {
        // The error says what the parser's warning on that line would.
        errors: [{ code: 'undeclared-input', severity: 'error', line: 5 }],
        warnings: [{ code: 'unknown-front-matter-key', line: 3 }],
      },
    });
    expect(reg.prepare(req())).toMatchObject({ ok: true, warnings: [] });
  });

  it('one running run a tab; a paused one frees it; other tabs are free', async () => {
    const reg = new RunRegistry();
    let release: (r: AttemptResult) => void = () => undefined;
    const slow: RunEnv = {
      attempt: () => new Promise((resolve) => (release = resolve)),
      candidates: async () => [],
    };
    const p = reg.prepare(req());
    if (!p.ok) throw new Error(p.message);
    const run = new WorkflowRun(p.steps, slow, {
      runId: p.runId,
      clock: new RunClock(120_000),
      ledger: p.ledger,
      allowRepeat: false,
    });
    reg.add(p.runId, 't1', p.source, run);
    const done = run.run();
    expect(reg.running('t1')).toBe(p.runId);
    expect(reg.prepare(req())).toMatchObject({
      ok: false,
      error: 'RUN_ALREADY_ACTIVE',
      details: { runId: p.runId },
    });
    expect(reg.prepare(req({ tabId: 't2' })).ok).toBe(true);
    release(ok);
    expect((await done).status).toBe('paused');
    expect(reg.running('t1')).toBeNull();
    expect(reg.prepare(req()).ok).toBe(true);
  });

  it('the person taking over a tab pauses the run running there, and no other', async () => {
    const reg = new RunRegistry();
    const waiting: RunEnv = {
      attempt: (_exec, { signal }) =>
        new Promise((resolve) => signal.addEventListener('abort', () => resolve(ok))),
      candidates: async () => [],
    };
    const started = (tabId: string) => {
      const p = reg.prepare(req({ tabId }));
      if (!p.ok) throw new Error(p.message);
      const run = new WorkflowRun(p.steps, waiting, {
        runId: p.runId,
        clock: new RunClock(120_000),
        ledger: p.ledger,
        allowRepeat: false,
      });
      reg.add(p.runId, tabId, p.source, run);
      return { runId: p.runId, done: run.run() };
    };
    const mine = started('t1');
    const other = started('t2');
    expect(reg.personTookOver('t3')).toBeNull();
    expect(reg.personTookOver('t1')).toBe(mine.runId);
    expect(await mine.done).toMatchObject({ status: 'paused', reasonCode: 'person-took-over' });
    // Paused, the tab is free: the person's next click pauses nothing.
    expect(reg.personTookOver('t1')).toBeNull();
    expect(reg.get(other.runId)?.status).toBe('running');
    reg.cancel(other.runId);
    await other.done;
  });

  it('resumes a paused run of the same workflow on the same tab, and nothing else', async () => {
    const reg = new RunRegistry();
    const first = attempts();
    const r1 = await startRun(reg, req(), first.env);
    if (!r1.ok) throw new Error(r1.message);
    expect(r1.state).toMatchObject({ status: 'paused', pausedAt: 'step-2' });
    expect(reg.prepare(req({ resumeRunId: 'wfrun-t1-99' }))).toMatchObject({
      error: 'RUN_NOT_FOUND',
    });
    expect(reg.prepare(req({ tabId: 't2', resumeRunId: r1.runId }))).toMatchObject({
      error: 'RESUME_TAB_MISMATCH',
    });
    expect(
      reg.prepare(req({ source: SOURCE.replace('Save', 'Publish'), resumeRunId: r1.runId })),
    ).toMatchObject({ error: 'RESUME_SOURCE_MISMATCH' });
    // Reformatting is the same workflow.
    const second = attempts();
    const r2 = await startRun(
      reg,
      req({ source: SOURCE.replace('1. action', '-   action'), resumeRunId: r1.runId }),
      second.env,
    );
    if (!r2.ok) throw new Error(r2.message);
    expect(r2.state).toMatchObject({ status: 'completed', resumedFrom: r1.runId });
    expect(r2.state.stepResults.map((r) => r.status)).toEqual(['done', 'done-by-human', 'done']);
    expect(second.calls).toEqual(['Save']);
    expect(reg.prepare(req({ resumeRunId: r2.runId }))).toMatchObject({
      error: 'RESUME_NOT_PAUSED',
    });
    // The paused run that was resumed is superseded: it keeps where and why it paused, and is
    // neither resumed twice nor cancelled.
    expect(reg.superseded(r1.runId, r2.runId)).toBe(true);
    expect(reg.get(r1.runId)).toMatchObject({
      status: 'superseded',
      pausedAt: 'step-2',
      reasonCode: 'needs-human',
      reason: expect.stringMatching(new RegExp(`Resumed as ${r2.runId}\\.$`)),
    });
    expect(reg.superseded(r1.runId, r2.runId)).toBe(false);
    expect(reg.prepare(req({ resumeRunId: r1.runId }))).toMatchObject({
      error: 'RESUME_NOT_PAUSED',
      message: expect.stringContaining('is superseded'),
    });
    expect(reg.cancel(r1.runId)).toBe('already-terminal');
  });

  it('the ledger: the same workflow and inputs skip done writes; new inputs start afresh', async () => {
    const reg = new RunRegistry();
    const source =
      '---\nsite: s\ninputs: [title]\n---\n1. action: type {title} into "T" (textbox)\n2. extract: content\n';
    const a = attempts();
    await startRun(reg, req({ source }), a.env);
    const b = attempts();
    const again = await startRun(reg, req({ source: source.replace('1. ', '1.  ') }), b.env);
    expect(again.ok && again.state.stepResults.map((r) => r.status)).toEqual(['skipped', 'done']);
    expect(b.calls).toEqual(['extract']);
    const c = attempts();
    await startRun(reg, req({ source, inputs: { title: 'Other' } }), c.env);
    expect(c.calls).toEqual(['T', 'extract']);
    const d = attempts();
    await startRun(reg, req({ source }), d.env, true);
    expect(d.calls).toEqual(['T', 'extract']);
    const e = attempts();
    await startRun(reg, req({ source, tabId: 't2' }), e.env);
    expect(e.calls).toEqual(['T', 'extract']);
    reg.tabClosed('t1');
    const f = attempts();
    await startRun(reg, req({ source }), f.env);
    expect(f.calls).toEqual(['T', 'extract']);
  });

  it('a closed tab ends its runs, paused ones too: failed, lease-lost', async () => {
    const reg = new RunRegistry();
    const r = await startRun(reg, req(), attempts().env);
    if (!r.ok) throw new Error(r.message);
    expect(r.state.status).toBe('paused');
    reg.tabClosed('t1');
    expect(reg.get(r.runId)).toMatchObject({ status: 'failed', reasonCode: 'lease-lost' });
    expect(reg.get(r.runId)?.pausedAt).toBeUndefined();
    expect(reg.cancel(r.runId)).toBe('already-terminal');
  });

  it('cancel: unknown id, a cancelled run, a finished one', async () => {
    const reg = new RunRegistry();
    expect(reg.cancel('nope')).toBe('RUN_NOT_FOUND');
    const r = await startRun(reg, req(), attempts().env);
    if (!r.ok) throw new Error(r.message);
    expect(reg.cancel(r.runId)).toBe('cancelled');
    expect(reg.get(r.runId)?.status).toBe('cancelled');
    expect(reg.cancel(r.runId)).toBe('already-terminal');
  });

  it(`keeps the last ${KEPT_RUNS} finished runs`, async () => {
    const reg = new RunRegistry();
    const source = '---\nsite: s\n---\n1. extract: content\n';
    const ids: string[] = [];
    for (let i = 0; i < KEPT_RUNS + 5; i++) {
      const r = await startRun(reg, req({ source, inputs: {} }), attempts().env);
      if (r.ok) ids.push(r.runId);
    }
    expect(reg.get(ids[0])).toBeNull();
    expect(reg.get(ids[4])).toBeNull();
    expect(reg.get(ids[5])?.status).toBe('completed');
    expect(reg.get(ids.at(-1)!)?.status).toBe('completed');
  });
});
