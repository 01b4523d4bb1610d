/**
 * The core's connection to the hub's `/app` socket: it learns whether this browser serves AI
 * clients (active) or waits (standby), runs one MCP server per AI session, and carries the
 * browser driver's frames (relay/src/browser/protocol.ts) to and from the core.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { DriverEvent, DriverResult } from '../../../shared/wire/driverProtocol';
import { credentialHash } from './clientCredentials';
import { HubSessionTransport } from './hubTransport';
import { setHubWait } from '../../mcp/answerWindow';

export type LinkState = 'offline' | 'connecting' | 'active' | 'standby';

export interface AiClient {
  sid: string;
  name: string;
  /** SHA-256 of the credential the client presented, or null; the secret itself is not kept. */
  credentialHash: string | null;
}

/**
 * What the link needs from the core: a server per session, and a place to report its state. A
 * session's credential arrives as its hash: the secret goes no further than this file.
 */
export interface LinkHost {
  openSession(
    transport: HubSessionTransport,
    client: { name?: string } | null,
    credentialHash: Promise<string | null>,
  ): Promise<{ close(): Promise<void> }>;
  linkChanged(state: LinkState, clients: AiClient[]): void;
  /** The driver's answer to a `{t: 'browser'}` frame. */
  browserResult?(id: string, result: DriverResult): void;
  /** Something changed in the AI's browser: its tabs, a prompt withdrawn, Chromium started. */
  browserEvent?(event: DriverEvent): void;
}

/** A session as the hub tells of it; `credential` is the client's secret, when it has one. */
interface SessionFrame {
  sid: string;
  client?: { name?: string } | null;
  credential?: unknown;
}

type Frame =
  | { t: 'role'; active: boolean; answer_within_ms?: number }
  | ({ t: 'open' } & SessionFrame)
  | { t: 'msg'; sid: string; data: JSONRPCMessage }
  | { t: 'close'; sid: string }
  | { t: 'sessions'; list: SessionFrame[] }
  | { t: 'browser-result'; id: string; result: DriverResult }
  | { t: 'browser-event'; event: DriverEvent };

const MAX_BACKOFF_MS = 10_000;

/** The hash of a presented credential, or null when the session presented none. */
async function hashOf(credential: unknown): Promise<string | null> {
  return typeof credential === 'string' && credential !== '' ? credentialHash(credential) : null;
}

export class HubLink {
  private socket: WebSocket | null = null;
  private state: LinkState = 'offline';
  private clients: AiClient[] = [];
  private readonly sessions = new Map<
    string,
    { transport: HubSessionTransport; close(): Promise<void> }
  >();
  private backoff = 500;
  /** Counts `sessions` frames, so a list hashed late never replaces a newer one. */
  private sessionLists = 0;
  private readonly instance = crypto.randomUUID();

  constructor(
    private readonly url: string,
    private readonly host: LinkHost,
  ) {}

  start(): void {
    this.connect();
  }

  private setState(state: LinkState): void {
    this.state = state;
    this.host.linkChanged(state, this.clients);
  }

  private connect(): void {
    this.setState('connecting');
    let socket: WebSocket;
    try {
      socket = new WebSocket(this.url);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.backoff = 500;
      socket.send(JSON.stringify({ t: 'hello', instance: this.instance }));
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let frame: Frame;
      try {
        frame = JSON.parse(event.data) as Frame;
      } catch {
        return;
      }
      void this.onFrame(frame);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      void this.closeAll();
      this.clients = [];
      this.sessionLists++;
      this.retry();
    };
  }

  private retry(): void {
    this.setState('offline');
    setTimeout(() => this.connect(), this.backoff);
    this.backoff = Math.min(this.backoff * 2, MAX_BACKOFF_MS);
  }

  private async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((s) => s.close().catch(() => undefined)));
  }

  /** Sends a frame to the hub; false when the socket is not open. */
  send(frame: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private async onFrame(frame: Frame): Promise<void> {
    switch (frame.t) {
      case 'role':
        if (frame.active) setHubWait(frame.answer_within_ms);
        if (!frame.active) await this.closeAll();
        this.setState(frame.active ? 'active' : 'standby');
        return;
      case 'open': {
        if (this.sessions.has(frame.sid)) return;
        const transport = new HubSessionTransport(frame.sid, (f) => this.send(f));
        const entry: { transport: HubSessionTransport; close(): Promise<void> } = {
          transport,
          close: async () => undefined,
        };
        this.sessions.set(frame.sid, entry);
        const hash = hashOf(frame.credential);
        const opened = await this.host.openSession(transport, frame.client ?? null, hash);
        entry.close = () => opened.close();
        return;
      }
      case 'msg':
        this.sessions.get(frame.sid)?.transport.deliver(frame.data);
        return;
      case 'close': {
        const s = this.sessions.get(frame.sid);
        this.sessions.delete(frame.sid);
        await s?.close();
        return;
      }
      case 'sessions': {
        const turn = ++this.sessionLists;
        const clients = await Promise.all(
          frame.list.map(async (s) => ({
            sid: s.sid,
            name: s.client?.name ?? 'AI client',
            credentialHash: await hashOf(s.credential),
          })),
        );
        if (turn !== this.sessionLists) return;
        this.clients = clients;
        this.host.linkChanged(this.state, this.clients);
        return;
      }
      case 'browser-result':
        if (typeof frame.id === 'string') this.host.browserResult?.(frame.id, frame.result);
        return;
      case 'browser-event':
        if (typeof frame.event === 'object' && frame.event !== null) {
          this.host.browserEvent?.(frame.event);
        }
        return;
    }
  }
}
