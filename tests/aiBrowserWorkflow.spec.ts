/**
 * Browser workflows end to end: the SDK client through vmark-relay, the hub's run, and the real
 * app, where the person answers each step's prompt, takes a run's tab over and hands it back.
 * Taking over needs the person's hands in the AI's browser window, so this file has a hub of its
 * own (tests/support/aiBrowserWorkflow.ts), whose live browser the test reaches. Recording a chore
 * is in aiBrowserRecording.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { answerPrompt, promptCard } from './support/aiBrowser';
import { FORM, useWorkflowSpec } from './support/aiBrowserWorkflow';
import { call } from './support/mcp';

const wf = useWorkflowSpec('Workflow Test', {
  '/renamed': FORM.replace('>Save<', '>Save now<'),
  '/slow': { body: FORM, delayMs: 4_000 },
  '/framed': `<!doctype html><title>Blog</title><h1>Blog</h1>
<iframe title="Editor" src="/form" width="600" height="300"></iframe>`,
});
const { openTab, status, ended, savedText } = wf;

const SOURCE = (path = '/form') => `---
site: blog
inputs: [title]
---
1. action: navigate to ${wf.site.url(path)}
2. action: type {title} into "Title" (textbox)
3. action: click "Save" (button)
4. extract: content
`;

test('44. a run asks the person in the app for each write, then completes with the extraction', async () => {
  const tabId = await openTab();
  const started = await call(wf.client, 'browser', {
    action: 'workflow_run',
    tabId,
    source: SOURCE(),
    inputs: { title: 'Spring notes' },
  });
  expect(started.isError, started.text).toBe(false);
  expect(started.data).toMatchObject({ steps: 4, firstStep: 'step-1', status: 'running' });
  const runId = started.data.runId as string;
  const card = promptCard(wf.page);
  await expect(card.locator('h2')).toHaveText(`A workflow run (${runId}) asks to use the browser`);
  await expect(card.locator('.action')).toHaveText('Type text');
  await expect(card.locator('.summary')).toHaveText('Text: "Spring notes"');
  expect(await status(runId)).toMatchObject({
    status: 'running',
    pendingApproval: { operation: 'type', url: wf.site.origin },
  });
  // The next step's prompt may take this one's place at once: answer, then wait for it.
  await expect(card).toHaveAttribute('data-armed', 'true');
  await card.getByRole('button', { name: 'Allow once', exact: true }).click();
  await expect(card.locator('.element')).toHaveText('button "Save"');
  await answerPrompt(wf.page, 'Allow once');
  const state = await ended(runId);
  expect(state).toMatchObject({ status: 'completed', completedSteps: 4 });
  expect((state.stepResults as { data?: object }[])[3].data).toMatchObject({ title: 'New post' });
  expect(await savedText(tabId)).toBe('Spring notes');
});

test('45. a goal step pauses the run; resumed, the step counts as done by hand', async () => {
  const tabId = await openTab();
  const source = `---\nsite: blog\n---\n1. goal: pick the draft\n2. extract: content\n`;
  const first = await call(wf.client, 'browser', { action: 'workflow_run', tabId, source });
  const runId = first.data.runId as string;
  expect(await ended(runId)).toMatchObject({
    status: 'paused',
    pausedAt: 'step-1',
    reasonCode: 'needs-human',
  });
  const again = await call(wf.client, 'browser', {
    action: 'workflow_run',
    tabId,
    source,
    resumeRunId: runId,
  });
  expect(again.isError, again.text).toBe(false);
  const state = await ended(again.data.runId as string);
  expect(state).toMatchObject({ status: 'completed', resumedFrom: runId });
  expect((state.stepResults as { status: string }[]).map((s) => s.status)).toEqual([
    'done-by-human',
    'done',
  ]);
  // The paused run it went on from is superseded: a second resume of it is refused.
  expect(await status(runId)).toMatchObject({ status: 'superseded', pausedAt: 'step-1' });
  const twice = await call(wf.client, 'browser', {
    action: 'workflow_run',
    tabId,
    source,
    resumeRunId: runId,
  });
  expect(twice.data).toMatchObject({ error: 'RESUME_NOT_PAUSED' });
});

test('49. cancelling a run takes its prompt away; again is already-terminal; a stranger run is not found', async () => {
  const tabId = await openTab();
  const started = await call(wf.client, 'browser', {
    action: 'workflow_run',
    tabId,
    source: SOURCE(),
    inputs: { title: 'Never typed' },
  });
  const runId = started.data.runId as string;
  await expect(promptCard(wf.page)).toBeVisible();
  const cancelled = await call(wf.client, 'browser', { action: 'workflow_cancel', runId });
  expect(cancelled.data).toEqual({ runId, result: 'cancelled' });
  await expect(promptCard(wf.page)).toHaveCount(0);
  expect(await ended(runId)).toMatchObject({ status: 'cancelled' });
  expect((await call(wf.client, 'browser', { action: 'workflow_cancel', runId })).data).toEqual({
    runId,
    result: 'already-terminal',
  });
  expect(
    (await call(wf.client, 'browser', { action: 'workflow_cancel', runId: 'wfrun-none-1' })).data,
  ).toMatchObject({ error: 'RUN_NOT_FOUND' });
  expect(await savedText(tabId)).toBe('');
});

/** A run of SOURCE(path) on `tabId`, waiting on the person's answer for its typing (step 2). */
async function runWaitingAtTyping(tabId: string, title: string, path?: string): Promise<string> {
  const started = await call(wf.client, 'browser', {
    action: 'workflow_run',
    tabId,
    source: SOURCE(path),
    inputs: { title },
  });
  expect(started.isError, started.text).toBe(false);
  const runId = started.data.runId as string;
  await expect(promptCard(wf.page).locator('.action')).toHaveText('Type text');
  expect(await status(runId)).toMatchObject({ status: 'running', pendingApproval: {} });
  return runId;
}

