// MCP over Streamable HTTP (`/mcp` on the hub) next to the stdio relay path, in one run against
// one hub and one app: `ping` and `session.get_state` round trips through each, and the hub's
// resident memory idle after start and with the HTTP session open.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, pct, rssMb, waitFor } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const CALLS = 200;
const WARM = 20;

const fmt = (xs) => `${median(xs).toFixed(2)} / ${pct(xs, 95).toFixed(2)} ms`;

/**
 * Times two calls in turns, one of each per round, so a busy moment of the shared machine falls
 * on both paths alike.
 */
async function timeInTurns(a, b) {
  for (let i = 0; i < WARM; i++) {
    await a();
    await b();
  }
  const outA = [];
  const outB = [];
  for (let i = 0; i < CALLS; i++) {
    for (const [fn, out] of [
      [a, outA],
      [b, outB],
    ]) {
      const t = performance.now();
      await fn();
      out.push(performance.now() - t);
    }
  }
  return [outA, outB];
}

export async function runMcpHttpBench(executablePath, args, port) {
  const home = mkdtempSync(join(tmpdir(), 'vmark-bench-http-'));
  const env = { ...process.env, VMARK_PORT: String(port), VMARK_HOME: home, VMARK_OPEN: '0' };
  const hub = spawn(process.execPath, [join(root, 'relay/dist/main.js')], { env, stdio: 'ignore' });
  const clients = [];
  let browser;
  try {
    await waitFor(() => fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok));
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(hub.pid);

    browser = await chromium.launch({ executablePath, args, headless: true });
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.locator('.statusbar .ai[data-ai-state="active"]').waitFor();

    const stdio = new Client({ name: 'bench-stdio', version: '1' });
    clients.push(stdio);
    await stdio.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(root, 'relay/bin/vmark-relay.js')],
        env,
      }),
    );
    const token = readFileSync(join(home, 'token'), 'utf8').trim();
    const http = new Client({ name: 'bench-http', version: '1' });
    clients.push(http);
    await http.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    const getState = (client) => () =>
      client.callTool({ name: 'session', arguments: { action: 'get_state' } });
    const [httpState, stdioState] = await timeInTurns(getState(http), getState(stdio));
    const [httpPing, stdioPing] = await timeInTurns(
      () => http.ping(),
      () => stdio.ping(),
    );
    const withSession = rssMb(hub.pid);
    return [
      ['`session.get_state` (p50 / p95)', fmt(httpState), fmt(stdioState)],
      ['`ping` (p50 / p95)', fmt(httpPing), fmt(stdioPing)],
      ['hub resident memory, idle after start', `${idle.toFixed(1)} MB`, 'the same hub'],
      [
        'hub resident memory after these calls, the HTTP session still open',
        `${withSession.toFixed(1)} MB`,
        'the same hub',
      ],
    ];
  } finally {
    for (const c of clients) await c.close().catch(() => undefined);
    await browser?.close();
    hub.kill();
    rmSync(home, { recursive: true, force: true });
  }
}

export function mcpHttpSection(rows) {
  return [
    '## MCP over HTTP (issue 15)',
    '',
    'The official SDK client on both paths, against one hub and one app core in headless',
    'Chromium, in the same run: over HTTP with `StreamableHTTPClientTransport` to the hub’s',
    '`/mcp` (JSON answers), and over stdio through `vmark-relay` and the hub’s `/ai` socket.',
    `${CALLS} calls each, in turns (one of each per round), after ${WARM} each to warm up. HTTP`,
    'skips the relay process, but every call is a new HTTP request (headers, token check,',
    'the client’s fetch) where stdio reuses one socket. The hub frames HTTP itself rather than',
    'load the SDK’s server transport (about 18 MB more resident memory; docs/relay.md).',
    '',
    '| measure | over HTTP (`/mcp`) | over stdio (`vmark-relay`) |',
    '|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
