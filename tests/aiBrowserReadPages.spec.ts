/**
 * The whole page through browser_read.read, end to end (the SDK client, vmark-relay, the hub, the
 * real app, the hub's Chromium): the compact form within SPEC §2's 75,000 bytes for both kinds of
 * client (those that hand the model the text block and those that hand it structuredContent),
 * paging with offset and nextOffset, the role and nameContains filters, the node objects on
 * request, and the argument errors. Clicks by ref are allowed on the test site once, in the app.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { closeAiApp, closeAiTabs, openAiApp, settleAiBrowser } from './support/aiBrowser';
import {
  act,
  allowOnSite,
  clicksSeen,
  openAiTab,
  type SnapshotNode,
} from './support/aiBrowserCalls';
import { call, connectClient } from './support/mcp';
import { startPageServer, type PageServer } from './support/pageServer';

const BOUND = 75_000;

/** Control `i` as the page shows it: a quarter each buttons, links, text fields, checkboxes. */
function control(i: number): { html: string; node: Omit<SnapshotNode, 'ref'> } {
  const id = `data-id="c${i}"`;
  switch (i % 4) {
    case 0:
      return {
        html: `<button ${id}>Action ${i}</button>`,
        node: { role: 'button', name: `Action ${i}` },
      };
    case 1:
      return {
        html: `<a ${id} href="/p/${i}">Link ${i}</a>`,
        node: { role: 'link', name: `Link ${i}` },
      };
    case 2:
      return {
        html: `<label>Field ${i} <input ${id} name="f${i}"></label>`,
        node: { role: 'textbox', name: `Field ${i}` },
      };
    default:
      return {
        html: `<label><input ${id} type="checkbox"> Option ${i}</label>`,
        node: { role: 'checkbox', name: `Option ${i}`, checked: false },
      };
  }
}

