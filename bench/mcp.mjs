// Round trips through the whole chain (SDK client → vmark-relay → hub → app core in Chromium) next
// to @modelcontextprotocol/server-filesystem over stdio, in one run; and the hub's idle memory.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { WebSocket } from 'ws';
import { median, pct, rssMb, waitFor } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.VMARK_BENCH_MCP_PORT ?? 7398);

const fmt = (xs) => `${median(xs).toFixed(2)} / ${pct(xs, 95).toFixed(2)} ms`;

async function time(n, warm, fn) {
  for (let i = 0; i < warm; i++) await fn();
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

/** A bare JSON-RPC client on the hub's `/ai` socket: the chain without the stdio relay. */
async function rawHubClient(port, token) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ai`, {
    headers: { authorization: `Bearer ${token}` },
    perMessageDeflate: false,
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const waiting = new Map();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString());
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  let next = 0;
  const request = (method, params) =>
    new Promise((resolve) => {
      const id = `raw-${++next}`;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  await request('initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'bench-raw', version: '1' },
  });
  ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  return { request, close: () => ws.close() };
}

export async function runMcpBench(executablePath, args) {
  const home = mkdtempSync(join(tmpdir(), 'vmark-bench-home-'));
  const dir = mkdtempSync(join(tmpdir(), 'vmark-bench-fs-'));
  const env = { ...process.env, VMARK_PORT: String(PORT), VMARK_HOME: home, VMARK_OPEN: '0' };
  const hub = spawn(process.execPath, [join(root, 'relay/dist/main.js')], { env, stdio: 'ignore' });
  const rows = [];
  let browser;
  const clients = [];
  try {
    await waitFor(() => fetch(`http://127.0.0.1:${PORT}/`).then((r) => r.ok));
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(hub.pid);

    const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod.\n';
    const text = line.repeat(Math.ceil(1_000_000 / line.length));
    writeFileSync(join(dir, 'big.md'), text);

    browser = await chromium.launch({ executablePath, args, headless: true });
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.locator('.statusbar .ai[data-ai-state="active"]').waitFor();
    await page.evaluate(async (t) => {
      const r = await navigator.storage.getDirectory();
      const w = await (await r.getFileHandle('big.md', { create: true })).createWritable();
      await w.write(t);
      await w.close();
    }, text);

    const vmark = new Client({ name: 'bench', version: '1' });
    clients.push(vmark);
    await vmark.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(root, 'relay/bin/vmark-relay.js')],
        env,
      }),
    );
    const opened = await vmark.callTool({
      name: 'workspace',
      arguments: { action: 'open', filePath: '/notes/big.md' },
    });
    const tabId = opened.structuredContent.tabId;
    const state = await time(200, 20, () =>
      vmark.callTool({ name: 'session', arguments: { action: 'get_state' } }),
    );
    const ping = await time(200, 20, () => vmark.ping());
    // The same hub and app reached straight over the hub's socket, with no stdio relay process.
    const raw = await rawHubClient(PORT, readFileSync(join(home, 'token'), 'utf8').trim());
    const rawPing = await time(200, 20, () => raw.request('ping', {}));
    const rawState = await time(200, 20, () =>
      raw.request('tools/call', { name: 'session', arguments: { action: 'get_state' } }),
    );
    raw.close();
    const read = await time(30, 3, () =>
      vmark.callTool({ name: 'document', arguments: { action: 'read', tabId } }),
    );
    const readBytes = Buffer.byteLength(
      (await vmark.callTool({ name: 'document', arguments: { action: 'read', tabId } })).content[0]
        .text,
    );

    const fsEntry = createRequire(import.meta.url).resolve(
      '@modelcontextprotocol/server-filesystem/package.json',
    );
    const fs = new Client({ name: 'bench', version: '1' });
    clients.push(fs);
    await fs.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(dirname(fsEntry), 'dist/index.js'), dir],
        stderr: 'ignore',
      }),
    );
    const fsList = await time(200, 20, () =>
      fs.callTool({ name: 'list_allowed_directories', arguments: {} }),
    );
    const fsPing = await time(200, 20, () => fs.ping());
    const fsRead = await time(30, 3, () =>
      fs.callTool({ name: 'read_text_file', arguments: { path: join(dir, 'big.md') } }),
    );
    rows.push([
      '`session.get_state` vs filesystem `list_allowed_directories` (p50 / p95)',
      fmt(state),
      fmt(fsList),
      `${(median(state) / median(fsList)).toFixed(2)}×`,
      '≤ 1.5×',
    ]);
    rows.push([
      'where the time goes: `ping` through the whole chain vs filesystem `ping`',
      fmt(ping),
      fmt(fsPing),
      `${(median(ping) / median(fsPing)).toFixed(2)}×`,
      '—',
    ]);
    rows.push([
      'where the time goes: `ping`, then `session.get_state`, sent straight to the hub socket (no stdio relay process)',
      `${fmt(rawPing)}; ${fmt(rawState)}`,
      '—',
      '—',
      '—',
    ]);
    rows.push([
      `\`document.read\` of a 1 MB document (answer ${(readBytes / 1000).toFixed(0)} KB: truncated at 75,000 bytes as SPEC §2 requires) vs \`read_text_file\` of the same file (whole)`,
      fmt(read),
      fmt(fsRead),
      `${(median(read) / median(fsRead)).toFixed(2)}×`,
      '≤ 1.3×',
    ]);
    rows.push([
      'Hub resident memory, idle after start (the browser driver loaded, no browser call)',
      `${idle.toFixed(1)} MB`,
      '—',
      '—',
      '≤ 60 MB',
    ]);
  } finally {
    for (const c of clients) await c.close().catch(() => undefined);
    await browser?.close();
    hub.kill();
    rmSync(home, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
  return [
    '| measure | VMark Web | server-filesystem | ratio | target |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
