import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FakeAi,
  FakeApp,
  INITIALIZE_PARAMS,
  startTestHub,
  type AppFrame,
  type TestHub,
} from '../../test/harness.js';

/** The active app's role, with how long the hub waits for an answer (its default, 25 s). */
const ACTIVE = { t: 'role', active: true, answer_within_ms: 25_000 };

let t: TestHub;
const apps: FakeApp[] = [];
const ais: FakeAi[] = [];

async function app(instance?: string): Promise<FakeApp> {
  const a = await FakeApp.connect(t.hub, instance);
  apps.push(a);
  return a;
}
async function ai(): Promise<FakeAi> {
  const a = await FakeAi.connect(t.hub, t.token);
  ais.push(a);
  return a;
}

beforeEach(async () => {
  t = await startTestHub();
});
afterEach(async () => {
  for (const a of ais.splice(0)) a.close();
  for (const a of apps.splice(0)) a.ws.terminate();
  await t.stop();
});

/** Answers every request the fake app receives with `{echo: <method>, n}`. */
function answerAll(a: FakeApp, sid: string, data: Record<string, unknown>) {
  a.reply(sid, { jsonrpc: '2.0', id: data.id as number, result: { echo: data.method, sid } });
}

describe('roles', () => {
  it('makes the first app active and tells it the (empty) session list', async () => {
    const first = await app('first');
    expect(await first.expect('role')).toEqual(ACTIVE);
    expect(await first.expect('sessions')).toEqual({ t: 'sessions', list: [] });
  });

  it('tells a later app it is standby and ignores its messages', async () => {
    const first = await app('first');
    await first.expect('role');
    const second = await app('second');
    expect(await second.expect('role')).toEqual({ t: 'role', active: false });
    const client = await ai();
    const opened = await first.nextRouted();
    expect(opened.t).toBe('open');
    const sid = opened.sid as string;
    // The standby app does not see the session's messages, and cannot answer for it.
    const id = client.send('tools/list');
    const forwarded = await first.nextMsg();
    second.reply(sid, { jsonrpc: '2.0', id, result: { from: 'standby' } });
    first.reply(sid, { jsonrpc: '2.0', id, result: { from: 'active' } });
    expect((await client.messages.next()).result).toEqual({ from: 'active' });
    expect(forwarded.data.method).toBe('tools/list');
  });
});

