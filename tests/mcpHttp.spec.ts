/**
 * MCP over Streamable HTTP (`/mcp` on the hub), end to end: the SDK's HTTP client with the
 * token as a bearer header, against the real hub and app, next to a stdio client for comparison.
 */
import { expect, test, type Page } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ResourceUpdatedNotificationSchema,
  type TextResourceContents,
} from '@modelcontextprotocol/sdk/types.js';
import { activeDocument, openApp, openFromTree, writeOpfs } from './support/app';
import { TEST_HOME, TEST_PORT } from './support/hub';
import { call, connectClient, connectHttpClient, hubToken, MCP_URL } from './support/mcp';

const clients: Client[] = [];

async function httpClient(name = 'HTTP Test') {
  const connected = await connectHttpClient(name);
  clients.push(connected.client);
  return connected;
}

async function stdioClient(name = 'Stdio Test'): Promise<Client> {
  const client = await connectClient(name);
  clients.push(client);
  return client;
}

test.afterEach(async () => {
  for (const client of clients.splice(0)) await client.close().catch(() => undefined);
});

async function appServingAi(page: Page) {
  await openApp(page);
  await expect(page.locator('.statusbar .ai')).not.toHaveAttribute(
    'data-ai-state',
    /offline|connecting/,
  );
}

const CI = `name: CI
on: push
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm test
`;

test('over HTTP a client lists the same tools and gets the same answers as over stdio', async ({
  page,
}) => {
  await appServingAi(page);
  await writeOpfs(page, 'plan.md', '# Plan\n\nStep one.\n');
  await writeOpfs(page, '.github/workflows/ci.yml', CI);
  const { client: http } = await httpClient('HTTP Orientation');
  const stdio = await stdioClient();
  await expect(page.locator('.statusbar .ai')).toContainText('HTTP Orientation');

  const overHttp = await http.listTools();
  expect(overHttp.tools.map((t) => t.name)).toEqual([
    'session',
    'workspace',
    'document',
    'workflow',
    'selection',
    'browser',
    'browser_read',
    'coherence',
    'coherence_resolve',
  ]);
  expect(overHttp).toEqual(await stdio.listTools());
  expect(http.getInstructions()).toBe(stdio.getInstructions());

  const opened = await call(http, 'workspace', { action: 'open', filePath: '/notes/plan.md' });
  expect(opened.data).toMatchObject({ alreadyOpen: false });
  const tabId = opened.data.tabId as string;
  const yaml = await call(http, 'workspace', {
    action: 'open',
    filePath: '/notes/.github/workflows/ci.yml',
  });
  expect(yaml.isError).toBe(false);
  await call(http, 'workspace', { action: 'switch_tab', tabId });

  // Each tool's cheapest read, and refusals: the same answer whichever transport asked.
  const calls: [string, Record<string, unknown>][] = [
    ['session', { action: 'get_state' }],
    ['workspace', { action: 'open', filePath: '/notes/plan.md' }],
    ['document', { action: 'read', tabId }],
    ['workflow', { action: 'validate', tabId: yaml.data.tabId }],
    ['selection', { action: 'get' }],
    ['browser', { action: 'workflow_cancel', runId: 'wfrun-btab-0-1' }],
    ['browser_read', { action: 'workflow_status', runId: 'wfrun-btab-0-1' }],
    ['coherence', { action: 'status', workspace_root: '/notes' }],
    [
      'coherence_resolve',
      {
        action: 'resolve',
        workspace_root: '/notes',
        txf: 'txf-none',
        input: 0,
        resolution: 'accept-newer',
      },
    ],
    ['document', { action: 'read', tabId: 'tab-999' }],
    ['workspace', { action: 'open', filePath: '/notes/../etc/passwd' }],
  ];
  for (const [name, args] of calls) {
    const answer = await call(http, name, args);
    expect(answer, `${name} ${String(args.action)}`).toEqual(await call(stdio, name, args));
  }
  const read = await call(http, 'document', { action: 'read', tabId });
  expect(read.data).toMatchObject({ content: '# Plan\n\nStep one.\n', kind: 'markdown' });
  const refused = await call(http, 'document', { action: 'read', tabId: 'tab-999' });
  expect(refused).toMatchObject({ isError: true, data: { error: 'INVALID_TAB' } });
  const outside = await call(http, 'workspace', {
    action: 'open',
    filePath: '/notes/../etc/passwd',
  });
  expect(outside.data).toMatchObject({ error: 'INVALID_PATH' });
});

