import { chromium, expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.mjs';

const OFFLINE_PORT = 7393;

test('the web app manifest is valid and names its icons', async ({ page, request }) => {
  await page.goto('/');
  const link = page.locator('link[rel="manifest"]');
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute('href')) as string;
  const res = await request.get(href);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'VMark Web',
    short_name: 'VMark',
    display: 'standalone',
    start_url: '/',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map(
    (i: { sizes: string; purpose?: string }) => `${i.sizes} ${i.purpose ?? 'any'}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const img = await request.get(icon.src);
    expect(img.ok(), icon.src).toBe(true);
    const bytes = await img.body();
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const [w, h] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    expect(`${w}x${h}`).toBe(icon.sizes);
  }
});

test('installable from 127.0.0.1, with an active service worker, and it starts with the server stopped', async () => {
  test.setTimeout(120_000);
  // The built hub, exactly what `npm start` runs.
  const hubModule = '../relay/dist/hub.js';
  const { startHub } = (await import(hubModule)) as typeof import('../relay/src/hub');
  const root = join(process.cwd(), 'build');
  let hub = await startHub({ port: OFFLINE_PORT, root, token: 'offline-test' });
  const profile = mkdtempSync(join(tmpdir(), 'vmark-pwa-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(hub.url);
    await expect(page.locator('.app[data-window-id]')).toBeVisible();
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
    // The service worker installs, precaches the app shell and takes control of the page.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            if (reg?.active?.state !== 'activated' || !navigator.serviceWorker.controller)
              return false;
            for (const name of await caches.keys()) {
              const keys = await (await caches.open(name)).keys();
              if (keys.some((r) => new URL(r.url).pathname === '/index.html')) return true;
            }
            return false;
          }),
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(true);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    await hub.close();
    const refused = await fetch(hub.url).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);
    await page.reload();
    await expect(page.locator('.app[data-window-id]')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New file in /notes' })).toBeVisible();
    // The editor's code comes from the cache too.
    await page.getByRole('button', { name: 'New document' }).click();
    await expect(page.locator('.document[data-ready="true"] .ProseMirror')).toBeVisible();
    hub = await startHub({ port: OFFLINE_PORT, root, token: 'offline-test' });
  } finally {
    await context.close();
    await hub.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  }
});
