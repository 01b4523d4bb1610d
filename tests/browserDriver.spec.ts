/**
 * The hub's browser driver, driven over the `/app` socket as the app drives it: launch and idle
 * close, the tab limit, navigation tickets, the navigation rules, console, screenshots and the
 * switch that turns everything off.
 */
import { expect, test } from '@playwright/test';
import {
  chromiumChildren,
  ignoreRunningBrowsers,
  jpegSize,
  startDriverHub,
  type DriverHub,
} from './support/driverApp';
import { NAVIGATION_PAGES } from './support/driverPages';
import { startPageServer, type PageServer } from './support/pageServer';

let site: PageServer;
let d: DriverHub;
let popupHits = 0;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startPageServer({
    ...NAVIGATION_PAGES,
    '/opener': `<title>Opener</title>
      <button onclick="window.open('/popup-target?t=1')">Pop</button>
      <button onclick="window.open('/popup-target?t=2', '_blank', 'noopener')">Pop alone</button>
      <a href="/popup-target?t=3" target="_blank" rel="noopener noreferrer">Elsewhere</a>
      <button onclick="window.open('http://10.0.0.1/admin?t=4')">Pop home</button>`,
    // A frame of another site (its own process) that opens a popup as it loads.
    '/framed': (req, res) => {
      const frame = `http://localhost:${new URL(`http://${req.headers.host}`).port}/frame-opener`;
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<title>Framed</title><iframe src="${frame}"></iframe>`);
    },
    '/frame-opener': `<script>window.open('/popup-target?t=5')</script>`,
    '/popup-target': (_req, res) => {
      popupHits++;
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Popup</title>');
    },
    '/redirect-home': (_req, res) => {
      res.writeHead(302, { location: 'http://10.0.0.1/admin' }).end();
    },
  });
  ignoreRunningBrowsers();
  d = await startDriverHub({ idleMs: 1500 });
});

test.afterAll(async () => {
  if (d?.hub.browser.running !== false) await d?.close().catch(() => undefined);
  await site?.close();
});

test('no Chromium runs before the first browser command; the first open starts it', async () => {
  expect(d.hub.browser.running).toBe(false);
  expect(chromiumChildren()).toBe(0);
  const tabs = await d.app.ok({ op: 'tabs' });
  expect(tabs.tabs).toEqual([]);
  expect(d.hub.browser.running).toBe(false);
  const opened = await d.app.ok({ op: 'open', url: site.url('/hello?token=abc#x') });
  expect(opened).toMatchObject({
    tabId: expect.stringMatching(/^btab-\d+$/),
    url: `${site.origin}/hello`,
    title: 'Hello',
    navigationId: expect.stringMatching(/^nav-/),
    loading: false,
    untrusted: true,
  });
  expect(JSON.stringify(opened)).not.toContain('token=abc');
  expect(d.hub.browser.running).toBe(true);
  expect(chromiumChildren()).toBeGreaterThan(0);
  expect(d.app.events).toContainEqual({ type: 'browser-state', running: true });
  const tabEvent = d.app.events.filter((e) => e.type === 'tabs').at(-1);
  expect(tabEvent).toMatchObject({
    type: 'tabs',
    tabs: [{ tabId: opened.tabId, url: `${site.origin}/hello`, human: false }],
  });
});

test('navigation tickets: TIMEOUT keeps the ticket, wait gets the load; superseded; 404 and refused connections fail', async () => {
  const slow = await d.app.call({ op: 'navigate', url: site.url('/slow'), timeoutMs: 100 });
  expect(slow).toMatchObject({ ok: false, error: 'TIMEOUT' });
  const navigationId = !slow.ok && 'details' in slow ? slow.details?.navigationId : undefined;
  expect(navigationId).toMatch(/^nav-/);
  const loaded = await d.app.ok({ op: 'wait', navigationId });
  expect(loaded).toMatchObject({
    navigationId,
    title: 'Slow',
    loading: false,
    url: `${site.origin}/slow`,
  });

  const first = d.app.call({ op: 'navigate', url: site.url('/slow') });
  await new Promise((r) => setTimeout(r, 200));
  const second = await d.app.ok({ op: 'navigate', url: site.url('/hello') });
  expect(second.title).toBe('Hello');
  expect(await first).toMatchObject({ ok: false, error: 'NAVIGATION_SUPERSEDED' });

  expect(await d.app.call({ op: 'navigate', url: site.url('/missing') })).toMatchObject({
    ok: false,
    error: 'NAVIGATION_FAILED',
  });
  const closed = await startPageServer();
  await closed.close();
  expect(await d.app.call({ op: 'navigate', url: closed.url('/') })).toMatchObject({
    ok: false,
    error: 'NAVIGATION_FAILED',
    message: expect.stringContaining('ERR_CONNECTION_REFUSED'),
  });
});

test('the navigation rules: blocked and invalid addresses, redirects into the local network', async () => {
  expect(
    await d.app.call({ op: 'navigate', url: `http://127.0.0.1:${d.hub.port}/` }),
  ).toMatchObject({
    error: 'NAVIGATION_BLOCKED',
  });
  expect(await d.app.call({ op: 'navigate', url: site.url('/redirect-home') })).toMatchObject({
    error: 'NAVIGATION_BLOCKED',
  });
  // Subframes of AI tabs pass the same rules: a frame of the hub itself never loads.
  const framing = await d.app.ok({ op: 'open', url: site.url('/hello') });
  const page = d.hub.browser.debugHandles().page(String(framing.tabId));
  const failed = page!.waitForEvent('requestfailed');
  await page!.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
  }, `http://127.0.0.1:${d.hub.port}/`);
  expect((await failed).failure()?.errorText).toBe('net::ERR_BLOCKED_BY_CLIENT');
  await d.app.ok({ op: 'close', tabId: framing.tabId });
  d.app.config({ allowLoopback: false });
  for (const url of [site.url('/hello'), 'http://x.local/', 'file:///etc/passwd']) {
    expect(await d.app.call({ op: 'open', url }), url).toMatchObject({
      ok: false,
      error: 'NAVIGATION_BLOCKED',
    });
  }
  for (const url of ['https://user:pw@example.com/', 'not a url', 'http://exa\\mple.com/']) {
    expect(await d.app.call({ op: 'open', url }), url).toMatchObject({
      ok: false,
      error: 'INVALID_URL',
    });
  }
  d.app.config({});
});

