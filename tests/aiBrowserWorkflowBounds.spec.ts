/**
 * Browser workflows end to end at their edges, through the SDK client, vmark-relay, a hub of this
 * file's own and the real app: every parser diagnostic as the refusal an AI gets (with its line,
 * whatever the line breaks), warnings that do not stop a run, a broken `action:` refused before
 * anything runs (conformance item 43); and the running-time budget, which the person's slow
 * answer does not use up and a slow page does (item 48). The hub gives runs a short budget.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ERROR_CODES } from '../src/shared/browserWorkflow/diagnostics';
import { answerPrompt, promptCard, settleAiBrowser } from './support/aiBrowser';
import { openAiTab } from './support/aiBrowserCalls';
import { call } from './support/mcp';
import { closeOwnHubApp, openOwnHubApp, type OwnHubApp } from './support/ownHubApp';
import { startPageServer, type PageServer } from './support/pageServer';

/** The running time each run of this file's hub has. */
const BUDGET_MS = 4_000;

const FORM = `<!doctype html><title>New post</title>
<h1>New post</h1>
<label>Title <input id="title"></label>
<button onclick="document.getElementById('saved').textContent = document.getElementById('title').value">Save</button>
<p>Saved: <output id="saved"></output></p>`;

let app: OwnHubApp | undefined;
let page: Page;
let client: Client;
let site: PageServer;

test.beforeAll(async ({ browser }) => {
  site = await startPageServer({
    '/form': FORM,
    '/other': FORM.replaceAll('New post', 'Other page'),
    // Slower than the whole budget: the run's clock is running while the page loads.
    '/slow': { body: FORM, delayMs: BUDGET_MS + 3_000 },
  });
  app = await openOwnHubApp(browser, 'Workflow Bounds Test', { workflowBudgetMs: BUDGET_MS });
  page = app.page;
  client = app.client;
});

test.afterEach(async () => {
  await settleAiBrowser(page);
});

test.afterAll(async () => {
  await closeOwnHubApp(app);
  await site?.close();
});

type Diagnostic = { code: string; severity: string; line: number; message: string };

async function run(tabId: string, source: string, inputs?: Record<string, string>) {
  return call(client, 'browser', {
    action: 'workflow_run',
    tabId,
    source,
    ...(inputs ? { inputs } : {}),
  });
}

async function ended(runId: string): Promise<Record<string, unknown>> {
  let state: Record<string, unknown> = {};
  await expect
    .poll(async () => {
      state = (await call(client, 'browser_read', { action: 'workflow_status', runId })).data;
      return state.status;
    })
    .not.toBe('running');
  return state;
}

async function tabUrl(tabId: string): Promise<string> {
  const r = await call(client, 'browser_read', { action: 'read', tabId });
  expect(r.isError, r.text).toBe(false);
  return r.data.url as string;
}

/** One bad source for each error code of the parser, and the line the error is on. */
const BAD: { code: (typeof ERROR_CODES)[number]; line: number; source: string }[] = [
  { code: 'missing-front-matter', line: 1, source: 'site: blog\n1. goal: x\n' },
  {
    code: 'malformed-front-matter',
    line: 3,
    source: '---\nsite: blog\ninputs [title]\n---\n1. goal: x\n',
  },
  {
    code: 'unterminated-front-matter',
    line: 3,
    source: '---\nsite: blog\n# the steps were forgotten\n',
  },
  {
    code: 'duplicate-front-matter-key',
    line: 4,
    source: '---\nsite: blog\n# twice\nsite: news\n---\n1. goal: x\n',
  },
  { code: 'missing-site', line: 3, source: '---\n\nsite:   \n---\n1. goal: x\n' },
  {
    code: 'malformed-inputs',
    line: 3,
    source: '---\nsite: blog\ninputs: [title, body\n---\n1. goal: x\n',
  },
  {
    code: 'invalid-input-name',
    line: 4,
    source: '---\nsite: blog\n\ninputs: [title, 2nd]\n---\n1. goal: x\n',
  },
  {
    code: 'duplicate-input-name',
    line: 2,
    source: '---\ninputs: [title, title]\nsite: blog\n---\n1. goal: x\n',
  },
  {
    code: 'malformed-step',
    line: 6,
    source: '---\nsite: blog\n---\n1. goal: x\n\n2. click "Save"\n',
  },
  {
    code: 'unknown-step-kind',
    line: 5,
    source: '---\nsite: blog\n---\n# steps\n1. do: publish it\n',
  },
  { code: 'no-steps', line: 4, source: '---\nsite: blog\n---\n# nothing to do\n' },
];

