/** Registers the tool definitions, in their fixed order, on an SDK `McpServer`. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { strictInput, untakenArguments } from './actionArguments';
import { TRUNCATION_NOTES, argumentError, limitSize, refusal } from './envelopes';
import { OUTPUT_SCHEMAS } from './outputSchemas';
import { TOOL_DEFINITIONS, type ToolName } from './tools';

/** What a handler may know of the call beyond its arguments. */
export interface CallContext {
  /** Aborted when the client cancels the call (its answer is then dropped). */
  readonly signal?: AbortSignal;
  /**
   * Tells the client how far a long call has come, when it asked to be told (a `progressToken`
   * in the call's `_meta`); does nothing otherwise.
   */
  progress(progress: number, total?: number, message?: string): void;
}

/** Answers one tool call; a throw becomes an INTERNAL refusal, never a lost answer. */
export type ToolHandler = (
  name: ToolName,
  args: Record<string, unknown>,
  context: CallContext,
) => Promise<CallToolResult>;

/** The SDK's per-call extra, as far as it is used here. */
interface SdkExtra {
  signal?: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification?: (notification: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }) => Promise<void>;
}

export function callContext(extra: SdkExtra | undefined): CallContext {
  const token = extra?._meta?.progressToken;
  const send = extra?.sendNotification;
  let last = -Infinity;
  return {
    signal: extra?.signal,
    progress(progress, total, message) {
      if (token === undefined || !send || extra?.signal?.aborted) return;
      // Progress must increase with every notification (MCP).
      if (progress <= last) return;
      last = progress;
      const params = { progressToken: token, progress, total, message };
      void send({ method: 'notifications/progress', params }).catch(() => undefined);
    },
  };
}

/**
 * Every call is checked here for arguments its action does not take, before its handler runs
 * (actionArguments.ts; the strict input schema has refused names the tool does not know). Every
 * answer is held to SPEC §2's bound here, as a last resort: handlers cut their own lists and texts
 * first, with notes that say how to get less.
 */
export function registerTools(server: McpServer, handle: ToolHandler): void {
  for (const tool of TOOL_DEFINITIONS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: strictInput(tool.name, tool.inputSchema),
        outputSchema: OUTPUT_SCHEMAS[tool.name],
        annotations: tool.annotations,
      },
      async (args: Record<string, unknown>, extra: unknown) => {
        const untaken = untakenArguments(tool.name, args);
        if (untaken !== null) return argumentError(untaken);
        try {
          const context = callContext(extra as SdkExtra);
          return limitSize(await handle(tool.name, args, context), TRUNCATION_NOTES.generic);
        } catch (e) {
          return refusal('INTERNAL', `VMark Web failed: ${(e as Error)?.message ?? String(e)}`);
        }
      },
    );
  }
}