test('with no app open, an HTTP client gets what a stdio client gets', async ({ page }) => {
  await appServingAi(page);
  await page.context().close();
  const { client: http } = await httpClient();
  const stdio = await stdioClient();
  const { tools } = await http.listTools();
  expect(tools).toHaveLength(9);
  const overHttp = await call(http, 'session', { action: 'get_state' });
  expect(overHttp.isError).toBe(true);
  expect(overHttp.text).toContain(`Open http://127.0.0.1:${TEST_PORT}/`);
  expect(overHttp).toEqual(await call(stdio, 'session', { action: 'get_state' }));
});

/** A request to /mcp with any headers, Host included (fetch would not forge one). */
function ask(
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: TEST_PORT, path: '/mcp', method, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
});
const POST_HEADERS = {
  'Content-Type': 'application/json',
  Accept: 'application/json, text/event-stream',
};

test('who may use /mcp: the token, a loopback Origin, the hub’s own Host; never CORS', async () => {
  const answers = {
    noToken: await ask('POST', POST_HEADERS, INITIALIZE),
    wrongToken: await ask(
      'POST',
      { ...POST_HEADERS, Authorization: `Bearer ${'0'.repeat(64)}` },
      INITIALIZE,
    ),
    foreignOrigin: await ask(
      'POST',
      { ...POST_HEADERS, Authorization: `Bearer ${hubToken()}`, Origin: 'http://evil.example' },
      INITIALIZE,
    ),
    foreignHost: await ask(
      'POST',
      { ...POST_HEADERS, Authorization: `Bearer ${hubToken()}`, Host: `evil.example:${TEST_PORT}` },
      INITIALIZE,
    ),
    preflight: await ask('OPTIONS', {
      Origin: 'http://localhost:3000',
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'authorization, content-type',
    }),
    foreignPreflight: await ask('OPTIONS', {
      Origin: 'http://evil.example',
      'Access-Control-Request-Method': 'POST',
    }),
    loopbackOrigin: await ask(
      'POST',
      { ...POST_HEADERS, Authorization: `Bearer ${hubToken()}`, Origin: 'http://localhost:3000' },
      INITIALIZE,
    ),
  };
  expect(answers.noToken.status).toBe(401);
  expect(answers.wrongToken.status).toBe(401);
  for (const refusal of [answers.noToken, answers.wrongToken]) {
    expect(JSON.parse(refusal.body)).toMatchObject({
      jsonrpc: '2.0',
      id: null,
      error: { message: expect.stringContaining('Authorization: Bearer <token>') },
    });
    expect(refusal.headers['mcp-session-id']).toBeUndefined();
  }
  expect(answers.foreignOrigin.status).toBe(403);
  expect(JSON.parse(answers.foreignOrigin.body).error.message).toMatch(/^Forbidden/);
  expect(answers.foreignHost.status).toBe(421);
  expect(answers.preflight.status).toBe(405);
  expect(answers.foreignPreflight.status).toBe(403);
  expect(answers.loopbackOrigin.status).toBe(200);
  expect(answers.loopbackOrigin.headers['mcp-session-id']).toBeTruthy();
  for (const [name, answer] of Object.entries(answers)) {
    const cors = Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'));
    expect(cors, name).toEqual([]);
  }
});

