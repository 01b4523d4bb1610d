/**
 * Writes `build/mcp-manifest.json`: the tool list and instructions exactly as the app's MCP server
 * announces them, so the hub can answer `initialize` and `tools/list` while no app is open.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { SERVER_INFO, SERVER_INSTRUCTIONS, registerTools, success } from '../src/lib/mcp';

export async function mcpManifest() {
  const server = new McpServer(SERVER_INFO, {
    instructions: SERVER_INSTRUCTIONS,
    capabilities: { tools: {} },
  });
  registerTools(server, async () => success({}));
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'vmark-manifest', version: '1' });
  await Promise.all([server.connect(a), client.connect(b)]);
  const { tools } = await client.listTools();
  await client.close();
  return { serverInfo: SERVER_INFO, instructions: SERVER_INSTRUCTIONS, tools };
}

export function mcpManifestPlugin(outDir = 'build'): Plugin {
  return {
    name: 'vmark-mcp-manifest',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        mkdirSync(outDir, { recursive: true });
        writeFileSync(
          join(outDir, 'mcp-manifest.json'),
          JSON.stringify(await mcpManifest(), null, 2) + '\n',
        );
      },
    },
  };
}
