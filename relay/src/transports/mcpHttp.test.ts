import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FakeAi,
  FakeApp,
  httpAsk,
  INITIALIZE_PARAMS,
  startTestHub,
  TEST_MANIFEST,
  type TestHub,
} from '../../test/harness.js';
import { EventReader, eventsOf, McpHttp } from '../../test/mcpHttpClient.js';

let t: TestHub;
const closers: (() => unknown)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  await t.stop();
});

async function hub(options: Parameters<typeof startTestHub>[0] = {}) {
  t = await startTestHub(options);
  return t;
}

async function sdkClient(name = 'http-sdk'): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(
    new URL(`http://127.0.0.1:${t.hub.port}/mcp`),
    {
      requestInit: { headers: { Authorization: `Bearer ${t.token}` } },
    },
  );
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  closers.push(() => client.close());
  return client;
}

async function fakeApp(): Promise<FakeApp> {
  const app = await FakeApp.connect(t.hub);
  closers.push(() => app.ws.terminate());
  await app.expect('role');
  return app;
}

const INIT_RESULT = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {} },
  serverInfo: { name: 'vmark-web', version: 'app' },
};

/** Starts an HTTP session that the fake app answers; gives the router's sid. */
async function initialized(app: FakeApp, http: McpHttp): Promise<string> {
  const init = http.initialize();
  await app.nextRouted();
  const { sid, data } = await app.nextMsg();
  app.reply(sid, { jsonrpc: '2.0', id: data.id as number, result: INIT_RESULT });
  expect((await init).status).toBe(200);
  return sid;
}

describe('with no app connected, an HTTP client gets what a stdio client gets', () => {
  it('initializes, lists the manifest’s tools, and a tool call names the URL to open', async () => {
    await hub();
    const client = await sdkClient();
    expect(client.getServerVersion()).toMatchObject({ name: 'vmark-web' });
    expect(client.getInstructions()).toBe(TEST_MANIFEST.instructions);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['session', 'document']);
    const r = (await client.callTool({
      name: 'session',
      arguments: { action: 'get_state' },
    })) as CallToolResult;

    const ai = await FakeAi.connect(t.hub, t.token);
    closers.push(() => ai.close());
    await ai.request('initialize', INITIALIZE_PARAMS);
    const overSocket = await ai.request('tools/call', {
      name: 'session',
      arguments: { action: 'get_state' },
    });
    expect(r).toEqual(overSocket.result);
    expect(r.isError).toBe(true);
    expect(JSON.stringify(r.content)).toContain(`VMark Web is not open. Open ${t.hub.url}`);
  });
});

