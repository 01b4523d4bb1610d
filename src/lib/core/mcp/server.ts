/** One MCP server per AI session, with the tools registered in their fixed order. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  SERVER_INFO,
  SERVER_INSTRUCTIONS,
  registerTools,
  success,
  type DocumentArgs,
  type SelectionArgs,
  type WorkflowArgs,
  type WorkspaceArgs,
} from '../../mcp';
import type { Core } from '../core';
import { documentTool } from './documentTool';
import type { HubSessionTransport } from './hubTransport';
import { selectionTool } from './selectionTool';
import { getState } from './sessionTool';
import { workflowTool } from './workflowTool';
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
      case 'workflow':
        return workflowTool(core, args as WorkflowArgs);
      case 'selection':
        return selectionTool(core, args as SelectionArgs);
    }
  });
  await server.connect(transport);
  return { close: () => server.close() };
}
