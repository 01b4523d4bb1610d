/**
 * The AI reaches into frames, end to end (SDK client, vmark-relay, the hub, the real app, the
 * hub's Chromium): a form in a same-origin frame, a form in a frame of another site (which
 * Chromium runs in a process of its own), and a frame inside a frame are read in place with
 * refs of their own (`f1e2`), typed into, clicked, waited for and queried. An act inside a frame
 * is approved for the frame's origin, and a frame that is covered refuses the act as its element
 * would. The local servers log each request a task ends in: what a person would see happen.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  answerPrompt,
  closeAiApp,
  openAiApp,
  promptCard,
  settleAiBrowser,
} from './support/aiBrowser';
import { act, openAiTab } from './support/aiBrowserCalls';
import { call, connectClient } from './support/mcp';
import { startPageServer, type PageServer } from './support/pageServer';

const HTML = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

let page: Page;
let client: Client;
/** The page's site, 127.0.0.1. */
let site: PageServer;
/** Another site, reached as localhost: Chromium gives its frames a process of their own. */
let other: PageServer;
let log: string[] = [];

const otherUrl = (path: string) => other.url(path).replace('127.0.0.1', 'localhost');

/** Waits until a server saw a request whose path and query start with `prefix`. */
async function served(prefix: string): Promise<string> {
  await expect.poll(() => log.find((line) => line.startsWith(prefix)) ?? null).not.toBeNull();
  return log.find((line) => line.startsWith(prefix)) as string;
}

function logged(req: { url?: string }, res: import('node:http').ServerResponse) {
  log.push(req.url ?? '');
  res.writeHead(200, { 'content-type': 'text/html' }).end(HTML('Done', 'Done'));
}

test.beforeAll(async ({ browser }) => {
  other = await startPageServer({
    '/pay': HTML(
      'Pay',
      `<form action="/paid" method="get"><label>Name on card <input name="card"></label>
       <button>Pay now</button></form>`,
    ),
    '/paid': logged,
  });
  site = await startPageServer({
    '/shop': HTML(
      'Shop',
      `<h1>Shop</h1>
       <iframe title="newsletter" src="/newsletter" width="500" height="120"></iframe>
       <iframe title="payment" src="${otherUrl('/pay')}" width="500" height="160"></iframe>
       <button>Basket</button>`,
    ),
    '/newsletter': HTML(
      'Newsletter',
      `<form action="/subscribed" method="get"><label>Email <input name="email"></label></form>`,
    ),
    '/subscribed': logged,
    '/outer': HTML(
      'Outer',
      `<iframe title="inner" src="/inner" width="400" height="200"></iframe>`,
    ),
    '/inner': HTML('Inner', `<button onclick="fetch('/deep')">Deep button</button>`),
    '/deep': logged,
    '/covered': HTML(
      'Covered',
      `<iframe src="/inner" width="400" height="200"></iframe>
       <div style="position: fixed; inset: 0; background: white" class="cookie-wall">We use cookies</div>`,
    ),
  });
  page = await openAiApp(browser);
  client = await connectClient('Frames Test');
});

test.afterEach(async () => {
  await settleAiBrowser(page);
  log = [];
});

test.afterAll(async () => {
  await closeAiApp(page, client);
  await site?.close();
  await other?.close();
});

/** The read's lines, page form. */
async function readLines(tabId: string, extra: Record<string, unknown> = {}): Promise<string[]> {
  const r = await call(client, 'browser_read', { action: 'read', tabId, ...extra });
  expect(r.isError, r.text).toBe(false);
  expect(r.data.unreachable, r.text).toBeUndefined();
  return String(r.data.page).split('\n');
}