/** The same text with other line breaks: what a file from Windows or an old Mac holds. */
const ENCODINGS: [string, (s: string) => string][] = [
  ['LF', (s) => s],
  ['CRLF', (s) => s.replace(/\n/g, '\r\n')],
  ['CR', (s) => s.replace(/\n/g, '\r')],
  ['BOM and CRLF', (s) => `\uFEFF${s.replace(/\n/g, '\r\n')}`],
];

test('43. every parser error is refused as INVALID_WORKFLOW with its code and line, whatever the line breaks', async () => {
  expect(new Set(BAD.map((b) => b.code))).toEqual(new Set(ERROR_CODES));
  const tabId = await openAiTab(client, site.url('/form'));
  for (const { code, line, source } of BAD) {
    for (const [encoding, encode] of ENCODINGS) {
      const r = await run(tabId, encode(source));
      const what = `${code} in ${encoding}: ${r.text}`;
      expect(r.isError, what).toBe(true);
      expect(r.data.error, what).toBe('INVALID_WORKFLOW');
      expect(r.data.message, what).toContain(`line ${line}:`);
      const errors = r.data.errors as Diagnostic[];
      expect(errors[0], what).toMatchObject({ code, severity: 'error', line });
    }
  }

  // Every error in one pass, each on its line, warnings beside them.
  const many =
    '---\r\nsite: blog\r\nauthor: me\r\ninputs [title]\r\n---\r\n1. goal: x\r\n2. do: y\r\n';
  const r = await run(tabId, many);
  expect(r.data).toMatchObject({
    error: 'INVALID_WORKFLOW',
    errors: [
      { code: 'malformed-front-matter', line: 4 },
      { code: 'unknown-step-kind', line: 7 },
    ],
    warnings: [{ code: 'unknown-front-matter-key', severity: 'warning', line: 3 }],
  });
  // Nothing of it ran: the Browser panel lists no run.
  await page.locator('.toolbar .browser-toggle').click();
  await expect(page.locator('.browser-panel [data-browser-tab]')).toHaveCount(1);
  await expect(page.locator('.browser-panel [data-workflow-run]')).toHaveCount(0);
  await page.locator('.toolbar .browser-toggle').click();
});

test('43. a broken action: is refused with its code and line before its first step runs', async () => {
  const tabId = await openAiTab(client, site.url('/form'));
  const cases: [string, string][] = [
    ['click "Save (button)', 'malformed-target'],
    ['click "Save" (button) twice', 'malformed-target'],
    ['click ""', 'malformed-target'],
    ['type "x" "Title" (textbox)', 'malformed-target'],
    ['type "a\\q" into "Title"', 'malformed-value'],
    ['type {the-title} into "Title"', 'malformed-value'],
    ['type {body} into "Title"', 'undeclared-input'],
  ];
  for (const [action, code] of cases) {
    // The first step would navigate away; the broken one is on line 7 (after a CRLF blank line).
    const source = `---\r\nsite: blog\r\ninputs: [title]\r\n---\r\n1. action: navigate to ${site.url('/other')}\r\n\r\n2. action: ${action}\r\n`;
    const r = await run(tabId, source, { title: 'x' });
    expect(r.isError, action).toBe(true);
    expect(r.data, action).toMatchObject({
      error: 'INVALID_WORKFLOW',
      message: expect.stringMatching(/^Step 2 \(line 7\) cannot run: /),
      errors: [{ code, severity: 'error', line: 7 }],
    });
  }
  expect(await tabUrl(tabId)).toBe(site.url('/form'));
});

