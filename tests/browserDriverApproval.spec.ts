/**
 * Authority in the driver, at the protocol level: prompts carry the origin only, "Allow once" is
 * spent once and only on what was shown, "Allow on this site" grants one operation on one origin,
 * refs need a standing grant, navigation drops prompts and one-shots, execute_js always asks.
 */
import { expect, test } from '@playwright/test';
import type { DriverEvent } from '../src/shared/wire/driverProtocol';
import { startDriverHub, type DriverHub } from './support/driverApp';
import { ACCOUNT_FORM as FORM, SECRET_PATH } from './support/driverPages';
import { startPageServer, type PageServer } from './support/pageServer';

let site: PageServer;
let other: PageServer;
let d: DriverHub;
let tabId: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startPageServer({ [SECRET_PATH]: FORM, '/form': FORM });
  other = await startPageServer({ '/form': FORM });
  d = await startDriverHub();
});

test.afterAll(async () => {
  await d?.close();
  await site?.close();
  await other?.close();
});

const clicks = (id = tabId) =>
  d.hub.browser
    .debugHandles()
    .page(id)
    ?.evaluate(() => (window as unknown as { clicks: string[] }).clicks);
const click = (name: string, id = tabId) => ({
  op: 'act',
  tabId: id,
  operation: 'click',
  role: 'button',
  name,
});

test('an unallowed click asks, showing the origin and the element, nothing of the path or query', async () => {
  const opened = await d.app.ok({
    op: 'open',
    url: site.url(`${SECRET_PATH}?access_token=sekrit#frag`),
  });
  tabId = String(opened.tabId);
  const result = await d.app.call(click('Publish'));
  expect(result).toMatchObject({
    ok: false,
    error: 'APPROVAL_REQUIRED',
    approval: {
      operation: 'click',
      origin: site.origin,
      tabId,
      target: { role: 'button', name: 'Publish' },
      grantable: true,
    },
  });
  // The prompt (what the model gets back) has the origin only; the panel's tab list never a query.
  const prompt = JSON.stringify(result);
  for (const secret of ['tok123', 'sekrit', '/reset', 'frag']) expect(prompt).not.toContain(secret);
  const panel = JSON.stringify(d.app.events);
  for (const secret of ['sekrit', 'access_token', 'frag']) expect(panel).not.toContain(secret);
  // Asked again before the person answers: the same prompt, not a second one.
  const again = await d.app.call(click('Publish'));
  expect(!again.ok && 'approval' in again && again.approval.requestId).toBe(
    !result.ok && 'approval' in result && result.approval.requestId,
  );
  expect(await clicks()).toEqual([]);
});

test('Allow once: the retry succeeds once; it cannot be spent on another element or text', async () => {
  const asked = await d.app.prompt(click('Publish'));
  d.app.answer(asked.requestId, 'once');
  await d.app.settle();
  expect(await d.app.prompt(click('Delete'))).toMatchObject({ target: { name: 'Delete' } });
  const done = await d.app.ok(click('Publish'));
  expect(done).toMatchObject({
    found: true,
    clicked: true,
    url: `${site.origin}${SECRET_PATH}`,
    untrusted: true,
  });
  expect(typeof done.generation).toBe('number');
  expect(await clicks()).toEqual(['publish']);
  const second = await d.app.prompt(click('Publish'));
  expect(second.requestId).not.toBe(asked.requestId);

  const typeA = { op: 'act', tabId, operation: 'type', role: 'textbox', name: 'Title', text: 'A' };
  const typeAsk = await d.app.prompt(typeA);
  expect(typeAsk.payloadSummary).toBe('Text: "A"');
  d.app.answer(typeAsk.requestId, 'once');
  await d.app.settle();
  expect((await d.app.prompt({ ...typeA, text: 'B' })).payloadSummary).toBe('Text: "B"');
  expect(await d.app.ok(typeA)).toMatchObject({ typed: true });
});

test('Deny drops the prompt; the next call asks anew', async () => {
  const asked = await d.app.prompt(click('Delete'));
  d.app.answer(asked.requestId, 'deny');
  await d.app.settle();
  const next = await d.app.prompt(click('Delete'));
  expect(next.requestId).not.toBe(asked.requestId);
});

test('Allow on this site grants that operation on that origin only; revoking asks again', async () => {
  const asked = await d.app.prompt(click('Delete'));
  d.app.answer(asked.requestId, 'site');
  // The one-shot covers the retry before the app's new configuration arrives.
  expect(await d.app.ok(click('Delete'))).toMatchObject({ clicked: true });
  d.app.config({ grants: [{ origin: site.origin, operations: ['click'] }] });
  expect(await d.app.ok(click('Publish'))).toMatchObject({ clicked: true });
  expect(await d.app.ok(click('Publish'))).toMatchObject({ clicked: true });
  const typing = { op: 'act', tabId, operation: 'type', role: 'textbox', name: 'Title', text: 'C' };
  expect(await d.app.prompt(typing)).toMatchObject({ operation: 'type' });
  const elsewhere = String((await d.app.ok({ op: 'open', url: other.url('/form') })).tabId);
  expect(await d.app.prompt(click('Publish', elsewhere))).toMatchObject({ origin: other.origin });
  d.app.config({ grants: [] });
  expect(await d.app.prompt(click('Publish'))).toMatchObject({ origin: site.origin });
  await d.app.ok({ op: 'close', tabId: elsewhere });
});

