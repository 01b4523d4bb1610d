/**
 * The core's connection to the hub's `/app` socket: it learns whether this browser serves AI
 * clients (active) or waits (standby), and runs one MCP server per AI session.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { HubSessionTransport } from './hubTransport';

export type LinkState = 'offline' | 'connecting' | 'active' | 'standby';

export interface AiClient {
  sid: string;
  name: string;
}

/** What the link needs from the core: a server per session, and a place to report its state. */
export interface LinkHost {
  openSession(
    transport: HubSessionTransport,
    client: { name?: string } | null,
  ): Promise<{ close(): Promise<void> }>;
  linkChanged(state: LinkState, clients: AiClient[]): void;
}

type Frame =
  | { t: 'role'; active: boolean }
  | { t: 'open'; sid: string; client?: { name?: string } | null }
  | { t: 'msg'; sid: string; data: JSONRPCMessage }
  | { t: 'close'; sid: string }
  | { t: 'sessions'; list: { sid: string; client?: { name?: string } | null }[] };

const MAX_BACKOFF_MS = 10_000;

export class HubLink {
  private socket: WebSocket | null = null;
  private state: LinkState = 'offline';
  private clients: AiClient[] = [];
  private readonly sessions = new Map<
    string,
    { transport: HubSessionTransport; close(): Promise<void> }
  >();
  private backoff = 500;
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

  private send(frame: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private async onFrame(frame: Frame): Promise<void> {
    switch (frame.t) {
      case 'role':
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
        const opened = await this.host.openSession(transport, frame.client ?? null);
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
      case 'sessions':
        this.clients = frame.list.map((s) => ({ sid: s.sid, name: s.client?.name ?? 'AI client' }));
        this.host.linkChanged(this.state, this.clients);
        return;
    }
  }
}
