/** The `browser` tool: everything that changes a page, a tab or a saved login (SPEC §7). */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BrowserArgs, CallContext } from '../mcp';
import { browserCall } from './browserCall';
import type { BrowserHost, SettingsHost } from './host';

export function browserTool(
  host: BrowserHost & SettingsHost,
  args: BrowserArgs,
  client: string,
  context: CallContext,
): Promise<CallToolResult> {
  return browserCall(host, args, client, context);
}