test('console: page output, uncaught errors and unhandled rejections; 200 kept; 2,000 characters; clear', async () => {
  const tab = await d.app.ok({ op: 'open', url: site.url('/noisy') });
  await expect
    .poll(async () => {
      const c = await d.app.ok({ op: 'console', tabId: tab.tabId });
      return (c.entries as { text: string }[]).some((e) =>
        e.text.startsWith('Unhandled rejection:'),
      );
    })
    .toBe(true);
  const { entries, untrusted } = await d.app.ok({ op: 'console', tabId: tab.tabId });
  const list = entries as { level: string; text: string }[];
  expect(untrusted).toBe(true);
  expect(list).toHaveLength(200);
  expect(list.some((e) => e.text === 'line 49')).toBe(false);
  expect(list.some((e) => e.text === 'line 249')).toBe(true);
  const long = list.find((e) => e.level === 'warn');
  expect(long?.text).toHaveLength(2000);
  expect(list).toContainEqual({ level: 'error', text: 'Uncaught Error: boom' });
  expect(list).toContainEqual({
    level: 'error',
    text: 'Unhandled rejection: Error: nobody caught me',
  });
  const cleared = await d.app.ok({ op: 'console_clear', tabId: tab.tabId });
  expect((cleared.entries as unknown[]).length).toBe(200);
  expect((await d.app.ok({ op: 'console', tabId: tab.tabId })).entries).toEqual([]);
  await d.app.ok({ op: 'close', tabId: tab.tabId });
});

test('screenshot: a JPEG at most 1,600 px wide, even from a 2,000-px viewport', async () => {
  const tab = await d.app.ok({ op: 'open', url: site.url('/wide') });
  const page = d.hub.browser.debugHandles().page(String(tab.tabId));
  await page?.setViewportSize({ width: 2000, height: 1000 });
  const shot = await d.app.call({ op: 'screenshot', tabId: tab.tabId });
  expect(shot.ok).toBe(true);
  if (!shot.ok) return;
  expect(shot.image?.mimeType).toBe('image/jpeg');
  const size = jpegSize(shot.image?.base64 ?? '');
  expect(size.width).toBe(1600);
  expect(size.height).toBe(800);
  const small = await d.app.call({ op: 'thumbnail', tabId: tab.tabId });
  expect(small.ok && jpegSize(small.image?.base64 ?? '').width).toBe(320);
  await d.app.ok({ op: 'close', tabId: tab.tabId });
});

const POPUPS = [
  { how: 'window.open', role: 'button', name: 'Pop', url: '/popup-target' },
  { how: 'window.open with noopener', role: 'button', name: 'Pop alone', url: '/popup-target' },
  {
    how: 'a target=_blank rel=noopener link',
    role: 'link',
    name: 'Elsewhere',
    url: '/popup-target',
  },
  { how: 'window.open to a blocked address', role: 'button', name: 'Pop home', url: null },
];

