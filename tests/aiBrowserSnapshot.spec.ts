/**
 * The snapshot and its refs end to end: the SDK client, vmark-relay, the hub, the real app, and
 * the hub's Chromium on local pages. Numbers refer to the conformance list of the browser tools
 * (snapshot and refs); browserAgent.spec.ts checks the same on the in-page agent alone. Clicks
 * are allowed on the test site once, in the app, as a person would.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { closeAiApp, closeAiTabs, openAiApp, settleAiBrowser } from './support/aiBrowser';
import {
  act,
  allowOnSite,
  clicksSeen,
  nodeNamed,
  openAiTab,
  readTab,
  type SnapshotNode,
} from './support/aiBrowserCalls';
import { call, connectClient } from './support/mcp';
import { startPageServer, type PageServer } from './support/pageServer';

let page: Page;
let client: Client;
let pages: PageServer;

test.beforeAll(async ({ browser }) => {
  pages = await startPageServer();
  page = await openAiApp(browser);
  client = await connectClient('Snapshot Test');
  const tabId = await openAiTab(client, pages.url('/agent/other.html'));
  const granted = await allowOnSite(page, client, tabId, {
    operation: 'click',
    role: 'button',
    name: 'Save',
  });
  expect(granted.data, granted.text).toMatchObject({ found: true, clicked: true });
  await closeAiTabs(page);
});

test.afterEach(async () => {
  await settleAiBrowser(page);
});

test.afterAll(async () => {
  await closeAiApp(page, client);
  await pages?.close();
});

test('1. read answers a line a node: ref, role, states and name; or, on request, the node objects with level, checked, disabled, upload', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/shape.html?session=abc#top'));
  const r = await call(client, 'browser_read', { action: 'read', tabId });
  expect(r.isError, r.text).toBe(false);
  const page = {
    tabId,
    url: pages.url('/agent/shape.html'),
    generation: expect.any(Number),
    untrusted: true,
  };
  expect(r.data).toEqual({
    ...page,
    page: [
      'e1 heading [level=2]: Account settings',
      'e2 link: Help centre',
      'e3 button: Save',
      'e4 textbox: Display name',
      'e5 checkbox [checked]: Send newsletter',
      'e6 button [disabled]: Delete account',
      'e7 button [upload]: Avatar',
      'e8 button: Publish',
    ].join('\n'),
    total: 8,
  });
  expect(JSON.parse(r.text)).toEqual(r.data);
  const nodes = await call(client, 'browser_read', { action: 'read', tabId, format: 'nodes' });
  expect(nodes.data).toEqual({
    ...page,
    snapshot: [
      { role: 'heading', name: 'Account settings', ref: 'e1', level: 2 },
      { role: 'link', name: 'Help centre', ref: 'e2' },
      { role: 'button', name: 'Save', ref: 'e3' },
      { role: 'textbox', name: 'Display name', ref: 'e4' },
      { role: 'checkbox', name: 'Send newsletter', ref: 'e5', checked: true },
      { role: 'button', name: 'Delete account', ref: 'e6', disabled: true },
      { role: 'button', name: 'Avatar', ref: 'e7', upload: true },
      { role: 'button', name: 'Publish', ref: 'e8' },
    ],
    total: 8,
  });
  expect(JSON.parse(nodes.text)).toEqual(nodes.data);
});

test('2. refs are stable between reads; after a navigation an old ref is refused as stale, though the new page has the same ref', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/shape.html'));
  const first = await readTab(client, tabId);
  const second = await readTab(client, tabId);
  expect(second.snapshot).toEqual(first.snapshot);
  expect(second.generation).toBe(first.generation);
  const save = nodeNamed(first.snapshot, 'button', 'Save');
  const there = await call(client, 'browser_read', { action: 'wait_for', tabId, ref: save.ref });
  expect(there.data, there.text).toMatchObject({ matched: true, ref: save.ref });

  const navigated = await call(client, 'browser', {
    action: 'navigate',
    tabId,
    url: pages.url('/agent/other.html'),
  });
  expect(navigated.isError, navigated.text).toBe(false);
  expect(navigated.data.generation).toBeGreaterThan(first.generation as number);
  const stale = await act(client, tabId, { operation: 'click', ref: save.ref });
  expect(stale.isError).toBe(true);
  expect(stale.data).toMatchObject({ error: 'STALE_REF' });
  expect(stale.text).toMatch(/earlier page/);
  const waited = await call(client, 'browser_read', {
    action: 'wait_for',
    tabId,
    ref: save.ref,
    timeoutMs: 1000,
  });
  expect(waited.data).toMatchObject({ error: 'STALE_REF' });

  // The new page's "Save" got the very same ref string: the refusal was about the page, not it.
  const fresh = await readTab(client, tabId);
  expect(nodeNamed(fresh.snapshot, 'button', 'Save').ref).toBe(save.ref);
  expect(await clicksSeen(client, tabId)).toEqual([]);
  // Read again, the ref names the new page's button.
  const clicked = await act(client, tabId, { operation: 'click', ref: save.ref });
  expect(clicked.data, clicked.text).toMatchObject({ found: true, clicked: true, ref: save.ref });
  expect(await clicksSeen(client, tabId)).toEqual([{ id: 'other-save', trusted: true }]);
});

test('3. no cap on nodes: 2,501 buttons in one answer, a 200-character name cut and marked truncated; as node objects they come in pages that join up; acting by the cut name works', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/many.html'));
  const r = await call(client, 'browser_read', { action: 'read', tabId });
  expect(r.isError, r.text).toBe(false);
  expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(75_000);
  expect(JSON.parse(r.text)).toEqual(r.data);
  expect(r.data).toMatchObject({ total: 2501, truncated: true });
  expect(r.data).not.toHaveProperty('nextOffset');
  const long = `Long label ${'x'.repeat(189)}`;
  expect(long).toHaveLength(200);
  const expected = [
    { role: 'button', name: long, ref: 'e1' },
    ...Array.from({ length: 2500 }, (_, i) => ({
      role: 'button',
      name: `Button ${i + 1}`,
      ref: `e${i + 2}`,
    })),
  ];
  expect((r.data.page as string).split('\n')).toEqual(
    expected.map((n) => `${n.ref} button: ${n.name}`),
  );

  // As node objects, 2,501 are more than one answer holds: nextOffset reads on.
  const listed: SnapshotNode[] = [];
  let offset: number | undefined = 0;
  let answers = 0;
  while (offset !== undefined) {
    const part = await call(client, 'browser_read', {
      action: 'read',
      tabId,
      format: 'nodes',
      offset,
    });
    expect(part.isError, part.text).toBe(false);
    expect(Buffer.byteLength(part.text)).toBeLessThanOrEqual(75_000);
    expect(part.data.total).toBe(2501);
    listed.push(...(part.data.snapshot as SnapshotNode[]));
    offset = part.data.nextOffset as number | undefined;
    answers++;
  }
  expect(answers).toBe(2);
  expect(listed).toEqual(expected);

  const clicked = await act(client, tabId, { operation: 'click', role: 'button', name: long });
  expect(clicked.data, clicked.text).toMatchObject({
    found: true,
    clicked: true,
    matchedTotal: 1,
    matchedVisible: 1,
    ref: 'e1',
  });
  expect(await clicksSeen(client, tabId)).toEqual([{ id: 'long', trusted: true }]);
  const last = await call(client, 'browser_read', { action: 'wait_for', tabId, ref: 'e2501' });
  expect(last.data, last.text).toMatchObject({ matched: true, ref: 'e2501' });
});

test('4. only a closed shadow root is unreachable; an iframe’s button is read in place, an open shadow tree is read and clicked', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/frames.html'));
  const read = await readTab(client, tabId);
  expect(read.unreachable).toEqual({ frames: 0, closedShadowRoots: 1 });
  expect(read.snapshot).toEqual([
    { role: 'button', name: 'Inside the frame', ref: 'f1e1' },
    { role: 'button', name: 'Shadow button', ref: 'e1' },
  ]);
  const clicked = await act(client, tabId, {
    operation: 'click',
    role: 'button',
    name: 'Shadow button',
  });
  expect(clicked.data, clicked.text).toMatchObject({ found: true, clicked: true, ref: 'e1' });
  expect(await clicksSeen(client, tabId)).toEqual([{ id: 'shadow', trusted: true }]);
});

test('5. hidden elements are not read: display none, hidden, aria-hidden, off the page, in a collapsed accordion', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/hidden.html'));
  const read = await readTab(client, tabId);
  expect(read.snapshot.map((n) => `${n.role} ${n.name}`)).toEqual(['button Shown', 'button More']);
  // Nor are they acted on: the accordion's button exists, and is refused as hidden.
  const hidden = await act(client, tabId, {
    operation: 'click',
    role: 'button',
    name: 'In accordion',
  });
  expect(hidden.data, hidden.text).toMatchObject({
    found: true,
    clicked: false,
    reason: 'hidden',
    matchedTotal: 1,
    matchedVisible: 0,
  });
});

test('14. names lose format characters: "Publ\\u200Bish" reads as "Publish", and either spelling clicks it', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/shape.html'));
  expect(nodeNamed((await readTab(client, tabId)).snapshot, 'button', 'Publish').ref).toBe('e8');
  for (const name of ['Publish', 'Pub\u200Dlish\uFEFF']) {
    const clicked = await act(client, tabId, { operation: 'click', role: 'button', name });
    expect(clicked.data, clicked.text).toMatchObject({
      found: true,
      clicked: true,
      matchedTotal: 1,
      ref: 'e8',
    });
  }
  expect(await clicksSeen(client, tabId)).toEqual([
    { id: 'publ', trusted: true },
    { id: 'publ', trusted: true },
  ]);
});
