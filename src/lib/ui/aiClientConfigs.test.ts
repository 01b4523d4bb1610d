import { describe, expect, it } from 'vitest';
import { clientConfigs } from './aiClientConfigs';

describe('AI client configurations', () => {
  const info = { relayPath: '/home/me/vmark-web/relay/bin/vmark-relay.js', port: 7331 };

  it('gives Claude Desktop and Cursor valid JSON that runs the relay with node', () => {
    for (const c of clientConfigs(info).filter(
      (c) => c.client === 'Claude Desktop' || c.client === 'Cursor',
    )) {
      expect(JSON.parse(c.text)).toEqual({
        mcpServers: { vmark: { command: 'node', args: [info.relayPath] } },
      });
    }
  });

  it('gives Claude Code a command and Codex TOML', () => {
    const [, code, , codex] = clientConfigs(info);
    expect(code.text).toBe(
      'claude mcp add vmark -- node "/home/me/vmark-web/relay/bin/vmark-relay.js"',
    );
    expect(codex.text).toBe(
      '[mcp_servers.vmark]\ncommand = "node"\nargs = ["/home/me/vmark-web/relay/bin/vmark-relay.js"]',
    );
  });

  it('passes a non-default port to every client', () => {
    const configs = clientConfigs({ ...info, port: 8000 });
    expect(JSON.parse(configs[0].text).mcpServers.vmark.env).toEqual({ VMARK_PORT: '8000' });
    expect(configs[1].text).toContain('-e VMARK_PORT=8000');
    expect(configs[3].text).toContain('env = { VMARK_PORT = "8000" }');
  });
});