test('43. a CRLF workflow with a BOM runs to the end; warnings come with the answer and do not stop a run', async () => {
  const tabId = await openAiTab(client, site.url('/form'));
  const clean = `\uFEFF---\r\nsite: blog\r\n---\r\n1. action: navigate to ${site.url('/other')}\r\n2. extract: content\r\n`;
  const started = await run(tabId, clean);
  expect(started.isError, started.text).toBe(false);
  expect(started.data).toEqual({
    runId: expect.stringMatching(/^wfrun-/),
    tabId,
    steps: 2,
    firstStep: 'step-1',
    status: 'running',
  });
  const state = await ended(started.data.runId as string);
  expect(state).toMatchObject({ status: 'completed', completedSteps: 2 });
  expect((state.stepResults as { data?: object }[])[1].data).toMatchObject({
    title: 'Other page',
  });
  expect(await tabUrl(tabId)).toBe(site.url('/other'));

  // Bare CR line breaks, a key workflows do not use, and {body} in prose (no input declares it).
  const warned = `---\rsite: blog\rauthor: me\r---\r1. extract: content\r2. goal: write {body} in the page\r`;
  const r = await run(tabId, warned);
  expect(r.isError, r.text).toBe(false);
  expect(r.data).toMatchObject({ steps: 2, status: 'running' });
  expect(r.data.warnings).toEqual([
    {
      code: 'unknown-front-matter-key',
      severity: 'warning',
      line: 3,
      message: expect.stringContaining('"author"'),
    },
    {
      code: 'undeclared-variable',
      severity: 'warning',
      line: 6,
      message: expect.stringContaining('{body}'),
    },
  ]);
  expect(await ended(r.data.runId as string)).toMatchObject({
    status: 'paused',
    pausedAt: 'step-2',
    reasonCode: 'needs-human',
    reason: 'Step 2 is for the AI or the person: goal: write {body} in the page',
  });
});

test('48. the budget: a prompt left open longer than it does not use it up; a slow page does, and the run pauses at deadline', async () => {
  const tabId = await openAiTab(client, site.url('/form'));
  const source = `---\nsite: blog\ninputs: [title]\n---\n1. action: navigate to ${site.url('/form')}\n2. action: type {title} into "Title" (textbox)\n3. action: click "Save" (button)\n4. extract: content\n`;
  const started = await run(tabId, source, { title: 'Slow answer' });
  expect(started.isError, started.text).toBe(false);
  const runId = started.data.runId as string;
  const card = promptCard(page);
  await expect(card.locator('.action')).toHaveText('Type text');
  // The person takes longer to answer than the run's whole budget.
  await page.waitForTimeout(BUDGET_MS + 1_000);
  const waiting = (await call(client, 'browser_read', { action: 'workflow_status', runId })).data;
  expect(waiting).toMatchObject({ status: 'running', pendingApproval: { operation: 'type' } });
  await expect(card).toHaveAttribute('data-armed', 'true');
  await card.getByRole('button', { name: 'Allow once', exact: true }).click();
  await expect(card.locator('.element')).toHaveText('button "Save"');
  await page.waitForTimeout(BUDGET_MS + 1_000);
  await answerPrompt(page, 'Allow once');
  expect(await ended(runId)).toMatchObject({ status: 'completed', completedSteps: 4 });
  const saved = await call(client, 'browser_read', { action: 'query', tabId, selector: '#saved' });
  expect((saved.data.elements as { text: string }[])[0].text).toBe('Slow answer');

  // A page slower than the budget: the run pauses where it was, and says why.
  const slow = await run(tabId, source.replace('/form', '/slow'), { title: 'Never typed' });
  expect(slow.isError, slow.text).toBe(false);
  const slowId = slow.data.runId as string;
  const paused = await ended(slowId);
  expect(paused).toMatchObject({
    status: 'paused',
    pausedAt: 'step-1',
    reasonCode: 'deadline',
    reason: 'The run used up its running time.',
  });
  expect((paused.stepResults as { status: string }[]).map((s) => s.status)).toEqual([
    'paused',
    'pending',
    'pending',
    'pending',
  ]);
  await expect(promptCard(page)).toHaveCount(0);
  await page.locator('.toolbar .browser-toggle').click();
  const row = page.locator(`.browser-panel [data-workflow-run="${slowId}"]`);
  await expect(row).toHaveAttribute('data-status', 'paused');
  await expect(row.locator('.summary')).toHaveText(
    'Paused at step 1: The run used up its running time.',
  );
  await expect(row.locator('[data-step="1"] .words')).toHaveText(
    `action: navigate to ${site.url('/slow')}`,
  );
  await expect(row.locator('[data-step="1"] .state')).toHaveText(
    'Step 1: paused — The run used up its running time.',
  );
  await expect(row.locator('[data-step="2"] .state')).toHaveText('Step 2: to do');
  // A paused run has not ended: the person can still end it from the panel.
  await row.getByRole('button', { name: 'Cancel run' }).click();
  await expect(row.locator('.summary')).toHaveText('Cancelled');
  await page.locator('.toolbar .browser-toggle').click();
  expect(await ended(slowId)).toMatchObject({ status: 'cancelled' });
});
