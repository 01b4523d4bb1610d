/** Registers the tool definitions, in their fixed order, on an SDK `McpServer`. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TRUNCATION_NOTES, limitSize, refusal } from './envelopes';
import { TOOL_DEFINITIONS, type ToolName } from './tools';

/** Answers one tool call; a throw becomes an INTERNAL refusal, never a lost answer. */
export type ToolHandler = (
  name: ToolName,
  args: Record<string, unknown>,
) => Promise<CallToolResult>;

/**
 * Every answer is held to SPEC §2's bound here, as a last resort: handlers cut their own lists and
 * texts first, with notes that say how to get less.
 */
export function registerTools(server: McpServer, handle: ToolHandler): void {
  for (const tool of TOOL_DEFINITIONS) {
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
          return limitSize(await handle(tool.name, args), TRUNCATION_NOTES.generic);
        } catch (e) {
          return refusal('INTERNAL', `VMark Web failed: ${(e as Error)?.message ?? String(e)}`);
        }
      },
    );
  }
}
