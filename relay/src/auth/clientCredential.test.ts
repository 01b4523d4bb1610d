import { WebSocket } from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApp, startTestHub, tryUpgrade, type TestHub } from '../../test/harness.js';
import { CLIENT_CREDENTIAL_HEADER, checkClientCredential } from './clientCredential.js';

/** The active app's role, with how long the hub waits for an answer (its default, 25 s). */
const ACTIVE = { t: 'role', active: true, answer_within_ms: 25_000 };

const SECRET = 'Zq3_-'.repeat(8) + 'abc'; // 43 characters, as the app issues them

describe('checkClientCredential', () => {
  it('takes none (absent or empty) and a base64url secret of 32 to 128 characters', () => {
    expect(checkClientCredential(undefined)).toEqual({ ok: true, credential: null });
    expect(checkClientCredential('')).toEqual({ ok: true, credential: null });
    expect(checkClientCredential(SECRET)).toEqual({ ok: true, credential: SECRET });
    expect(checkClientCredential('a'.repeat(32)).ok).toBe(true);
    expect(checkClientCredential('a'.repeat(128)).ok).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of [
      'a'.repeat(31),
      'a'.repeat(129),
      `${SECRET} `,
      `${SECRET}=`,
      `${SECRET.slice(1)}+`,
      `${SECRET.slice(1)}/`,
      `${SECRET.slice(1)}é`,
    ]) {
      expect(checkClientCredential(bad), bad).toEqual({ ok: false });
    }
    expect(checkClientCredential([SECRET, SECRET])).toEqual({ ok: false });
  });
});

describe('the hub and a client credential', () => {
  let t: TestHub;
  const sockets: WebSocket[] = [];
  beforeEach(async () => {
    t = await startTestHub();
  });
  afterEach(async () => {
    for (const ws of sockets.splice(0)) ws.terminate();
    await t.stop();
  });

  function aiSocket(credential?: string): Promise<WebSocket> {
    const headers: Record<string, string> = { Authorization: `Bearer ${t.token}` };
    if (credential !== undefined) headers[CLIENT_CREDENTIAL_HEADER] = credential;
    const ws = new WebSocket(`ws://127.0.0.1:${t.hub.port}/ai`, { headers });
    sockets.push(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  }

  it('refuses a malformed credential with 400 and never logs it', async () => {
    const base = `ws://127.0.0.1:${t.hub.port}/ai`;
    const bad = `${SECRET}!`;
    const auth = { Authorization: `Bearer ${t.token}` };
    expect(await tryUpgrade(base, { ...auth, [CLIENT_CREDENTIAL_HEADER]: bad })).toEqual({
      opened: false,
      status: 400,
    });
    expect(t.logs.some((line) => line.includes('malformed client credential'))).toBe(true);
    expect(t.logs.join('\n')).not.toContain(SECRET);
    // The bearer token still comes first: a wrong one is 401 whatever the credential.
    expect(await tryUpgrade(base, { [CLIENT_CREDENTIAL_HEADER]: SECRET })).toEqual({
      opened: false,
      status: 401,
    });
  });

  it('hands the credential to the app with open and sessions, and to an app promoted later', async () => {
    const first = await FakeApp.connect(t.hub, 'first');
    await first.expect('role');
    expect(await first.expect('sessions')).toEqual({ t: 'sessions', list: [] });
    await aiSocket(SECRET);
    const open = await first.expect('open');
    expect(open).toMatchObject({ t: 'open', client: null, credential: SECRET });
    expect(await first.expect('sessions')).toEqual({
      t: 'sessions',
      list: [{ sid: open.sid, client: null, credential: SECRET }],
    });
    await aiSocket();
    const anonymous = await first.expect('open');
    expect(anonymous).toEqual({ t: 'open', sid: anonymous.sid, client: null });

    const second = await FakeApp.connect(t.hub, 'second');
    expect(await second.expect('role')).toEqual({ t: 'role', active: false });
    await first.close();
    expect(await second.expect('role')).toEqual(ACTIVE);
    const reopened = [await second.expect('open'), await second.expect('open')];
    expect(reopened.find((f) => f.sid === open.sid)).toMatchObject({ credential: SECRET });
    expect(reopened.find((f) => f.sid === anonymous.sid)).not.toHaveProperty('credential');
    expect(t.logs.length).toBeGreaterThan(0);
    expect(t.logs.join('\n')).not.toContain(SECRET);
  });
});