describe('an HTTP session is one session on the app', () => {
  it('carries requests to the app and its answers back, as JSON', async () => {
    await hub();
    const app = await fakeApp();
    const http = new McpHttp(t.hub.port, t.token);
    const init = http.initialize();
    const opened = await app.nextRouted();
    expect(opened).toMatchObject({ t: 'open', client: null });
    const { sid, data } = await app.nextMsg();
    expect(data).toMatchObject({
      method: 'initialize',
      params: { clientInfo: { name: 'http-test' } },
    });
    app.reply(sid, { jsonrpc: '2.0', id: data.id as number, result: INIT_RESULT });
    const answer = await init;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(http.sessionId).toMatch(/^[\x21-\x7e]{43}$/);
    expect(answer.json).toEqual({ jsonrpc: '2.0', id: 1, result: INIT_RESULT });

    const note = await http.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(note.status).toBe(202);
    expect((await app.nextMsg()).data).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/initialized',
    });
    const call = http.request('tools/call', { name: 'session', arguments: {} });
    const forwarded = await app.nextMsg();
    expect(forwarded.sid).toBe(sid);
    app.reply(sid, { jsonrpc: '2.0', id: forwarded.data.id as number, result: { content: [] } });
    expect((await call).json).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [] } });
  });

  it('streams progress before the answer when the request asks for it', async () => {
    await hub();
    const app = await fakeApp();
    const http = new McpHttp(t.hub.port, t.token);
    await initialized(app, http);
    const call = http.request('tools/call', {
      name: 'workflow',
      arguments: {},
      _meta: { progressToken: 'p1' },
    });
    const { sid, data } = await app.nextMsg();
    app.reply(sid, {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'p1', progress: 1, total: 2 },
    });
    app.reply(sid, { jsonrpc: '2.0', id: data.id as number, result: { content: [] } });
    const answer = await call;
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(eventsOf(answer.text)).toEqual([
      {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: 'p1', progress: 1, total: 2 },
      },
      { jsonrpc: '2.0', id: 2, result: { content: [] } },
    ]);
  });

  it('sends the app’s own requests on the GET stream and the client’s answer back', async () => {
    await hub();
    const app = await fakeApp();
    const http = new McpHttp(t.hub.port, t.token);
    const sid = await initialized(app, http);
    const controller = new AbortController();
    closers.push(() => controller.abort());
    const stream = await http.send('GET', {
      headers: http.headers({ Accept: 'text/event-stream' }),
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = new EventReader(stream.body!);
    const second = await http.send('GET', {
      headers: http.headers({ Accept: 'text/event-stream' }),
    });
    expect(second.status).toBe(409);

    app.reply(sid, { jsonrpc: '2.0', id: 'srv-1', method: 'ping' });
    expect(await events.messages.next()).toEqual({ jsonrpc: '2.0', id: 'srv-1', method: 'ping' });
    const answered = await http.post({ jsonrpc: '2.0', id: 'srv-1', result: {} });
    expect(answered.status).toBe(202);
    expect((await app.nextMsg()).data).toEqual({ jsonrpc: '2.0', id: 'srv-1', result: {} });
  });

  it('answers the app itself when the client has no stream for its request', async () => {
    await hub();
    const app = await fakeApp();
    const http = new McpHttp(t.hub.port, t.token);
    const sid = await initialized(app, http);
    app.reply(sid, { jsonrpc: '2.0', id: 'srv-2', method: 'ping' });
    expect((await app.nextMsg()).data).toMatchObject({
      id: 'srv-2',
      error: { code: -32000, message: expect.stringContaining('no open event stream') },
    });
  });

  it('ends a cancelled request’s POST without an answer', async () => {
    await hub();
    const app = await fakeApp();
    const http = new McpHttp(t.hub.port, t.token);
    await initialized(app, http);
    const waiting = http.post({ jsonrpc: '2.0', id: 'slow', method: 'tools/call', params: {} });
    expect((await app.nextMsg()).data).toMatchObject({ id: 'slow' });
    const cancel = await http.post({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'slow' },
    });
    expect(cancel.status).toBe(202);
    const ended = await waiting;
    expect(ended.status).toBe(202);
    expect(ended.text).toBe('');
  });

  it('DELETE ends the session: the app hears it, and the id then gets 404', async () => {
    await hub();
    const app = await fakeApp();
    const http = new McpHttp(t.hub.port, t.token);
    const sid = await initialized(app, http);
    const ended = await http.send('DELETE');
    expect(ended.status).toBe(204);
    expect(await app.nextRouted()).toEqual({ t: 'close', sid });
    const after = await http.request('tools/list');
    expect(after.status).toBe(404);
    expect(after.json?.error?.message).toContain('initialize a new one');
    expect((await http.send('DELETE')).status).toBe(404);
  });
});

