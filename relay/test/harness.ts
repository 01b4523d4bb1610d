/**
 * Test doubles for the relay's tests: a hub on a random port with a private VMARK_HOME, a fake app
 * core and fake AI clients on real sockets, and a way to try forged upgrades.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { startHub, type Hub, type HubOptions } from '../src/hub.js';
import type { JsonRpcMessage } from '../src/framing/jsonRpc.js';
import type { Manifest } from '../src/manifest.js';
import { ensureToken } from '../src/auth/tokenFile.js';
import { ensureVmarkHome } from '../src/vmarkHome.js';

export const TEST_MANIFEST: Manifest = {
  instructions: 'Start with session.get_state.',
  tools: [
    {
      name: 'session',
      title: 'Session',
      description: 'Reads the editor state.',
      inputSchema: {
        type: 'object',
        properties: { action: { type: 'string', enum: ['get_state'] } },
      },
    },
    {
      name: 'document',
      title: 'Document',
      description: 'Reads and writes documents.',
      inputSchema: { type: 'object', properties: { action: { type: 'string' } } },
    },
  ],
};

/** Items that arrive over time, taken in order; waiting is bounded so a broken test fails. */
export class Inbox<T> {
  #items: T[] = [];
  #waiters: ((item: T) => void)[] = [];

  push(item: T): void {
    const waiter = this.#waiters.shift();
    if (waiter) waiter(item);
    else this.#items.push(item);
  }

  get size(): number {
    return this.#items.length;
  }

  /** Takes everything that has arrived so far. */
  drain(): T[] {
    return this.#items.splice(0);
  }

  next(what = 'a message', timeoutMs = 4000): Promise<T> {
    const item = this.#items.shift();
    if (item !== undefined) return Promise.resolve(item);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(new Error(`waited ${timeoutMs} ms for ${what}`));
      }, timeoutMs);
      const waiter = (value: T) => {
        clearTimeout(timer);
        resolve(value);
      };
      this.#waiters.push(waiter);
    });
  }
}

export interface TestHub {
  hub: Hub;
  home: string;
  token: string;
  logs: string[];
  stop(): Promise<void>;
}

export async function startTestHub(options: Partial<HubOptions> = {}): Promise<TestHub> {
  const home = await mkdtemp(join(tmpdir(), 'vmark-relay-test-'));
  await ensureVmarkHome(home);
  const token = await ensureToken(home);
  const logs: string[] = [];
  const hub = await startHub({
    port: 0,
    root: join(home, 'no-build'),
    token,
    manifest: TEST_MANIFEST,
    log: (message) => logs.push(message),
    ...options,
  });
  return {
    hub,
    home,
    token,
    logs,
    stop: async () => {
      await hub.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
}

/** A frame the hub sent to an app. */
export type AppFrame = { t: string; [key: string]: unknown };

/** A stand-in for the app core: a browser-like socket with the hub's own Origin. */
export class FakeApp {
  readonly frames = new Inbox<AppFrame>();
  readonly closed: Promise<void>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as AppFrame));
    this.closed = new Promise((resolve) => ws.once('close', () => resolve()));
  }

  static async connect(hub: Hub, instance = `app-${Math.random()}`): Promise<FakeApp> {
    const ws = new WebSocket(`ws://127.0.0.1:${hub.port}/app`, {
      origin: `http://127.0.0.1:${hub.port}`,
    });
    await opened(ws);
    const app = new FakeApp(ws);
    ws.send(JSON.stringify({ t: 'hello', instance }));
    return app;
  }

  /** The next frame, which must be of type `t`; `sessions` updates are skipped unless asked for. */
  async expect(t: string): Promise<AppFrame> {
    for (;;) {
      const frame = await this.frames.next(`a "${t}" frame`);
      if (frame.t === 'sessions' && t !== 'sessions') continue;
      if (frame.t !== t) throw new Error(`expected a "${t}" frame, got ${JSON.stringify(frame)}`);
      return frame;
    }
  }

  /** Skips `sessions` frames and returns the next other one. */
  async nextRouted(): Promise<AppFrame> {
    for (;;) {
      const frame = await this.frames.next('a routed frame');
      if (frame.t !== 'sessions') return frame;
    }
  }

  /** The next `msg` frame's sid and data, skipping `sessions` updates. */
  async nextMsg(): Promise<{ sid: string; data: Record<string, unknown> }> {
    const frame = await this.nextRouted();
    if (frame.t !== 'msg') throw new Error(`expected a msg frame, got ${JSON.stringify(frame)}`);
    return { sid: frame.sid as string, data: frame.data as Record<string, unknown> };
  }

  reply(sid: string, data: JsonRpcMessage): void {
    this.ws.send(JSON.stringify({ t: 'msg', sid, data }));
  }

  async close(): Promise<void> {
    this.ws.close();
    await this.closed;
  }
}

/** A JSON-RPC message as a test reads it. */
export interface Received {
  jsonrpc: string;
  id?: string | number | null;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

/** A stand-in for a stdio relay: one MCP session on `/ai`. */
export class FakeAi {
  readonly messages = new Inbox<Received>();
  readonly closed: Promise<number>;
  #nextId = 1;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(String(data)) as Received));
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
  }

  static async connect(hub: Hub, token: string): Promise<FakeAi> {
    const ws = new WebSocket(`ws://127.0.0.1:${hub.port}/ai`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    ws.on('error', () => undefined);
    await opened(ws);
    return new FakeAi(ws);
  }

  /** Sends a request and returns its id. */
  send(method: string, params?: Record<string, unknown>, id: string | number = this.#nextId++) {
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    return id;
  }

  notify(method: string, params?: Record<string, unknown>): void {
    this.ws.send(JSON.stringify({ jsonrpc: '2.0', method, params }));
  }

  /** Sends a request and waits for the next message, which must answer it. */
  async request(method: string, params?: Record<string, unknown>): Promise<Received> {
    const id = this.send(method, params);
    const answer = await this.messages.next(`the answer to ${method}`);
    if (answer.id !== id)
      throw new Error(`expected the answer to ${id}, got ${JSON.stringify(answer)}`);
    return answer;
  }

  close(): void {
    this.ws.close();
  }
}

export const INITIALIZE_PARAMS = {
  protocolVersion: '2025-06-18',
  capabilities: {},
  clientInfo: { name: 'test-client', version: '1.2.3' },
};

/** Tries an upgrade with the given headers; reports the refusal status or that a socket opened. */
export function tryUpgrade(
  url: string,
  headers: Record<string, string>,
  origin?: string,
): Promise<{ opened: boolean; status: number | null }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers, ...(origin ? { origin } : {}) });
    ws.once('open', () => {
      ws.close();
      resolve({ opened: true, status: null });
    });
    ws.once('unexpected-response', (req, res) => {
      res.resume();
      req.destroy();
      resolve({ opened: false, status: res.statusCode ?? null });
    });
    ws.once('error', () => resolve({ opened: false, status: null }));
  });
}

/** An HTTP answer as a test reads it. */
export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A plain HTTP request to the hub on 127.0.0.1:`port`, with any Host header (fetch would not let
 * a test forge one).
 */
export function httpAsk(
  port: number,
  path: string,
  options: { method?: string; host?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { Host: options.host ?? `127.0.0.1:${port}` },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}
