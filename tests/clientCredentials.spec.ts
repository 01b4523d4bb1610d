/**
 * Per-client credentials end to end: the person issues one in Settings → AI clients, copies the
 * configuration it is shown in, and an AI client (the SDK client spawning `vmark-relay` with
 * VMARK_CLIENT_TOKEN) connects through a hub of this file's own to the real app, which shows who
 * it is. Wrong and missing secrets identify nobody, Revoke ends a credential for a client already
 * connected, and the secret shows up nowhere after it was shown once: not in tool results, not in
 * the hub's log, not in the page.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { openAiApp } from './support/aiBrowser';
import { startOwnHub, type OwnHub } from './support/ownHub';
import { clientsOf } from './support/ownHubApp';

let own: OwnHub;
let page: Page;
const hubLog: string[] = [];
const clients = clientsOf(() => own);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  own = await startOwnHub({ log: (message) => hubLog.push(message) });
  page = await openAiApp(browser, own.url);
});

test.afterAll(async () => {
  await clients.closeAll();
  await page?.context().close();
  await own?.close();
});

const connect = clients.connect;

async function openSettings(): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.locator('.ai-clients')).toBeVisible();
}

async function closeSettings(): Promise<void> {
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('.ai-clients')).toHaveCount(0);
}

/** Settings → AI clients → Issue credential, as the person does it; answers the shown secret. */
async function issue(name: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Client name' }).fill(name);
  await page.getByRole('button', { name: 'Issue credential' }).click();
  const issued = page.locator('.issued');
  await expect(issued).toContainText(`Credential for “${name}”`);
  await expect(issued).toContainText('It will not be shown again');
  const json = await issued.locator('pre[data-client="Claude Desktop"]').textContent();
  const secret = (
    JSON.parse(json ?? '{}') as { mcpServers: { vmark: { env: Record<string, string> } } }
  ).mcpServers.vmark.env.VMARK_CLIENT_TOKEN;
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await issued.getByText('Claude Code', { exact: true }).click();
  await expect(issued.locator('pre[data-client="Claude Code"]')).toContainText(
    `-e VMARK_CLIENT_TOKEN=${secret} -- node`,
  );
  return secret;
}

function session(name: string) {
  return page.locator('.ai-sessions li').filter({ hasText: name });
}

function credentialRow(name: string) {
  return page.locator(`.credentials li[data-principal="${name}"]`);
}

/** Every text of a `session.get_state` answer (content and structured), as the client got it. */
async function getState(client: Client): Promise<string> {
  const result = await client.callTool({ name: 'session', arguments: { action: 'get_state' } });
  expect(result.isError).toBeFalsy();
  return JSON.stringify(result);
}

test('a credential identifies the client that presents it, and nobody once revoked', async () => {
  await openSettings();
  const secret = await issue('Claude Code on laptop');
  await expect(credentialRow('Claude Code on laptop')).toContainText('never used');

  const laptop = await connect('laptop-client', { VMARK_CLIENT_TOKEN: secret });
  const anonymous = await connect('anonymous-client');
  const last = secret.at(-1) === 'A' ? 'B' : 'A';
  const impostor = await connect('impostor-client', {
    VMARK_CLIENT_TOKEN: `${secret.slice(0, -1)}${last}`,
  });
  await expect(session('laptop-client')).toContainText('identified as Claude Code on laptop');
  await expect(session('anonymous-client')).toContainText('not identified');
  await expect(session('impostor-client')).toContainText('not identified');
  await expect(credentialRow('Claude Code on laptop')).toContainText('last used');

  for (const client of [laptop, anonymous, impostor]) {
    expect(await getState(client)).not.toContain(secret);
  }

  await page.getByRole('button', { name: 'Revoke Claude Code on laptop' }).click();
  await page
    .getByRole('group', { name: 'Revoke Claude Code on laptop?' })
    .getByRole('button', { name: 'Revoke it' })
    .click();
  await expect(credentialRow('Claude Code on laptop')).toHaveCount(0);
  await expect(page.locator('.issued')).toHaveCount(0);
  // Still connected, still served, no longer identified.
  await expect(session('laptop-client')).toContainText('not identified');
  await expect(page.locator('.ai-sessions')).not.toContainText('identified as');
  expect(await getState(laptop)).not.toContain(secret);

  await closeSettings();
  await openSettings();
  await expect(session('laptop-client')).toContainText('not identified');
  expect(await page.locator('body').innerText()).not.toContain(secret);
  expect(await page.content()).not.toContain(secret);
  await closeSettings();

  expect(hubLog.some((line) => line.includes('connected'))).toBe(true);
  expect(hubLog.join('\n')).not.toContain(secret);
});

test('the secret is shown once; the credential stays listed over a reload', async () => {
  await openSettings();
  const secret = await issue('Cursor at work');
  await closeSettings();
  await openSettings();
  await expect(page.locator('.issued')).toHaveCount(0);
  await expect(credentialRow('Cursor at work')).toContainText('created');
  expect(await page.content()).not.toContain(secret);
  await closeSettings();

  await page.reload();
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  await openSettings();
  await expect(credentialRow('Cursor at work')).toContainText('never used');
  expect(await page.content()).not.toContain(secret);
  await connect('cursor-client', { VMARK_CLIENT_TOKEN: secret });
  await expect(session('cursor-client')).toContainText('identified as Cursor at work');
  await closeSettings();
  expect(hubLog.join('\n')).not.toContain(secret);
});

test('names follow the rules and are unique; a malformed secret is refused by the relay', async () => {
  await openSettings();
  const name = page.getByRole('textbox', { name: 'Client name' });
  await name.fill('cursor AT WORK');
  await page.getByRole('button', { name: 'Issue credential' }).click();
  await expect(page.getByRole('alert')).toContainText('already has a credential');
  await name.fill('laptop/claude');
  await page.getByRole('button', { name: 'Issue credential' }).click();
  await expect(page.getByRole('alert')).toContainText('letters, digits, spaces');
  await expect(page.locator('.issued')).toHaveCount(0);
  await expect(page.locator('.credentials li')).toHaveCount(1);

  // The relay says so on its stderr and exits; the client never reaches the app.
  await expect(
    connect('malformed-client', { VMARK_CLIENT_TOKEN: 'not a secret' }),
  ).rejects.toThrow();
  await expect(session('cursor-client')).toHaveCount(1);
  await expect(session('malformed-client')).toHaveCount(0);
  await closeSettings();
});
