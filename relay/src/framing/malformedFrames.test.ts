import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeAi, FakeApp, startTestHub, type TestHub } from '../../test/harness.js';

const MIB = 1024 * 1024;

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
});
afterAll(() => t.stop());

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** 1,000 frames that are not valid JSON-RPC requests, of every kind the hub must survive. */
function garbage(seed: number): (string | Buffer)[] {
  const next = random(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: T[]): T => items[int(items.length)];
  const randomText = () =>
    Array.from({ length: int(200) }, () => String.fromCharCode(int(0x3000))).join('');
  const nested = (depth: number, open: string, close: string) =>
    `${open.repeat(depth)}${close.repeat(depth)}`;
  const makers: (() => string | Buffer)[] = [
    () => Buffer.from(Array.from({ length: 1 + int(300) }, () => int(256))),
    randomText,
    () => pick(['', ' ', '{', '}', '[', '"', 'nul', 'tru', '{"jsonrpc":"2.0",', '{"a":1,}']),
    () => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }).slice(0, 1 + int(30)),
    () => pick(['0', '-1', '"text"', 'null', 'true', '[]', '[1,2]', '{}']),
    () => JSON.stringify([{ jsonrpc: '2.0', id: int(100), method: 'ping' }]),
    () => JSON.stringify({ jsonrpc: '1.0', id: int(100), method: 'ping' }),
    () => JSON.stringify({ id: int(100), method: 'ping' }),
    () => JSON.stringify({ jsonrpc: '2.0', id: int(100), method: int(100) }),
    () => JSON.stringify({ jsonrpc: '2.0', id: int(100), method: '' }),
    () => JSON.stringify({ jsonrpc: '2.0', id: { nested: [1] }, method: 'ping' }),
    () => JSON.stringify({ jsonrpc: '2.0', id: int(100), method: 'ping', params: 'text' }),
    () => JSON.stringify({ jsonrpc: '2.0', id: int(100), result: {}, error: {} }),
    () => JSON.stringify({ jsonrpc: '2.0', id: int(100), error: { code: 'x' } }),
    () => `{"jsonrpc":"2.0","id":1e${400 + int(1000)},"method":"ping"}`,
    () => `{"jsonrpc":"2.0","id":-1e${400 + int(1000)},"method":"ping"}`,
    () => nested(600 + int(20_000), '[', ']'),
    () => `{"jsonrpc":"2.0","id":5,"method":"ping","params":{"a":${nested(600, '[', ']')}}}`,
    () => nested(1000, '{"a":', '}').replace(/\}$/, ''),
    () => `{"jsonrpc":"2.0","id":"x","method":"${'\\'.repeat(1 + int(5))}`,
  ];
  return Array.from({ length: 1000 }, () => pick(makers)());
}

describe('malformed frames never take the hub down', () => {
  it('answers 1,000 malformed frames on /ai and still answers a valid request', async () => {
    const client = await FakeAi.connect(t.hub, t.token);
    for (const frame of garbage(20260507)) client.ws.send(frame);
    client.send('ping', undefined, 'after-the-storm');
    let answers = 0;
    for (;;) {
      const message = await client.messages.next('the answer to the valid ping', 10_000);
      if (message.id === 'after-the-storm') {
        expect(message.result).toEqual({});
        break;
      }
      answers++;
      // Every answer to garbage is a JSON-RPC error.
      expect(message.error?.code, JSON.stringify(message).slice(0, 200)).toBeTypeOf('number');
    }
    // All 1,000 frames are malformed, so each got exactly one error answer.
    expect(answers).toBe(1000);
    expect(t.logs.filter((line) => line.includes('handler failed'))).toEqual([]);
    client.close();
    const fresh = await FakeAi.connect(t.hub, t.token);
    expect((await fresh.request('ping')).result).toEqual({});
    fresh.close();
  });

  it('ignores 1,000 malformed frames from the app and keeps routing', async () => {
    const app = await FakeApp.connect(t.hub);
    await app.expect('role');
    const client = await FakeAi.connect(t.hub, t.token);
    const { sid } = await app.expect('open');
    const frames = garbage(7);
    for (let i = 0; i < frames.length; i++) {
      const frame = frames[i];
      // Every other frame is a msg wrapper around the garbage, for the session that exists.
      app.ws.send(
        i % 2 === 0 || Buffer.isBuffer(frame)
          ? frame
          : `{"t":"msg","sid":"${sid}","data":${frame}}`,
      );
    }
    const id = client.send('tools/list');
    const forwarded = await app.nextMsg();
    expect(forwarded.data).toMatchObject({ id, method: 'tools/list' });
    app.reply(sid as string, { jsonrpc: '2.0', id, result: { tools: [] } });
    expect(await client.messages.next()).toEqual({ jsonrpc: '2.0', id, result: { tools: [] } });
    expect(t.logs.filter((line) => line.includes('handler failed'))).toEqual([]);
    client.close();
    app.ws.close();
  });
});

describe('frame size limit', () => {
  it('accepts a frame of exactly 16 MiB', async () => {
    const client = await FakeAi.connect(t.hub, t.token);
    const head = '{"jsonrpc":"2.0","id":"big","method":"ping","params":{"pad":"';
    const tail = '"}}';
    const frame = head + 'x'.repeat(16 * MIB - head.length - tail.length) + tail;
    expect(Buffer.byteLength(frame)).toBe(16 * MIB);
    client.ws.send(frame);
    expect(await client.messages.next('the answer to a 16 MiB ping', 10_000)).toEqual({
      jsonrpc: '2.0',
      id: 'big',
      result: {},
    });
    client.close();
  });

  it('refuses a frame over 16 MiB by closing with 1009, and keeps serving', async () => {
    const client = await FakeAi.connect(t.hub, t.token);
    client.ws.send('x'.repeat(16 * MIB + 1));
    expect(await client.closed).toBe(1009);
    const fresh = await FakeAi.connect(t.hub, t.token);
    expect((await fresh.request('ping')).result).toEqual({});
    fresh.close();
  });

  it('refuses an app frame over 16 MiB the same way', async () => {
    const app = await FakeApp.connect(t.hub);
    await app.expect('role');
    const code = new Promise<number>((resolve) => app.ws.once('close', (c) => resolve(c)));
    app.ws.send(Buffer.alloc(16 * MIB + 1, 0x20));
    expect(await code).toBe(1009);
  });
});
