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

describe('AI client configurations with a credential', () => {
  const info = { relayPath: '/home/me/vmark-web/relay/bin/vmark-relay.js', port: 8000 };
  const secret = 'Ab-_'.repeat(10) + 'xyz';

  it('sets VMARK_CLIENT_TOKEN beside the port in every client', () => {
    const [desktop, code, cursor, codex] = clientConfigs(info, secret);
    for (const c of [desktop, cursor]) {
      expect(JSON.parse(c.text).mcpServers.vmark.env).toEqual({
        VMARK_PORT: '8000',
        VMARK_CLIENT_TOKEN: secret,
      });
    }
    expect(code.text).toBe(
      `claude mcp add vmark -e VMARK_PORT=8000 -e VMARK_CLIENT_TOKEN=${secret} -- node "${info.relayPath}"`,
    );
    expect(codex.text).toContain(`env = { VMARK_PORT = "8000", VMARK_CLIENT_TOKEN = "${secret}" }`);
  });

  it('sets it alone on the default port', () => {
    const [desktop, code] = clientConfigs({ ...info, port: 7331 }, secret);
    expect(JSON.parse(desktop.text).mcpServers.vmark.env).toEqual({ VMARK_CLIENT_TOKEN: secret });
    expect(code.text).toContain(` -e VMARK_CLIENT_TOKEN=${secret} -- node`);
  });
});
