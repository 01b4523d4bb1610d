import { afterEach, describe, expect, it } from 'vitest';
import {
  FakeAi,
  FakeApp,
  INITIALIZE_PARAMS,
  startTestHub,
  type TestHub,
} from '../../test/harness.js';

let t: TestHub;
const sockets: { close(): void }[] = [];

async function setUp(requestTimeoutMs?: number) {
  t = await startTestHub(requestTimeoutMs ? { requestTimeoutMs } : {});
  const app = await FakeApp.connect(t.hub);
  await app.expect('role');
  const client = await FakeAi.connect(t.hub, t.token);
  const { sid } = await app.expect('open');
  sockets.push(app.ws, client);
  return { app, client, sid: sid as string };
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await t.stop();
});

describe('when the app disconnects, every waiting request is answered', () => {
  it('answers a pending tools/call with isError within 1 s', async () => {
    const { app, client } = await setUp();
    const id = client.send('tools/call', { name: 'document', arguments: { action: 'read' } });
    await app.nextMsg();
    const started = performance.now();
    app.ws.terminate();
    const answer = await client.messages.next();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.id).toBe(id);
    expect(answer.result?.isError).toBe(true);
    expect(JSON.stringify(answer.result)).toContain('went away');
  });

  it('answers other pending requests with a JSON-RPC error, and initialize with the hub’s own answer', async () => {
    const { app, client } = await setUp();
    const initId = client.send('initialize', INITIALIZE_PARAMS);
    const listId = client.send('resources/list');
    await app.nextMsg();
    await app.nextMsg();
    await app.close();
    const answers = [await client.messages.next(), await client.messages.next()];
    const init = answers.find((a) => a.id === initId);
    const list = answers.find((a) => a.id === listId);
    expect(init?.result).toMatchObject({ serverInfo: { name: 'vmark-web' } });
    expect(list?.error?.code).toBe(-32000);
    expect(list?.error?.message).toContain(t.hub.url);
    // With no app left, the hub now answers tools/call at once.
    const call = await client.request('tools/call', { name: 'session', arguments: {} });
    expect(call.result?.isError).toBe(true);
  });
});

describe('timeouts', () => {
  it('answers a request the app does not answer in time, tells the app, and drops the late answer', async () => {
    const { app, client, sid } = await setUp(300);
    const id = client.send('tools/call', { name: 'document', arguments: { action: 'read' } });
    await app.nextMsg();
    const answer = await client.messages.next('the timeout answer', 3000);
    expect(answer.id).toBe(id);
    expect(answer.result?.isError).toBe(true);
    expect(JSON.stringify(answer.result)).toContain(
      'did not answer the document tool call within 0.3 s',
    );
    const cancel = await app.nextMsg();
    expect(cancel.data).toMatchObject({
      method: 'notifications/cancelled',
      params: { requestId: id },
    });
    app.reply(sid, { jsonrpc: '2.0', id, result: { late: true } });
    // The late answer is dropped: the next message the client gets answers this ping.
    const pingId = client.send('ping');
    const ping = await app.nextMsg();
    app.reply(sid, { jsonrpc: '2.0', id: ping.data.id as number, result: {} });
    expect(await client.messages.next()).toEqual({ jsonrpc: '2.0', id: pingId, result: {} });
  });

  it('answers a timed-out non-tool request with a JSON-RPC timeout error', async () => {
    const { app, client } = await setUp(200);
    const id = client.send('resources/list');
    await app.nextMsg();
    const answer = await client.messages.next('the timeout answer', 3000);
    expect(answer).toMatchObject({ id, error: { code: -32001 } });
  });
});

describe('cancellation', () => {
  it('passes notifications/cancelled through to the app and sends no late answer', async () => {
    const { app, client, sid } = await setUp();
    const id = client.send('tools/call', { name: 'document', arguments: { action: 'read' } });
    await app.nextMsg();
    client.notify('notifications/cancelled', { requestId: id, reason: 'user stopped it' });
    const cancel = await app.nextMsg();
    expect(cancel.data).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: id, reason: 'user stopped it' },
    });
    app.reply(sid, { jsonrpc: '2.0', id, result: { content: [] } });
    const pingId = client.send('ping');
    const ping = await app.nextMsg();
    app.reply(sid, { jsonrpc: '2.0', id: ping.data.id as number, result: {} });
    expect(await client.messages.next()).toEqual({ jsonrpc: '2.0', id: pingId, result: {} });
  });
});
