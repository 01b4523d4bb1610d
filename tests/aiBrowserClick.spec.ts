/**
 * Click verification end to end: the SDK client, vmark-relay, the hub, the real app, and the
 * hub's Chromium on local pages. Numbers refer to the conformance list of the browser tools
 * (click verification); browserAgentClick.spec.ts checks the same on the in-page agent alone.
 * Clicks and typing are allowed on the test site once, in the app, as a person would; what the
 * page saw is read back with browser_read.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  answerPrompt,
  closeAiApp,
  closeAiTabs,
  openAiApp,
  settleAiBrowser,
} from './support/aiBrowser';
import {
  act,
  allowOnSite,
  clicksSeen,
  nodeNamed,
  openAiTab,
  readTab,
  recorded,
} from './support/aiBrowserCalls';
import { call, connectClient } from './support/mcp';
import { startPageServer, type PageServer } from './support/pageServer';

let page: Page;
let client: Client;
let pages: PageServer;

test.beforeAll(async ({ browser }) => {
  pages = await startPageServer();
  page = await openAiApp(browser);
  client = await connectClient('Click Test');
  const tabId = await openAiTab(client, pages.url('/agent/fields.html'));
  const clicked = await allowOnSite(page, client, tabId, {
    operation: 'click',
    role: 'button',
    name: 'Go',
  });
  expect(clicked.data, clicked.text).toMatchObject({ found: true, clicked: true });
  const typed = await allowOnSite(page, client, tabId, {
    operation: 'type',
    role: 'textbox',
    name: 'Title',
    text: 'Granted',
  });
  expect(typed.data, typed.text).toMatchObject({ found: true, typed: true });
  await closeAiTabs(page);
});

test.afterEach(async () => {
  await settleAiBrowser(page);
});

test.afterAll(async () => {
  await closeAiApp(page, client);
  await pages?.close();
});

function click(tabId: string, name: string) {
  return act(client, tabId, { operation: 'click', role: 'button', name });
}

test('6. a button under a cookie banner is refused as obscured, naming the banner; no click reaches it', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/overlay.html'));
  const r = await click(tabId, 'Buy now');
  expect(r.isError, r.text).toBe(false);
  expect(r.data).toEqual({
    tabId,
    found: true,
    clicked: false,
    matchedTotal: 1,
    matchedVisible: 1,
    ref: 'e1',
    reason: 'obscured',
    by: 'div.cookie-banner',
    hint: 'click did not affect the target: covered by div.cookie-banner (page data) — dismiss or hide the overlay (style), then retry',
    url: pages.url('/agent/overlay.html'),
    generation: expect.any(Number),
    untrusted: true,
  });
  expect(r.text).toContain('covered by div.cookie-banner');
  expect(await clicksSeen(client, tabId)).toEqual([]);

  // What the hint says works: hide the banner (the person allows that style change once), retry.
  const hide = { action: 'style', tabId, selector: '.cookie-banner', set: { display: 'none' } };
  expect((await call(client, 'browser', hide)).data).toMatchObject({ needsApproval: true });
  await answerPrompt(page, 'Allow once');
  expect((await call(client, 'browser', hide)).data).toMatchObject({ styled: 1 });
  const retry = await click(tabId, 'Buy now');
  expect(retry.data, retry.text).toMatchObject({ found: true, clicked: true, ref: 'e1' });
  expect(await clicksSeen(client, tabId)).toEqual([{ id: 'buy', trusted: true }]);
});

test('7. a hidden duplicate (in a collapsed accordion) is skipped: the visible "Delete" is clicked', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/duplicates.html'));
  const r = await click(tabId, 'Delete');
  expect(r.data, r.text).toMatchObject({
    found: true,
    clicked: true,
    matchedTotal: 2,
    matchedVisible: 1,
  });
  expect(r.data).not.toHaveProperty('reason');
  expect(await clicksSeen(client, tabId)).toEqual([{ id: 'delete-visible', trusted: true }]);
});

test('8. two visible matches are ambiguous, with candidates and nothing clicked; a candidate ref under the standing grant clicks that one', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/duplicates.html'));
  const r = await click(tabId, 'Remove');
  expect(r.data, r.text).toMatchObject({
    found: true,
    clicked: false,
    matchedTotal: 2,
    matchedVisible: 2,
    reason: 'ambiguous',
    hint: 'click did not affect the target: 2 visible elements share this role and name — read and act by ref under a standing grant, or narrow the name',
  });
  const candidates = r.data.candidates as { ref: string; text: string }[];
  expect(candidates).toEqual([
    { ref: expect.stringMatching(/^e\d+$/), text: 'button.remove in ul#files "Report.pdf"' },
    { ref: expect.stringMatching(/^e\d+$/), text: 'button.remove in ul#files "Budget.xlsx"' },
  ]);
  expect(candidates[0].ref).not.toBe(candidates[1].ref);
  expect(await clicksSeen(client, tabId)).toEqual([]);

  const byRef = await act(client, tabId, { operation: 'click', ref: candidates[1].ref });
  expect(byRef.data, byRef.text).toMatchObject({
    found: true,
    clicked: true,
    ref: candidates[1].ref,
  });
  expect(await clicksSeen(client, tabId)).toEqual([{ id: 'remove-budget', trusted: true }]);
  // The candidates' refs are the ones a read lists.
  const nodes = (await readTab(client, tabId)).snapshot.filter((n) => n.name === 'Remove');
  expect(nodes.map((n) => n.ref)).toEqual(candidates.map((c) => c.ref));
});

test('9. only hidden matches: hidden, matchedTotal 1, matchedVisible 0; no match at all: found false', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/duplicates.html'));
  const r = await click(tabId, 'Archive');
  expect(r.data, r.text).toMatchObject({
    found: true,
    clicked: false,
    matchedTotal: 1,
    matchedVisible: 0,
    reason: 'hidden',
    hint: 'click did not affect the target: matched 1 element(s), none visibly rendered — it may still be loading (wait_for), or lives in a collapsed section',
  });
  const missing = await click(tabId, 'Nothing');
  expect(missing.data, missing.text).toMatchObject({
    found: false,
    clicked: false,
    matchedTotal: 0,
    matchedVisible: 0,
    hint: 'click did not affect the target: nothing on the page has that target; read the page again',
  });
  expect(await clicksSeen(client, tabId)).toEqual([]);
});

test('10. disabled, aria-disabled, inside inert and pointer-events:none are all disabled; the last two say inert', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/disabled.html'));
  const cases: [string, Record<string, unknown>][] = [
    ['Native disabled', { reason: 'disabled' }],
    ['Aria disabled', { reason: 'disabled' }],
    ['Inside inert', { reason: 'disabled', detail: 'inert' }],
    ['No pointer events', { reason: 'disabled', detail: 'inert' }],
  ];
  for (const [name, expected] of cases) {
    const r = await click(tabId, name);
    expect(r.data, name).toMatchObject({
      found: true,
      clicked: false,
      matchedTotal: 1,
      hint: 'click did not affect the target: the element is disabled',
      ...expected,
    });
    if (!('detail' in expected)) expect(r.data, name).not.toHaveProperty('detail');
  }
  const nodes = (await readTab(client, tabId)).snapshot;
  for (const [name] of cases) expect(nodeNamed(nodes, 'button', name).disabled, name).toBe(true);
  expect(await clicksSeen(client, tabId)).toEqual([]);
});

test('11. a role narrows: role button clicks the button "Publish", not the link of the same name', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/disabled.html'));
  const nodes = (await readTab(client, tabId)).snapshot;
  expect(nodeNamed(nodes, 'link', 'Publish').ref).not.toBe(
    nodeNamed(nodes, 'button', 'Publish').ref,
  );
  const r = await click(tabId, 'Publish');
  expect(r.data, r.text).toMatchObject({
    found: true,
    clicked: true,
    matchedTotal: 1,
    matchedVisible: 1,
    url: pages.url('/agent/disabled.html'),
  });
  expect(await clicksSeen(client, tabId)).toEqual([{ id: 'publish', trusted: true }]);
  // The link was not followed: the tab is still on the page, at the same generation.
  const after = await readTab(client, tabId);
  expect(after.url).toBe(pages.url('/agent/disabled.html'));
  expect(after.generation).toBe(r.data.generation);
});

test('12. uploads are refused: a file input, a span reaching one through its label, typing into one; no file chooser opens', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/upload.html'));
  expect((await readTab(client, tabId)).snapshot).toEqual([
    { role: 'button', name: 'Attachment', ref: 'e1', upload: true },
    { role: 'button', name: 'Choose file', ref: 'e2', upload: true },
    { role: 'button', name: 'Upload photo', ref: 'e3', upload: true },
  ]);
  const acts: Record<string, unknown>[] = [
    { operation: 'click', role: 'button', name: 'Attachment' },
    { operation: 'click', role: 'button', name: 'Choose file' },
    { operation: 'click', role: 'button', name: 'Upload photo' },
    { operation: 'click', ref: 'e2' },
    { operation: 'type', role: 'button', name: 'Attachment', text: '/etc/passwd' },
  ];
  for (const args of acts) {
    const r = await act(client, tabId, args);
    expect(r.isError, r.text).toBe(false);
    expect(r.data, JSON.stringify(args)).toMatchObject({
      found: true,
      reason: 'upload',
      hint: `${args.operation as string} did not affect the target: file uploads are never done for an AI; ask the person`,
    });
    expect(r.data).not.toHaveProperty('clickAt');
    expect(r.data.clicked ?? r.data.typed).toBe(false);
  }
  // No click reached a file control, and no input saw a chooser come and go (see upload.html).
  expect(await clicksSeen(client, tabId)).toEqual([]);
  expect(await recorded(client, tabId, 'choosers')).toBeUndefined();
});

test('13. beyond the right edge of a page that cannot scroll is offscreen; entirely above the page is hidden', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/offscreen.html'));
  const right = await click(tabId, 'Beyond the right edge');
  expect(right.data, right.text).toMatchObject({
    found: true,
    clicked: false,
    reason: 'offscreen',
    matchedTotal: 1,
    matchedVisible: 1,
    hint: 'click did not affect the target: the element cannot be scrolled into view',
  });
  const above = await click(tabId, 'Above the page');
  expect(above.data, above.text).toMatchObject({
    found: true,
    clicked: false,
    reason: 'hidden',
    matchedTotal: 1,
    matchedVisible: 0,
  });
  const names = (await readTab(client, tabId)).snapshot.map((n) => n.name);
  expect(names).toEqual(['Beyond the right edge', 'Here']);
  expect(await clicksSeen(client, tabId)).toEqual([]);
});