describe('sessions', () => {
  it('routes two AI sessions by sid, in order, each answer to its own client', async () => {
    const a = await app();
    await a.expect('role');
    const one = await ai();
    const openOne = await a.nextRouted();
    const two = await ai();
    const openTwo = await a.nextRouted();
    expect(openOne).toMatchObject({ t: 'open', client: null });
    expect(openTwo).toMatchObject({ t: 'open', client: null });
    expect(openOne.sid).not.toBe(openTwo.sid);

    // Interleave 20 requests from each client, with the same ids on both sessions.
    for (let i = 1; i <= 20; i++) {
      one.send('tools/call', { name: 'session', arguments: { n: i } }, i);
      two.send('tools/call', { name: 'document', arguments: { n: i } }, i);
    }
    const received: { sid: string; data: Record<string, unknown> }[] = [];
    for (let i = 0; i < 40; i++) received.push(await a.nextMsg());
    for (const [open, tool] of [
      [openOne, 'session'],
      [openTwo, 'document'],
    ] as [AppFrame, string][]) {
      const mine = received.filter((m) => m.sid === open.sid);
      expect(mine.map((m) => m.data.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(mine.every((m) => (m.data.params as { name: string }).name === tool)).toBe(true);
    }
    // Answer in reverse order; each client gets exactly its own answers.
    for (const m of received.reverse()) answerAll(a, m.sid, m.data);
    for (const [client, open] of [
      [one, openOne],
      [two, openTwo],
    ] as [FakeAi, AppFrame][]) {
      const ids: unknown[] = [];
      for (let i = 0; i < 20; i++) {
        const answer = await client.messages.next();
        expect(answer.result).toEqual({ echo: 'tools/call', sid: open.sid });
        ids.push(answer.id);
      }
      expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    }
  });

  it('lists connected clients by name after initialize, and closes sessions', async () => {
    const a = await app();
    await a.expect('role');
    await a.expect('sessions');
    const client = await ai();
    const open = await a.expect('open');
    expect(await a.expect('sessions')).toEqual({
      t: 'sessions',
      list: [{ sid: open.sid, client: null }],
    });
    client.send('initialize', INITIALIZE_PARAMS);
    expect(await a.expect('sessions')).toEqual({
      t: 'sessions',
      list: [{ sid: open.sid, client: { name: 'test-client', version: '1.2.3' } }],
    });
    expect((await a.expect('msg')).data).toMatchObject({ method: 'initialize' });
    client.close();
    expect(await a.expect('close')).toEqual({ t: 'close', sid: open.sid });
    expect(await a.expect('sessions')).toEqual({ t: 'sessions', list: [] });
  });

  it('carries requests and notifications from the app to the client, and the answers back', async () => {
    const a = await app();
    await a.expect('role');
    const client = await ai();
    const { sid } = await a.expect('open');
    a.reply(sid as string, { jsonrpc: '2.0', id: 'srv-1', method: 'roots/list' });
    a.reply(sid as string, { jsonrpc: '2.0', method: 'notifications/message', params: { x: 1 } });
    expect(await client.messages.next()).toEqual({
      jsonrpc: '2.0',
      id: 'srv-1',
      method: 'roots/list',
    });
    expect((await client.messages.next()).method).toBe('notifications/message');
    client.ws.send(JSON.stringify({ jsonrpc: '2.0', id: 'srv-1', result: { roots: [] } }));
    expect((await a.nextMsg()).data).toEqual({
      jsonrpc: '2.0',
      id: 'srv-1',
      result: { roots: [] },
    });
  });

  it('refuses a request whose id is still waiting, without forwarding it', async () => {
    const a = await app();
    await a.expect('role');
    const client = await ai();
    await a.expect('open');
    client.send('tools/call', { name: 'session' }, 7);
    await a.nextMsg();
    client.send('tools/call', { name: 'document' }, 7);
    const refusal = await client.messages.next();
    expect(refusal).toMatchObject({ id: 7, error: { code: -32600 } });
    // Only session-list updates may have reached the app since.
    client.close();
    expect(await a.expect('close')).toMatchObject({ t: 'close' });
  });
});

describe('takeover and replay', () => {
  it('makes the oldest standby active when the active app closes, with open and replayed initialize', async () => {
    const first = await app('first');
    await first.expect('role');
    const second = await app('second');
    const third = await app('third');
    await second.expect('role');
    await third.expect('role');
    const client = await ai();
    const { sid } = await first.expect('open');
    const initId = client.send('initialize', INITIALIZE_PARAMS);
    const init = await first.nextMsg();
    first.reply(sid as string, { jsonrpc: '2.0', id: init.data.id as number, result: { ok: 1 } });
    expect((await client.messages.next()).id).toBe(initId);
    client.notify('notifications/initialized');
    expect((await first.nextMsg()).data.method).toBe('notifications/initialized');

    await first.close();
    expect(await second.nextRouted()).toEqual(ACTIVE);
    expect(await second.nextRouted()).toEqual({
      t: 'open',
      sid,
      client: { name: 'test-client', version: '1.2.3' },
    });
    const replay = await second.nextMsg();
    expect(replay.sid).toBe(sid);
    expect(replay.data).toMatchObject({ method: 'initialize', params: INITIALIZE_PARAMS });
    expect(String(replay.data.id)).toMatch(/^vmark-replay-/);
    expect((await second.nextMsg()).data.method).toBe('notifications/initialized');
    // The answer to the replay is swallowed; the next request reaches the new app and its answer
    // reaches the client.
    second.reply(sid as string, { jsonrpc: '2.0', id: replay.data.id as string, result: {} });
    const id = client.send('tools/list');
    const forwarded = await second.nextMsg();
    expect(forwarded.data).toMatchObject({ id, method: 'tools/list' });
    second.reply(sid as string, { jsonrpc: '2.0', id, result: { tools: [] } });
    expect(await client.messages.next()).toEqual({ jsonrpc: '2.0', id, result: { tools: [] } });
    // The third app is still standby and was told nothing but session lists.
    const told = third.frames.drain();
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((frame) => frame.t === 'sessions')).toBe(true);
  });

  it('replays initialize to an app that connects after the session began', async () => {
    const client = await ai();
    const answer = await client.request('initialize', INITIALIZE_PARAMS);
    expect(answer.result).toMatchObject({ serverInfo: { name: 'vmark-web' } });
    client.notify('notifications/initialized');
    const a = await app();
    expect(await a.expect('role')).toEqual(ACTIVE);
    const open = await a.expect('open');
    expect(open.client).toEqual({ name: 'test-client', version: '1.2.3' });
    expect((await a.expect('msg')).data).toMatchObject({ method: 'initialize' });
    expect((await a.expect('msg')).data).toMatchObject({ method: 'notifications/initialized' });
    const id = client.send('tools/call', { name: 'session', arguments: { action: 'get_state' } });
    expect((await a.nextMsg()).data).toMatchObject({ id, method: 'tools/call' });
  });
});
