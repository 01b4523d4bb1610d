/**
 * From the driver's result to what the AI client gets (SPEC §2): a success as compact JSON and
 * structuredContent (page data keeps its `untrusted: true`; a read comes from the driver paged
 * within the byte bound; an extract too long keeps its small fields and the start of its
 * markdown), a screenshot as an image and a line naming the page, a refusal as its envelope, and
 * a prompt as the approval envelope.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type {
  ApprovalRequest,
  DriverCommand,
  DriverResult,
} from '../../shared/wire/driverProtocol';
import { promptOf } from '../browserPanel/promptOf';
import { isRefusalCode } from '../../shared/refusals';
import { extractAnswer, needsApproval, refusal, success } from '../mcp';

/** `scheme://host[:port]` of an address or origin, never its user, path, query or fragment. */
export function originOnly(address: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)(?:[^/?#@]*@)?([^/?#]*)/i.exec(address);
  return m ? `${m[1]}${m[2]}`.toLowerCase() : '(unknown origin)';
}

const ASK_NOW =
  'The person is being asked in VMark Web now: tell them what you asked for, and retry the same call once they answer.';

/** The fields every browser approval envelope carries besides error, needsApproval and message. */
function approvalFields(approval: ApprovalRequest): Record<string, unknown> {
  return {
    operation: approval.operation,
    url: originOnly(approval.origin),
    tabId: approval.tabId,
    generation: approval.generation,
  };
}

function withAsk(message: string): string {
  const text = message.trim() || 'This needs the person’s approval.';
  if (/retry/i.test(text)) return text;
  return `${/[.!?]$/.test(text) ? text : `${text}.`} ${ASK_NOW}`;
}

function screenshotResult(
  data: Record<string, unknown>,
  image: { base64: string; mimeType: string },
): CallToolResult {
  const url = typeof data.url === 'string' && data.url ? data.url : 'the page';
  // structuredContent names the picture, since a tool with an output schema must give one.
  return {
    content: [
      { type: 'text', text: `Screenshot of ${url}` },
      { type: 'image', data: image.base64, mimeType: image.mimeType },
    ],
    structuredContent: {
      ...(typeof data.url === 'string' && data.url ? { url: data.url } : {}),
      mimeType: image.mimeType,
    },
  };
}

export function toolResult(cmd: DriverCommand, result: DriverResult): CallToolResult {
  if (result.ok) {
    if (cmd.op === 'screenshot') {
      if (!result.image) return refusal('INTERNAL', 'The browser answered no image.');
      return screenshotResult(result.data, result.image);
    }
    if (cmd.op === 'extract') return success(extractAnswer(result.data ?? {}));
    return success(result.data ?? {});
  }
  const failure = result as { error: string; message: string; details?: Record<string, unknown> };
  const code = isRefusalCode(failure.error) ? failure.error : 'INTERNAL';
  // Any refusal can carry a prompt (an attachment's is in details); the client gets its fields only.
  const prompt = promptOf(result);
  if (prompt) {
    const fields = approvalFields(prompt);
    if (code === 'APPROVAL_REQUIRED') return needsApproval(withAsk(failure.message), fields);
    // An attachment (a tab the person opened) is asked for the same way, under its own code.
    return refusal(code, withAsk(failure.message), { needsApproval: true, ...fields });
  }
  const message = code === failure.error ? failure.message : `${failure.error}: ${failure.message}`;
  return refusal(code, message, failure.details);
}