for (const popup of POPUPS) {
  test(`a popup an AI tab opens (${popup.how}) is closed and reported, never a tab`, async () => {
    d.app.config({ grants: [{ origin: site.origin, operations: ['click'] }] });
    const tab = await d.app.ok({ op: 'open', url: site.url('/opener') });
    const before = (await d.app.ok({ op: 'tabs' })).tabs as { tabId: string }[];
    const eventsBefore = d.app.events.length;
    const hitsBefore = popupHits;
    const clicked = await d.app.ok({
      op: 'act',
      tabId: tab.tabId,
      operation: 'click',
      role: popup.role,
      name: popup.name,
    });
    expect(clicked).toMatchObject({
      clicked: true,
      url: `${site.origin}/opener`,
      popup: {
        url: popup.url ? `${site.origin}${popup.url}` : 'http://10.0.0.1/admin',
        blocked: true,
      },
    });
    expect(JSON.stringify(clicked)).not.toMatch(/t=\d/);
    // By the time the act answers, the popup is gone; it never was a tab, the person's or an AI's.
    const after = (await d.app.ok({ op: 'tabs' })).tabs as { tabId: string; human: boolean }[];
    expect(after.map((t) => t.tabId)).toEqual(before.map((t) => t.tabId));
    expect(after.some((t) => t.human)).toBe(false);
    const listed = d.app.events
      .slice(eventsBefore)
      .flatMap((e) => (e.type === 'tabs' ? e.tabs.map((t) => t.tabId) : []));
    expect(new Set(listed)).toEqual(new Set(before.map((t) => t.tabId)));
    expect(d.hub.browser.debugHandles().context?.pages()).toHaveLength(after.length);
    // It loaded nothing.
    expect(popupHits).toBe(hitsBefore);
    await d.app.ok({ op: 'close', tabId: tab.tabId });
    d.app.config({});
  });
}

test('a popup that a cross-origin frame of an AI tab opens is closed, never a tab', async () => {
  const tab = await d.app.ok({ op: 'open', url: site.url('/hello') });
  const before = (await d.app.ok({ op: 'tabs' })).tabs as { tabId: string }[];
  const eventsBefore = d.app.events.length;
  const context = d.hub.browser.debugHandles().context!;
  const appeared = context.waitForEvent('page', (p) => p.url().includes('/popup-target'));
  await d.app.ok({ op: 'navigate', url: site.url('/framed') });
  const popup = await appeared;
  if (!popup.isClosed()) await popup.waitForEvent('close');
  const after = (await d.app.ok({ op: 'tabs' })).tabs as { tabId: string; human: boolean }[];
  expect(after.map((t) => t.tabId)).toEqual(before.map((t) => t.tabId));
  const listed = d.app.events
    .slice(eventsBefore)
    .flatMap((e) => (e.type === 'tabs' ? e.tabs.map((t) => t.tabId) : []));
  expect(new Set(listed)).toEqual(new Set(before.map((t) => t.tabId)));
  expect(context.pages()).toHaveLength(after.length);
  await d.app.ok({ op: 'close', tabId: tab.tabId });
});

test('at most 8 AI tabs: the ninth open is refused with TAB_LIMIT', async () => {
  const open = (await d.app.ok({ op: 'tabs' })).tabs as unknown[];
  for (let i = open.length; i < 8; i++) await d.app.ok({ op: 'open', url: site.url('/hello') });
  const ninth = await d.app.call({ op: 'open', url: site.url('/hello') });
  expect(ninth).toMatchObject({
    ok: false,
    error: 'TAB_LIMIT',
    message: expect.stringContaining('8'),
  });
});

test('BROWSER_DISABLED for every command while the tools are off', async () => {
  const ops = [
    { op: 'read' },
    { op: 'screenshot' },
    { op: 'query', selector: 'a' },
    { op: 'extract' },
    { op: 'console' },
    { op: 'wait' },
    { op: 'wait_for', text: 'x' },
    { op: 'act', operation: 'click', role: 'button', name: 'x' },
    { op: 'open', url: site.url('/hello') },
    { op: 'navigate', url: site.url('/hello') },
    { op: 'style', injectCss: 'p{}' },
    { op: 'execute_js', script: 'return 1' },
    { op: 'session_save', handle: 'h' },
    { op: 'session_load', handle: 'h' },
    { op: 'console_clear' },
    { op: 'tabs' },
    { op: 'thumbnail', tabId: 'btab-1' },
    { op: 'close', tabId: 'btab-1' },
    { op: 'front', tabId: 'btab-1' },
  ];
  d.app.config({ enabled: false });
  for (const cmd of ops) {
    expect(await d.app.call(cmd), cmd.op).toMatchObject({ ok: false, error: 'BROWSER_DISABLED' });
  }
  // Turning the tools off closed the AI's browser.
  await expect.poll(() => d.hub.browser.running).toBe(false);
  d.app.config({});
});

test('the browser closes itself when no AI tab is left and no command came for a while', async () => {
  const tab = await d.app.ok({ op: 'open', url: site.url('/hello') });
  expect(d.hub.browser.running).toBe(true);
  await d.app.ok({ op: 'close', tabId: tab.tabId });
  await expect.poll(() => d.hub.browser.running, { timeout: 10_000 }).toBe(false);
  await expect.poll(() => chromiumChildren(), { timeout: 10_000 }).toBe(0);
  expect(d.app.events.at(-1)).toEqual({ type: 'browser-state', running: false });
});

test('stopping the hub closes the browser of AI tabs', async () => {
  await d.app.ok({ op: 'open', url: site.url('/hello') });
  expect(chromiumChildren()).toBeGreaterThan(0);
  await d.close();
  expect(d.hub.browser.running).toBe(false);
  await expect.poll(() => chromiumChildren(), { timeout: 10_000 }).toBe(0);
});