test('an act by ref needs a standing grant; a ref from before a navigation is stale', async () => {
  const snapshot = await d.app.ok({ op: 'read', tabId, format: 'nodes' });
  const nodes = snapshot.snapshot as { role: string; name: string; ref: string }[];
  const publish = nodes.find((n) => n.role === 'button' && n.name === 'Publish');
  expect(publish?.ref).toMatch(/^e\d+$/);
  const byRef = { op: 'act', tabId, operation: 'click', ref: publish?.ref };
  const refused = await d.app.call(byRef);
  expect(refused).toMatchObject({
    ok: false,
    error: 'INVALID_ARGUMENT',
    message: expect.stringContaining('role and name'),
  });
  d.app.config({ grants: [{ origin: site.origin, operations: ['click'] }] });
  const before = (await clicks())?.length ?? 0;
  expect(await d.app.ok(byRef)).toMatchObject({ clicked: true });
  expect(await clicks()).toHaveLength(before + 1);
  await d.app.ok({ op: 'navigate', tabId, url: site.url('/form') });
  expect(await d.app.call(byRef)).toMatchObject({ ok: false, error: 'STALE_REF' });
  await d.app.ok({ op: 'read', tabId });
  d.app.config({ grants: [] });
});

test('a navigation withdraws the pending prompt, and an unspent Allow once does not survive it', async () => {
  const pending = await d.app.prompt(click('Delete'));
  const spendable = await d.app.prompt(click('Publish'));
  d.app.answer(spendable.requestId, 'once');
  await d.app.settle();
  await d.app.ok({ op: 'navigate', tabId, url: site.url('/form') });
  await expect
    .poll(() =>
      d.app.events.some(
        (e: DriverEvent) => e.type === 'approval-withdrawn' && e.requestId === pending.requestId,
      ),
    )
    .toBe(true);
  const after = await d.app.prompt(click('Publish'));
  expect(after.requestId).not.toBe(spendable.requestId);
  expect(after.generation).toBeGreaterThan(spendable.generation);
  // An answer to the withdrawn prompt mints nothing.
  d.app.answer(pending.requestId, 'once');
  await d.app.settle();
  await d.app.prompt(click('Delete'));
});

test('execute_js asks every time, shows the script, and marks its result untrusted', async () => {
  const script = 'return document.title + " " + 2 * 21;';
  const asked = await d.app.prompt({ op: 'execute_js', tabId, script });
  expect(asked).toMatchObject({ operation: 'eval', script, grantable: false });
  d.app.answer(asked.requestId, 'site');
  d.app.config({ grants: [{ origin: site.origin, operations: ['eval'] }] });
  expect(await d.app.ok({ op: 'execute_js', tabId, script })).toMatchObject({
    result: 'Account 42',
    untrusted: true,
  });
  expect(await d.app.prompt({ op: 'execute_js', tabId, script })).toMatchObject({
    operation: 'eval',
  });
  const other = await d.app.prompt({ op: 'execute_js', tabId, script: 'return 1' });
  expect(other.script).toBe('return 1');
  d.app.answer(other.requestId, 'once');
  await d.app.settle();
  expect(await d.app.call({ op: 'execute_js', tabId, script: 'return 2' })).toMatchObject({
    error: 'APPROVAL_REQUIRED',
  });
  const thrower = await d.app.prompt({
    op: 'execute_js',
    tabId,
    script: 'throw new Error("nope")',
  });
  d.app.answer(thrower.requestId, 'once');
  await d.app.settle();
  expect(
    await d.app.call({ op: 'execute_js', tabId, script: 'throw new Error("nope")' }),
  ).toMatchObject({
    ok: false,
    message: expect.stringContaining('nope'),
  });
  d.app.config({ grants: [] });
});

test('style, key and scroll ask with what they would do, and each approval fits only its payload', async () => {
  const hide = { op: 'style', tabId, selector: 'h1', set: { display: 'none' } };
  const styleAsk = await d.app.prompt(hide);
  expect(styleAsk).toMatchObject({ operation: 'style', grantable: true });
  expect(styleAsk.payloadSummary).toContain('display');
  d.app.answer(styleAsk.requestId, 'once');
  await d.app.settle();
  expect(await d.app.prompt({ ...hide, set: { display: 'block' } })).toMatchObject({
    operation: 'style',
  });
  expect(await d.app.ok(hide)).toMatchObject({ styled: 1 });
  const page = d.hub.browser.debugHandles().page(tabId);
  expect(await page?.evaluate(() => getComputedStyle(document.querySelector('h1')!).display)).toBe(
    'none',
  );

  const key = { op: 'act', tabId, operation: 'key', key: 'Enter', modifiers: { ctrl: true } };
  const keyAsk = await d.app.prompt(key);
  expect(keyAsk).toMatchObject({ operation: 'key', payloadSummary: 'Key: Ctrl+Enter' });
  d.app.answer(keyAsk.requestId, 'once');
  await d.app.settle();
  expect(await d.app.prompt({ ...key, modifiers: {} })).toMatchObject({
    payloadSummary: 'Key: Enter',
  });
  expect(await d.app.ok(key)).toMatchObject({ pressed: true });

  const scroll = { op: 'act', tabId, operation: 'scroll', dy: 400 };
  const scrollAsk = await d.app.prompt(scroll);
  d.app.answer(scrollAsk.requestId, 'once');
  await d.app.settle();
  expect(await d.app.prompt({ ...scroll, dy: 800 })).toMatchObject({ operation: 'scroll' });
  expect(await d.app.ok(scroll)).toMatchObject({ scrolled: true });
  expect(await page?.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});
