/**
 * What the AI is told about a page, end to end: the SDK client through vmark-relay, the hub and
 * the real app to the AI's Chromium on local pages. Gates (31–34), extract (35, 36, 38, 38b),
 * wait_for (39), navigation tickets (40) and the console (41) of the browser tools' conformance
 * list.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { closeAiApp, openAiApp, settleAiBrowser } from './support/aiBrowser';
import { GATE_PAGES, NAVIGATION_PAGES } from './support/driverPages';
import { call, connectClient } from './support/mcp';
import { startPageServer, type PageServer } from './support/pageServer';

/** A response the test holds back until it says so, and knows when it was asked for. */
class Held {
  asked = false;
  #waiting: ServerResponse[] = [];
  #released = false;
  constructor(private readonly body: string) {}

  readonly route = (_req: IncomingMessage, res: ServerResponse) => {
    this.asked = true;
    if (this.#released) this.#send(res);
    else this.#waiting.push(res);
  };

  release(): void {
    this.#released = true;
    for (const res of this.#waiting.splice(0)) this.#send(res);
  }

  #send(res: ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(this.body);
  }
}

const later = new Held('ok');
const stuck = new Held('<title>Stuck</title>');

/** Shows a button and a line of text, and moves its address, once the test releases `/release`. */
const HELD_PAGE = `<!doctype html><title>Held</title><h1>Waiting</h1><button>Present</button><script>
  fetch('/release').then(() => {
    document.body.insertAdjacentHTML('beforeend', '<button>Appeared</button><p>Fresh text</p>');
    history.pushState({}, '', '/held/done?secret=1#frag');
  });
</script>`;

const FENCES = `<!doctype html><title>Fences</title><article><h1>Fences</h1>
<p>A paragraph long enough to count as the article, about code fences in markdown, and more.</p>
<pre>before
\`\`\`
inside
\`\`\`</pre></article>`;

/** Short article, then more than 2,000,000 code units of script the capture cuts. */
const BULKY = `<!doctype html><title>Bulky</title><article><h1>Bulky</h1>
<p>The article itself is short, but the page carries a very large script after it.</p></article>
<script>/*${'x'.repeat(2_100_000)}*/</script>`;

/** A long article: its markdown alone is far past one answer's 75,000 bytes. */
const LONG_ARTICLE = `<!doctype html><title>Long read | Site</title><article><h1>The long read</h1>
<p class="byline">Grace</p>
${Array.from(
  { length: 1_500 },
  (_, i) =>
    `<p>Paragraph ${i + 1} of the long read: a café, a naïve reader and a smile 😀, told at some length.</p>`,
).join('\n')}</article>`;

let page: Page;
let client: Client;
let site: PageServer;
let tabId: string;

test.beforeAll(async ({ browser }) => {
  site = await startPageServer({
    ...GATE_PAGES,
    ...NAVIGATION_PAGES,
    '/fences': FENCES,
    '/bulky': BULKY,
    '/long-read': LONG_ARTICLE,
    '/held': HELD_PAGE,
    '/release': later.route,
    '/stuck': stuck.route,
  });
  page = await openAiApp(browser);
  client = await connectClient('Pages Test');
});

test.beforeEach(async () => {
  const r = await call(client, 'browser', { action: 'open', url: site.url('/hello') });
  expect(r.isError, r.text).toBe(false);
  tabId = r.data.tabId as string;
});

test.afterEach(async () => {
  await settleAiBrowser(page);
});

test.afterAll(async () => {
  stuck.release();
  later.release();
  await closeAiApp(page, client);
  await site?.close();
});

function navigate(path: string, extra: Record<string, unknown> = {}) {
  return call(client, 'browser', { action: 'navigate', url: site.url(path), tabId, ...extra });
}

function read(action: string, args: Record<string, unknown> = {}) {
  return call(client, 'browser_read', { action, tabId, ...args });
}

/** The gate kind a loaded page carries, or null. */
async function gateOf(path: string): Promise<string | null> {
  const r = await navigate(path);
  expect(r.isError, r.text).toBe(false);
  return (r.data.gate as { kind: string } | undefined)?.kind ?? null;
}

test('31. a login wall is a visible password field on a sign-in page, not a hidden one, not an article', async () => {
  const r = await navigate('/login');
  expect(r.data.gate).toEqual({ kind: 'login-required', hint: expect.stringMatching(/person/) });
  expect(await gateOf('/login-hidden')).toBeNull();
  expect(await gateOf('/article')).toBeNull();
});

test('32. a consent page on a /consent/ path; cookie text on an ordinary page is no gate', async () => {
  expect(await gateOf('/consent/')).toBe('consent');
  expect(await gateOf('/news')).toBeNull();
});

test('33. a human check: a rendered widget or the phrases on a terse page; not a 1-px widget, not an article', async () => {
  expect(await gateOf('/challenge')).toBe('challenge');
  expect(await gateOf('/challenge-tiny')).toBeNull();
  expect(await gateOf('/moment')).toBe('challenge');
  expect(await gateOf('/moment-long')).toBeNull();
});

test('34. a rate limit from its title and text, never from a $429 price', async () => {
  expect(await gateOf('/429')).toBe('rate-limited');
  expect(await gateOf('/price')).toBeNull();
});

test('35. extract reads the article only: title from h1, byline, absolute links, no menu or footer', async () => {
  expect((await navigate('/story?x=1#top')).isError).toBe(false);
  const r = await read('extract');
  expect(r.isError, r.text).toBe(false);
  expect(r.data).toMatchObject({
    title: 'The story',
    byline: 'Ada',
    url: site.url('/story'),
    truncated: false,
    untrusted: true,
  });
  const markdown = r.data.markdown as string;
  expect(markdown).toContain('First paragraph of the story');
  expect(markdown).toContain(`(${site.url('/next')})`);
  expect(markdown).not.toContain('Footer text');
  expect(markdown).not.toContain('Menu');
  expect(r.text).not.toContain('x=1');
});

test('36. extract escapes page text: "# Sale" stays text, and a pre holding ``` gets a longer fence', async () => {
  await navigate('/story');
  expect((await read('extract')).data.markdown).toContain('\\# Not a heading');
  await navigate('/fences');
  const markdown = (await read('extract')).data.markdown as string;
  expect(markdown).toContain('````\nbefore\n```\ninside\n```\n````');
});

test('38. a page past the 2,000,000-unit capture cap: extract says truncated, with short markdown or long', async () => {
  await navigate('/bulky');
  const r = await read('extract');
  expect(r.isError, r.text).toBe(false);
  expect(r.data).toMatchObject({ title: 'Bulky', truncated: true });
  expect(r.data.markdown).toContain('The article itself is short');
  // Past the cap with markdown past one answer's 75,000 bytes (SPEC §2) too: one long line, cut
  // at a space, and the note names both cuts.
  await navigate('/huge');
  const huge = await read('extract');
  expect(huge.isError, huge.text).toBe(false);
  expect(JSON.parse(huge.text)).toEqual(huge.data);
  expect(Buffer.byteLength(huge.text)).toBeLessThanOrEqual(75_000);
  expect(huge.data).toMatchObject({
    title: 'Huge',
    url: site.url('/huge'),
    truncated: true,
    markdownShown: (huge.data.markdown as string).length,
    truncation_note: expect.stringContaining('capture cap'),
  });
  expect(huge.data.markdownLength as number).toBeGreaterThan(1_900_000);
  const hugeMarkdown = huge.data.markdown as string;
  const ends = `${hugeMarkdown.slice(0, 30)}…${hugeMarkdown.slice(-30)}`;
  expect(/^# Huge\n\n(word )+word$/.test(hugeMarkdown), ends).toBe(true);
});

test('38b. extract of an article whose markdown passes 75,000 bytes: the extract shape, cut at a paragraph', async () => {
  expect((await navigate('/long-read?page=2#part')).isError).toBe(false);
  const r = await read('extract');
  expect(r.isError, r.text).toBe(false);
  expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(75_000);
  expect(JSON.parse(r.text)).toEqual(r.data);
  expect(r.data).toMatchObject({
    tabId,
    title: 'The long read',
    byline: 'Grace',
    url: site.url('/long-read'),
    truncated: true,
    untrusted: true,
    truncation_note: expect.stringContaining('query it with a CSS selector'),
  });
  expect(r.text).not.toContain('page=2');
  expect(r.data.textLength as number).toBeGreaterThan(100_000);
  const markdown = r.data.markdown as string;
  expect(r.data.markdownShown).toBe(markdown.length);
  expect(r.data.markdownLength as number).toBeGreaterThan(markdown.length);
  expect(markdown).toContain('Paragraph 1 of the long read: a café, a naïve reader and a smile 😀');
  expect(markdown.endsWith('told at some length.'), markdown.slice(-60)).toBe(true);
  expect(markdown).not.toContain('Paragraph 1500 ');
  // The small fields come before the markdown, so even a client that shows only the start has them.
  expect(r.text.indexOf('"textLength"')).toBeLessThan(r.text.indexOf('"markdown"'));
});

test('39. wait_for in each mode, a timeout as matched:false, and its refusals', async () => {
  await navigate('/held');
  const nodes = await read('read', { format: 'nodes' });
  const snapshot = nodes.data.snapshot as { name: string; ref: string }[];
  const present = snapshot.find((n) => n.name === 'Present');
  expect(snapshot.map((n) => n.name)).not.toContain('Appeared');
  expect((await read('wait_for', { ref: present?.ref })).data).toMatchObject({
    matched: true,
    ref: present?.ref,
  });

  const appeared = read('wait_for', { role: 'button', name: 'Appeared', timeoutMs: 12_000 });
  await expect.poll(() => later.asked).toBe(true);
  later.release();
  expect((await appeared).data).toMatchObject({ matched: true, ref: expect.stringMatching(/^e/) });
  expect((await read('wait_for', { text: 'Fresh text', timeoutMs: 5_000 })).data).toMatchObject({
    matched: true,
  });
  const moved = await read('wait_for', { urlContains: '/held/done', timeoutMs: 5_000 });
  expect(moved.data).toMatchObject({ matched: true, url: site.url('/held/done') });
  expect(moved.text).not.toMatch(/secret|frag/);
  expect((await read('wait_for', { text: 'Never there', timeoutMs: 200 })).data).toMatchObject({
    matched: false,
    reason: 'timeout',
  });

  for (const [args, says] of [
    [{ text: 'Fresh text', role: 'button', name: 'Appeared' }, 'exactly one of'],
    [{ text: 'Fresh text', timeoutMs: 0 }, 'from 1 to 12,000'],
    [{ text: 'Fresh text', timeoutMs: 12_001 }, 'from 1 to 12,000'],
    [{ urlContains: 'done?secret=1' }, 'must not contain "?" or "#"'],
    [{ urlContains: 'done#frag' }, 'must not contain "?" or "#"'],
  ] as const) {
    const r = await read('wait_for', args);
    expect(r.isError, JSON.stringify(args)).toBe(true);
    expect(r.text, JSON.stringify(args)).toContain(says);
  }
});

test('40. navigation tickets: TIMEOUT then wait gets the load; a second navigation supersedes; 404 and a closed port fail', async () => {
  const slow = await navigate('/slow', { timeoutMs: 100 });
  expect(slow.data).toMatchObject({
    error: 'TIMEOUT',
    navigationId: expect.stringMatching(/^nav-/),
  });
  const loaded = await read('wait', { navigationId: slow.data.navigationId });
  expect(loaded.data, loaded.text).toMatchObject({
    navigationId: slow.data.navigationId,
    title: 'Slow',
    url: site.url('/slow'),
    loading: false,
  });

  const first = navigate('/stuck');
  await expect.poll(() => stuck.asked).toBe(true);
  const second = await navigate('/hello');
  expect(second.data, second.text).toMatchObject({ title: 'Hello' });
  expect((await first).data).toMatchObject({ error: 'NAVIGATION_SUPERSEDED' });
  stuck.release();

  expect((await navigate('/missing')).data).toMatchObject({ error: 'NAVIGATION_FAILED' });
  const closed = await startPageServer();
  await closed.close();
  const refused = await call(client, 'browser', {
    action: 'navigate',
    url: closed.url('/'),
    tabId,
  });
  expect(refused.data).toMatchObject({
    error: 'NAVIGATION_FAILED',
    message: expect.stringContaining('ERR_CONNECTION_REFUSED'),
  });
});

test('41. console: logs, uncaught errors and unhandled rejections; the last 200 kept, 2,000 characters each; console_clear empties', async () => {
  await navigate('/noisy');
  await expect
    .poll(async () => {
      const entries = (await read('console')).data.entries as { text: string }[];
      return entries.some((e) => e.text.startsWith('Unhandled rejection:'));
    })
    .toBe(true);
  const r = await read('console');
  expect(r.data).toMatchObject({ url: site.url('/noisy'), untrusted: true });
  const entries = r.data.entries as { level: string; text: string }[];
  expect(entries).toHaveLength(200);
  expect(entries.some((e) => e.text === 'line 49')).toBe(false);
  expect(entries).toContainEqual({ level: 'log', text: 'line 249' });
  expect(entries.find((e) => e.level === 'warn')?.text).toBe('x'.repeat(2000));
  expect(entries).toContainEqual({ level: 'error', text: 'Uncaught Error: boom' });
  expect(entries).toContainEqual({
    level: 'error',
    text: 'Unhandled rejection: Error: nobody caught me',
  });
  const cleared = await call(client, 'browser', { action: 'console_clear', tabId });
  expect((cleared.data.entries as unknown[]).length).toBe(200);
  expect((await read('console')).data.entries).toEqual([]);
});
