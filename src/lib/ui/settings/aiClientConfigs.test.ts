import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.svelte';
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

describe('where each configuration goes', () => {
  const info = { relayPath: '/home/me/vmark-web/relay/bin/vmark-relay.js', port: 8000 };
  afterEach(() => {
    i18n.setting = 'en';
  });

  it('is said in the UI language; the configurations are the same in every language', () => {
    i18n.setting = 'en';
    const english = clientConfigs(info, 'secret');
    expect(english.map((c) => c.where)).toEqual([
      'Settings → Developer → Edit Config (claude_desktop_config.json), then restart Claude Desktop',
      'Run in a terminal',
      '~/.cursor/mcp.json (or .cursor/mcp.json in a project)',
      '~/.codex/config.toml',
    ]);
    i18n.setting = 'ko';
    const korean = clientConfigs(info, 'secret');
    expect(korean[1].where).toBe('터미널에서 실행하세요');
    expect(korean.map((c) => [c.client, c.text])).toEqual(english.map((c) => [c.client, c.text]));
    i18n.setting = 'fr';
    expect(clientConfigs(info)[2].where).toBe(
      '~/.cursor/mcp.json (ou .cursor/mcp.json dans un projet)',
    );
  });
});
