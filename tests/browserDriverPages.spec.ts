/**
 * What the driver tells the model about a loaded page: gates (login walls, consent, human checks,
 * rate limits) on local fixture pages, and wait_for in each of its modes.
 */
import { expect, test } from '@playwright/test';
import { startDriverHub, type DriverHub } from './support/driverApp';
import { GATE_PAGES as PAGES } from './support/driverPages';
import { startPageServer, type PageServer } from './support/pageServer';

let site: PageServer;
let d: DriverHub;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  site = await startPageServer(PAGES);
  d = await startDriverHub();
  await d.app.ok({ op: 'open', url: site.url('/news') });
});

test.afterAll(async () => {
  await d?.close();
  await site?.close();
});

const gateOf = async (path: string) => {
  const data = await d.app.ok({ op: 'navigate', url: site.url(path) });
  return (data.gate as { kind: string; hint: string } | undefined)?.kind ?? null;
};

test('login walls: a visible password field on a sign-in page, not a hidden one or an article', async () => {
  expect(await gateOf('/login')).toBe('login-required');
  expect(await gateOf('/login-hidden')).toBeNull();
  expect(await gateOf('/article')).toBeNull();
  const data = await d.app.ok({ op: 'navigate', url: site.url('/login') });
  expect((data.gate as { hint: string }).hint).toMatch(/person/);
});

test('consent pages on a consent path; cookie text elsewhere is no gate', async () => {
  expect(await gateOf('/consent/')).toBe('consent');
  expect(await gateOf('/news')).toBeNull();
});

test('human checks: a rendered widget, or the phrases on a terse page', async () => {
  expect(await gateOf('/challenge')).toBe('challenge');
  expect(await gateOf('/challenge-tiny')).toBeNull();
  expect(await gateOf('/moment')).toBe('challenge');
  expect(await gateOf('/moment-long')).toBeNull();
});

test('rate limits from two signals, never from a price', async () => {
  expect(await gateOf('/429')).toBe('rate-limited');
  expect(await gateOf('/price')).toBeNull();
});

test('extract: the article as markdown, in the hub; a page past the capture cap is truncated', async () => {
  await d.app.ok({ op: 'navigate', url: site.url('/story?x=1') });
  const story = await d.app.ok({ op: 'extract' });
  expect(story).toMatchObject({
    title: 'The story',
    byline: 'Ada',
    url: `${site.origin}/story`,
    truncated: false,
    untrusted: true,
  });
  expect(story.markdown).toContain('\\# Not a heading');
  expect(story.markdown).toContain(`${site.origin}/next`);
  expect(story.markdown).not.toContain('Footer text');
  await d.app.ok({ op: 'navigate', url: site.url('/huge') });
  const huge = await d.app.ok({ op: 'extract' });
  expect(huge).toMatchObject({ title: 'Huge', truncated: true });
});

test('wait_for: ref, role and name, text, urlContains; timeouts answer matched:false', async () => {
  await d.app.ok({ op: 'navigate', url: site.url('/later') });
  const read = await d.app.ok({ op: 'read', format: 'nodes' });
  const present = (read.snapshot as { role: string; name: string; ref: string }[]).find(
    (n) => n.name === 'Present',
  );
  expect(await d.app.ok({ op: 'wait_for', ref: present?.ref })).toMatchObject({
    matched: true,
    ref: present?.ref,
  });
  const started = Date.now();
  expect(
    await d.app.ok({ op: 'wait_for', role: 'button', name: 'Appeared', timeoutMs: 5000 }),
  ).toMatchObject({
    matched: true,
  });
  expect(Date.now() - started).toBeGreaterThan(500);
  expect(await d.app.ok({ op: 'wait_for', text: 'Fresh text', timeoutMs: 3000 })).toMatchObject({
    matched: true,
  });
  const url = await d.app.ok({ op: 'wait_for', urlContains: '/later/done', timeoutMs: 3000 });
  expect(url).toMatchObject({ matched: true, url: `${site.origin}/later/done` });
  expect(JSON.stringify(url)).not.toContain('secret');
  expect(await d.app.ok({ op: 'wait_for', text: 'Never there', timeoutMs: 200 })).toMatchObject({
    matched: false,
    reason: 'timeout',
  });
  expect(await d.app.ok({ op: 'wait_for', urlContains: 'secret', timeoutMs: 200 })).toMatchObject({
    matched: false,
  });
});

test('wait_for refuses two modes, bad timeouts, and a needle with ? or #', async () => {
  for (const cmd of [
    { op: 'wait_for', text: 'a', role: 'button', name: 'b' },
    { op: 'wait_for', text: 'a', timeoutMs: 0 },
    { op: 'wait_for', text: 'a', timeoutMs: 12_001 },
    { op: 'wait_for', urlContains: 'done?secret=1' },
    { op: 'wait_for', urlContains: 'done#x' },
  ]) {
    expect(await d.app.call(cmd), JSON.stringify(cmd)).toMatchObject({
      ok: false,
      error: 'INVALID_ARGUMENT',
    });
  }
});
