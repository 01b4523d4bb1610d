/**
 * Typing end to end: the SDK client, vmark-relay, the hub, the real app, and the hub's Chromium
 * on local pages. Numbers refer to the conformance list of the browser tools (type);
 * browserAgentType.spec.ts checks the same on the in-page agent alone. Typing and clicks are
 * allowed on the test site once, in the app, as a person would; the events a page saw are read
 * back with browser_read, a field's live value with execute_js (allowed once each time).
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { closeAiApp, closeAiTabs, openAiApp, settleAiBrowser } from './support/aiBrowser';
import { act, allowOnSite, openAiTab, recorded, textOf, valuesOf } from './support/aiBrowserCalls';
import { connectClient } from './support/mcp';
import { startPageServer, type PageServer } from './support/pageServer';

let page: Page;
let client: Client;
let pages: PageServer;

test.beforeAll(async ({ browser }) => {
  pages = await startPageServer();
  page = await openAiApp(browser);
  client = await connectClient('Type Test');
  const tabId = await openAiTab(client, pages.url('/agent/react.html'));
  const typed = await allowOnSite(page, client, tabId, {
    operation: 'type',
    role: 'textbox',
    name: 'Name',
    text: 'Granted',
  });
  expect(typed.data, typed.text).toMatchObject({ found: true, typed: true });
  const clicked = await allowOnSite(page, client, tabId, {
    operation: 'click',
    role: 'button',
    name: 'Render again',
  });
  expect(clicked.data, clicked.text).toMatchObject({ found: true, clicked: true });
  await closeAiTabs(page);
});

test.afterEach(async () => {
  await settleAiBrowser(page);
});

test.afterAll(async () => {
  await closeAiApp(page, client);
  await pages?.close();
});

function type(tabId: string, role: string, name: string, text?: string) {
  return act(client, tabId, { operation: 'type', role, name, text });
}

test('15. a select takes an option by label and by value through the keyboard; a missing option is refused', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/select.html'));
  const france = await type(tabId, 'combobox', 'Country', 'France');
  expect(france.data, france.text).toMatchObject({
    found: true,
    typed: true,
    matchedTotal: 1,
    matchedVisible: 1,
    ref: 'e1',
  });
  expect(await recorded(client, tabId, 'events')).toEqual(['input:fr', 'change:fr']);

  const japan = await type(tabId, 'combobox', 'Country', 'jp');
  expect(japan.data, japan.text).toMatchObject({ found: true, typed: true });
  const both = ['input:fr', 'change:fr', 'input:jp', 'change:jp'];
  expect(await recorded(client, tabId, 'events')).toEqual(both);

  const germany = await type(tabId, 'combobox', 'Country', 'Germany');
  expect(germany.isError).toBe(false);
  expect(germany.data).toMatchObject({
    found: true,
    typed: false,
    reason: 'no-such-option',
    hint: 'type did not affect the target: no option has that label or value',
  });
  expect(await recorded(client, tabId, 'events')).toEqual(both);
  expect(await valuesOf(page, client, tabId, ['#country'])).toEqual(['jp']);
});

test('16. a React-style controlled input keeps the typed value through a re-render', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/react.html'));
  expect(await textOf(client, tabId, '#echo')).toBe('Initial');
  const r = await type(tabId, 'textbox', 'Name', 'Ada Lovelace');
  expect(r.data, r.text).toMatchObject({ found: true, typed: true });
  // The framework saw a change per key, as from a keyboard: its state, echoed on the page, is
  // the typed text.
  expect(await textOf(client, tabId, '#echo')).toBe('Ada Lovelace');
  expect(await recorded(client, tabId, 'changes')).toBe('Ada Lovelace'.length);

  const again = await act(client, tabId, {
    operation: 'click',
    role: 'button',
    name: 'Render again',
  });
  expect(again.data, again.text).toMatchObject({ found: true, clicked: true });
  expect(await valuesOf(page, client, tabId, ['#name'])).toEqual(['Ada Lovelace']);
  expect(await textOf(client, tabId, '#echo')).toBe('Ada Lovelace');
  expect(await recorded(client, tabId, 'changes')).toBe('Ada Lovelace'.length);
});

test('17. letters into a number field: rejected-value before any key, the prior value kept', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/fields.html'));
  const r = await type(tabId, 'spinbutton', 'Quantity', 'abc');
  expect(r.isError).toBe(false);
  expect(r.data).toMatchObject({
    found: true,
    typed: false,
    reason: 'rejected-value',
    matchedTotal: 1,
    matchedVisible: 1,
    ref: 'e1',
    hint: 'type did not affect the target: the field refused that value',
  });
  expect(await recorded(client, tabId, 'events')).toBeUndefined();
  expect(await valuesOf(page, client, tabId, ['#qty'])).toEqual(['3']);

  const twelve = await type(tabId, 'spinbutton', 'Quantity', '12');
  expect(twelve.data, twelve.text).toMatchObject({ found: true, typed: true });
  // Typed key by key over the selected old value, as a keyboard does.
  const events = (await recorded(client, tabId, 'events')) as string[];
  expect(events.filter((e) => /input|keydown/.test(e))).toEqual([
    'qty:keydown:1',
    'qty:beforeinput:',
    'qty:input:',
    'qty:keydown:2',
    'qty:beforeinput:',
    'qty:input:',
  ]);
});

test('18. contenteditable: a plain editor takes the text; one that handles beforeinput itself; one that refuses', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/editable.html'));
  const plain = await type(tabId, 'textbox', 'Plain editor', 'New text');
  expect(plain.data, plain.text).toMatchObject({ found: true, typed: true });
  expect(plain.data).not.toHaveProperty('detail');
  expect(await textOf(client, tabId, '#plain')).toBe('New text');

  // An editor that handles each key's beforeinput itself, as editors do.
  const handled = await type(tabId, 'textbox', 'Handling editor', 'hello');
  expect(handled.data, handled.text).toMatchObject({ found: true, typed: true });
  expect(await textOf(client, tabId, '#handled')).toBe('«o»');

  const refused = await type(tabId, 'textbox', 'Refusing editor', 'nope');
  expect(refused.data, refused.text).toMatchObject({
    found: true,
    typed: false,
    reason: 'rejected-value',
    detail: 'editor-cancelled',
    hint: 'type did not affect the target: the field refused that value',
  });
  expect(await textOf(client, tabId, '#refusing')).toBe('Kept');
  // Only the plain editor got input events; the other two handled (or refused) typing themselves.
  const inputs = (await recorded(client, tabId, 'inputs')) as string[];
  expect(inputs.length).toBeGreaterThan(0);
  expect(inputs.filter((id) => id !== 'plain')).toEqual([]);
});

test('19. read-only and not-editable are refused; a missing text is refused by the tool; "" clears', async () => {
  const tabId = await openAiTab(client, pages.url('/agent/fields.html'));
  const code = await type(tabId, 'textbox', 'Code', 'XYZ');
  expect(code.data, code.text).toMatchObject({
    found: true,
    typed: false,
    reason: 'readonly',
    hint: 'type did not affect the target: the field is read-only',
  });
  for (const [role, name] of [
    ['checkbox', 'Agree'],
    ['button', 'Go'],
  ]) {
    const r = await type(tabId, role, name, 'yes');
    expect(r.data, name).toMatchObject({
      found: true,
      typed: false,
      reason: 'not-editable',
      hint: 'type did not affect the target: that element does not take text',
    });
  }
  // Without text, the call never reaches the page: an incomplete call must not wipe a field.
  const missing = await type(tabId, 'textbox', 'Title');
  expect(missing.isError).toBe(true);
  expect(missing.text).toBe('act type needs text: the text to put in the field ("" clears it).');
  expect(await recorded(client, tabId, 'events')).toBeUndefined();
  expect(await valuesOf(page, client, tabId, ['#code', '#title'])).toEqual(['ABC', 'Old title']);

  const cleared = await type(tabId, 'textbox', 'Title', '');
  expect(cleared.data, cleared.text).toMatchObject({ found: true, typed: true });
  expect(await recorded(client, tabId, 'events')).toEqual([
    'title:keydown:Delete',
    'title:beforeinput:',
    'title:input:',
    'title:keyup:Delete',
  ]);
  expect(await valuesOf(page, client, tabId, ['#title', '#code'])).toEqual(['', 'ABC']);
});
