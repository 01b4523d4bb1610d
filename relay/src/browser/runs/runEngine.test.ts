import { describe, expect, it } from 'vitest';
import { parseWorkflow } from '#shared/browserWorkflow/parser.js';
import { planRun, type Executable, type PlannedStep } from '#shared/browserWorkflow/plan.js';
import { RunClock, type Timers } from './runClock.js';
import { WorkflowRun, type AttemptResult, type RunEnv, type StepResult } from './runEngine.js';
import type { Candidate } from './selfHeal.js';
import { checkWorkflowSource } from '#shared/browserWorkflow/sourceChecks.js';

function plan(source: string, inputs: Record<string, string> = {}): PlannedStep[] {
  const parsed = parseWorkflow(source);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const p = planRun(parsed.workflow, inputs);
  if (!p.ok) throw new Error(p.reason);
  return p.steps;
}

const FORM = `---
site: blog
inputs: [title]
---
1. action: navigate to https://blog.example/new
2. action: type {title} into "Title" (textbox)
3. action: click "Save" (button)
4. extract: content
`;

/** A clock whose time the test moves by hand. */
function manualClock(budget = 120_000) {
  let t = 0;
  const timers: Timers = {
    now: () => t,
    setTimeout: () => 0,
    clearTimeout: () => undefined,
  };
  return { clock: new RunClock(budget, timers), tick: (ms: number) => (t += ms) };
}

/** An environment scripted per attempt; it records what it was asked. */
function env(
  answer: (exec: Executable, n: number, fresh: boolean) => AttemptResult | Promise<AttemptResult>,
  candidates: Candidate[] = [],
) {
  const calls: { exec: Executable; fresh: boolean }[] = [];
  const e: RunEnv = {
    attempt: async (exec, { freshApproval }) => {
      calls.push({ exec, fresh: freshApproval });
      return answer(exec, calls.length, freshApproval);
    },
    candidates: async () => candidates,
  };
  return { env: e, calls };
}

const ok: AttemptResult = { outcome: 'success', postconditionMet: true };

function start(
  steps: PlannedStep[],
  e: RunEnv,
  over: Partial<ConstructorParameters<typeof WorkflowRun>[2]> = {},
) {
  return new WorkflowRun(steps, e, {
    runId: 'wfrun-t1-1',
    clock: manualClock().clock,
    ledger: new Set(),
    allowRepeat: false,
    ...over,
  });
}

describe('planRun', () => {
  it('puts inputs into type steps only, and hands prose to the AI', () => {
    const steps = plan(
      `---\nsite: s\ninputs: [title]\n---\n- action: type {title} into "Title"\n- action: click the blue thing\n- goal: publish {title}\n- confirm: looks right\n- api: POST /x\n- extract: content\n`,
      { title: 'Hello' },
    );
    expect(steps.map((s) => [s.kind, s.exec?.kind ?? null, s.write])).toEqual([
      ['action', 'type', true],
      ['action', null, true],
      ['goal', null, true],
      ['confirm', null, false],
      ['api', null, true],
      ['extract', 'extract', false],
    ]);
    expect(steps[0].exec).toEqual({
      kind: 'type',
      name: 'Title',
      role: null,
      value: 'Hello',
      input: 'title',
    });
  });

  it('refuses a malformed action with its step, line and code', () => {
    const parsed = parseWorkflow('---\nsite: s\n---\n1. action: click "Save\n');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const p = planRun(parsed.workflow, {});
    expect(p).toEqual({
      ok: false,
      reason: expect.stringMatching(/^Step 1 \(line 4\) cannot run: /),
    });
  });

  it.each([
    ['click "Save" (button) now', 'malformed-target'],
    ['click ""', 'malformed-target'],
    ['type {title} "Title"', 'malformed-target'],
    ['type "a\\q" into "Title"', 'malformed-value'],
    ['type {ti-tle} into "Title"', 'malformed-value'],
    ['type {body} into "Title"', 'undeclared-input'],
  ])('names why "%s" cannot run: %s, at the step\'s line', (action, code) => {
    const checked = checkWorkflowSource(
      `---\r\nsite: s\r\ninputs: [title]\r\n---\r\n1. extract: content\r\n\r\n2. action: ${action}\r\n`,
    );
    expect(checked).toMatchObject({ ok: false, error: 'INVALID_WORKFLOW' });
    expect(checked.findings.filter((f) => f.severity === 'error')).toEqual([
      { code, severity: 'error', line: 7, message: expect.stringMatching(/^Step 2 \(line 7\) /) },
    ]);
  });

  it('never reads an input from the prototype', () => {
    const parsed = parseWorkflow(
      '---\nsite: s\ninputs: [constructor]\n---\n1. action: type {constructor} into "X"\n',
    );
    if (!parsed.ok) throw new Error('parse');
    expect(planRun(parsed.workflow, {}).ok).toBe(false);
  });
});

