/**
 * One browser or browser_read call: the setting first (BROWSER_DISABLED), then the driver command
 * through the host, with progress for the long waits and the client's cancellation honoured.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { argumentError, browserCommand, MAX_TIMEOUT_MS, refusal, type CallContext } from '../mcp';
import { toolResult } from './browserResult';
import { awaitLong, CANCELLED_MESSAGE } from './longCall';
import type { BrowserHost, SettingsHost } from './host';

const LONG: Record<string, string> = {
  open: 'Loading the page',
  navigate: 'Loading the page',
  wait: 'Waiting for the navigation',
  wait_for: 'Waiting for the condition',
};

export const DISABLED_MESSAGE =
  'The browser tools are turned off in VMark Web (Settings → Browser). Ask the person to turn them on if they want you to browse.';

export async function browserCall(
  host: BrowserHost & SettingsHost,
  args: Record<string, unknown>,
  client: string,
  context: CallContext,
): Promise<CallToolResult> {
  // Watching and stopping a workflow run always work, with the tools on or off.
  const always = args.action === 'workflow_status' || args.action === 'workflow_cancel';
  if (!always && !host.settings().browser.enabled) {
    return refusal('BROWSER_DISABLED', DISABLED_MESSAGE);
  }
  const built = browserCommand(args);
  if (!built.ok) return argumentError(built.sentence);
  const cmd = built.cmd;
  const label = LONG[cmd.op];
  const totalMs = 'timeoutMs' in cmd && cmd.timeoutMs ? cmd.timeoutMs : MAX_TIMEOUT_MS;
  const result = await awaitLong(host.browser(cmd, client), context, {
    label,
    totalMs: label ? totalMs : undefined,
  });
  // A cancelled call's answer is dropped by the SDK; the driver finishes the command on its own.
  if (result === null) return refusal('INTERNAL', CANCELLED_MESSAGE);
  return toolResult(cmd, result);
}
