import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, connectClient } from './support/mcp';

const RESTART_PORT = 7394;

test('closing the app page while a call is in flight answers the call at once, not after 25 s', async ({
  page,
}) => {
  // The core runs in a dedicated Worker here, so the test can stall it while a call waits.
  await page.addInitScript(() => {
    delete (window as unknown as { SharedWorker?: unknown }).SharedWorker;
  });
  await page.goto('/');
  await expect(page.locator('.statusbar .ai[data-ai-state="active"]')).toBeVisible();
  const client = await connectClient('closing-client');
  try {
    expect((await call(client, 'session', { action: 'get_state' })).isError).toBe(false);
    await page.evaluate(async () => {
      const root = await navigator.storage.getDirectory();
      const file = await root.getFileHandle('stalled.md', { create: true });
      const w = await file.createWritable();
      await w.write('# Stalled\n');
      await w.close();
    });
    const core = page.workers().find((w) => /dedicatedWorker/.test(w.url()));
    if (!core) throw new Error(`no core worker among ${page.workers().map((w) => w.url())}`);
    // Reading a file never finishes inside the core, so the next open stays unanswered.
    await core.evaluate(() => {
      FileSystemFileHandle.prototype.getFile = () => new Promise<File>(() => undefined);
    });
    let answered = false;
    const pending = call(client, 'workspace', {
      action: 'open',
      filePath: '/notes/stalled.md',
    }).finally(() => {
      answered = true;
    });
    await page.waitForTimeout(1000);
    expect(answered, 'the call is still waiting for the stalled core').toBe(false);
    await page.close();
    const closedAt = Date.now();
    const result = await pending;
    expect(Date.now() - closedAt).toBeLessThan(1500);
    expect(result.isError).toBe(true);
    expect(result.text).toContain('went away before answering');
    expect(result.text).toContain('http://127.0.0.1:');
  } finally {
    await client.close();
  }
});

test('the hub restarts: the app and the stdio relay reconnect, and calls work again', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const hubModule = '../relay/dist/hub.js';
  const { startHub } = (await import(hubModule)) as typeof import('../relay/src/hub');
  const home = mkdtempSync(join(tmpdir(), 'vmark-restart-'));
  const token = randomBytes(32).toString('hex');
  writeFileSync(join(home, 'token'), token, { mode: 0o600 });
  const root = join(process.cwd(), 'build');
  let hub = await startHub({ port: RESTART_PORT, root, token });
  const context = await browser.newContext();
  const client = new Client({ name: 'restart-client', version: '1.0.0' });
  try {
    const page = await context.newPage();
    await page.goto(hub.url);
    const indicator = page.locator('.statusbar .ai');
    await expect(indicator).toHaveAttribute('data-ai-state', 'active');
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['relay/bin/vmark-relay.js'],
        env: {
          ...(process.env as Record<string, string>),
          VMARK_PORT: String(RESTART_PORT),
          VMARK_HOME: home,
          VMARK_OPEN: '0',
        },
        stderr: 'pipe',
      }),
    );
    const before = await call(client, 'session', { action: 'get_state' });
    expect(before.isError).toBe(false);
    const windowsBefore = before.data.windows as { label: string }[];

    await hub.close();
    await expect(indicator).not.toHaveAttribute('data-ai-state', 'active');
    hub = await startHub({ port: RESTART_PORT, root, token });

    // Both sides come back on their own (backoff); the relay replays the client's initialize.
    await expect(indicator).toHaveAttribute('data-ai-state', 'active', { timeout: 20_000 });
    await expect
      .poll(async () => (await call(client, 'session', { action: 'get_state' })).isError, {
        timeout: 20_000,
        intervals: [250],
      })
      .toBe(false);
    const after = await call(client, 'session', { action: 'get_state' });
    expect((after.data.windows as { label: string }[]).map((w) => w.label)).toEqual(
      windowsBefore.map((w) => w.label),
    );
    // The person sees the client again once it has spoken to the new hub.
    await expect(indicator).toContainText('restart-client');
  } finally {
    await client.close().catch(() => undefined);
    await context.close();
    await hub.close();
    rmSync(home, { recursive: true, force: true });
  }
});
