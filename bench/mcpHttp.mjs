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
import { leanFetch } from './leanFetch.mjs';
import { cpuMsOf, median, pct, rssMb, waitFor } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const CALLS = 200;
const WARM = 20;
/** Calls of one path in a row, to read the server processes' CPU per call (10 ms steps). */
const BLOCK = 500;

const fmt = (xs) => `${median(xs).toFixed(2)} / ${pct(xs, 95).toFixed(2)} ms`;

/**
 * Times calls in turns, one of each per round, so a busy moment of the shared machine falls on
 * every path alike. Answers each path's durations and the CPU this process spent per call of it
 * (its mean: the client's own cost, which a round trip's time hides).
 */
async function timeInTurns(...fns) {
  for (let i = 0; i < WARM; i++) for (const fn of fns) await fn();
  const outs = fns.map(() => []);
  const cpu = fns.map(() => 0);
  for (let i = 0; i < CALLS; i++) {
    for (const [k, fn] of fns.entries()) {
      const before = process.cpuUsage();
      const t = performance.now();
      await fn();
      outs[k].push(performance.now() - t);
      const used = process.cpuUsage(before);
      cpu[k] += (used.user + used.system) / 1000;
    }
  }
  return { times: outs, cpuPerCall: cpu.map((ms) => ms / CALLS) };
}

export async function runMcpHttpBench(executablePath, args, port) {
  const home = mkdtempSync(join(tmpdir(), 'vmark-bench-http-'));
  const env = { ...process.env, VMARK_PORT: String(port), VMARK_HOME: home, VMARK_OPEN: '0' };
  const hub = spawn(process.execPath, [join(root, 'relay/dist/main.js')], { env, stdio: 'ignore' });
  const clients = [];
  const closers = [];
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
    const stdioTransport = new StdioClientTransport({
      command: process.execPath,
      args: [join(root, 'relay/bin/vmark-relay.js')],
      env,
    });
    await stdio.connect(stdioTransport);
    const token = readFileSync(join(home, 'token'), 'utf8').trim();
    const http = new Client({ name: 'bench-http', version: '1' });
    clients.push(http);
    await http.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    // The same transport with a keep-alive `http.request` in place of Node's fetch: the hub's
    // part of a call over HTTP without the cost of the client's fetch.
    const lean = leanFetch();
    const leanClient = new Client({ name: 'bench-http-lean', version: '1' });
    clients.push(leanClient);
    await leanClient.connect(
      new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), {
        fetch: lean.fetch,
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    closers.push(lean.close);
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
    const state = await timeInTurns(getState(http), getState(leanClient), getState(stdio), () =>
      fs.callTool({ name: 'list_allowed_directories', arguments: {} }),
    );
    const ping = await timeInTurns(
      () => http.ping(),
      () => leanClient.ping(),
      () => stdio.ping(),
      () => fs.ping(),
    );
    // The servers' side: the hub's CPU per call, and for stdio the relay process's as well.
    const relayPid = stdioTransport.pid;
    const serverCpu = [];
    for (const [fn, pids] of [
      [getState(http), [hub.pid]],
      [getState(leanClient), [hub.pid]],
      [getState(stdio), [hub.pid, relayPid]],
    ]) {
      const before = pids.map(cpuMsOf);
      for (let i = 0; i < BLOCK; i++) await fn();
      serverCpu.push(pids.reduce((sum, pid, k) => sum + cpuMsOf(pid) - before[k], 0) / BLOCK);
    }
    const withSession = rssMb(hub.pid);
    const ratio = (xs) => `${(median(xs) / median(state.times[2])).toFixed(2)}×`;
    const cpu = (ms) => `${ms.toFixed(2)} ms`;
    return [
      [
        '`session.get_state` (p50 / p95); server-filesystem: `list_allowed_directories`',
        ...state.times.map(fmt),
        `${ratio(state.times[0])} (≤ 0.8×); ${ratio(state.times[1])} with the keep-alive fetch`,
      ],
      [
        '`ping` (p50 / p95)',
        ...ping.times.map(fmt),
        `${(median(ping.times[0]) / median(ping.times[2])).toFixed(2)}×`,
      ],
      [
        'CPU the client process spent per `get_state` call (mean)',
        ...state.cpuPerCall.map(cpu),
        '—',
      ],
      [
        `CPU of the hub (and of \`vmark-relay\` for stdio) per \`get_state\` call, ${BLOCK} calls in a row`,
        ...serverCpu.map(cpu),
        '—',
        '—',
      ],
      [
        'hub resident memory, idle after start',
        `${idle.toFixed(1)} MB`,
        'the same hub',
        'the same hub',
        '—',
        '≤ 60 MB',
      ],
      [
        'hub resident memory after these calls, two HTTP sessions still open',
        `${withSession.toFixed(1)} MB`,
        'the same hub',
        'the same hub',
        '—',
        '—',
      ],
    ];
  } finally {
    for (const c of clients) await c.close().catch(() => undefined);
    for (const close of closers) close();
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
    '`/mcp` (JSON answers), once with Node’s own fetch (what a client gets) and once with a',
    'keep-alive `http.request` passed as the transport’s `fetch` (bench/leanFetch.mjs); over stdio',
    'through `vmark-relay` and the hub’s `/ai` socket; and the reference',
    '@modelcontextprotocol/server-filesystem over stdio (one process, no app).',
    `${CALLS} calls each, in turns (one of each per round), after ${WARM} each to warm up. The`,
    'client’s CPU is this process’s own (`process.cpuUsage`) around each call; the servers’ CPU',
    `is read from /proc over ${BLOCK} calls of one path in a row. HTTP skips the relay process, but`,
    'every call is a new HTTP request where stdio writes a line to a pipe. The hub frames HTTP',
    'itself rather than load the SDK’s server transport (about 18 MB more resident memory;',
    'docs/relay.md).',
    '',
    '| measure | over HTTP (`/mcp`), Node’s fetch | over HTTP, keep-alive `http.request` fetch | over stdio (`vmark-relay`) | server-filesystem (stdio) | HTTP ÷ stdio (target) |',
    '|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