test('the person clicking in the run’s tab pauses it, person-took-over; resumed, their step counts as done and the run’s own click does not pause it', async () => {
  const tabId = await openTab();
  const runId = await runWaitingAtTyping(tabId, 'From the AI');
  const hands = wf.own.hub.browser.debugHandles().page(tabId);
  if (!hands) throw new Error('the AI tab is not open');
  // A page script's events are not the person's: they are not trusted, and change nothing.
  await hands.evaluate(() => {
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
  });
  await hands.waitForTimeout(300);
  expect(await status(runId)).toMatchObject({ status: 'running' });

  // The person, in the AI's browser window, clicks into the field to type the title themselves.
  await hands.locator('#title').click();
  expect(await ended(runId)).toMatchObject({
    status: 'paused',
    pausedAt: 'step-2',
    reasonCode: 'person-took-over',
    reason: expect.stringContaining('took over the tab at step 2'),
  });
  // The prompt the run waited on is taken back, and nothing was typed for it.
  await expect(promptCard(wf.page)).toHaveCount(0);
  await expect(hands.locator('#title')).toHaveValue('');
  await hands.keyboard.type('By hand');

  // They hand back: the run goes on after their step, clicks Save itself and completes.
  const resumed = await call(wf.client, 'browser', {
    action: 'workflow_run',
    tabId,
    source: SOURCE(),
    inputs: { title: 'From the AI' },
    resumeRunId: runId,
  });
  expect(resumed.isError, resumed.text).toBe(false);
  await expect(promptCard(wf.page).locator('.element')).toHaveText('button "Save"');
  await answerPrompt(wf.page, 'Allow once');
  const state = await ended(resumed.data.runId as string);
  expect(state).toMatchObject({ status: 'completed', resumedFrom: runId });
  expect((state.stepResults as { status: string }[]).map((r) => r.status)).toEqual([
    'done',
    'done-by-human',
    'done',
    'done',
  ]);
  expect(await savedText(tabId)).toBe('By hand');
  expect(await status(runId)).toMatchObject({ status: 'superseded' });
});

