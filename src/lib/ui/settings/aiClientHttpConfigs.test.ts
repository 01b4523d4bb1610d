import { describe, expect, it } from 'vitest';
import { httpClientConfigs, mcpUrl, TOKEN_PLACEHOLDER } from './aiClientHttpConfigs';

const TOKEN = '0123456789abcdef'.repeat(4);
const CREDENTIAL = 'Ab-_'.repeat(11);

describe('AI client configurations over HTTP', () => {
  it('gives Claude Code the command that adds the endpoint with the token', () => {
    const [code] = httpClientConfigs({ port: 7331, token: TOKEN });
    expect(code.client).toBe('Claude Code');
    expect(code.text).toBe(
      `claude mcp add --transport http vmark http://127.0.0.1:7331/mcp --header "Authorization: Bearer ${TOKEN}"`,
    );
  });

  it('gives Cursor mcpServers with url and headers', () => {
    const cursor = httpClientConfigs({ port: 7331, token: TOKEN })[1];
    expect(cursor.client).toBe('Cursor');
    expect(JSON.parse(cursor.text)).toEqual({
      mcpServers: {
        vmark: {
          url: 'http://127.0.0.1:7331/mcp',
          headers: { Authorization: `Bearer ${TOKEN}` },
        },
      },
    });
  });

  it('gives VS Code servers with type http, url and headers', () => {
    const vscode = httpClientConfigs({ port: 7331, token: TOKEN })[2];
    expect(vscode.client).toBe('VS Code');
    expect(vscode.where).toContain('.vscode/mcp.json');
    expect(JSON.parse(vscode.text)).toEqual({
      servers: {
        vmark: {
          type: 'http',
          url: 'http://127.0.0.1:7331/mcp',
          headers: { Authorization: `Bearer ${TOKEN}` },
        },
      },
    });
  });

  it('uses the hub’s port in every configuration', () => {
    expect(mcpUrl(8123)).toBe('http://127.0.0.1:8123/mcp');
    for (const config of httpClientConfigs({ port: 8123, token: TOKEN })) {
      expect(config.text, config.client).toContain('http://127.0.0.1:8123/mcp');
      expect(config.text, config.client).not.toContain('7331');
    }
  });

  it('adds a client credential as X-VMark-Client-Token to every client', () => {
    const [code, cursor, vscode] = httpClientConfigs({ port: 7331, token: TOKEN }, CREDENTIAL);
    expect(code.text).toContain(`--header "X-VMark-Client-Token: ${CREDENTIAL}"`);
    expect(JSON.parse(cursor.text).mcpServers.vmark.headers).toEqual({
      Authorization: `Bearer ${TOKEN}`,
      'X-VMark-Client-Token': CREDENTIAL,
    });
    expect(JSON.parse(vscode.text).servers.vmark.headers['X-VMark-Client-Token']).toBe(CREDENTIAL);
  });

  it('has no credential header without a credential', () => {
    for (const config of httpClientConfigs({ port: 7331, token: TOKEN })) {
      expect(config.text).not.toContain('X-VMark-Client-Token');
    }
  });
});

describe('AI client configurations over HTTP, as Settings shows them', () => {
  it('puts a placeholder where the token goes, since the page never gets the token', () => {
    for (const config of httpClientConfigs({ port: 7331 })) {
      expect(config.text, config.client).toContain(`Bearer ${TOKEN_PLACEHOLDER}`);
      expect(config.text, config.client).not.toMatch(/[0-9a-f]{64}/);
    }
    const [code] = httpClientConfigs({ port: 7331 }, CREDENTIAL);
    expect(code.text).toBe(
      `claude mcp add --transport http vmark http://127.0.0.1:7331/mcp --header "Authorization: Bearer <token>" --header "X-VMark-Client-Token: ${CREDENTIAL}"`,
    );
  });
});