/** Makes an act that asks, checks the prompt names `origin`, allows it on that site, retries. */
async function allowFor(tabId: string, origin: string, args: Record<string, unknown>) {
  const first = await act(client, tabId, args);
  expect(first.data, first.text).toMatchObject({ error: 'APPROVAL_REQUIRED', url: origin });
  await expect(promptCard(page)).toContainText(origin.replace(/^https?:\/\//, ''));
  await answerPrompt(page, 'Allow on this site');
  return act(client, tabId, args);
}

test('a read lists the nodes of every frame in its place, with refs of their own', async () => {
  const tabId = await openAiTab(client, site.url('/shop'));
  await expect.poll(async () => (await readLines(tabId)).join('\n')).toContain('Pay now');
  const lines = await readLines(tabId);
  expect(lines).toEqual([
    'e1 heading [level=1]: Shop',
    'f1e1 textbox: Email',
    'f2e1 textbox: Name on card',
    'f2e2 button: Pay now',
    'e2 button: Basket',
  ]);
  // Two AI clients reading the page at the same moment each get the whole of it, frames included.
  const second = await connectClient('Frames Test, second client');
  try {
    const both = await Promise.all(
      [client, second, client, second].map((c) =>
        call(c, 'browser_read', { action: 'read', tabId }),
      ),
    );
    for (const r of both) expect(String(r.data.page).split('\n'), r.text).toEqual(lines);
  } finally {
    await second.close();
  }
  // Filters hold across frames, and nodes objects carry the same refs.
  expect(await readLines(tabId, { role: 'textbox' })).toEqual([
    'f1e1 textbox: Email',
    'f2e1 textbox: Name on card',
  ]);
  const nodes = await call(client, 'browser_read', { action: 'read', tabId, format: 'nodes' });
  expect(nodes.data.snapshot).toContainEqual({ role: 'button', name: 'Pay now', ref: 'f2e2' });
  // A query reaches into the frames too; wait_for finds a control inside one.
  const query = await call(client, 'browser_read', { action: 'query', tabId, selector: 'input' });
  expect(query.data, query.text).toMatchObject({ count: 2 });
  expect((query.data.elements as { ref: string }[]).map((e) => e.ref)).toEqual(['f1e1', 'f2e1']);
  const waited = await call(client, 'browser_read', {
    action: 'wait_for',
    tabId,
    role: 'button',
    name: 'Pay now',
    timeoutMs: 3000,
  });
  expect(waited.data, waited.text).toMatchObject({ matched: true, ref: 'f2e2' });
});

test('typing into a same-origin frame submits its form; the other site’s frame is approved for its own origin', async () => {
  const tabId = await openAiTab(client, site.url('/shop'));
  await expect.poll(async () => (await readLines(tabId)).join('\n')).toContain('Pay now');
  const typed = await allowFor(tabId, site.origin, {
    operation: 'type',
    role: 'textbox',
    name: 'Email',
    text: 'ann@example.com',
    submit: true,
  });
  expect(typed.data, typed.text).toMatchObject({ typed: true, submitted: true, ref: 'f1e1' });
  expect(await served('/subscribed')).toBe('/subscribed?email=ann%40example.com');

  // The other site's frame: the page's grant does not cover it; its own origin is asked.
  const card = await allowFor(tabId, otherUrl('/').replace(/\/$/, ''), {
    operation: 'type',
    role: 'textbox',
    name: 'Name on card',
    text: 'Ann Lee',
  });
  expect(card.data, card.text).toMatchObject({ typed: true, ref: 'f2e1' });
  const pay = await allowFor(tabId, otherUrl('/').replace(/\/$/, ''), {
    operation: 'click',
    role: 'button',
    name: 'Pay now',
  });
  expect(pay.data, pay.text).toMatchObject({ clicked: true, ref: 'f2e2' });
  expect(await served('/paid')).toBe('/paid?card=Ann+Lee');
  // Both frames navigated to their answers: the page reads on, each frame's new document too.
  const done = await call(client, 'browser_read', {
    action: 'wait_for',
    tabId,
    text: 'Done',
    timeoutMs: 5000,
  });
  expect(done.data, done.text).toMatchObject({ matched: true });
  await expect
    .poll(async () => readLines(tabId))
    .toEqual(['e1 heading [level=1]: Shop', 'e2 button: Basket']);
});

test('a frame inside a frame is clicked by ref; a covered frame refuses the act', async () => {
  const tabId = await openAiTab(client, site.url('/outer'));
  await expect.poll(async () => (await readLines(tabId)).join('\n')).toContain('Deep button');
  expect(await readLines(tabId)).toEqual(['f1e1 button: Deep button']);
  // A ref acts only under a standing grant: the person allows clicks on the site first.
  const byName = await allowFor(tabId, site.origin, {
    operation: 'click',
    role: 'button',
    name: 'Deep button',
  });
  expect(byName.data, byName.text).toMatchObject({ clicked: true, ref: 'f1e1' });
  await served('/deep');
  log = [];
  const byRef = await act(client, tabId, { operation: 'click', ref: 'f1e1' });
  expect(byRef.data, byRef.text).toMatchObject({ clicked: true, ref: 'f1e1' });
  await served('/deep');
  // A frame number no read listed is refused, and so is a malformed ref.
  const unknown = await act(client, tabId, { operation: 'click', ref: 'f9e1' });
  expect(unknown.data, unknown.text).toMatchObject({ error: 'STALE_REF' });
  const bad = await act(client, tabId, { operation: 'click', ref: 'f0e1' });
  expect(bad.isError).toBe(true);
  expect(bad.text).toMatch(/f2e5/);

  log = [];
  const covered = await openAiTab(client, site.url('/covered'));
  await expect.poll(async () => (await readLines(covered)).join('\n')).toContain('Deep button');
  const refused = await act(client, covered, {
    operation: 'click',
    role: 'button',
    name: 'Deep button',
  });
  expect(refused.data, refused.text).toMatchObject({
    found: true,
    reason: 'obscured',
    by: 'div.cookie-wall',
  });
  expect(refused.data.clicked).not.toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(log).toEqual([]);
});
