/**
 * End to end: the stdio relay as an AI client runs it (`node relay/bin/vmark-relay.js`), driven by
 * the official SDK client or by hand, against a hub started here or one the relay starts itself.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  FakeApp,
  freePort,
  startTestHub,
  TEST_MANIFEST,
  type TestHub,
} from '../../test/harness.js';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(repo, 'relay', 'bin', 'vmark-relay.js');

beforeAll(() => {
  // The bin runs the compiled relay; build it so `npx vitest run` works from a clean clone.
  execFileSync(
    process.execPath,
    [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'relay'],
    {
      cwd: repo,
      stdio: 'inherit',
    },
  );
}, 120_000);

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function relayEnv(home: string, port: number): Record<string, string> {
  return {
    ...getDefaultEnvironment(),
    VMARK_HOME: home,
    VMARK_PORT: String(port),
    VMARK_OPEN: '0',
  };
}

async function sdkClient(
  home: string,
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<{ client: Client; stderr: string[] }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN],
    env: { ...relayEnv(home, port), ...extraEnv },
    stderr: 'pipe',
  });
  const stderr: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const client = new Client({ name: 'relay-e2e', version: '0.0.1' });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, stderr };
}

function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : '';
}

/** A fake app core that answers like an MCP server: initialize, tools/list, tools/call. */
async function respondingApp(port: number) {
  const app = await FakeApp.connect({ port } as TestHub['hub']);
  cleanups.push(() => app.ws.terminate());
  const seen: { sid: string; method: string; id?: unknown }[] = [];
  app.ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as {
      t: string;
      sid: string;
      data?: Record<string, unknown>;
    };
    if (frame.t !== 'msg' || !frame.data || typeof frame.data.method !== 'string') return;
    const { id, method, params } = frame.data as {
      id?: number;
      method: string;
      params?: Record<string, unknown>;
    };
    seen.push({ sid: frame.sid, method, id });
    if (id === undefined) return;
    const result =
      method === 'initialize'
        ? {
            protocolVersion: params?.protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: 'fake-app', version: '9.9.9' },
          }
        : method === 'tools/list'
          ? { tools: TEST_MANIFEST.tools }
          : method === 'tools/call'
            ? {
                content: [
                  {
                    type: 'text',
                    text: `app ran ${String(params?.name)} ${JSON.stringify(params?.arguments)}`,
                  },
                ],
                // The tools declare output schemas, so a success carries structured content.
                structuredContent: { ran: String(params?.name) },
              }
            : {};
    app.reply(frame.sid, { jsonrpc: '2.0', id, result });
  });
  return { app, seen };
}

/** Stops a hub the relay started, found through its pid file. */
async function stopLaunchedHub(home: string, port: number): Promise<void> {
  const pidFile = join(home, `hub-${port}.pid`);
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).trim());
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function hubWithHome(): Promise<TestHub> {
  const t = await startTestHub();
  cleanups.push(() => t.stop());
  return t;
}

describe('vmark-relay with the official SDK client', () => {
  it('lists the manifest’s tools with no app, and answers tool calls with isError at once', async () => {
    const t = await hubWithHome();
    const { client } = await sdkClient(t.home, t.hub.port);
    expect(client.getServerVersion()).toMatchObject({ name: 'vmark-web' });
    expect(client.getInstructions()).toBe(TEST_MANIFEST.instructions);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TEST_MANIFEST.tools.map((tool) => tool.name));
    const started = performance.now();
    const result = (await client.callTool({
      name: 'session',
      arguments: { action: 'get_state' },
    })) as CallToolResult;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(`Open ${t.hub.url} in Chrome or Edge`);
  });

  it('round-trips initialize and a tool call through a connected app', async () => {
    const t = await hubWithHome();
    const { app, seen } = await respondingApp(t.hub.port);
    await app.expect('role');
    const { client } = await sdkClient(t.home, t.hub.port);
    expect(client.getServerVersion()).toEqual({ name: 'fake-app', version: '9.9.9' });
    const result = (await client.callTool({
      name: 'document',
      arguments: { action: 'read' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toBe('app ran document {"action":"read"}');
    expect(seen.map((m) => m.method)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/call',
    ]);
    expect(new Set(seen.map((m) => m.sid)).size).toBe(1);
  });
});

describe('vmark-relay’s stdout', () => {
  it('carries only JSON-RPC lines, answers every request, and exits 0 when stdin closes', async () => {
    const t = await hubWithHome();
    const child = spawn(process.execPath, [BIN], { env: relayEnv(t.home, t.hub.port) });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'manual', version: '1' },
        },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      'this is not json',
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'session', arguments: {} } },
      '',
      { jsonrpc: '2.0', id: 4, method: 'ping' },
    ];
    for (const line of lines)
      child.stdin.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
    child.stdin.end();
    expect(await exited).toBe(0);
    const out = stdout.split('\n').filter((line) => line !== '');
    const messages = out.map(
      (line) => JSON.parse(line) as { jsonrpc: string; id: unknown; error?: { code: number } },
    );
    expect(messages.every((m) => m.jsonrpc === '2.0')).toBe(true);
    expect(messages.map((m) => m.id).sort()).toEqual([1, 2, 3, 4, null].sort());
    expect(messages.find((m) => m.id === null)?.error?.code).toBe(-32700);
    expect(stdout.endsWith('\n')).toBe(true);
  });
});

