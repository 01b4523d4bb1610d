/**
 * Whose tab, whose cookies: tabs the person opens in the AI's window need an attachment; the
 * shared profile asks for each new destination; the sandbox's cookies stay in the sandbox and die
 * with it; saved sessions come back only by handle, with approval, on their own origin.
 */
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startDriverHub, type DriverHub } from './support/driverApp';
import { COOKIE_PAGE, NOTES_PAGE as PAGE } from './support/driverPages';
import { startPageServer, type PageServer } from './support/pageServer';

let site: PageServer;
let other: PageServer;
let third: PageServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startPageServer({ '/notes': PAGE, '/jar': COOKIE_PAGE, '/next': PAGE });
  third = await startPageServer({ '/notes': PAGE });
  other = await startPageServer({
    '/notes': PAGE,
    '/jar': COOKIE_PAGE,
    '/away': `<title>Away</title><a href="${third.url('/notes')}">Away</a>`,
  });
});

test.afterAll(async () => {
  await site?.close();
  await other?.close();
  await third?.close();
});

test.describe('a tab the person opened', () => {
  let d: DriverHub;
  let human: string;

  test.beforeAll(async () => {
    d = await startDriverHub();
    // The AI's window exists once an AI tab does; the person then opens a tab of their own.
    await d.app.ok({ op: 'open', url: site.url('/notes') });
    const context = d.hub.browser.debugHandles().context;
    const page = await context!.newPage();
    await page.goto(site.url('/notes?mine=1'));
    await expect
      .poll(
        () =>
          (
            d.app.events.filter((e) => e.type === 'tabs').at(-1) as {
              tabs: { human: boolean; tabId: string }[];
            }
          )?.tabs.find((t) => t.human)?.tabId,
      )
      .toBeTruthy();
    const tabs = (await d.app.ok({ op: 'tabs' })).tabs as { tabId: string; human: boolean }[];
    human = tabs.find((t) => t.human)!.tabId;
  });

  test.afterAll(async () => d?.close());

  test('needs an attachment for any read; once covers exactly one; wait_for needs more', async () => {
    const refused = await d.app.call({ op: 'read', tabId: human });
    expect(refused).toMatchObject({ ok: false, error: 'ATTACHMENT_REQUIRED' });
    const ask = await d.app.prompt({ op: 'read', tabId: human });
    expect(ask).toMatchObject({ operation: 'attach', origin: site.origin, tabId: human });
    d.app.answer(ask.requestId, 'once');
    await d.app.settle();
    expect((await d.app.ok({ op: 'read', tabId: human })).url).toBe(`${site.origin}/notes`);
    expect(await d.app.call({ op: 'screenshot', tabId: human })).toMatchObject({
      error: 'ATTACHMENT_REQUIRED',
    });
    const again = await d.app.prompt({ op: 'read', tabId: human });
    d.app.answer(again.requestId, 'once');
    await d.app.settle();
    expect(await d.app.call({ op: 'wait_for', tabId: human, text: 'Hello' })).toMatchObject({
      ok: false,
      error: 'ATTACHMENT_ONCE_INSUFFICIENT',
    });
  });

  test('until navigation covers repeated use, and lapses when the page navigates', async () => {
    // The once-attachment the refused wait_for left unspent goes on this read.
    await d.app.ok({ op: 'read', tabId: human });
    const ask = await d.app.prompt({ op: 'read', tabId: human });
    d.app.answer(ask.requestId, 'site');
    await d.app.settle();
    await d.app.ok({ op: 'read', tabId: human });
    await d.app.ok({ op: 'screenshot', tabId: human });
    expect(
      await d.app.ok({ op: 'wait_for', tabId: human, text: 'Hello', timeoutMs: 2000 }),
    ).toMatchObject({ matched: true });
    // A grant is never a substitute for the attachment, and acts still need their own approval.
    expect(
      await d.app.prompt({
        op: 'act',
        tabId: human,
        operation: 'click',
        role: 'button',
        name: 'Add',
      }),
    ).toMatchObject({ operation: 'click' });
    await d.hub.browser.debugHandles().page(human)!.goto(site.url('/next'));
    expect(await d.app.call({ op: 'read', tabId: human })).toMatchObject({
      error: 'ATTACHMENT_REQUIRED',
    });
  });

  test('is never the default tab, and keeps no console for the AI', async () => {
    const read = await d.app.ok({ op: 'read' });
    expect(read.tabId).not.toBe(human);
    const ask = await d.app.prompt({ op: 'read', tabId: human });
    d.app.answer(ask.requestId, 'site');
    await d.app.settle();
    expect(await d.app.call({ op: 'console', tabId: human })).toMatchObject({
      error: 'INVALID_ARGUMENT',
    });
  });
});

