/**
 * The Workflows panel end to end: workflow files in the person's folder (real OPFS), run from the
 * window with every write asked in the app's dialog, recorded by doing the chore once in the AI's
 * browser and saved as a new workflow file, and cancelled from the window — while an AI client
 * (the SDK over stdio) reads the same runs. The hub is the test's own, so the test can be the
 * person's hands in the AI's browser window.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { promptCard, settleAiBrowser } from './support/aiBrowser';
import { readOpfs, writeOpfs } from './support/app';
import { call } from './support/mcp';
import type { OwnHub } from './support/ownHub';
import { closeOwnHubApp, openOwnHubApp, type OwnHubApp } from './support/ownHubApp';
import { startPageServer, type PageServer } from './support/pageServer';

const FORM = `<!doctype html><title>New post</title>
<h1>New post</h1>
<label>Title <input id="title"></label>
<button onclick="save()">Save</button>
<p>Saved: <output id="saved"></output></p>
<script>
  function save() {
    document.getElementById('saved').textContent = document.getElementById('title').value;
  }
</script>`;

let app: OwnHubApp | undefined;
let own: OwnHub;
let page: Page;
let client: Client;
let site: PageServer;

const POST = () => `---
site: blog
inputs: [title]
---
1. action: navigate to ${site.url('/form')}
2. action: type {title} into "Title" (textbox)
3. action: click "Save" (button)
4. extract: content
`;

const REVIEW =
  '---\nsite: blog\n---\n1. extract: content\n2. goal: read it over\n3. extract: content\n';

test.beforeAll(async ({ browser }) => {
  site = await startPageServer({ '/form': FORM });
  app = await openOwnHubApp(browser, 'Workflows Panel Test');
  ({ own, page } = app);
  await writeOpfs(page, 'post.workflow.md', POST());
  await writeOpfs(page, 'chores/broken.workflow.md', '---\ninputs: [a]\n---\n1. goal: x\n');
  await writeOpfs(page, 'chores/review.workflow.md', REVIEW);
  await writeOpfs(page, 'readme.md', '---\nsite: not a workflow\n---\n# Notes\n');
  await writeOpfs(page, '.hidden/skip.workflow.md', POST());
  client = app.client;
});

test.afterEach(async () => {
  await settleAiBrowser(page);
});

test.afterAll(async () => {
  await closeOwnHubApp(app);
  await site?.close();
});

function panel(): Locator {
  return page.locator('.workflows-panel');
}

async function showPanel(): Promise<void> {
  if (!(await panel().isVisible())) await page.locator('.toolbar .workflows-toggle').click();
  await expect(panel()).toBeVisible();
}

function fileRow(path: string): Locator {
  return panel().locator(`[data-workflow-file="${path}"]`);
}

/** Answers the prompt on screen once it shows `action` (the next may replace it at once). */
async function allowOnce(action: string): Promise<void> {
  const card = promptCard(page);
  await expect(card.locator('.action')).toHaveText(action);
  await expect(card).toHaveAttribute('data-armed', 'true');
  await card.getByRole('button', { name: 'Allow once', exact: true }).click();
}

async function status(runId: string) {
  return (await call(client, 'browser_read', { action: 'workflow_status', runId })).data;
}

/** Starts the post workflow from its row; answers the run's id the panel reports. */
async function runPost(title: string, repeat = false): Promise<string> {
  const row = fileRow('/notes/post.workflow.md');
  if ((await row.getByRole('button', { name: 'Run…' }).getAttribute('aria-expanded')) !== 'true') {
    await row.getByRole('button', { name: 'Run…' }).click();
  }
  await row.locator('[data-input="title"]').fill(title);
  await row.getByRole('checkbox').setChecked(repeat);
  await row.getByRole('button', { name: 'Run 4 steps' }).click();
  const started = row.getByRole('status');
  await expect(started).toHaveText(/^Started (wfrun-\S+); its steps show under Runs\.$/);
  return /Started (wfrun-\S+);/.exec((await started.textContent()) ?? '')?.[1] as string;
}