/** The page of bench/browser.mjs (its controlsPage), recording clicks (record.js). */
function controlsPage(count: number): string {
  const items = Array.from({ length: count }, (_, i) => `<div>${control(i).html}</div>`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Controls</title><script src="record.js"></script></head><body>${items.join('')}</body></html>`;
}

/** The nodes a read of that page lists, refs in page order. */
function expectedNodes(count: number): SnapshotNode[] {
  return Array.from({ length: count }, (_, i) => ({ ...control(i).node, ref: `e${i + 1}` }));
}

function lineOf(n: SnapshotNode): string {
  const state = n.checked === false ? ' [unchecked]' : n.checked ? ' [checked]' : '';
  return `${n.ref} ${n.role}${state}: ${n.name}`;
}

let page: Page;
let client: Client;
let pages: PageServer;

test.beforeAll(async ({ browser }) => {
  pages = await startPageServer({
    '/agent/controls-2000.html': controlsPage(2_000),
    '/agent/controls-10000.html': controlsPage(10_000),
  });
  page = await openAiApp(browser);
  client = await connectClient('Read Pages Test');
  const tabId = await openAiTab(client, pages.url('/agent/controls-2000.html'));
  const granted = await allowOnSite(page, client, tabId, {
    operation: 'click',
    role: 'button',
    name: 'Action 0',
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

/** One read, its answer as both kinds of client see it, each held to the bound. */
async function read(args: Record<string, unknown>) {
  const r = (await client.callTool({
    name: 'browser_read',
    arguments: { action: 'read', ...args },
  })) as CallToolResult;
  const text = r.content[0]?.type === 'text' ? r.content[0].text : '';
  expect(r.isError, text).toBeFalsy();
  const structured = JSON.stringify(r.structuredContent);
  expect(Buffer.byteLength(text)).toBeLessThan(BOUND);
  expect(Buffer.byteLength(structured)).toBeLessThan(BOUND);
  expect(JSON.parse(text)).toEqual(r.structuredContent);
  return { data: r.structuredContent as Record<string, unknown>, text, structured };
}

const linesIn = (data: Record<string, unknown>) =>
  data.page === '' ? [] : (data.page as string).split('\n');

test('the page of 2,000 controls comes whole in one answer under 75,000 bytes, as text and as structuredContent', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/controls-2000.html'));
  const { data, text, structured } = await read({ tabId });
  test.info().annotations.push({
    type: 'bytes of the answer (text; JSON of structuredContent)',
    description: `${Buffer.byteLength(text)}; ${Buffer.byteLength(structured)}`,
  });
  expect(data).toMatchObject({ tabId, total: 2_000, untrusted: true });
  expect(data).not.toHaveProperty('nextOffset');
  expect(linesIn(data)).toEqual(expectedNodes(2_000).map(lineOf));
});

test('a page of 10,000 controls reads whole in at most five calls, every ref exactly once, the same on a second look, and the refs click', async () => {
  test.setTimeout(120_000);
  const tabId = await openAiTab(client, pages.url('/agent/controls-10000.html'));
  const answers: { offset: number; page: string }[] = [];
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const { data } = await read(offset === 0 ? { tabId } : { tabId, offset });
    expect(data.total).toBe(10_000);
    answers.push({ offset, page: data.page as string });
    const next = data.nextOffset as number | undefined;
    if (next !== undefined) expect(next).toBe(offset + linesIn(data).length);
    offset = next;
    expect(answers.length).toBeLessThanOrEqual(5);
  }
  const lines = answers.flatMap((a) => a.page.split('\n'));
  expect(lines).toEqual(expectedNodes(10_000).map(lineOf));
  const refs = lines.map((l) => l.split(' ', 1)[0]);
  expect(new Set(refs).size).toBe(10_000);

  // Refs belong to the generation: a page read again lists the very same lines.
  const again = await read({ tabId, offset: answers[2].offset });
  expect(again.data.page).toBe(answers[2].page);

  // Refs from the first, the middle and the last answer click their own controls.
  for (const i of [0, 5_000, 9_996, 9_999]) {
    const clicked = await act(client, tabId, { operation: 'click', ref: `e${i + 1}` });
    expect(clicked.data, clicked.text).toMatchObject({ found: true, clicked: true });
  }
  expect(await clicksSeen(client, tabId)).toEqual(
    ['c0', 'c5000', 'c9996', 'c9999'].map((id) => ({ id, trusted: true })),
  );
  const ticked = await read({ tabId, role: 'checkbox', nameContains: 'option 9999' });
  expect(ticked.data).toMatchObject({ page: 'e10000 checkbox [checked]: Option 9999', total: 1 });
});

test('role and nameContains answer only the nodes that match, with their total and the refs of the whole read', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/controls-2000.html'));
  const all = expectedNodes(2_000);
  const cases: [Record<string, unknown>, SnapshotNode[]][] = [
    [{ role: 'checkbox' }, all.filter((n) => n.role === 'checkbox')],
    [{ nameContains: 'ACTION 12' }, all.filter((n) => /^Action 12/.test(n.name))],
    [
      { role: 'link', nameContains: 'k 19' },
      all.filter((n) => n.role === 'link' && /^Link 19/.test(n.name)),
    ],
    [{ role: 'heading' }, []],
    [{ nameContains: 'nothing like this' }, []],
  ];
  for (const [filter, expected] of cases) {
    const { data } = await read({ tabId, ...filter });
    expect(data.total, JSON.stringify(filter)).toBe(expected.length);
    expect(linesIn(data), JSON.stringify(filter)).toEqual(expected.map(lineOf));
    expect(data).not.toHaveProperty('nextOffset');
  }
  // The counts above are the page's own, not an echo of the filter: spot-check two.
  expect(all.filter((n) => n.role === 'checkbox')).toHaveLength(500);
  expect(all.filter((n) => /^Action 12/.test(n.name)).map((n) => n.name)).toHaveLength(29);
});

test('format "nodes" answers the node objects, in pages that join up under the bound', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/controls-2000.html'));
  const listed: SnapshotNode[] = [];
  let offset: number | undefined = 0;
  let answers = 0;
  while (offset !== undefined) {
    const { data } = await read({ tabId, format: 'nodes', offset });
    expect(data).not.toHaveProperty('page');
    expect(data.total).toBe(2_000);
    listed.push(...(data.snapshot as SnapshotNode[]));
    offset = data.nextOffset as number | undefined;
    answers++;
  }
  expect(answers).toBe(2);
  expect(listed).toEqual(expectedNodes(2_000));
  const some = await read({ tabId, format: 'nodes', role: 'textbox', nameContains: 'field 1998' });
  expect(some.data).toMatchObject({
    snapshot: [{ role: 'textbox', name: 'Field 1998', ref: 'e1999' }],
    total: 1,
  });
});

test('an offset past the last node answers no node and says so, without nextOffset', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/controls-2000.html'));
  for (const offset of [2_000, 1_000_000]) {
    const { data } = await read({ tabId, offset });
    expect(data).toMatchObject({
      page: '',
      total: 2_000,
      note: `offset ${offset} is past the last node: there are 2000.`,
    });
    expect(data).not.toHaveProperty('nextOffset');
  }
  const last = await read({ tabId, offset: 1_999 });
  expect(last.data).toMatchObject({
    page: 'e2000 checkbox [unchecked]: Option 1999',
    total: 2_000,
  });
});

test('a bad argument is refused with a sentence naming it, before anything is done', async () => {
  // A tab that does not exist: each call fails on its argument, never reaching the driver.
  const tabId = 'no-such-tab';
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ action: 'read', offset: -1 }, /offset must be a whole number ≥ 0/],
    [{ action: 'read', offset: 2.5 }, /offset must be a whole number ≥ 0/],
    [{ action: 'read', offset: '10' }, /offset must be a whole number ≥ 0/],
    [{ action: 'read', format: 'yaml' }, /format must be page .* or nodes/],
    [{ action: 'read', nameContains: '' }, /nameContains must be a non-empty/],
    [{ action: 'read', nameContains: '   ' }, /nameContains must be a non-empty/],
    [
      { action: 'read', role: 'button', name: 'Save' },
      /read does not take name; it takes .*nameContains/,
    ],
    [{ action: 'wait_for', text: 'x', offset: 3 }, /wait_for does not take offset/],
    [{ action: 'query', selector: 'a', format: 'nodes' }, /query does not take format/],
    [{ action: 'screenshot', nameContains: 'x' }, /screenshot does not take nameContains/],
  ];
  for (const [args, sentence] of cases) {
    const r = await call(client, 'browser_read', { ...args, tabId });
    expect(r.isError, JSON.stringify(args)).toBe(true);
    expect(r.text, JSON.stringify(args)).toMatch(sentence);
    expect(r.text).not.toMatch(/TAB_NOT_FOUND/);
    expect(r.data).toEqual({});
  }
  const missing = await call(client, 'browser_read', { action: 'read', tabId, offset: 0 });
  expect(missing.data).toMatchObject({ error: 'TAB_NOT_FOUND' });
});