test('a press of the person inside a frame of the run’s tab pauses it too', async () => {
  const tabId = await openTab('/framed');
  const runId = await runWaitingAtTyping(tabId, 'From the AI', '/framed');
  const hands = wf.own.hub.browser.debugHandles().page(tabId);
  if (!hands) throw new Error('the AI tab is not open');
  // The watch reaches the frame once the run has armed it there.
  await hands.waitForTimeout(300);
  expect(await status(runId)).toMatchObject({ status: 'running' });
  await hands.frameLocator('iframe').locator('#title').click();
  expect(await ended(runId)).toMatchObject({
    status: 'paused',
    pausedAt: 'step-2',
    reasonCode: 'person-took-over',
  });
  await expect(promptCard(wf.page)).toHaveCount(0);
  await call(wf.client, 'browser', { action: 'workflow_cancel', runId });
});

test('a key the person presses in the run’s tab pauses it too; a cancel then ends it', async () => {
  const tabId = await openTab();
  const runId = await runWaitingAtTyping(tabId, 'Never typed');
  const hands = wf.own.hub.browser.debugHandles().page(tabId);
  if (!hands) throw new Error('the AI tab is not open');
  // Past the time in which input still counts as the driver's own (DRIVER_INPUT_GRACE_MS).
  await hands.waitForTimeout(400);
  await hands.keyboard.press('Tab');
  expect(await ended(runId)).toMatchObject({
    status: 'paused',
    pausedAt: 'step-2',
    reasonCode: 'person-took-over',
  });
  await expect(promptCard(wf.page)).toHaveCount(0);
  const cancelled = await call(wf.client, 'browser', { action: 'workflow_cancel', runId, tabId });
  expect(cancelled.data).toEqual({ runId, result: 'cancelled' });
  expect(await savedText(tabId)).toBe('');
});