test('lists the workflow files of the folder, and says why a broken one cannot run', async () => {
  await showPanel();
  const rows = panel().locator('[data-workflow-file]');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute(
    'data-workflow-file',
    '/notes/chores/broken.workflow.md',
  );
  await expect(rows.nth(1)).toHaveAttribute(
    'data-workflow-file',
    '/notes/chores/review.workflow.md',
  );
  await expect(rows.nth(2)).toHaveAttribute('data-workflow-file', '/notes/post.workflow.md');

  const broken = fileRow('/notes/chores/broken.workflow.md');
  await broken.getByRole('button', { name: 'Run…' }).click();
  const problems = broken.getByTestId('run-problems');
  await expect(problems).toContainText('This workflow cannot run until it is fixed');
  await expect(problems.locator('li')).toHaveText([/^Line \d+: .*site/]);
  await expect(broken.getByRole('button', { name: /^Run \d/ })).toHaveCount(0);

  // Open edits it like any note.
  await broken.getByRole('button', { name: 'Open' }).click();
  await expect(page.locator('.tab.active')).toHaveAttribute(
    'title',
    '/notes/chores/broken.workflow.md',
  );
});

test('runs a workflow from the window: each write asks, the run shows step by step, and an AI client reads the same run', async () => {
  await showPanel();
  const row = fileRow('/notes/post.workflow.md');
  await row.getByRole('button', { name: 'Run…' }).click();
  // A new tab opens at the workflow's first page unless another is chosen.
  await expect(row.getByTestId('new-tab-url')).toHaveValue(site.url('/form'));
  const runId = await runPost('From the window');

  const card = promptCard(page);
  await expect(card.locator('h2')).toHaveText(`A workflow run (${runId}) asks to use the browser`);
  const run = panel().locator(`[data-workflow-run="${runId}"]`);
  await expect(run.locator('.summary')).toHaveText(/^Waiting for your answer: Type text on /);
  await expect(run.locator('[data-step="2"] .words')).toHaveText(
    'action: type {title} into "Title" (textbox)',
  );
  await allowOnce('Type text');
  await allowOnce('Click');
  await expect(run.locator('.summary')).toHaveText('Completed (4 steps)');
  await expect(run.locator('[data-step="4"] .state')).toHaveText('Step 4: done');

  // The AI client sees the run the person started, and the page it wrote.
  const seen = await status(runId);
  expect(seen).toMatchObject({ status: 'completed', completedSteps: 4 });
  const saved = await call(client, 'browser_read', {
    action: 'query',
    tabId: seen.tabId,
    selector: '#saved',
  });
  expect((saved.data.elements as { text: string }[])[0].text).toBe('From the window');

  // Again in the same tab with the same input: the writes done before are skipped, unasked.
  const row2 = fileRow('/notes/post.workflow.md');
  await row2.getByTestId('tab-choice').selectOption(String(seen.tabId));
  const again = await runPost('From the window');
  const second = panel().locator(`[data-workflow-run="${again}"]`);
  await expect(second.locator('.summary')).toHaveText('Completed (4 steps)');
  await expect(second.locator('[data-step="2"] .state')).toHaveText(
    'Step 2: skipped (done before)',
  );
  await expect(second.locator('[data-step="3"] .state')).toHaveText(
    'Step 3: skipped (done before)',
  );

  // Asked to repeat them, it asks again; the person's Deny ends the run.
  const third = await runPost('From the window', true);
  const card2 = promptCard(page);
  await expect(card2.locator('h2')).toHaveText(`A workflow run (${third}) asks to use the browser`);
  await expect(card2).toHaveAttribute('data-armed', 'true');
  await card2.getByRole('button', { name: 'Deny', exact: true }).click();
  const thirdRow = panel().locator(`[data-workflow-run="${third}"]`);
  await expect(thirdRow.locator('.summary')).toHaveText(/^Ended: /);
  await expect(thirdRow.getByRole('button', { name: 'Cancel run' })).toHaveCount(0);
  expect(await status(third)).toMatchObject({ status: 'failed', reasonCode: 'denied' });

  // A run paused for the person goes on once they did the step by hand…
  const review = fileRow('/notes/chores/review.workflow.md');
  await review.getByRole('button', { name: 'Run…' }).click();
  const startReview = async () => {
    await review.getByTestId('tab-choice').selectOption(String(seen.tabId));
    await review.getByRole('button', { name: 'Run 3 steps' }).click();
    await expect(review.getByRole('status')).toHaveText(/^Started (wfrun-\S+);/);
    const id = /Started (wfrun-\S+);/.exec((await review.getByRole('status').textContent()) ?? '');
    const row = panel().locator(`[data-workflow-run="${id?.[1]}"]`);
    await expect(row.locator('.summary')).toHaveText(/^Paused at step 2: /);
    await expect(row.locator('[data-step="2"] .words')).toHaveText('goal: read it over');
    return { id: id?.[1] as string, row };
  };
  const paused = await startReview();
  await paused.row.getByRole('button', { name: 'Done by hand, go on' }).click();
  const resumed = panel().locator('[data-workflow-run]').first();
  await expect(resumed).not.toHaveAttribute('data-workflow-run', paused.id);
  await expect(resumed.locator('.summary')).toHaveText('Completed (3 steps)');
  await expect(resumed.locator('[data-step="2"] .state')).toHaveText('Step 2: done by hand');
  const resumedId = (await resumed.getAttribute('data-workflow-run')) as string;
  expect(await status(resumedId)).toMatchObject({ status: 'completed', resumedFrom: paused.id });
  // The paused run is superseded by the new one: it cannot be continued twice.
  await expect(paused.row.locator('.summary')).toHaveText(
    'Step 2 done by hand; the run went on as a new one',
  );
  await expect(paused.row.getByRole('button', { name: 'Done by hand, go on' })).toHaveCount(0);
  expect(await status(paused.id)).toMatchObject({ status: 'superseded' });

  // …or is cancelled from its row; the AI client sees it so.
  const stopped = await startReview();
  await stopped.row.getByRole('button', { name: 'Cancel run' }).click();
  await expect(stopped.row.locator('.summary')).toHaveText('Cancelled');
  expect(await status(stopped.id)).toMatchObject({ status: 'cancelled' });
});

