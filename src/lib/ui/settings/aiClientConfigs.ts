/**
 * Ready-to-copy configurations that make each AI client start `vmark-relay`; with a credential's
 * secret (Settings → AI clients, shown once), they also set it as `VMARK_CLIENT_TOKEN`. Where each
 * goes is said in the UI's language (call this where it is shown); the configurations never change.
 */
import { t } from '../../i18n/i18n.svelte';

export interface RelayInfo {
  /** Absolute path of `relay/bin/vmark-relay.js` on this computer. */
  relayPath: string;
  port: number;
  /** Where the hub's token is (the token itself is not served). Absent from an older hub. */
  tokenPath?: string;
}

export interface ClientConfig {
  client: string;
  where: string;
  text: string;
}

export function clientConfigs(info: RelayInfo, clientToken?: string): ClientConfig[] {
  const env: Record<string, string> = {};
  if (info.port !== 7331) env.VMARK_PORT = String(info.port);
  if (clientToken) env.VMARK_CLIENT_TOKEN = clientToken;
  const entries = Object.entries(env);
  const server = {
    command: 'node',
    args: [info.relayPath],
    ...(entries.length ? { env } : {}),
  };
  const json = JSON.stringify({ mcpServers: { vmark: server } }, null, 2);
  // Names and values are letters, digits, "-" and "_": safe unquoted in a shell, plain in TOML.
  const envFlag = entries.map(([name, value]) => ` -e ${name}=${value}`).join('');
  const tomlEnv = entries.length
    ? `\nenv = { ${entries.map(([name, value]) => `${name} = "${value}"`).join(', ')} }`
    : '';
  return [
    {
      client: 'Claude Desktop',
      where: t('aiClients.whereClaudeDesktop'),
      text: json,
    },
    {
      client: 'Claude Code',
      where: t('aiClients.whereTerminal'),
      text: `claude mcp add vmark${envFlag} -- node ${JSON.stringify(info.relayPath)}`,
    },
    {
      client: 'Cursor',
      where: t('aiClients.whereCursor'),
      text: json,
    },
    {
      client: 'Codex',
      where: '~/.codex/config.toml',
      text: `[mcp_servers.vmark]\ncommand = "node"\nargs = [${JSON.stringify(info.relayPath)}]${tomlEnv}`,
    },
  ];
}
