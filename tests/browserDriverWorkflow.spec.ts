/**
 * Workflow runs in the driver, at the protocol level (the test plays the app): a run goes on in
 * the hub after workflow_run answers, asks the person for each step as a hand-issued act would,
 * pauses for what only the AI or the person can do, skips writes it already did, keeps to its
 * bounds and budget, and stops when cancelled.
 */
import { expect, test } from '@playwright/test';
import type { ApprovalRequest, DriverEvent } from '../src/shared/wire/driverProtocol';
import { startDriverHub, TEST_CONFIG, type DriverHub } from './support/driverApp';
import { startPageServer, type PageServer } from './support/pageServer';

const form = (button: string) => `<!doctype html><title>New post</title>
<h1>New post</h1>
<label>Title <input id="title"></label>
<button onclick="save()">${button}</button>
<p>Saved: <output id="saved"></output></p>
<script>
  function save() {
    document.getElementById('saved').textContent = document.getElementById('title').value;
    window.saves = (window.saves || 0) + 1;
  }
</script>`;

let site: PageServer;
let d: DriverHub;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startPageServer({
    '/form': form('Save'),
    '/renamed': form('Save now'),
    '/opposite': form('Unsave'),
    '/slow': { body: form('Save'), delayMs: 5_000 },
  });
  d = await startDriverHub();
});

test.afterAll(async () => {
  await d?.close();
  await site?.close();
});

test.afterEach(async () => {
  d.app.config({});
  for (const tab of (await d.app.ok({ op: 'tabs' })).tabs as { tabId: string }[]) {
    await d.app.call({ op: 'close', tabId: tab.tabId });
  }
});

const SOURCE = (page = '/form') => `---
site: blog
inputs: [title]
---
1. action: navigate to ${site.url(page)}
2. action: type {title} into "Title" (textbox)
3. action: click "Save" (button)
4. extract: content
`;

async function openTab(path = '/form'): Promise<string> {
  return String((await d.app.ok({ op: 'open', url: site.url(path) })).tabId);
}

/** The run's status once it is no longer running. */
async function ended(runId: string): Promise<Record<string, unknown>> {
  let state: Record<string, unknown> = {};
  await expect
    .poll(async () => {
      state = await d.app.ok({ op: 'workflow_status', runId });
      return state.status;
    })
    .not.toBe('running');
  return state;
}

/** The next prompt a run shows the app (not one seen before). */
async function nextPrompt(runId: string, seen: Set<string>): Promise<ApprovalRequest> {
  let found: ApprovalRequest | undefined;
  await expect
    .poll(() => {
      found = d.app.events
        .filter(
          (e): e is Extract<DriverEvent, { type: 'approval-requested' }> =>
            e.type === 'approval-requested' && e.runId === runId,
        )
        .map((e) => e.approval)
        .find((a) => !seen.has(a.requestId));
      return found !== undefined;
    })
    .toBe(true);
  seen.add(found!.requestId);
  return found!;
}

const pageValue = (tabId: string, selector: string) =>
  d.hub.browser
    .debugHandles()
    .page(tabId)
    ?.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);

const allow = (operations: string[]) =>
  d.app.config({ grants: [{ origin: site.origin, operations: operations as never[] }] });

