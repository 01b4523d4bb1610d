/**
 * An AI client as the tests see it: the official SDK client spawning `vmark-relay` over stdio,
 * or the same client over Streamable HTTP to the hub's `/mcp` with the token as a bearer header.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TEST_HOME, TEST_PORT } from './hub';

/** `env` adds to the relay's environment (VMARK_CLIENT_TOKEN, say). */
export async function connectClient(
  name = 'e2e-client',
  env: Record<string, string> = {},
): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['relay/bin/vmark-relay.js'],
    env: {
      ...(process.env as Record<string, string>),
      VMARK_PORT: String(TEST_PORT),
      VMARK_HOME: TEST_HOME,
      VMARK_OPEN: '0',
      ...env,
    },
    stderr: 'pipe',
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}

export const MCP_URL = `http://127.0.0.1:${TEST_PORT}/mcp`;

/** The hub writes its token before it serves; the tests read it as a client's config would. */
export function hubToken(): string {
  return readFileSync(join(TEST_HOME, 'token'), 'utf8').trim();
}

export async function connectHttpClient(
  name = 'e2e-http-client',
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    requestInit: { headers: { Authorization: `Bearer ${hubToken()}` } },
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return { client, transport };
}

/** Calls a tool and gives back its structured result and whether it was an error. */
export async function call(client: Client, name: string, args: Record<string, unknown>) {
  const r = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = r.content[0]?.type === 'text' ? r.content[0].text : '';
  return {
    isError: r.isError === true,
    data: (r.structuredContent ?? {}) as Record<string, unknown>,
    text,
  };
}