test('the Browser panel shows a run step by step, what it waits for, and cancels it', async () => {
  const tabId = await openTab();
  await wf.page.locator('.toolbar .browser-toggle').click();
  const source = SOURCE().replace(
    '3. action: click',
    '3. goal: check the preview\n4. action: click',
  );
  const started = await call(wf.client, 'browser', {
    action: 'workflow_run',
    tabId,
    source: source.replace('4. extract', '5. extract'),
    inputs: { title: 'Panel' },
  });
  const runId = started.data.runId as string;
  const row = wf.page.locator(`.browser-panel [data-workflow-run="${runId}"]`);
  await expect(promptCard(wf.page)).toBeVisible();
  await expect(row.locator('.summary')).toHaveText(
    `Waiting for your answer: Type text on ${wf.site.origin}`,
  );
  await expect(row.locator('[data-step="1"] .state')).toHaveText('Step 1: done');
  await expect(row.locator('[data-step="2"] .state')).toHaveText('Step 2: running');
  // Each step as written, above what became of it.
  await expect(row.locator('[data-step="2"] .words')).toHaveText(
    'action: type {title} into "Title" (textbox)',
  );
  await answerPrompt(wf.page, 'Allow once');
  await expect(row.locator('.summary')).toHaveText(
    'Paused at step 3: Step 3 is for the AI or the person: goal: check the preview',
  );
  await expect(row.locator('[data-step="2"] .state')).toHaveText('Step 2: done');
  await row.getByRole('button', { name: 'Cancel run' }).click();
  await expect(row.locator('.summary')).toHaveText('Cancelled');
  await expect(row.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
  expect(await status(runId)).toMatchObject({ status: 'cancelled' });

  // Denying a step's prompt (Escape) ends the run, and the panel says so.
  const again = await call(wf.client, 'browser', {
    action: 'workflow_run',
    tabId,
    source: SOURCE(),
    inputs: { title: 'Denied' },
  });
  const deniedRow = wf.page.locator(`.browser-panel [data-workflow-run="${again.data.runId}"]`);
  await expect(promptCard(wf.page)).toHaveAttribute('data-armed', 'true');
  await wf.page.keyboard.press('Escape');
  await expect(promptCard(wf.page)).toHaveCount(0);
  await expect(deniedRow.locator('.summary')).toHaveText('Ended: The person denied the step.');
  await wf.page.locator('.toolbar .browser-toggle').click();
});

/** Answers the prompt on screen, and the next one if `next` names its element. */
async function allow(button: 'Allow once' | 'Allow on this site', nextElement?: string) {
  const card = promptCard(wf.page);
  if (!nextElement) return answerPrompt(wf.page, button);
  await expect(card).toHaveAttribute('data-armed', 'true');
  await card.getByRole('button', { name: button, exact: true }).click();
  await expect(card.locator('.element')).toHaveText(nextElement);
}

async function runToEnd(tabId: string, source: string, title: string, allowRepeat?: boolean) {
  const r = await call(wf.client, 'browser', {
    action: 'workflow_run',
    tabId,
    source,
    inputs: { title },
    ...(allowRepeat ? { allowRepeat } : {}),
  });
  expect(r.isError, r.text).toBe(false);
  return r.data.runId as string;
}

const statuses = (state: Record<string, unknown>) =>
  (state.stepResults as { status: string; reason?: string }[]).map((s) =>
    s.status === 'skipped' ? `skipped:${s.reason}` : s.status,
  );

test('46. the ledger: a rerun skips the writes it did; new inputs or allowRepeat run them again', async () => {
  const tabId = await openTab();
  const first = await runToEnd(tabId, SOURCE(), 'One');
  await allow('Allow on this site', 'button "Save"');
  await allow('Allow on this site');
  expect(statuses(await ended(first))).toEqual(['done', 'done', 'done', 'done']);
  const skipped = [
    'skipped:already-completed',
    'skipped:already-completed',
    'skipped:already-completed',
    'done',
  ];
  expect(statuses(await ended(await runToEnd(tabId, SOURCE(), 'One')))).toEqual(skipped);
  const reformatted = SOURCE().replace('2. action', '2.    action');
  expect(statuses(await ended(await runToEnd(tabId, reformatted, 'One')))).toEqual(skipped);
  expect(statuses(await ended(await runToEnd(tabId, SOURCE(), 'Two')))).toEqual([
    'done',
    'done',
    'done',
    'done',
  ]);
  expect(await savedText(tabId)).toBe('Two');
  expect(statuses(await ended(await runToEnd(tabId, SOURCE(), 'Two', true)))).toEqual([
    'done',
    'done',
    'done',
    'done',
  ]);
  await expect(promptCard(wf.page)).toHaveCount(0);
});

test('47. bounds and one running run a tab, refused before anything runs', async () => {
  const tabId = await openTab();
  const refused = async (args: Record<string, unknown>) => {
    const r = await call(wf.client, 'browser', { action: 'workflow_run', tabId, ...args });
    expect(r.isError).toBe(true);
    return r.data;
  };
  const steps = (n: number) =>
    `---\nsite: s\n---\n${Array.from({ length: n }, (_, i) => `${i + 1}. extract: content`).join('\n')}\n`;
  expect(await refused({ source: steps(26) })).toMatchObject({
    error: 'INVALID_ARGUMENT',
    message: expect.stringContaining('26 steps'),
  });
  expect(await refused({ source: SOURCE(), inputs: { title: 'a', body: 'b' } })).toMatchObject({
    message: expect.stringContaining('undeclared input "body"'),
  });
  expect(await refused({ source: SOURCE(), inputs: {} })).toMatchObject({
    message: 'missing input: title.',
  });
  expect(await refused({ source: '---\nsite: s\n---\n' })).toMatchObject({
    error: 'INVALID_WORKFLOW',
  });
  const slow = await runToEnd(tabId, SOURCE('/slow'), 'x');
  expect(await refused({ source: SOURCE(), inputs: { title: 'y' } })).toMatchObject({
    error: 'RUN_ALREADY_ACTIVE',
    runId: slow,
  });
  await call(wf.client, 'browser', { action: 'workflow_cancel', runId: slow });
  expect(await ended(slow)).toMatchObject({ status: 'cancelled' });
});

test('50. a renamed button heals only with the person’s fresh answer, even where clicks are allowed', async () => {
  const tabId = await openTab();
  const runId = await runToEnd(tabId, SOURCE('/renamed'), 'Healed');
  // Clicks are allowed on this site (test 46), yet the healed click asks.
  await expect(promptCard(wf.page).locator('.element')).toHaveText('button "Save now"');
  await allow('Allow once');
  const state = await ended(runId);
  expect(state).toMatchObject({ status: 'completed' });
  expect((state.stepResults as { data?: object }[])[2].data).toEqual({
    healedFrom: 'Save',
    healedTo: 'Save now',
  });
  expect(await savedText(tabId)).toBe('Healed');
});