describe('vmark-relay without a hub', () => {
  it('starts a hub in the background (private home, token 0600) and works through it', async () => {
    const base = await mkdtemp(join(tmpdir(), 'vmark-relay-launch-'));
    const home = join(base, 'home');
    const port = await freePort();
    cleanups.push(() => rm(base, { recursive: true, force: true }));
    cleanups.push(() => stopLaunchedHub(home, port));
    const { client } = await sdkClient(home, port);
    expect(client.getServerVersion()).toMatchObject({ name: 'vmark-web' });
    if (process.platform !== 'win32') {
      expect((await stat(home)).mode & 0o777).toBe(0o700);
      expect((await stat(join(home, 'token'))).mode & 0o777).toBe(0o600);
    }
    expect(await readFile(join(home, 'logs', 'hub.log'), 'utf8')).toContain(
      `VMark Web is running at http://127.0.0.1:${port}/`,
    );
    const { app } = await respondingApp(port);
    await app.expect('role');
    const result = (await client.callTool({ name: 'session', arguments: {} })) as CallToolResult;
    expect(textOf(result)).toBe('app ran session {}');
    // The hub's memory is measured by the benchmarks (bench/), not asserted here.
  }, 30_000);

  it('answers at once while the hub is gone, then reconnects and replays initialize', async () => {
    const t = await startTestHub();
    const { home } = t;
    const port = t.hub.port;
    cleanups.push(() => rm(home, { recursive: true, force: true }));
    cleanups.push(() => stopLaunchedHub(home, port));
    const { client } = await sdkClient(home, port);
    await t.hub.close();

    const started = performance.now();
    const down = (await client.callTool({ name: 'session', arguments: {} })) as CallToolResult;
    expect(performance.now() - started).toBeLessThan(1000);
    expect(down.isError).toBe(true);
    expect(textOf(down)).toContain('not reachable');
    expect((await client.listTools()).tools).toBeDefined();

    // That call asked for VMark, so the relay starts a hub (same home, same token) and reconnects.
    let text = textOf(down);
    for (let i = 0; i < 80 && !text.includes('VMark Web is not open'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      text = textOf((await client.callTool({ name: 'session', arguments: {} })) as CallToolResult);
    }
    expect(text).toContain(`VMark Web is not open. Open http://127.0.0.1:${port}/`);

    const { app, seen } = await respondingApp(port);
    await app.expect('role');
    const open = await app.expect('open');
    expect(open.client).toEqual({ name: 'relay-e2e', version: '0.0.1' });
    const result = (await client.callTool({
      name: 'document',
      arguments: { n: 1 },
    })) as CallToolResult;
    expect(textOf(result)).toBe('app ran document {"n":1}');
    expect(seen.map((m) => m.method)).toEqual([
      'initialize',
      'notifications/initialized',
      'tools/call',
    ]);
  }, 40_000);
});

describe('the vmark-relay bin', () => {
  it('says how to build, on stderr, and exits 1 when relay/dist is missing', async () => {
    const base = await mkdtemp(join(tmpdir(), 'vmark-relay-bin-'));
    cleanups.push(() => rm(base, { recursive: true, force: true }));
    await mkdir(join(base, 'relay', 'bin'), { recursive: true });
    await cp(BIN, join(base, 'relay', 'bin', 'vmark-relay.js'));
    const child = spawn(process.execPath, [join(base, 'relay', 'bin', 'vmark-relay.js')]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('npm run build');
  });
});

describe('VMARK_CLIENT_TOKEN', () => {
  const SECRET = 'k9_-Q'.repeat(8) + 'xyz';

  it('is presented to the hub, which hands it to the app with the session', async () => {
    const t = await hubWithHome();
    const { app } = await respondingApp(t.hub.port);
    await app.expect('role');
    const { client } = await sdkClient(t.home, t.hub.port, { VMARK_CLIENT_TOKEN: SECRET });
    await client.ping();
    expect(await app.expect('open')).toMatchObject({ t: 'open', credential: SECRET });
    expect(t.logs.join('\n')).not.toContain(SECRET);
  });

  it('is refused, without being repeated, when malformed: a sentence on stderr and exit 2', async () => {
    const t = await hubWithHome();
    const bad = `${SECRET} and more`;
    const child = spawn(process.execPath, [BIN], {
      env: { ...relayEnv(t.home, t.hub.port), VMARK_CLIENT_TOKEN: bad },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('VMARK_CLIENT_TOKEN is not a VMark Web client credential');
    expect(stderr).not.toContain(SECRET);
  });
});