test('44. a run types, clicks and extracts, each write approved in turn, and completes', async () => {
  const tabId = await openTab('/');
  const started = await d.app.ok({
    op: 'workflow_run',
    tabId,
    source: SOURCE(),
    inputs: { title: 'Spring notes' },
  });
  expect(started).toEqual({
    runId: expect.stringMatching(/^wfrun-/),
    tabId,
    steps: 4,
    firstStep: 'step-1',
    status: 'running',
  });
  const runId = String(started.runId);
  const seen = new Set<string>();
  const type = await nextPrompt(runId, seen);
  expect(type).toMatchObject({
    operation: 'type',
    origin: site.origin,
    target: { role: 'textbox', name: 'Title' },
    payloadSummary: 'Text: "Spring notes"',
  });
  const waiting = await d.app.ok({ op: 'workflow_status', runId });
  expect(waiting).toMatchObject({
    status: 'running',
    pendingApproval: { operation: 'type', url: site.origin },
  });
  d.app.answer(type.requestId, 'once');
  const click = await nextPrompt(runId, seen);
  expect(click).toMatchObject({ operation: 'click', target: { role: 'button', name: 'Save' } });
  d.app.answer(click.requestId, 'once');
  const state = await ended(runId);
  expect(state).toMatchObject({ status: 'completed', completedSteps: 4, skippedSteps: 0 });
  const results = state.stepResults as { status: string; data?: Record<string, unknown> }[];
  expect(results.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
  expect(results[3].data).toMatchObject({ title: 'New post' });
  expect(await pageValue(tabId, '#saved')).toBe('Spring notes');
  expect(JSON.stringify(state)).not.toContain('Spring notes');
});

test('45. a goal pauses the run for a person; resuming skips it as done by hand', async () => {
  allow(['click', 'type']);
  const tabId = await openTab();
  const source = `---\nsite: blog\n---\n1. action: type "Draft" into "Title" (textbox)\n2. goal: check the preview looks right\n3. action: click "Save" (button)\n`;
  const first = await d.app.ok({ op: 'workflow_run', tabId, source });
  const paused = await ended(String(first.runId));
  expect(paused).toMatchObject({
    status: 'paused',
    pausedAt: 'step-2',
    reasonCode: 'needs-human',
  });
  expect(await pageValue(tabId, '#saved')).toBe('');
  const resumed = await d.app.ok({
    op: 'workflow_run',
    tabId,
    source,
    resumeRunId: first.runId,
  });
  expect(resumed.firstStep).toBe('step-3');
  const state = await ended(String(resumed.runId));
  expect(state).toMatchObject({ status: 'completed', resumedFrom: first.runId });
  expect((state.stepResults as { status: string }[]).map((r) => r.status)).toEqual([
    'done',
    'done-by-human',
    'done',
  ]);
  expect(await pageValue(tabId, '#saved')).toBe('Draft');
});

test('46. the ledger: done writes are skipped on a rerun, unless inputs change or repeats are allowed', async () => {
  allow(['click', 'type']);
  const tabId = await openTab();
  const run = async (source: string, title: string, allowRepeat?: boolean) => {
    const r = await d.app.ok({
      op: 'workflow_run',
      tabId,
      source,
      inputs: { title },
      ...(allowRepeat ? { allowRepeat } : {}),
    });
    const state = await ended(String(r.runId));
    return (state.stepResults as { status: string; reason?: string }[]).map((s) =>
      s.status === 'skipped' ? `skipped:${s.reason}` : s.status,
    );
  };
  const saves = () =>
    d.hub.browser
      .debugHandles()
      .page(tabId)
      ?.evaluate(() => (window as unknown as { saves?: number }).saves ?? 0);
  expect(await run(SOURCE(), 'One')).toEqual(['done', 'done', 'done', 'done']);
  const skipped = [
    'skipped:already-completed',
    'skipped:already-completed',
    'skipped:already-completed',
    'done',
  ];
  expect(await run(SOURCE(), 'One')).toEqual(skipped);
  expect(await run(SOURCE().replace('2. action', '2.   action'), 'One')).toEqual(skipped);
  expect(await saves()).toBe(1);
  expect(await run(SOURCE(), 'Two')).toEqual(['done', 'done', 'done', 'done']);
  expect(await pageValue(tabId, '#saved')).toBe('Two');
  // Each run navigates afresh (step 1), so the page counts the saves of the last run only.
  expect(await run(SOURCE(), 'Two', true)).toEqual(['done', 'done', 'done', 'done']);
  expect(await saves()).toBe(1);
  expect(await pageValue(tabId, '#saved')).toBe('Two');
});

test('47. bounds: steps, size, inputs, and one running run a tab', async () => {
  const tabId = await openTab();
  const refused = async (cmd: Record<string, unknown>) => {
    const r = await d.app.call({ op: 'workflow_run', tabId, ...cmd });
    expect(r.ok).toBe(false);
    return r.ok ? null : { error: r.error, message: r.message };
  };
  const steps = (n: number) =>
    `---\nsite: s\n---\n${Array.from({ length: n }, (_, i) => `${i + 1}. extract: content`).join('\n')}\n`;
  expect(await refused({ source: steps(26) })).toMatchObject({
    error: 'INVALID_ARGUMENT',
    message: expect.stringContaining('26 steps'),
  });
  expect(await refused({ source: steps(1) + '#'.repeat(65 * 1024) })).toMatchObject({
    message: expect.stringContaining('bytes'),
  });
  const names = Array.from({ length: 65 }, (_, i) => `i${i}`);
  expect(
    await refused({
      source: `---\nsite: s\ninputs: [${names.join(', ')}]\n---\n1. extract: content\n`,
      inputs: Object.fromEntries(names.map((n) => [n, 'x'])),
    }),
  ).toMatchObject({ message: expect.stringContaining('65 inputs') });
  expect(
    await refused({ source: SOURCE(), inputs: { title: 'x'.repeat(5 * 1024) } }),
  ).toMatchObject({ message: expect.stringContaining('4096 bytes') });
  expect(await refused({ source: SOURCE(), inputs: { title: 'a', body: 'b' } })).toMatchObject({
    message: expect.stringContaining('undeclared input "body"'),
  });
  expect(await refused({ source: SOURCE(), inputs: {} })).toMatchObject({
    message: 'missing input: title.',
  });
  expect(await refused({ source: '---\nsite: s\n---\n' })).toMatchObject({
    error: 'INVALID_WORKFLOW',
  });
  // A run waiting for the person is running: a second one on the tab is refused.
  const first = await d.app.ok({
    op: 'workflow_run',
    tabId,
    source: SOURCE(),
    inputs: { title: 'x' },
  });
  await nextPrompt(String(first.runId), new Set());
  expect(await refused({ source: SOURCE(), inputs: { title: 'y' } })).toMatchObject({
    error: 'RUN_ALREADY_ACTIVE',
  });
  expect((await d.app.ok({ op: 'workflow_cancel', runId: first.runId })).result).toBe('cancelled');
});

test('48. the budget: a slow answer from the person is free, a slow page is not', async () => {
  // A hub whose runs have 3 s of running time.
  const main = d;
  d = await startDriverHub({ workflowBudgetMs: 3_000 });
  try {
    const tabId = await openTab();
    const runId = String(
      (await d.app.ok({ op: 'workflow_run', tabId, source: SOURCE(), inputs: { title: 'x' } }))
        .runId,
    );
    const seen = new Set<string>();
    const type = await nextPrompt(runId, seen);
    // Longer than the whole budget, spent waiting on the person: the run goes on after it.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect((await d.app.ok({ op: 'workflow_status', runId })).status).toBe('running');
    d.app.answer(type.requestId, 'once');
    expect(await nextPrompt(runId, seen)).toMatchObject({ operation: 'click' });
    expect((await d.app.ok({ op: 'workflow_cancel', runId })).result).toBe('cancelled');

    const slow = String(
      (
        await d.app.ok({
          op: 'workflow_run',
          tabId,
          source: SOURCE('/slow'),
          inputs: { title: 'x' },
        })
      ).runId,
    );
    expect(await ended(slow)).toMatchObject({
      status: 'paused',
      reasonCode: 'deadline',
      pausedAt: 'step-1',
    });
  } finally {
    await d.close();
    d = main;
  }
});

test('49. cancel withdraws the prompt; twice is already-terminal; an unknown run is not found', async () => {
  const tabId = await openTab();
  const runId = String(
    (await d.app.ok({ op: 'workflow_run', tabId, source: SOURCE(), inputs: { title: 'x' } })).runId,
  );
  const prompt = await nextPrompt(runId, new Set());
  expect(await d.app.ok({ op: 'workflow_cancel', runId })).toEqual({ runId, result: 'cancelled' });
  await expect
    .poll(() =>
      d.app.events.some((e) => e.type === 'approval-withdrawn' && e.requestId === prompt.requestId),
    )
    .toBe(true);
  expect(await ended(runId)).toMatchObject({ status: 'cancelled', reasonCode: 'cancelled' });
  expect(await d.app.ok({ op: 'workflow_cancel', runId })).toEqual({
    runId,
    result: 'already-terminal',
  });
  expect(await d.app.call({ op: 'workflow_cancel', runId: 'wfrun-nope-1' })).toMatchObject({
    ok: false,
    error: 'RUN_NOT_FOUND',
  });
  // Nothing was typed: the answer never came.
  expect(
    await d.hub.browser
      .debugHandles()
      .page(tabId)
      ?.evaluate(() => (document.querySelector('#title') as HTMLInputElement).value),
  ).toBe('');
});

test('50. a renamed button heals only with a fresh prompt; its opposite never', async () => {
  allow(['click', 'type']);
  const tabId = await openTab();
  const healed = String(
    (
      await d.app.ok({
        op: 'workflow_run',
        tabId,
        source: SOURCE('/renamed'),
        inputs: { title: 'Healed' },
      })
    ).runId,
  );
  // The standing click grant does not cover the healed act: the person is asked.
  const prompt = await nextPrompt(healed, new Set());
  expect(prompt).toMatchObject({ operation: 'click', target: { name: 'Save now' } });
  d.app.answer(prompt.requestId, 'once');
  const state = await ended(healed);
  expect(state).toMatchObject({ status: 'completed' });
  expect((state.stepResults as { data?: object }[])[2].data).toEqual({
    healedFrom: 'Save',
    healedTo: 'Save now',
  });
  expect(await pageValue(tabId, '#saved')).toBe('Healed');

  const opposite = String(
    (
      await d.app.ok({
        op: 'workflow_run',
        tabId,
        source: SOURCE('/opposite'),
        inputs: { title: 'Never' },
      })
    ).runId,
  );
  expect(await ended(opposite)).toMatchObject({
    status: 'paused',
    pausedAt: 'step-3',
    reasonCode: 'retries-exhausted',
  });
  expect(await pageValue(tabId, '#saved')).toBe('');
});

test('status and cancel work while the browser tools are off; starting a run does not', async () => {
  const tabId = await openTab();
  const runId = String(
    (await d.app.ok({ op: 'workflow_run', tabId, source: SOURCE(), inputs: { title: 'x' } })).runId,
  );
  await nextPrompt(runId, new Set());
  d.app.config({ ...TEST_CONFIG, enabled: false });
  expect(await d.app.call({ op: 'workflow_run', tabId, source: SOURCE() })).toMatchObject({
    ok: false,
    error: 'BROWSER_DISABLED',
  });
  const state = await d.app.ok({ op: 'workflow_status', runId });
  expect(['running', 'failed', 'paused', 'cancelled']).toContain(state.status);
  expect((await d.app.call({ op: 'workflow_cancel', runId })).ok).toBe(true);
  expect((await d.app.ok({ op: 'workflow_status', runId })).status).not.toBe('running');
});