describe('refusals', () => {
  it('no token or a wrong one: 401 with a sentence, and no session', async () => {
    await hub();
    for (const token of [null, 'f'.repeat(64)]) {
      const answer = await new McpHttp(t.hub.port, token).initialize();
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer');
      expect(answer.json).toMatchObject({ id: null, error: { code: -32000 } });
      expect(answer.json?.error?.message).toContain('Authorization: Bearer');
      expect(answer.headers.get('mcp-session-id')).toBeNull();
    }
  });

  it('a foreign Origin is 403; loopback origins on any port are fine', async () => {
    await hub();
    const foreign = await new McpHttp(t.hub.port, t.token, {
      Origin: 'http://evil.example',
    }).initialize();
    expect(foreign.status).toBe(403);
    const local = await new McpHttp(t.hub.port, t.token, {
      Origin: 'http://localhost:6274',
    }).initialize();
    expect(local.status).toBe(200);
  });

  it('a foreign Host is 421, whatever the token', async () => {
    await hub();
    const answer = await httpAsk(t.hub.port, '/mcp', { method: 'POST', host: 'evil.example' });
    expect(answer.status).toBe(421);
  });

  it('no answer carries a CORS header, OPTIONS included (405)', async () => {
    await hub();
    const http = new McpHttp(t.hub.port, t.token, { Origin: 'http://localhost:3000' });
    const answers = [
      await http.send('OPTIONS', {
        headers: {
          Origin: 'http://localhost:3000',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type',
        },
      }),
      await http.send('OPTIONS', { headers: { Origin: 'http://evil.example' } }),
      await http.send('PUT'),
      await fetch(http.url, { method: 'POST', headers: { Origin: 'http://localhost:3000' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([405, 403, 405, 401]);
    expect(answers[0].headers.get('allow')).toBe('POST, GET, DELETE');
    const init = await http.initialize();
    for (const headers of [...answers.map((a) => a.headers), init.headers]) {
      expect([...headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('a request other than initialize needs the session id (400); another version is 400', async () => {
    await hub();
    const http = new McpHttp(t.hub.port, t.token);
    expect((await http.request('tools/list')).status).toBe(400);
    await http.initialize();
    expect((await http.request('tools/list')).status).toBe(200);
    const wrong = await http.post(
      { jsonrpc: '2.0', id: 9, method: 'tools/list' },
      { 'MCP-Protocol-Version': '2025-06-18' },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.json?.error?.message).toContain('2025-11-25');
    const again = await http.initialize();
    expect(again.status).toBe(400);
  });

  it('a session keeps the client credential it began with: another one, or none, is 403', async () => {
    await hub();
    const credential = 'k'.repeat(43);
    const http = new McpHttp(t.hub.port, t.token, { 'X-VMark-Client-Token': credential });
    expect((await http.initialize()).status).toBe(200);
    expect((await http.request('ping')).status).toBe(200);
    const id = http.sessionId as string;
    const others: Record<string, string>[] = [{}, { 'X-VMark-Client-Token': 'j'.repeat(43) }];
    for (const extra of others) {
      const other = new McpHttp(t.hub.port, t.token, extra);
      other.sessionId = id;
      const answer = await other.request('ping');
      expect(answer.status).toBe(403);
      expect(answer.json?.error?.message).toContain('another X-VMark-Client-Token');
    }
  });

  it('malformed JSON is 400 with a parse error; a batch is 400', async () => {
    await hub();
    const http = new McpHttp(t.hub.port, t.token);
    const broken = await fetch(http.url, { method: 'POST', headers: http.headers(), body: '{' });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ id: null, error: { code: -32700 } });
    const batch = await http.post([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(batch.status).toBe(400);
    expect(batch.json?.error?.code).toBe(-32600);
  });

  it('a body over 16 MiB is refused with 413 before it is read', async () => {
    await hub();
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: t.hub.port,
          path: '/mcp',
          method: 'POST',
          headers: {
            Authorization: `Bearer ${t.token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            'Content-Length': String(16 * 1024 * 1024 + 1),
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('{"jsonrpc":"2.0",');
    });
    expect(status).toBe(413);
  });
});

describe('limits', () => {
  it('refuses a session beyond the limit with 503, and has room after a DELETE', async () => {
    await hub({ httpMaxSessions: 1 });
    const first = new McpHttp(t.hub.port, t.token);
    expect((await first.initialize()).status).toBe(200);
    const second = new McpHttp(t.hub.port, t.token);
    const refused = await second.initialize();
    expect(refused.status).toBe(503);
    expect(refused.json?.error?.message).toContain('1 MCP sessions over HTTP are open');
    await first.send('DELETE');
    expect((await second.initialize()).status).toBe(200);
  });

  it('ends idle sessions, but not one whose client keeps its stream open', async () => {
    // Idle time 0: every session without a stream has expired by the next initialize.
    await hub({ httpIdleMs: 0 });
    const quiet = new McpHttp(t.hub.port, t.token);
    await quiet.initialize();
    const listening = new McpHttp(t.hub.port, t.token);
    await listening.initialize();
    const controller = new AbortController();
    closers.push(() => controller.abort());
    const stream = await listening.send('GET', {
      headers: listening.headers({ Accept: 'text/event-stream' }),
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    await new McpHttp(t.hub.port, t.token).initialize();
    expect((await quiet.request('ping')).status).toBe(404);
    expect((await listening.request('ping')).status).toBe(200);
  });

  it('ends a session soon after its client dropped its stream (the client quit)', async () => {
    await hub({ httpLostStreamMs: 0 });
    const gone = new McpHttp(t.hub.port, t.token);
    await gone.initialize();
    const controller = new AbortController();
    const stream = await gone.send('GET', {
      headers: gone.headers({ Accept: 'text/event-stream' }),
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    controller.abort();
    // Sessions are looked over when one starts; the hub hears of the drop a moment later. (A
    // request from the client here would count as its return.)
    await expect
      .poll(async () => {
        await new McpHttp(t.hub.port, t.token).initialize();
        return t.logs.some((line) => line.startsWith('MCP session over HTTP ended (idle)'));
      })
      .toBe(true);
    expect((await gone.request('ping')).status).toBe(404);
  });
});