test('runs what the editor shows: an AI client’s unsaved change to the file is what runs', async () => {
  await showPanel();
  await fileRow('/notes/post.workflow.md').getByRole('button', { name: 'Open' }).click();
  await expect(page.locator('.tab.active')).toHaveAttribute('title', '/notes/post.workflow.md');
  const opened = await call(client, 'workspace', {
    action: 'open',
    filePath: '/notes/post.workflow.md',
  });
  expect(opened.data).toMatchObject({ alreadyOpen: true });
  const tab = { id: opened.data.tabId as string };
  const read = await call(client, 'document', { action: 'read', tabId: tab.id });
  const changed = (read.data.content as string)
    .replace('inputs: [title]', 'inputs: [headline]')
    .replace('{title}', '{headline}');
  const write = await call(client, 'document', {
    action: 'write',
    tabId: tab.id,
    content: changed,
    expected_revision: read.data.revision,
    save: false,
  });
  expect(write.isError, write.text).toBe(false);

  const row = fileRow('/notes/post.workflow.md');
  await row.getByRole('button', { name: 'Run…' }).click();
  await expect(
    row.getByText('Runs the text as the editor shows it, with edits not saved yet.'),
  ).toBeVisible();
  await expect(row.locator('[data-input="headline"]')).toBeVisible();
  await expect(row.locator('[data-input="title"]')).toHaveCount(0);
  // On disk the file is as it was: nothing was saved behind the person's back.
  expect((await readOpfs(page, 'post.workflow.md'))?.toString()).toBe(POST());
});