test('DELETE ends an HTTP session; a later request with its id gets 404', async ({ page }) => {
  await appServingAi(page);
  const { client, transport } = await httpClient('Short Session');
  await expect(page.locator('.statusbar .ai')).toContainText('Short Session');
  const sessionId = transport.sessionId as string;
  expect(sessionId).toMatch(/^[\x21-\x7e]+$/);
  await transport.terminateSession();
  await expect(page.locator('.statusbar .ai')).not.toContainText('Short Session');
  const after = await ask(
    'POST',
    {
      ...POST_HEADERS,
      Authorization: `Bearer ${hubToken()}`,
      'Mcp-Session-Id': sessionId,
      'MCP-Protocol-Version': '2025-11-25',
    },
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
  );
  expect(after.status).toBe(404);
  expect(JSON.parse(after.body).error.message).toContain('initialize a new one');
  await client.close();
});

test('the HTTP configuration Settings shows connects once the token is put in its place', async ({
  page,
}) => {
  await appServingAi(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByTestId('http-intro')).toContainText(MCP_URL);
  await expect(dialog.getByTestId('http-intro')).toContainText(join(TEST_HOME, 'token'));
  // The page never has the token: the configuration carries a placeholder for it.
  const shown = await dialog.locator('pre[data-client="Cursor (HTTP)"]').textContent();
  expect(shown).not.toContain(hubToken());
  const config = JSON.parse((shown ?? '').replace('<token>', hubToken()));
  const server = config.mcpServers.vmark as { url: string; headers: Record<string, string> };
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    requestInit: { headers: server.headers },
  });
  const client = new Client({ name: 'Pasted Config', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  await expect(page.locator('.statusbar .ai')).toContainText('Pasted Config');
  const state = await client.callTool({ name: 'session', arguments: { action: 'get_state' } });
  expect(state.isError).toBeFalsy();
  await expect(dialog.locator('pre[data-client="Claude Code (HTTP)"]')).toHaveText(
    `claude mcp add --transport http vmark ${MCP_URL} --header "Authorization: Bearer <token>"`,
  );
});

test('over HTTP documents are resources, and a subscription hears the person typing on the event stream', async ({
  page,
}) => {
  await appServingAi(page);
  await writeOpfs(page, 'followed.md', 'Followed\n');
  await writeOpfs(page, 'elsewhere.md', 'Elsewhere\n');
  await page.reload();
  await expect(page.locator('.statusbar .ai')).not.toHaveAttribute(
    'data-ai-state',
    /offline|connecting/,
  );
  const { client } = await httpClient('HTTP Resources');
  const updated: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updated.push(n.params.uri);
  });
  const followed = 'vmark://file/notes/followed.md';
  expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([
    'vmark://file/notes/elsewhere.md',
    followed,
  ]);
  const onDisk = (await client.readResource({ uri: followed })).contents[0] as TextResourceContents;
  expect(onDisk.text).toBe('Followed\n');

  await openFromTree(page, 'followed.md');
  await openFromTree(page, 'elsewhere.md');
  await client.subscribeResource({ uri: followed });
  // Typing in the other document sends nothing for this URI.
  await activeDocument(page).locator('.ProseMirror p').click();
  await page.keyboard.type(' too');
  const listed = (await client.listResources()).resources;
  const elsewhereTab = listed
    .find((r) => r.description === '/notes/elsewhere.md')
    ?.uri.slice('vmark://tab/'.length);
  await expect
    .poll(
      async () => (await call(client, 'document', { action: 'read', tabId: elsewhereTab })).data,
    )
    .toMatchObject({ content: 'Elsewhere too\n' });
  expect(updated).toEqual([]);

  await page.locator('.tab[title="/notes/followed.md"]').click();
  await activeDocument(page).locator('.ProseMirror p').click();
  await page.keyboard.type(' typed');
  await expect.poll(() => updated.length).toBeGreaterThan(0);
  expect(new Set(updated)).toEqual(new Set([followed]));
  await expect
    .poll(async () => {
      const read = (await client.readResource({ uri: followed }))
        .contents[0] as TextResourceContents;
      return { text: read.text, dirty: read._meta?.dirty };
    })
    .toEqual({ text: 'Followed typed\n', dirty: true });
});
