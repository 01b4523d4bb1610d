/** Ready-to-copy configurations that make each AI client start `vmark-relay`. */

export interface RelayInfo {
  /** Absolute path of `relay/bin/vmark-relay.js` on this computer. */
  relayPath: string;
  port: number;
}

export interface ClientConfig {
  client: string;
  where: string;
  text: string;
}

export function clientConfigs(info: RelayInfo): ClientConfig[] {
  const env = info.port === 7331 ? {} : { VMARK_PORT: String(info.port) };
  const server = {
    command: 'node',
    args: [info.relayPath],
    ...(Object.keys(env).length ? { env } : {}),
  };
  const json = JSON.stringify({ mcpServers: { vmark: server } }, null, 2);
  const envFlag = info.port === 7331 ? '' : ` -e VMARK_PORT=${info.port}`;
  const tomlEnv = info.port === 7331 ? '' : `\nenv = { VMARK_PORT = "${info.port}" }`;
  return [
    {
      client: 'Claude Desktop',
      where:
        'Settings → Developer → Edit Config (claude_desktop_config.json), then restart Claude Desktop',
      text: json,
    },
    {
      client: 'Claude Code',
      where: 'Run in a terminal',
      text: `claude mcp add vmark${envFlag} -- node ${JSON.stringify(info.relayPath)}`,
    },
    {
      client: 'Cursor',
      where: '~/.cursor/mcp.json (or .cursor/mcp.json in a project)',
      text: json,
    },
    {
      client: 'Codex',
      where: '~/.codex/config.toml',
      text: `[mcp_servers.vmark]\ncommand = "node"\nargs = [${JSON.stringify(info.relayPath)}]${tomlEnv}`,
    },
  ];
}
