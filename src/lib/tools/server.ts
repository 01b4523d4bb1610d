/** One MCP server per AI session, with the tools registered in their fixed order. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  SERVER_INFO,
  SERVER_INSTRUCTIONS,
  registerTools,
  type BrowserArgs,
  type BrowserReadArgs,
  type CoherenceArgs,
  type CoherenceResolveArgs,
  type DocumentArgs,
  type SelectionArgs,
  type SessionArgs,
  type WorkflowArgs,
  type WorkspaceArgs,
} from '../mcp';
import { browserReadTool } from './browserReadTool';
import { browserTool } from './browserTool';
import { coherenceResolveTool, coherenceTool } from './coherenceTool';
import { documentTool } from './documentTool';
import type { ToolHost } from './host';
import { RESOURCE_CAPABILITIES, serveResources } from './resources/resources';
import { selectionTool } from './selectionTool';
import type { SessionContext } from './sessionContext';
import { getState } from './sessionTool';
import { workflowTool } from './workflowTool';
import { workspaceTool } from './workspaceTool';

/**
 * `identity.principal` says who the session's credential names (see sessionContext.ts); the
 * handlers below ask `session`, never a tool argument, who is calling.
 */
export async function openMcpSession(
  host: ToolHost,
  transport: Transport,
  clientName: string,
  identity: Pick<SessionContext, 'principal'> = { principal: async () => null },
) {
  const server = new McpServer(SERVER_INFO, {
    instructions: SERVER_INSTRUCTIONS,
    capabilities: { tools: {}, resources: RESOURCE_CAPABILITIES },
  });
  const session: SessionContext = {
    client: () => server.server.getClientVersion()?.name ?? clientName,
    principal: identity.principal,
    reads: [],
  };
  const client = session.client;
  registerTools(server, (name, args, context) => {
    switch (name) {
      case 'session':
        return Promise.resolve(getState(host, args as SessionArgs));
      case 'workspace':
        return workspaceTool(host, args as WorkspaceArgs, client(), session);
      case 'document':
        return documentTool(host, args as DocumentArgs, session);
      case 'workflow':
        return workflowTool(host, args as WorkflowArgs, context);
      case 'selection':
        return selectionTool(host, args as SelectionArgs);
      case 'browser':
        return browserTool(host, args as BrowserArgs, client(), context);
      case 'browser_read':
        return browserReadTool(host, args as BrowserReadArgs, client(), context);
      case 'coherence':
        return coherenceTool(host, args as CoherenceArgs, context);
      case 'coherence_resolve':
        return coherenceResolveTool(host, args as CoherenceResolveArgs, session, context);
    }
  });
  const dropResources = serveResources(server.server, host, session);
  // However the session ends (the client left, the hub closed it), its subscriptions go with it.
  const onclose = server.server.onclose;
  server.server.onclose = () => {
    dropResources();
    onclose?.();
  };
  await server.connect(transport);
  return { close: () => server.close() };
}
