/**
 * The AI's hands are a person's: keys, typing, scrolling and hovering reach the page through the
 * browser's own input, end to end (SDK client, vmark-relay, the hub, the real app, the hub's
 * Chromium). A form with no button submits on Enter, Tab moves focus, a chat box that takes only
 * trusted keys sends, a menu opens on hover, and page dialogs are told and answered.
 * The local server logs each request a task ends in: what a person would see happen.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { closeAiApp, openAiApp, settleAiBrowser } from './support/aiBrowser';
import { act, allowOnSite, openAiTab, recorded } from './support/aiBrowserCalls';
import { call, connectClient } from './support/mcp';
import { startPageServer, type PageServer } from './support/pageServer';

const HTML = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

const PAGES: Record<string, string> = {
  '/search': HTML(
    'Search',
    '<form action="/found" method="get"><label>Search <input name="q"></label></form>',
  ),
  '/chat': HTML(
    'Chat',
    `<label>Message <textarea id="m"></textarea></label>
     <script>
       m.addEventListener('keydown', (e) => {
         if (e.key !== 'Enter' || !e.isTrusted || e.shiftKey) return;
         e.preventDefault();
         fetch('/sent?m=' + encodeURIComponent(m.value));
         m.value = '';
       });
     </script>`,
  ),
  '/focus': HTML(
    'Focus',
    `<label>First <input id="first"></label><label>Second <input id="second"></label>
     <script>
       second.addEventListener('focus', () => (document.documentElement.dataset.focused = '"second"'));
     </script>`,
  ),
  '/menu': HTML(
    'Menu',
    `<style>#items { display: none } #bar:hover #items { display: block }</style>
     <div id="bar"><button>File</button><div id="items"><button onclick="fetch('/exported')">Export</button></div></div>
     <p style="margin-top: 200px">Elsewhere</p>`,
  ),
  '/draft': HTML(
    'Draft',
    `<label>Draft <textarea id="d"></textarea></label>
     <script>
       addEventListener('beforeunload', (e) => {
         if (d.value === '') return;
         e.preventDefault();
         e.returnValue = '';
       });
     </script>`,
  ),
  '/delete': HTML(
    'Notes',
    `<button onclick="if (confirm('Delete the note Groceries?')) fetch('/deleted')">Delete note</button>
     <button onclick="const n = prompt('Your name?', 'Guest'); fetch('/greeted?n=' + encodeURIComponent(n))">Greet</button>
     <button onclick="alert('Saved.'); fetch('/alerted')">Save</button>
     <button onclick="setTimeout(() => alert('Your session ends soon.'), 400)">Later</button>`,
  ),
};

let page: Page;
let client: Client;
let pages: PageServer;
let log: string[] = [];

/** Waits until the server saw a request whose path and query start with `prefix`. */
async function served(prefix: string): Promise<string> {
  await expect.poll(() => log.find((line) => line.startsWith(prefix)) ?? null).not.toBeNull();
  return log.find((line) => line.startsWith(prefix)) as string;
}

test.beforeAll(async ({ browser }) => {
  const routes: Parameters<typeof startPageServer>[0] = {};
  for (const [path, body] of Object.entries(PAGES)) routes[path] = body;
  for (const path of ['/found', '/sent', '/exported', '/deleted', '/greeted', '/alerted']) {
    routes[path] = (req, res) => {
      log.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html' }).end(HTML('Done', 'Done'));
    };
  }
  pages = await startPageServer(routes);
  page = await openAiApp(browser);
  client = await connectClient('Hands Test');
  // The person allows each kind of act on the test site once, as a person would.
  const tabId = await openAiTab(client, pages.url('/delete'));
  const hovered = await allowOnSite(page, client, tabId, {
    operation: 'hover',
    role: 'button',
    name: 'Save',
  });
  expect(hovered.data, hovered.text).toMatchObject({ found: true, hovered: true });
  const clicked = await allowOnSite(page, client, tabId, {
    operation: 'click',
    role: 'button',
    name: 'Delete note',
  });
  expect(clicked.data, clicked.text).toMatchObject({ clicked: true, dialog: { type: 'confirm' } });
  const dismissed = await allowOnSite(page, client, tabId, { operation: 'dialog', accept: false });
  expect(dismissed.data, dismissed.text).toMatchObject({ answered: true, accepted: false });
  const typed = await openAiTab(client, pages.url('/search'));
  const first = await allowOnSite(page, client, typed, {
    operation: 'type',
    role: 'textbox',
    name: 'Search',
    text: 'first',
  });
  expect(first.data, first.text).toMatchObject({ typed: true });
  const key = await allowOnSite(page, client, typed, { operation: 'key', key: 'Escape' });
  expect(key.data, key.text).toMatchObject({ pressed: true });
  log = [];
});

