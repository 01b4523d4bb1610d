/** One MCP server per AI session, with the tools registered in their fixed order. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  SERVER_INFO,
  SERVER_INSTRUCTIONS,
  TOOL_DEFINITIONS,
  refusal,
  success,
  type DocumentArgs,
  type WorkspaceArgs,
} from '../../mcp';
import type { Core } from '../core';
import { documentTool } from './documentTool';
import type { HubSessionTransport } from './hubTransport';
import { getState } from './sessionTool';
import { workspaceTool } from './workspaceTool';

type Handler = (args: Record<string, unknown>) => Promise<CallToolResult>;

export async function openMcpSession(
  core: Core,
  transport: HubSessionTransport,
  clientName: string,
) {
  const server = new McpServer(SERVER_INFO, {
    instructions: SERVER_INSTRUCTIONS,
    capabilities: { tools: {} },
  });
  const handlers: Record<string, Handler> = {
    session: async () => success(getState(core)),
    workspace: (args) =>
      workspaceTool(
        core,
        args as WorkspaceArgs,
        server.server.getClientVersion()?.name ?? clientName,
      ),
    document: (args) => documentTool(core, args as DocumentArgs),
  };
  for (const tool of TOOL_DEFINITIONS) {
    const handle = handlers[tool.name];
    if (!handle) continue;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: tool.annotations,
      },
      async (args: Record<string, unknown>) => {
        try {
          return await handle(args);
        } catch (e) {
          return refusal('INTERNAL', `VMark Web failed: ${(e as Error)?.message ?? String(e)}`);
        }
      },
    );
  }
  await server.connect(transport);
  return { close: () => server.close() };
}
