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
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { median, pct, rssMb, waitFor } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const CALLS = 200;
const WARM = 20;

const fmt = (xs) => `${median(xs).toFixed(2)} / ${pct(xs, 95).toFixed(2)} ms`;

/**
 * Times calls in turns, one of each per round, so a busy moment of the shared machine falls on
 * every path alike.
 */
async function timeInTurns(...fns) {
  for (let i = 0; i < WARM; i++) for (const fn of fns) await fn();
  const outs = fns.map(() => []);
  for (let i = 0; i < CALLS; i++) {
    for (const [k, fn] of fns.entries()) {
      const t = performance.now();
      await fn();
      outs[k].push(performance.now() - t);
    }
  }
  return outs;
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
    // The peer: the reference filesystem server over stdio, on an empty folder.
    const fsEntry = createRequire(import.meta.url).resolve(
      '@modelcontextprotocol/server-filesystem/package.json',
    );
    const fs = new Client({ name: 'bench-fs', version: '1' });
    clients.push(fs);
    await fs.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(dirname(fsEntry), 'dist/index.js'), home],
        stderr: 'ignore',
      }),
    );
    const getState = (client) => () =>
      client.callTool({ name: 'session', arguments: { action: 'get_state' } });
    const [httpState, stdioState, fsList] = await timeInTurns(getState(http), getState(stdio), () =>
      fs.callTool({ name: 'list_allowed_directories', arguments: {} }),
    );
    const [httpPing, stdioPing, fsPing] = await timeInTurns(
      () => http.ping(),
      () => stdio.ping(),
      () => fs.ping(),
    );
    const withSession = rssMb(hub.pid);
    return [
      [
        '`session.get_state` (p50 / p95); server-filesystem: `list_allowed_directories`',
        fmt(httpState),
        fmt(stdioState),
        fmt(fsList),
        `${(median(httpState) / median(stdioState)).toFixed(2)}× (≤ 0.8×)`,
      ],
      [
        '`ping` (p50 / p95)',
        fmt(httpPing),
        fmt(stdioPing),
        fmt(fsPing),
        `${(median(httpPing) / median(stdioPing)).toFixed(2)}×`,
      ],
      [
        'hub resident memory, idle after start',
        `${idle.toFixed(1)} MB`,
        'the same hub',
        '—',
        '≤ 60 MB',
      ],
      [
        'hub resident memory after these calls, the HTTP session still open',
        `${withSession.toFixed(1)} MB`,
        'the same hub',
        '—',
        '—',
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
    'The official SDK client on every path, against one hub and one app core in headless',
    'Chromium, in the same run: over HTTP with `StreamableHTTPClientTransport` to the hub’s',
    '`/mcp` (JSON answers), over stdio through `vmark-relay` and the hub’s `/ai` socket, and',
    'the reference @modelcontextprotocol/server-filesystem over stdio (one process, no app).',
    `${CALLS} calls each, in turns (one of each per round), after ${WARM} each to warm up. HTTP`,
    'skips the relay process, but every call is a new HTTP request (headers, token check,',
    'the client’s fetch) where stdio reuses one socket. The hub frames HTTP itself rather than',
    'load the SDK’s server transport (about 18 MB more resident memory; docs/relay.md).',
    '',
    '| measure | over HTTP (`/mcp`) | over stdio (`vmark-relay`) | server-filesystem (stdio) | HTTP ÷ stdio (target) |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