test.afterEach(async () => {
  await settleAiBrowser(page);
  log = [];
});

test.afterAll(async () => {
  await closeAiApp(page, client);
  await pages?.close();
});

test('Enter in a form with no button submits it; type with submit does the same', async () => {
  const tabId = await openAiTab(client, pages.url('/search'));
  const typed = await act(client, tabId, {
    operation: 'type',
    role: 'textbox',
    name: 'Search',
    text: 'tide tables',
  });
  expect(typed.data, typed.text).toMatchObject({ found: true, typed: true });
  const enter = await act(client, tabId, { operation: 'key', key: 'Enter' });
  expect(enter.data, enter.text).toMatchObject({ found: true, pressed: true });
  expect(await served('/found')).toBe('/found?q=tide+tables');

  const again = await openAiTab(client, pages.url('/search'));
  const submitted = await act(client, again, {
    operation: 'type',
    role: 'textbox',
    name: 'Search',
    text: 'harbour',
    submit: true,
  });
  expect(submitted.data, submitted.text).toMatchObject({ typed: true, submitted: true });
  expect(await served('/found?q=harbour')).toBe('/found?q=harbour');
});

test('a chat box that sends on a trusted Enter only gets one; Tab moves the focus on', async () => {
  const tabId = await openAiTab(client, pages.url('/chat'));
  const r = await act(client, tabId, {
    operation: 'type',
    role: 'textbox',
    name: 'Message',
    text: 'See you at 9',
    submit: true,
  });
  expect(r.data, r.text).toMatchObject({ typed: true, submitted: true });
  expect(await served('/sent')).toBe('/sent?m=See%20you%20at%209');

  const focus = await openAiTab(client, pages.url('/focus'));
  const tab = await act(client, focus, {
    operation: 'key',
    key: 'Tab',
    role: 'textbox',
    name: 'First',
  });
  expect(tab.data, tab.text).toMatchObject({ pressed: true, ref: 'e1' });
  expect(await recorded(client, focus, 'focused')).toBe('second');
});

test('a menu that opens on hover: the item appears, and is clicked', async () => {
  const tabId = await openAiTab(client, pages.url('/menu'));
  const before = await act(client, tabId, { operation: 'click', role: 'button', name: 'Export' });
  expect(before.data, before.text).toMatchObject({ found: true, reason: 'hidden' });
  const hover = await act(client, tabId, { operation: 'hover', role: 'button', name: 'File' });
  expect(hover.data, hover.text).toMatchObject({ found: true, hovered: true });
  const click = await act(client, tabId, { operation: 'click', role: 'button', name: 'Export' });
  expect(click.data, click.text).toMatchObject({ found: true, clicked: true });
  await served('/exported');
});

test('a confirm() before a delete: the click says so, every other call is held, and OK deletes', async () => {
  const tabId = await openAiTab(client, pages.url('/delete'));
  const click = await act(client, tabId, {
    operation: 'click',
    role: 'button',
    name: 'Delete note',
  });
  expect(click.data, click.text).toMatchObject({
    clicked: true,
    dialog: { type: 'confirm', message: 'Delete the note Groceries?' },
  });
  const read = await call(client, 'browser_read', { action: 'read', tabId });
  expect(read.isError).toBe(true);
  expect(read.data).toMatchObject({
    error: 'DIALOG_OPEN',
    tabId,
    dialog: { type: 'confirm', message: 'Delete the note Groceries?' },
  });
  expect(log).toEqual([]);
  const ok = await act(client, tabId, { operation: 'dialog', accept: true });
  expect(ok.data, ok.text).toMatchObject({
    answered: true,
    accepted: true,
    dialog: { type: 'confirm' },
  });
  await served('/deleted');
  const none = await act(client, tabId, { operation: 'dialog', accept: true });
  expect(none.data, none.text).toMatchObject({ answered: false });
  expect(none.data.hint).toMatch(/no dialog is open/);
});

