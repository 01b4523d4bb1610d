/**
 * The recorder's bounds end to end (conformance item 52): the SDK client through vmark-relay, a
 * hub of this file's own, the real app where the person allows the recording, and the person's
 * clicks in the AI's browser window (trusted input through the hub's live browser). A page keeps
 * the newest 200 of its events between two drains; a recording keeps at most 1,000, past which it
 * is `capped`.
 *
 * The hub takes a page's events in drains, every 500 ms by default. Real clicks come slower than
 * 200 in half a second, so this file's hub drains once a minute: "more than 200 before a drain" is
 * then more than 200 clicks in a test.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page as AiPage } from 'playwright-core';
import { answerPrompt, promptCard, settleAiBrowser } from './support/aiBrowser';
import { openAiTab, recorded } from './support/aiBrowserCalls';
import { call } from './support/mcp';
import type { OwnHub } from './support/ownHub';
import { closeOwnHubApp, openOwnHubApp, type OwnHubApp } from './support/ownHubApp';
import { startPageServer, type PageServer } from './support/pageServer';

/**
 * Two buttons named after the page (`?p=`) and the number of the next click: the first click on
 * page 3 is on a button named "P3-1", the second on "P3-2", and so on, so a recording's steps say
 * which clicks they kept. The page counts the person's clicks on `<html data-clicks>`.
 */
const CLICKS = `<!doctype html><title>Clicks</title>
<button id="a"></button> <button id="b"></button>
<script>
  const p = new URLSearchParams(location.search).get('p') || '1';
  let n = 1;
  const label = () => {
    for (const b of document.querySelectorAll('button')) b.textContent = 'P' + p + '-' + n;
    document.documentElement.dataset.clicks = String(n - 1);
  };
  label();
  document.addEventListener('click', (e) => {
    if (!e.isTrusted) return;
    n++;
    label();
  });
</script>`;

let app: OwnHubApp | undefined;
let own: OwnHub;
let page: Page;
let client: Client;
let site: PageServer;

test.beforeAll(async ({ browser }) => {
  site = await startPageServer({ '/clicks': CLICKS });
  app = await openOwnHubApp(browser, 'Record Caps Test', { recordDrainMs: 60_000 });
  ({ own, page } = app);
  client = app.client;
});

test.afterEach(async () => {
  await settleAiBrowser(page);
});

test.afterAll(async () => {
  await closeOwnHubApp(app);
  await site?.close();
});

/** Starts a recording of the tab: the call asks, the person allows once in the app, the retry starts. */
async function startRecording(tabId: string): Promise<void> {
  const start = { action: 'workflow_record', tabId, recordOp: 'start', site: 'clicks' };
  const asked = await call(client, 'browser', start);
  expect(asked.data).toMatchObject({ error: 'APPROVAL_REQUIRED', operation: 'record' });
  await expect(promptCard(page).locator('.action')).toHaveText('Record what you do');
  await answerPrompt(page, 'Allow once');
  const started = await call(client, 'browser', start);
  expect(started.data, started.text).toMatchObject({ recording: true });
}

async function stopRecording(tabId: string) {
  const r = await call(client, 'browser', { action: 'workflow_record', tabId, recordOp: 'stop' });
  expect(r.isError, r.text).toBe(false);
  const source = r.data.source as string;
  return { ...r.data, source, steps: source.split('\n').filter((l) => /^\d+\. /.test(l)) };
}

/** The person's hands in the AI's window. */
function hands(tabId: string): AiPage {
  const p = own.hub.browser.debugHandles().page(tabId);
  if (!p) throw new Error(`the AI tab ${tabId} is not open`);
  return p;
}

/**
 * The person clicks `count` times, the two buttons in turn (a second click on the same control
 * within 100 ms counts as one), then the page confirms it saw every click.
 */
async function clickMany(tabId: string, count: number): Promise<void> {
  const p = hands(tabId);
  const before = Number(await recordedClicks(tabId));
  const boxes = await Promise.all(['#a', '#b'].map((s) => p.locator(s).boundingBox()));
  const points = boxes.map((b) => {
    if (!b) throw new Error('a button is not on screen');
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  });
  for (let i = 0; i < count; i++) await p.mouse.click(points[i % 2].x, points[i % 2].y);
  await expect.poll(() => recordedClicks(tabId)).toBe(before + count);
}

const recordedClicks = async (tabId: string) => Number(await recorded(client, tabId, 'clicks'));

const click = (name: string) => `action: click "${name}" (button)`;

test('52. more than 200 events on a page before a drain: the recording keeps the newest 200, and its start page', async () => {
  const tabId = await openAiTab(client, site.url('/clicks?p=1'));
  await startRecording(tabId);
  await clickMany(tabId, 250);
  const out = await stopRecording(tabId);
  expect(out).toMatchObject({ eventCount: 201, capped: false, inputs: [] });
  // The page it started on (seen by the hub, never dropped), then clicks 51 to 250 in order: the
  // 50 oldest clicks went.
  expect(out.steps).toEqual([
    `1. action: navigate to ${site.url('/clicks')}`,
    ...Array.from({ length: 200 }, (_, i) => `${i + 2}. ${click(`P1-${i + 51}`)}`),
  ]);
});

test('52. more than 1,000 events in a recording: it stops at 1,000 and says it is capped', async () => {
  const tabId = await openAiTab(client, site.url('/clicks?p=1'));
  await startRecording(tabId);
  const PER_PAGE = 150;
  // Seven pages of 150 clicks, each page after the first reached by the person's own navigation
  // (a step of its own: it comes well after the last click), then an eighth page.
  for (let p = 1; p <= 8; p++) {
    if (p > 1) {
      await hands(tabId).waitForTimeout(2_000);
      await hands(tabId).goto(site.url(`/clicks?p=${p}`));
    }
    await clickMany(tabId, p === 8 ? 10 : PER_PAGE);
  }
  const out = await stopRecording(tabId);
  expect(out).toMatchObject({ eventCount: 1_000, capped: true, inputs: [] });
  expect(out.steps).toHaveLength(1_000);
  // Each page kept all of its events: 1 + 150 on each of six pages, then page 7 up to the 1,000th.
  const expected: string[] = [];
  for (let p = 1; p <= 7; p++) {
    expected.push(`action: navigate to ${site.url('/clicks')}`);
    for (let n = 1; n <= PER_PAGE && expected.length < 1_000; n++)
      expected.push(click(`P${p}-${n}`));
  }
  expect(out.steps).toEqual(expected.map((step, i) => `${i + 1}. ${step}`));
  expect(out.steps.at(-1)).toBe(`1000. ${click('P7-93')}`);
  // What came after the 1,000th event is not in it: the rest of page 7, the way to page 8, page 8.
  expect(out.source).not.toContain('"P7-94"');
  expect(out.source).not.toContain('P8-');
});
