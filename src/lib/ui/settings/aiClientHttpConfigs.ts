/**
 * Ready-to-copy configurations that connect each AI client to the hub's `/mcp` endpoint over
 * Streamable HTTP, with the hub's token as a bearer token; with a credential's secret (Settings →
 * AI clients, shown once) they also send it as `X-VMark-Client-Token`. The stdio equivalents are
 * in `aiClientConfigs.ts`.
 */
import { t } from '../../i18n/i18n.svelte';
import type { ClientConfig } from './aiClientConfigs';

/** What stands for the token where the page cannot know it (it is never served to the page). */
export const TOKEN_PLACEHOLDER = '<token>';

export interface HubAccess {
  /** The hub's port on 127.0.0.1. */
  port: number;
  /** The hub's token (`$VMARK_HOME/token`, 64 hex digits); without it, a placeholder. */
  token?: string;
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
  const headers = httpHeaders(access.token ?? TOKEN_PLACEHOLDER, clientToken);
  // The token is hex (or the placeholder) and a credential letters, digits, "-" and "_": safe in
  // double quotes.
  const headerFlags = Object.entries(headers)
    .map(([name, value]) => ` --header "${name}: ${value}"`)
    .join('');
  const cursor = JSON.stringify({ mcpServers: { vmark: { url, headers } } }, null, 2);
  const vscode = JSON.stringify({ servers: { vmark: { type: 'http', url, headers } } }, null, 2);
  return [
    {
      client: 'Claude Code',
      where: t('aiClients.whereTerminal'),
      text: `claude mcp add --transport http vmark ${url}${headerFlags}`,
    },
    {
      client: 'Cursor',
      where: t('aiClients.whereCursor'),
      text: cursor,
    },
    {
      client: 'VS Code',
      where: t('aiClients.whereVsCode'),
      text: vscode,
    },
  ];
}
