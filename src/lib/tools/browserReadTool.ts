/** The `browser_read` tool: looking at a page without changing it (SPEC §7). */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BrowserReadArgs, CallContext } from '../mcp';
import { browserCall } from './browserCall';
import type { BrowserHost, SettingsHost } from './host';

export function browserReadTool(
  host: BrowserHost & SettingsHost,
  args: BrowserReadArgs,
  client: string,
  context: CallContext,
): Promise<CallToolResult> {
  return browserCall(host, args, client, context);
}