test('a prompt takes the answer given; an alert is told; one that no act opened is told by the next call', async () => {
  const tabId = await openAiTab(client, pages.url('/delete'));
  const greet = await act(client, tabId, { operation: 'click', role: 'button', name: 'Greet' });
  expect(greet.data, greet.text).toMatchObject({
    dialog: { type: 'prompt', message: 'Your name?', defaultValue: 'Guest' },
  });
  const wrong = await act(client, tabId, { operation: 'dialog', accept: false, text: 'Ada' });
  expect(wrong.isError).toBe(true);
  expect(wrong.text).toMatch(/text answers a prompt, so it goes with accept true/);
  const named = await act(client, tabId, { operation: 'dialog', accept: true, text: 'Ada' });
  expect(named.data, named.text).toMatchObject({ answered: true });
  expect(await served('/greeted')).toBe('/greeted?n=Ada');

  const save = await act(client, tabId, { operation: 'click', role: 'button', name: 'Save' });
  expect(save.data, save.text).toMatchObject({ dialog: { type: 'alert', message: 'Saved.' } });
  expect(log.some((line) => line.startsWith('/alerted'))).toBe(false);
  await act(client, tabId, { operation: 'dialog', accept: true });
  await served('/alerted');

  const later = await act(client, tabId, { operation: 'click', role: 'button', name: 'Later' });
  expect(later.data, later.text).toMatchObject({ clicked: true });
  expect(later.data).not.toHaveProperty('dialog');
  await expect
    .poll(async () => (await call(client, 'browser_read', { action: 'read', tabId })).data.error)
    .toBe('DIALOG_OPEN');
  const wait = await call(client, 'browser_read', {
    action: 'wait_for',
    tabId,
    text: 'anything',
    timeoutMs: 500,
  });
  expect(wait.data).toMatchObject({
    error: 'DIALOG_OPEN',
    dialog: { type: 'alert', message: 'Your session ends soon.' },
  });
  const done = await act(client, tabId, { operation: 'dialog', accept: true });
  expect(done.data, done.text).toMatchObject({ answered: true });
  const read = await call(client, 'browser_read', { action: 'read', tabId });
  expect(read.isError, read.text).toBe(false);
});

test('bad keys and dialog answers are refused before anything is sent', async () => {
  const tabId = await openAiTab(client, pages.url('/search'));
  const unknown = await act(client, tabId, { operation: 'key', key: 'Entr' });
  expect(unknown.isError).toBe(true);
  expect(unknown.text).toMatch(/^act key: key "Entr" is not a key/);
  const noAccept = await act(client, tabId, { operation: 'dialog' });
  expect(noAccept.isError).toBe(true);
  expect(noAccept.text).toMatch(/act dialog needs accept/);
  const submitOnClick = await act(client, tabId, {
    operation: 'click',
    role: 'button',
    name: 'x',
    submit: true,
  });
  expect(submitOnClick.isError).toBe(true);
  expect(submitOnClick.text).toMatch(/act click does not take submit/);
  expect(log).toEqual([]);
});

test('a page that holds its unsaved draft on leaving: the navigation answers the dialog at once; stay keeps the page, leave goes on', async () => {
  const tabId = await openAiTab(client, pages.url('/draft'));
  const typed = await act(client, tabId, {
    operation: 'type',
    role: 'textbox',
    name: 'Draft',
    text: 'unsaved words',
  });
  expect(typed.data, typed.text).toMatchObject({ typed: true });
  const go = { action: 'navigate', tabId, url: pages.url('/found?left') };
  const started = Date.now();
  const held = await call(client, 'browser', go);
  // At once, not at the end of the navigation's budget.
  expect(Date.now() - started).toBeLessThan(8_000);
  expect(held.data, held.text).toMatchObject({
    error: 'DIALOG_OPEN',
    tabId,
    dialog: { type: 'beforeunload' },
    navigationId: expect.stringMatching(/^nav-/),
  });
  const stay = await act(client, tabId, { operation: 'dialog', accept: false });
  expect(stay.data, stay.text).toMatchObject({ answered: true, accepted: false });
  const kept = await call(client, 'browser_read', { action: 'read', tabId });
  expect(kept.data, kept.text).toMatchObject({ page: 'e1 textbox: Draft' });
  expect(log).toEqual([]);

  const again = await call(client, 'browser', go);
  expect(again.data, again.text).toMatchObject({ error: 'DIALOG_OPEN' });
  const leave = await act(client, tabId, { operation: 'dialog', accept: true });
  expect(leave.data, leave.text).toMatchObject({ answered: true, accepted: true });
  const arrived = await call(client, 'browser_read', {
    action: 'wait',
    tabId,
    navigationId: again.data.navigationId,
  });
  expect(arrived.data, arrived.text).toMatchObject({ title: 'Done', loading: false });
  expect(await served('/found')).toBe('/found?left');
});