test('shared profile: each new destination asks, unless a navigate grant covers it', async () => {
  const d = await startDriverHub({
    config: { enabled: true, posture: 'shared', headless: true, allowLoopback: true, grants: [] },
  });
  try {
    const ask = await d.app.prompt({ op: 'open', url: site.url('/notes') });
    expect(ask).toMatchObject({ operation: 'navigate', origin: site.origin, grantable: true });
    d.app.answer(ask.requestId, 'once');
    await d.app.settle();
    const tab = await d.app.ok({ op: 'open', url: site.url('/notes') });
    await d.app.ok({ op: 'navigate', url: site.url('/next') });
    expect(await d.app.prompt({ op: 'navigate', url: other.url('/notes') })).toMatchObject({
      origin: other.origin,
      tabId: tab.tabId,
    });
    d.app.config({
      posture: 'shared',
      grants: [{ origin: other.origin, operations: ['navigate'] }],
    });
    expect(await d.app.ok({ op: 'navigate', url: other.url('/notes') })).toMatchObject({
      title: 'Notes',
    });
    expect(await d.app.ok({ op: 'read' })).toMatchObject({ url: `${other.origin}/notes` });
    expect(statSync(join(d.home, 'browser-profile')).isDirectory()).toBe(true);
    // A link the page follows to a third origin leaves the AI unable to read it until allowed.
    d.app.config({
      posture: 'shared',
      grants: [{ origin: other.origin, operations: ['navigate', 'click'] }],
    });
    await d.app.ok({ op: 'navigate', url: other.url('/away') });
    await d.app.ok({ op: 'act', operation: 'click', role: 'link', name: 'Away' });
    // Even waiting for the load is a read there.
    await expect
      .poll(async () => {
        const r = await d.app.call({ op: 'read' });
        return !r.ok && r.error === 'APPROVAL_REQUIRED' ? r.approval.origin : null;
      })
      .toBe(third.origin);
    const confined = await d.app.prompt({ op: 'read' });
    expect(confined).toMatchObject({ operation: 'navigate', origin: third.origin });
    d.app.answer(confined.requestId, 'once');
    await d.app.settle();
    expect(await d.app.ok({ op: 'read' })).toMatchObject({ url: `${third.origin}/notes` });
  } finally {
    await d.close();
  }
});

test('sandbox cookies stay in the sandbox and are gone after a restart; sessions come back by handle', async ({
  browser,
}) => {
  let d = await startDriverHub();
  const home = d.home;
  try {
    await d.app.ok({ op: 'open', url: site.url('/jar?set') });
    const jar = async () => {
      const r = await d.app.ok({ op: 'query', selector: '#jar' });
      return (r.elements as { text: string }[])[0]?.text;
    };
    expect(await jar()).toBe('sid=cookie-secret-1|storage-secret-2');
    // The person's own browser sees nothing of it.
    const person = await browser.newContext();
    const page = await person.newPage();
    await page.goto(site.url('/jar'));
    await expect(page.locator('#jar')).toHaveText('|');
    await page.evaluate(() => (document.cookie = 'mine=person; path=/'));
    await d.app.ok({ op: 'navigate', url: site.url('/jar') });
    expect(await jar()).toBe('sid=cookie-secret-1|storage-secret-2');
    await person.close();

    const save = await d.app.prompt({ op: 'session_save', handle: 'notes.site' });
    expect(save).toMatchObject({
      operation: 'session',
      grantable: false,
      payloadSummary: expect.stringContaining('notes.site'),
    });
    d.app.answer(save.requestId, 'once');
    await d.app.settle();
    const saved = await d.app.ok({ op: 'session_save', handle: 'notes.site' });
    expect(saved).toMatchObject({
      saved: true,
      handle: 'notes.site',
      localStorageKeys: 1,
      cookies: 1,
    });
    expect(JSON.stringify(saved)).not.toMatch(/secret/);
    const files = readdirSync(join(home, 'browser-sessions'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(home, 'browser-sessions', files[0])).toString('latin1')).not.toMatch(
      /secret|notes\.site/,
    );
    expect(statSync(join(home, 'browser-sessions.key')).mode & 0o777).toBe(0o600);
    await d.close();

    d = await startDriverHub({ home });
    await d.app.ok({ op: 'open', url: site.url('/jar') });
    expect(await jar()).toBe('|');
    expect(await d.app.call({ op: 'session_load', handle: 'nothing' })).toMatchObject({
      error: 'SESSION_NOT_FOUND',
    });
    const elsewhere = await d.app.ok({ op: 'open', url: other.url('/jar') });
    expect(
      await d.app.call({ op: 'session_load', handle: 'notes.site', tabId: elsewhere.tabId }),
    ).toMatchObject({
      error: 'SESSION_ORIGIN_MISMATCH',
    });
    await d.app.ok({ op: 'close', tabId: elsewhere.tabId });
    const load = await d.app.prompt({ op: 'session_load', handle: 'notes.site' });
    d.app.answer(load.requestId, 'once');
    await d.app.settle();
    expect(await d.app.ok({ op: 'session_load', handle: 'notes.site' })).toMatchObject({
      loaded: true,
      handle: 'notes.site',
    });
    // A load approval is spent; it is never a standing permission.
    expect(await d.app.call({ op: 'session_load', handle: 'notes.site' })).toMatchObject({
      error: 'APPROVAL_REQUIRED',
    });
    await d.app.ok({ op: 'navigate', url: site.url('/jar') });
    expect(await jar()).toBe('sid=cookie-secret-1|storage-secret-2');
  } finally {
    await d.close();
  }
});
