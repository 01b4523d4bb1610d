import { expect, test } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openApp } from './support/app';
import { TEST_PORT } from './support/hub';

const HUB = `http://127.0.0.1:${TEST_PORT}`;

/** A page that puts the app in a frame. */
const FRAMER = `<!doctype html><title>Framer</title><iframe src="${HUB}/" width="800" height="600"></iframe>`;

/** A plain GET to the hub with any Host header (browsers and fetch would not forge one). */
function getWithHost(host: string, path = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: TEST_PORT, path, headers: { Host: host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

test.describe('another web site cannot frame the app', () => {
  let framer: Server;
  let framerUrl: string;

  test.beforeAll(async () => {
    framer = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(FRAMER);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    framerUrl = `http://127.0.0.1:${(framer.address() as AddressInfo).port}/`;
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => framer.close(() => resolve()));
  });

  test('a page on another origin that frames the app gets an error page, never the app', async ({
    page,
  }) => {
    const refused = page.waitForEvent('console', (message) =>
      message
        .text()
        .includes(
          'violates the following Content Security Policy directive: "frame-ancestors \'none\'"',
        ),
    );
    await page.goto(framerUrl);
    await refused;
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    await expect.poll(() => frame?.url()).toMatch(/^chrome-error:/);
    await expect(page.frameLocator('iframe').locator('.app')).toHaveCount(0);
  });

  test('the app itself, opened at its own address, works', async ({ page }) => {
    await openApp(page);
  });
});

test.describe('the hub answers only to its own name', () => {
  test('a foreign Host gets 421 and a sentence, never the app', async () => {
    for (const host of [`evil.example:${TEST_PORT}`, 'evil.example', `[::1]:${TEST_PORT}`]) {
      for (const path of ['/', '/index.html', '/sw.js', '/_app/bootstrap.js']) {
        const answer = await getWithHost(host, path);
        expect(answer.status, `${host} ${path}`).toBe(421);
        expect(answer.body).toMatch(/^Misdirected Request: this is VMark Web/);
        expect(answer.body).not.toContain('<html');
      }
    }
  });

  test('127.0.0.1 and localhost with the hub’s port get the app', async () => {
    for (const host of [`127.0.0.1:${TEST_PORT}`, `localhost:${TEST_PORT}`]) {
      const answer = await getWithHost(host);
      expect(answer.status, host).toBe(200);
      expect(answer.body, host).toContain('<script src="/_app/bootstrap.js"></script>');
    }
  });

  test('the app opened at localhost works and serves AI clients', async ({ page }) => {
    await page.goto(`http://localhost:${TEST_PORT}/`);
    await expect(page.locator('.app[data-window-id]')).toBeVisible();
    await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  });
});

test.describe('security headers', () => {
  /** One file of each kind the build has: page, start-up script, chunk, style, wasm, worker. */
  function builtFiles(): string[] {
    const immutable = 'build/_app/immutable';
    const first = (dir: string, ending: string) =>
      `/${dir.slice('build/'.length)}/${readdirSync(dir).find((f) => f.endsWith(ending))}`;
    return [
      '/',
      '/index.html',
      '/some/route',
      '/_app/bootstrap.js',
      first(`${immutable}/entry`, '.js'),
      first(`${immutable}/assets`, '.css'),
      first(`${immutable}/workers`, '.js'),
      first(`${immutable}/workers/assets`, '.wasm'),
      '/sw.js',
      '/manifest.webmanifest',
      '/icons/icon-192.png',
      '/vmark/info.json',
    ];
  }

  test('every file, and an error, carries the policy and refuses framing', async ({ request }) => {
    for (const path of [...builtFiles(), '/missing.js']) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(path === '/missing.js' ? 404 : 200);
      const headers = answer.headers();
      expect(headers['x-frame-options'], path).toBe('DENY');
      const policy = headers['content-security-policy'] ?? '';
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(policy, path).toContain(`connect-src 'self' ws://127.0.0.1:${TEST_PORT}`);
      expect(policy, path).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    }
  });

  test('the page has no inline script, and its style nonce is its own', async ({ request }) => {
    const answer = await request.get('/');
    const html = await answer.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map(([, attributes]) => attributes);
    expect(scripts).toEqual([' src="/_app/bootstrap.js"']);
    const nonce = /'nonce-([^']+)'/.exec(answer.headers()['content-security-policy'])?.[1];
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}"`);
    const again = await request.get('/');
    expect(again.headers()['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
  });
});
