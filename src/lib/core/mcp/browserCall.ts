/**
 * One browser or browser_read call: the setting first (BROWSER_DISABLED), then the driver command
 * through the host, with progress for the long waits and the client's cancellation honoured.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { DriverCommand, DriverResult } from '../../browser/protocol';
import {
  argumentError,
  browserCommand,
  MAX_TIMEOUT_MS,
  refusal,
  type CallContext,
} from '../../mcp';
import { toolResult } from './browserResult';
import type { ToolHost } from './host';

/** How often a long call tells a client that asked for progress how far it has come. */
export const PROGRESS_EVERY_MS = 1_000;

const LONG: Record<string, string> = {
  open: 'Loading the page',
  navigate: 'Loading the page',
  wait: 'Waiting for the navigation',
  wait_for: 'Waiting for the condition',
};

export const DISABLED_MESSAGE =
  'The browser tools are turned off in VMark Web (Settings → Browser). Ask the person to turn them on if they want you to browse.';

/** Waits for the driver, reporting progress and giving up when the client cancels. */
async function await_(
  pending: Promise<DriverResult>,
  cmd: DriverCommand,
  context: CallContext,
): Promise<DriverResult | null> {
  const label = LONG[cmd.op];
  const { signal } = context;
  if (!label && !signal) return pending;
  const total = 'timeoutMs' in cmd && cmd.timeoutMs ? cmd.timeoutMs : MAX_TIMEOUT_MS;
  const started = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  let onAbort: (() => void) | undefined;
  const cancelled = new Promise<null>((resolve) => {
    if (!signal) return;
    onAbort = () => resolve(null);
    if (signal.aborted) resolve(null);
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  if (label) {
    timer = setInterval(() => {
      const elapsed = Math.min(Date.now() - started, total);
      const seconds = Math.round(elapsed / 1000);
      context.progress(elapsed, total, `${label}: ${seconds} s of ${Math.round(total / 1000)} s`);
    }, PROGRESS_EVERY_MS);
  }
  try {
    return await Promise.race([pending, cancelled]);
  } finally {
    if (timer !== undefined) clearInterval(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}

export async function browserCall(
  host: ToolHost,
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
  const result = await await_(host.browser(built.cmd, client), built.cmd, context);
  // A cancelled call's answer is dropped by the SDK; the driver finishes the command on its own.
  if (result === null) return refusal('INTERNAL', 'The call was cancelled.');
  return toolResult(built.cmd, result);
}
