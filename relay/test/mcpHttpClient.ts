/**
 * A bare Streamable HTTP client for the relay's tests: single requests to `/mcp` with any headers,
 * and event streams read into an inbox, so each test can look at statuses and headers the SDK's
 * client hides.
 */
import { Inbox, type Received } from './harness.js';

export interface McpAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: Received | null;
}

export class McpHttp {
  sessionId: string | null = null;
  #nextId = 1;

  constructor(
    readonly port: number,
    readonly token: string | null,
    readonly extra: Record<string, string> = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  headers(more: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...this.extra,
      ...more,
    };
    if (this.token !== null) headers.Authorization = `Bearer ${this.token}`;
    if (this.sessionId !== null) headers['Mcp-Session-Id'] = this.sessionId;
    return headers;
  }

  /** POSTs one message; reads the whole answer (JSON, or an event stream until it ends). */
  async post(message: unknown, more: Record<string, string> = {}): Promise<McpAnswer> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: this.headers(more),
      body: JSON.stringify(message),
    });
    const text = await response.text();
    let json: Received | null = null;
    if (response.headers.get('content-type')?.startsWith('application/json')) {
      json = JSON.parse(text) as Received;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  async request(method: string, params?: Record<string, unknown>): Promise<McpAnswer> {
    return this.post({ jsonrpc: '2.0', id: this.#nextId++, method, params });
  }

  async initialize(): Promise<McpAnswer> {
    const answer = await this.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'http-test', version: '1.0.0' },
    });
    this.sessionId = answer.headers.get('mcp-session-id');
    return answer;
  }

  async send(method: string, init: RequestInit = {}): Promise<Response> {
    return fetch(this.url, { method, headers: this.headers(), ...init });
  }
}

/** The messages of an event stream, as they arrive. */
export class EventReader {
  readonly messages = new Inbox<Received>();
  readonly ended: Promise<void>;

  constructor(body: ReadableStream<Uint8Array>) {
    this.ended = this.#read(body);
  }

  async #read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data !== '') this.messages.push(JSON.parse(data) as Received);
        }
      }
    } catch {
      // An aborted stream simply ends.
    }
  }
}

/** Parses a whole event-stream body into its messages. */
export function eventsOf(text: string): Received[] {
  return text
    .split('\n\n')
    .map((event) =>
      event
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n'),
    )
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data) as Received);
}