describe('WorkflowRun', () => {
  it('runs every step and completes, with the extraction in the step data', async () => {
    const { env: e, calls } = env((exec) =>
      exec.kind === 'extract'
        ? { outcome: 'success', data: { title: 'Saved', textLength: 5, truncated: false } }
        : ok,
    );
    const ledger = new Set<number>();
    const state = await start(plan(FORM, { title: 'Hi' }), e, { ledger }).run();
    expect(state.status).toBe('completed');
    expect(state.completedSteps).toBe(4);
    expect(state.firstStep).toBe('step-1');
    expect(state.stepResults.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
    expect(state.stepResults[3].data).toEqual({ title: 'Saved', textLength: 5, truncated: false });
    expect(calls.map((c) => c.exec.kind)).toEqual(['navigate', 'type', 'click', 'extract']);
    expect(calls[1].exec).toMatchObject({ value: 'Hi' });
    expect([...ledger].sort()).toEqual([1, 2, 3]);
  });

  it('skips ledgered writes on a rerun, re-runs reads, and repeats when allowed', async () => {
    const ledger = new Set([1, 2, 3]);
    const first = env(() => ok);
    const state = await start(plan(FORM, { title: 'Hi' }), first.env, { ledger }).run();
    expect(state.stepResults.map((r) => [r.status, r.reason])).toEqual([
      ['skipped', 'already-completed'],
      ['skipped', 'already-completed'],
      ['skipped', 'already-completed'],
      ['done', undefined],
    ]);
    expect(state.skippedSteps).toBe(3);
    expect(first.calls.map((c) => c.exec.kind)).toEqual(['extract']);
    const again = env(() => ok);
    await start(plan(FORM, { title: 'Hi' }), again.env, { ledger, allowRepeat: true }).run();
    expect(again.calls).toHaveLength(4);
  });

  it('pauses at a goal for the AI or person; a resume skips that step as done by hand', async () => {
    const steps = plan(
      `---\nsite: s\n---\n1. action: click "A" (button)\n2. goal: pick the right draft\n3. action: click "B" (button)\n`,
    );
    const first = env(() => ok);
    const paused = await start(steps, first.env).run();
    expect(paused).toMatchObject({
      status: 'paused',
      pausedAt: 'step-2',
      reasonCode: 'needs-human',
    });
    expect(paused.stepResults[1].status).toBe('paused');
    const second = env(() => ok);
    const resumed = await start(steps, second.env, {
      runId: 'wfrun-t1-2',
      resume: { from: 'wfrun-t1-1', results: paused.stepResults, doneByHand: 2 },
    }).run();
    expect(resumed).toMatchObject({
      status: 'completed',
      resumedFrom: 'wfrun-t1-1',
      firstStep: 'step-3',
    });
    expect(resumed.stepResults.map((r: StepResult) => r.status)).toEqual([
      'done',
      'done-by-human',
      'done',
    ]);
    expect(second.calls.map((c) => c.exec)).toEqual([{ kind: 'click', name: 'B', role: 'button' }]);
  });

  it('retries a failed write whose effect is surely absent, at most twice, then pauses', async () => {
    const steps = plan(`---\nsite: s\n---\n1. action: click "Save" (button)\n`);
    const { env: e, calls } = env(() => ({
      outcome: 'failed',
      postconditionMet: false,
      reason: 'obscured',
    }));
    const state = await start(steps, e).run();
    expect(calls).toHaveLength(3);
    expect(state).toMatchObject({
      status: 'paused',
      reasonCode: 'retries-exhausted',
      pausedAt: 'step-1',
    });
    expect(state.stepResults[0]).toMatchObject({ attempts: 3, status: 'paused' });
    expect(state.reason).toContain('obscured');
  });

  it('never retries an unknown outcome, nor a write that may have happened', async () => {
    const steps = plan(
      `---\nsite: s\n---\n1. action: click "Save" (button)\n2. action: click "Next" (button)\n`,
    );
    const unknown = env(() => ({ outcome: 'unknown' }));
    expect(await start(steps, unknown.env).run()).toMatchObject({
      status: 'paused',
      reasonCode: 'needs-human',
      pausedAt: 'step-1',
    });
    expect(unknown.calls).toHaveLength(1);
    const maybe = env(() => ({ outcome: 'failed', reason: 'disabled' }));
    await start(steps, maybe.env).run();
    expect(maybe.calls).toHaveLength(1);
  });

  it('heals a renamed button with a fresh approval, and never to its opposite', async () => {
    const steps = plan(`---\nsite: s\n---\n1. action: click "Save" (button)\n`);
    const healing = env(
      (exec) =>
        exec.kind === 'click' && exec.name === 'Save now'
          ? ok
          : { outcome: 'failed', postconditionMet: false, notFound: true, reason: 'not-found' },
      [
        { role: 'button', name: 'Save now' },
        { role: 'link', name: 'Save' },
      ],
    );
    const state = await start(steps, healing.env).run();
    expect(state.status).toBe('completed');
    expect(state.stepResults[0].data).toEqual({ healedFrom: 'Save', healedTo: 'Save now' });
    expect(healing.calls.map((c) => [c.exec.kind === 'click' && c.exec.name, c.fresh])).toEqual([
      ['Save', false],
      ['Save now', true],
    ]);
    const opposite = env(
      () => ({ outcome: 'failed', postconditionMet: false, notFound: true, reason: 'not-found' }),
      [{ role: 'button', name: 'Unsave' }],
    );
    const stuck = await start(steps, opposite.env).run();
    expect(stuck.reasonCode).toBe('retries-exhausted');
    expect(
      opposite.calls.every((c) => c.exec.kind === 'click' && c.exec.name === 'Save' && !c.fresh),
    ).toBe(true);
  });

  it('a denial or a lost tab ends the run as the environment says', async () => {
    const steps = plan(FORM, { title: 'x' });
    const denied = env((exec) =>
      exec.kind === 'type'
        ? {
            outcome: 'failed',
            stop: { status: 'failed', reasonCode: 'denied', reason: 'The person denied it.' },
          }
        : ok,
    );
    const state = await start(steps, denied.env).run();
    expect(state).toMatchObject({ status: 'failed', reasonCode: 'denied' });
    expect(state.pausedAt).toBeUndefined();
    expect(state.stepResults.map((r) => r.status)).toEqual([
      'done',
      'failed',
      'pending',
      'pending',
    ]);
  });

  it('cancel aborts what is in flight and ends the run; a second cancel is already-terminal', async () => {
    const steps = plan(FORM, { title: 'x' });
    let signal: AbortSignal | null = null;
    const e: RunEnv = {
      attempt: (_exec, opts) => {
        signal = opts.signal;
        return new Promise((resolve) =>
          opts.signal.addEventListener('abort', () => resolve({ outcome: 'unknown' })),
        );
      },
      candidates: async () => [],
    };
    const run = start(steps, e);
    const done = run.run();
    await Promise.resolve();
    expect(run.cancel()).toBe('cancelled');
    expect(signal!.aborted).toBe(true);
    const state = await done;
    expect(state).toMatchObject({ status: 'cancelled', reasonCode: 'cancelled' });
    expect(state.stepResults[0].status).toBe('cancelled');
    expect(run.cancel()).toBe('already-terminal');
  });

  it('the person taking over pauses the run at the step in flight, aborting it; a resume goes on after it', async () => {
    const steps = plan(FORM, { title: 'x' });
    let signal: AbortSignal | null = null;
    const changes: string[] = [];
    const e: RunEnv = {
      attempt: (exec, opts) => {
        if (exec.kind === 'navigate') return Promise.resolve(ok);
        signal = opts.signal;
        return new Promise((resolve) =>
          opts.signal.addEventListener('abort', () => resolve({ outcome: 'unknown' })),
        );
      },
      candidates: async () => [],
    };
    const run = start(steps, e, { changed: () => changes.push(run.status) });
    const done = run.run();
    await expect.poll(() => signal).not.toBeNull();
    expect(run.personTookOver()).toBe(true);
    expect(signal!.aborted).toBe(true);
    expect(changes.at(-1)).toBe('paused');
    const state = await done;
    expect(state).toMatchObject({
      status: 'paused',
      pausedAt: 'step-2',
      reasonCode: 'person-took-over',
      reason: expect.stringContaining('took over the tab at step 2'),
    });
    expect(state.stepResults.map((r) => r.status)).toEqual([
      'done',
      'paused',
      'pending',
      'pending',
    ]);
    // Paused, it is no longer the run's to pause; a cancel still ends it.
    expect(run.personTookOver()).toBe(false);
    const resumed = await start(steps, env(() => ok).env, {
      runId: 'wfrun-t1-2',
      resume: { from: 'wfrun-t1-1', results: state.stepResults, doneByHand: 2 },
    }).run();
    expect(resumed.status).toBe('completed');
    expect(resumed.stepResults.map((r) => r.status)).toEqual([
      'done',
      'done-by-human',
      'done',
      'done',
    ]);
  });

  it('a run that is not running is not taken over', async () => {
    const run = start(plan(FORM, { title: 'x' }), env(() => ok).env);
    expect((await run.run()).status).toBe('completed');
    expect(run.personTookOver()).toBe(false);
    expect(run.state().status).toBe('completed');
  });

  it('the budget: time on a prompt is free, slow pages are not', async () => {
    const steps = plan(FORM, { title: 'x' });
    const { clock, tick } = manualClock(1000);
    const e = env((exec) => {
      if (exec.kind === 'type') {
        clock.hold();
        tick(60_000); // the person takes a minute to answer
        clock.release();
      }
      if (exec.kind === 'click') tick(1500); // a slow page
      return ok;
    });
    const state = await start(steps, e.env, { clock }).run();
    expect(state.stepResults.map((r) => r.status)).toEqual(['done', 'done', 'done', 'paused']);
    expect(state).toMatchObject({ status: 'paused', reasonCode: 'deadline', pausedAt: 'step-4' });
    expect(e.calls.map((c) => c.exec.kind)).toEqual(['navigate', 'type', 'click']);
  });

  it('the budget running out mid-step aborts the step and pauses there', async () => {
    const steps = plan(FORM, { title: 'x' });
    let expire: () => void = () => undefined;
    const timers: Timers = {
      now: () => 0,
      setTimeout: (fn) => ((expire = fn), 1),
      clearTimeout: () => undefined,
    };
    const clock = new RunClock(1000, timers);
    const e: RunEnv = {
      attempt: (exec, opts) =>
        exec.kind === 'navigate'
          ? new Promise((resolve) =>
              opts.signal.addEventListener('abort', () => resolve({ outcome: 'unknown' })),
            )
          : Promise.resolve(ok),
      candidates: async () => [],
    };
    const run = start(steps, e, { clock });
    const done = run.run();
    await Promise.resolve();
    // The clock's timer falls due with time left (the test's clock does not move): it re-arms.
    expire();
    await Promise.resolve();
    expect(run.status).toBe('running');
    // Now the budget is gone.
    (timers as { now: () => number }).now = () => 5000;
    expire();
    const state = await done;
    expect(state).toMatchObject({ status: 'paused', reasonCode: 'deadline', pausedAt: 'step-1' });
  });

  it('an environment that throws fails the run, never the caller', async () => {
    const e: RunEnv = {
      attempt: async () => {
        throw new Error('socket closed');
      },
      candidates: async () => [],
    };
    const state = await start(plan(FORM, { title: 'x' }), e).run();
    expect(state).toMatchObject({ status: 'failed', reasonCode: 'internal' });
    expect(state.reason).toContain('socket closed');
  });
});