test('records a chore from the window, without any typed value, and saves it as a workflow file that opens and runs', async () => {
  await showPanel();
  const recorder = panel().locator('[aria-label="Record a workflow"]');
  await recorder.getByTestId('new-tab-url').fill(site.url('/form'));
  await recorder.getByTestId('record-site').fill('blog post');
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  const card = promptCard(page);
  await expect(card.locator('h2')).toHaveText('The Workflows panel asks to use the browser');
  await expect(card.locator('.action')).toHaveText('Record what you do');
  await expect(card.getByRole('button', { name: 'Allow on this site' })).toHaveCount(0);
  await allowOnce('Record what you do');
  const live = recorder.getByRole('status');
  await expect(live).toHaveText(
    /^Recording what you do in (\S+)\. Do the chore there, then stop\.$/,
  );
  const tabId = /in (\S+)\. Do/.exec((await live.textContent()) ?? '')?.[1] as string;

  // The person, in the AI's browser window.
  const hands = own.hub.browser.debugHandles().page(tabId);
  if (!hands) throw new Error('the AI tab is not open');
  await hands.locator('#title').fill('Secret spring plans 4417');
  await hands.locator('button').click();
  await expect(hands.locator('#saved')).toHaveText('Secret spring plans 4417');

  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  const preview = recorder.getByTestId('recorded-source');
  await expect(preview).toContainText('type {title} into "Title" (textbox)');
  await expect(preview).not.toContainText('Secret');
  await expect(recorder.getByTestId('record-name')).toHaveValue('blog-post.workflow.md');
  const source = (await preview.textContent()) as string;
  await recorder.getByRole('button', { name: 'Save' }).click();

  // It opens in the editor, is listed, and on disk is exactly what was shown.
  await expect(page.locator('.tab.active')).toHaveAttribute(
    'title',
    '/notes/blog-post.workflow.md',
  );
  await expect(fileRow('/notes/blog-post.workflow.md')).toBeVisible();
  const bytes = await readOpfs(page, 'blog-post.workflow.md');
  expect(bytes?.toString()).toBe(source);
  expect(bytes?.toString()).not.toContain('4417');

  // Saved again under the same name, it is refused; the file stays as it was.
  await recorder.getByTestId('tab-choice').selectOption(tabId);
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await allowOnce('Record what you do');
  await recorder.getByRole('button', { name: 'Stop recording' }).click();
  await recorder.getByTestId('record-name').fill('blog-post.workflow.md');
  await recorder.getByRole('button', { name: 'Save' }).click();
  await expect(recorder.getByRole('alert')).toHaveText(
    '/notes/blog-post.workflow.md already exists; choose another name.',
  );
  expect((await readOpfs(page, 'blog-post.workflow.md'))?.toString()).toBe(source);
  await recorder.getByRole('button', { name: 'Discard' }).click();

  // A Deny starts nothing: the AI client finds no recording on the tab.
  await recorder.getByTestId('tab-choice').selectOption(tabId);
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expect(card).toHaveAttribute('data-armed', 'true');
  await card.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(recorder.getByRole('alert')).toHaveText(
    'You did not allow it, so nothing was done.',
  );
  const stop = await call(client, 'browser', {
    action: 'workflow_record',
    tabId,
    recordOp: 'stop',
  });
  expect(stop.text).toContain('No recording is running on this tab');

  // The recorded workflow runs from its row.
  const row = fileRow('/notes/blog-post.workflow.md');
  await row.getByRole('button', { name: 'Run…' }).click();
  await row.locator('[data-input="title"]').fill('Replayed');
  await row.getByTestId('tab-choice').selectOption(tabId);
  await row.getByRole('button', { name: /^Run 3 steps$/ }).click();
  await allowOnce('Type text');
  await allowOnce('Click');
  await expect(hands.locator('#saved')).toHaveText('Replayed');
});
