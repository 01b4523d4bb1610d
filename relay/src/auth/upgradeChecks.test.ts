import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestHub, tryUpgrade, type TestHub } from '../../test/harness.js';
import { bearerMatches } from './upgradeChecks.js';

let t: TestHub;
let base: string;
let ownOrigin: string;

beforeAll(async () => {
  t = await startTestHub();
  base = `ws://127.0.0.1:${t.hub.port}`;
  ownOrigin = `http://127.0.0.1:${t.hub.port}`;
});
afterAll(() => t.stop());

describe('the hub listens on loopback only', () => {
  it('is bound to 127.0.0.1', () => {
    const address = t.hub.server.address();
    expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
  });
});

describe('/app accepts only the hub’s own Origin and Host', () => {
  it('opens for the hub’s own origin (127.0.0.1 and localhost)', async () => {
    expect(await tryUpgrade(`${base}/app`, {}, ownOrigin)).toEqual({ opened: true, status: null });
    const localhost = `http://localhost:${t.hub.port}`;
    expect(await tryUpgrade(`${base}/app`, { Host: `localhost:${t.hub.port}` }, localhost)).toEqual(
      { opened: true, status: null },
    );
  });

  it('refuses a foreign Origin with 403 and never opens a socket', async () => {
    for (const origin of [
      'https://evil.example',
      `http://127.0.0.1:${t.hub.port + 1}`,
      `https://127.0.0.1:${t.hub.port}`,
      'null',
    ]) {
      expect(await tryUpgrade(`${base}/app`, {}, origin), origin).toEqual({
        opened: false,
        status: 403,
      });
    }
  });

  it('refuses a missing Origin with 403', async () => {
    expect(await tryUpgrade(`${base}/app`, {})).toEqual({ opened: false, status: 403 });
  });

  it('refuses a foreign Host with 421, even with a matching Origin (DNS rebinding)', async () => {
    const rebound = await tryUpgrade(
      `${base}/app`,
      { Host: `evil.example:${t.hub.port}` },
      `http://evil.example:${t.hub.port}`,
    );
    expect(rebound).toEqual({ opened: false, status: 421 });
    const ownOriginForeignHost = await tryUpgrade(
      `${base}/app`,
      { Host: `evil.example:${t.hub.port}` },
      ownOrigin,
    );
    expect(ownOriginForeignHost).toEqual({ opened: false, status: 421 });
  });
});

describe('/ai needs the token and no Origin', () => {
  it('opens with the right bearer token', async () => {
    const auth = { Authorization: `Bearer ${t.token}` };
    expect(await tryUpgrade(`${base}/ai`, auth)).toEqual({ opened: true, status: null });
  });

  it('refuses a missing token with 401', async () => {
    expect(await tryUpgrade(`${base}/ai`, {})).toEqual({ opened: false, status: 401 });
  });

  it('refuses a wrong token with 401 (wrong value, wrong length, wrong scheme)', async () => {
    const wrong = t.token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    for (const header of [
      `Bearer ${wrong}`,
      `Bearer ${t.token.slice(1)}`,
      `Bearer ${t.token}0`,
      `Basic ${t.token}`,
      t.token,
    ]) {
      expect(await tryUpgrade(`${base}/ai`, { Authorization: header }), header).toEqual({
        opened: false,
        status: 401,
      });
    }
  });

  it('refuses a foreign Host with 421, even with the right token', async () => {
    const auth = { Authorization: `Bearer ${t.token}`, Host: `evil.example:${t.hub.port}` };
    expect(await tryUpgrade(`${base}/ai`, auth)).toEqual({ opened: false, status: 421 });
  });

  it('refuses any Origin with 403, even with the right token', async () => {
    const auth = { Authorization: `Bearer ${t.token}` };
    expect(await tryUpgrade(`${base}/ai`, auth, ownOrigin)).toEqual({ opened: false, status: 403 });
    expect(await tryUpgrade(`${base}/ai`, auth, 'https://evil.example')).toEqual({
      opened: false,
      status: 403,
    });
  });
});

describe('other paths', () => {
  it('refuses a foreign Host with 421 before looking at the path', async () => {
    const foreign = { Host: `evil.example:${t.hub.port}` };
    expect(await tryUpgrade(`${base}/mcp`, foreign)).toEqual({ opened: false, status: 421 });
  });

  it('refuses unknown paths with 404, whatever the other headers', async () => {
    const auth = { Authorization: `Bearer ${t.token}` };
    for (const path of ['/', '/apps', '/ai/x', '/mcp', '/APP']) {
      expect(await tryUpgrade(`${base}${path}`, auth, ownOrigin), path).toEqual({
        opened: false,
        status: 404,
      });
      expect(await tryUpgrade(`${base}${path}`, {}), path).toEqual({ opened: false, status: 404 });
    }
  });

  it('keeps serving after refusals', async () => {
    const auth = { Authorization: `Bearer ${t.token}` };
    expect(await tryUpgrade(`${base}/ai`, auth)).toEqual({ opened: true, status: null });
  });
});

describe('bearerMatches', () => {
  const token = 'ab'.repeat(32);
  it('accepts exactly the token, with any case of "Bearer"', () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
  });
  it('refuses everything else', () => {
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches('', token)).toBe(false);
    expect(bearerMatches('Bearer', token)).toBe(false);
    expect(bearerMatches(`Bearer ${token.toUpperCase()}`, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token} extra`, token)).toBe(false);
  });
});
