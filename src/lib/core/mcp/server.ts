/** One MCP server per AI session, with the tools registered in their fixed order. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  SERVER_INFO,
  SERVER_INSTRUCTIONS,
  registerTools,
  success,
  type DocumentArgs,
  type WorkspaceArgs,
} from '../../mcp';
import type { Core } from '../core';
import { documentTool } from './documentTool';
import type { HubSessionTransport } from './hubTransport';
import { getState } from './sessionTool';
import { workspaceTool } from './workspaceTool';

export async function openMcpSession(
  core: Core,
  transport: HubSessionTransport,
  clientName: string,
) {
  const server = new McpServer(SERVER_INFO, {
    instructions: SERVER_INSTRUCTIONS,
    capabilities: { tools: {} },
  });
  registerTools(server, (name, args) => {
    switch (name) {
      case 'session':
        return Promise.resolve(success(getState(core)));
      case 'workspace':
        return workspaceTool(
          core,
          args as WorkspaceArgs,
          server.server.getClientVersion()?.name ?? clientName,
        );
      case 'document':
        return documentTool(core, args as DocumentArgs);
    }
  });
  await server.connect(transport);
  return { close: () => server.close() };
}
