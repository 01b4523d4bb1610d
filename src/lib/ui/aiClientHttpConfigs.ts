/**
 * Ready-to-copy configurations that connect each AI client to the hub's `/mcp` endpoint over
 * Streamable HTTP, with the hub's token as a bearer token; with a credential's secret (Settings →
 * AI clients, shown once) they also send it as `X-VMark-Client-Token`. The stdio equivalents are
 * in `aiClientConfigs.ts`.
 */
import type { ClientConfig } from './aiClientConfigs';

export interface HubAccess {
  /** The hub's port on 127.0.0.1. */
  port: number;
  /** The hub's token (`$VMARK_HOME/token`, 64 hex digits). */
  token: string;
}

/** The URL of the hub's MCP endpoint. */
export function mcpUrl(port: number): string {
  return `http://127.0.0.1:${port}/mcp`;
}

/** The headers every request carries. */
export function httpHeaders(token: string, clientToken?: string): Record<string, string> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (clientToken) headers['X-VMark-Client-Token'] = clientToken;
  return headers;
}

export function httpClientConfigs(access: HubAccess, clientToken?: string): ClientConfig[] {
  const url = mcpUrl(access.port);
  const headers = httpHeaders(access.token, clientToken);
  // The token is hex and a credential letters, digits, "-" and "_": safe in double quotes.
  const headerFlags = Object.entries(headers)
    .map(([name, value]) => ` --header "${name}: ${value}"`)
    .join('');
  const cursor = JSON.stringify({ mcpServers: { vmark: { url, headers } } }, null, 2);
  const vscode = JSON.stringify({ servers: { vmark: { type: 'http', url, headers } } }, null, 2);
  return [
    {
      client: 'Claude Code',
      where: 'Run in a terminal',
      text: `claude mcp add --transport http vmark ${url}${headerFlags}`,
    },
    {
      client: 'Cursor',
      where: '~/.cursor/mcp.json (or .cursor/mcp.json in a project)',
      text: cursor,
    },
    {
      client: 'VS Code',
      where: '.vscode/mcp.json in a workspace (or MCP: Open User Configuration)',
      text: vscode,
    },
  ];
}
