/**
 * Server-Sent Events as `/mcp` writes them: one JSON-RPC message per `message` event, and
 * comments to keep an idle stream alive. The hub keeps no event history, so events carry no `id`
 * (a client that loses a stream cannot resume it, and MCP then expects it not to try).
 */

/** One event; every line of `data` gets its own `data:` field, as the format requires. */
export function sseEvent(data: string, event = 'message'): string {
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}`);
  return `event: ${event}\n${lines.join('\n')}\n\n`;
}

/** A JSON-RPC message as an event. */
export function sseMessage(message: unknown): string {
  return sseEvent(JSON.stringify(message));
}

/** A comment line: ignored by readers, it only shows the stream is alive. */
export function sseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}

/** The headers of an event stream answer. */
export const SSE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  Connection: 'keep-alive',
};
