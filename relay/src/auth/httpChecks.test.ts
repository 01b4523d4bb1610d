import { describe, expect, it } from 'vitest';
import { acceptAllows, checkMcpHead, checkProtocolVersion, refusalBody } from './httpChecks.js';

const TOKEN = 'a'.repeat(64);
const AUTH = `Bearer ${TOKEN}`;
const POST_OK = {
  authorization: AUTH,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

function statusOf(method: string, headers: Record<string, string>): number | 'ok' {
  const verdict = checkMcpHead(method, headers, TOKEN);
  return verdict.ok ? 'ok' : verdict.refusal.status;
}

describe('Origin: programs and loopback pages only (DNS rebinding, other web sites)', () => {
  it('accepts no Origin, and loopback origins on any port', () => {
    expect(statusOf('POST', POST_OK)).toBe('ok');
    for (const origin of [
      'http://localhost:3000',
      'http://127.0.0.1:6274',
      'http://[::1]:8080',
      'https://localhost',
      'http://LOCALHOST:1',
    ]) {
      expect(statusOf('POST', { ...POST_OK, origin }), origin).toBe('ok');
    }
  });

  it('refuses every other Origin with 403, before looking at the token', () => {
    for (const origin of [
      'http://evil.example',
      'http://localhost.evil.example',
      'http://127.0.0.1.nip.io:7331',
      'null',
      'file://',
      'http://0x7f.1',
      'http://localhost:3000/path',
      'chrome-extension://abcdef',
    ]) {
      expect(statusOf('POST', { ...POST_OK, origin }), origin).toBe(403);
      expect(statusOf('OPTIONS', { origin }), origin).toBe(403);
    }
  });
});

describe('the token', () => {
  it('is required as a bearer token, with a sentence saying where it is', () => {
    for (const authorization of [undefined, '', 'Bearer', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
      const headers: Record<string, string> = { ...POST_OK };
      if (authorization === undefined) delete headers.authorization;
      else headers.authorization = authorization;
      const verdict = checkMcpHead('POST', headers, TOKEN);
      expect(verdict.ok, String(authorization)).toBe(false);
      if (verdict.ok) continue;
      expect(verdict.refusal.status).toBe(401);
      expect(verdict.refusal.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
      expect(verdict.refusal.message).toContain('Authorization: Bearer');
      expect(verdict.refusal.message).toContain('$VMARK_HOME/token');
    }
  });

  it('accepts the scheme in any case', () => {
    expect(statusOf('POST', { ...POST_OK, authorization: `bearer ${TOKEN}` })).toBe('ok');
  });

  it('passes a client credential on, and refuses a malformed one with 400', () => {
    const credential = 'c'.repeat(43);
    const verdict = checkMcpHead(
      'GET',
      { authorization: AUTH, accept: 'text/event-stream', 'x-vmark-client-token': credential },
      TOKEN,
    );
    expect(verdict).toEqual({ ok: true, method: 'GET', credential });
    expect(statusOf('GET', { authorization: AUTH, 'x-vmark-client-token': 'short' })).toBe(400);
  });
});

describe('methods and media types', () => {
  it('takes POST, GET and DELETE; anything else, OPTIONS included, is 405 with Allow', () => {
    for (const method of ['OPTIONS', 'PUT', 'PATCH', 'HEAD']) {
      const verdict = checkMcpHead(method, { authorization: AUTH }, TOKEN);
      expect(verdict.ok).toBe(false);
      if (verdict.ok) continue;
      expect(verdict.refusal.status).toBe(405);
      // Only Allow: never an Access-Control-* header.
      expect(verdict.refusal.headers).toEqual({ Allow: 'POST, GET, DELETE' });
    }
    expect(statusOf('DELETE', { authorization: AUTH })).toBe('ok');
  });

  it('wants JSON in a POST (415) that accepts both answer types (406)', () => {
    expect(statusOf('POST', { ...POST_OK, 'content-type': 'text/plain' })).toBe(415);
    expect(
      statusOf('POST', { ...POST_OK, 'content-type': 'application/json; charset=utf-8' }),
    ).toBe('ok');
    expect(statusOf('POST', { ...POST_OK, accept: 'application/json' })).toBe(406);
    expect(statusOf('POST', { ...POST_OK, accept: 'text/event-stream' })).toBe(406);
    expect(statusOf('POST', { ...POST_OK, accept: '*/*' })).toBe('ok');
  });

  it('wants a GET to accept an event stream (406)', () => {
    expect(statusOf('GET', { authorization: AUTH, accept: 'application/json' })).toBe(406);
    expect(statusOf('GET', { authorization: AUTH, accept: 'text/event-stream' })).toBe('ok');
  });

  it('reads Accept lists with parameters and wildcards', () => {
    expect(acceptAllows('application/json;q=0.9, text/*', 'text/event-stream')).toBe(true);
    expect(acceptAllows('TEXT/EVENT-STREAM', 'text/event-stream')).toBe(true);
    expect(acceptAllows(undefined, 'text/event-stream')).toBe(false);
    expect(acceptAllows('application/*', 'text/event-stream')).toBe(false);
  });
});

describe('MCP-Protocol-Version', () => {
  it('accepts none (MCP then assumes 2025-03-26) and a version the session agreed on', () => {
    expect(checkProtocolVersion(undefined, '2025-11-25')).toBeNull();
    expect(checkProtocolVersion('2025-11-25', '2025-11-25')).toBeNull();
    expect(checkProtocolVersion('2025-06-18', null)).toBeNull();
  });

  it('refuses an unknown version, or another than agreed, with 400 naming it', () => {
    const unknown = checkProtocolVersion('2099-01-01', '2025-11-25');
    expect(unknown).toMatchObject({ status: 400 });
    expect(unknown?.message).toContain('"2099-01-01" is not supported');
    const other = checkProtocolVersion('2025-06-18', '2025-11-25');
    expect(other?.message).toContain('not the version this session agreed on (2025-11-25)');
  });
});

it('writes a refusal as a JSON-RPC error without an id', () => {
  expect(refusalBody({ status: 401, message: 'Unauthorized: …' })).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: { code: -32000, message: 'Unauthorized: …' },
  });
});
