/**
 * The table of MCP sessions over HTTP, and where a message from the app goes inside one. Pure:
 * time comes in as `now`, ids from a function, and a session's contents are the caller's.
 *
 * - A session id (`Mcp-Session-Id`) is 32 random bytes in base64url: visible ASCII, unguessable,
 *   and unrelated to the router's session id, which the app sees.
 * - At most `maxSessions` at once; `initialize` beyond that is refused.
 * - A session nobody has used for `idleMs` ends, unless it is busy (a request waiting for its
 *   answer, or its GET stream open: a connected client is not idle). A session whose client had
 *   its GET stream open and dropped it (it quit, most likely) ends sooner, after `lostStreamMs`,
 *   unless the client comes back: clients reconnect a dropped stream within seconds.
 */
import { randomBytes } from 'node:crypto';
import { idKey, isJsonRpcId, type JsonRpcMessage } from '../framing/jsonRpc.js';

export interface SessionLimits {
  maxSessions: number;
  idleMs: number;
  lostStreamMs: number;
}

/**
 * Defaults: 64 sessions; one hour without a request or an open stream; two minutes after the
 * client's stream dropped.
 */
export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  maxSessions: 64,
  idleMs: 60 * 60 * 1000,
  lostStreamMs: 2 * 60 * 1000,
};

/** How a session stands, for its idle limit. */
export type SessionUse = 'busy' | 'idle' | 'stream-lost';

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

interface Entry<S> {
  value: S;
  lastUsed: number;
}

export class HttpSessionTable<S> {
  readonly #entries = new Map<string, Entry<S>>();

  constructor(
    private readonly limits: SessionLimits,
    private readonly newId: () => string = newSessionId,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** A new session's id, or null when the table is full. */
  create(value: S, now: number): string | null {
    if (this.#entries.size >= this.limits.maxSessions) return null;
    let id = this.newId();
    while (this.#entries.has(id)) id = this.newId();
    this.#entries.set(id, { value, lastUsed: now });
    return id;
  }

  get(id: string | undefined): S | undefined {
    return id === undefined ? undefined : this.#entries.get(id)?.value;
  }

  /** Notes that the session was used now. */
  touch(id: string, now: number): void {
    const entry = this.#entries.get(id);
    if (entry) entry.lastUsed = now;
  }

  delete(id: string): S | undefined {
    const entry = this.#entries.get(id);
    this.#entries.delete(id);
    return entry?.value;
  }

  /** Takes out and returns the sessions unused for longer than their limit allows. */
  takeExpired(now: number, use: (value: S) => SessionUse): S[] {
    const expired: S[] = [];
    for (const [id, entry] of this.#entries) {
      const how = use(entry.value);
      if (how === 'busy') continue;
      const limit = how === 'stream-lost' ? this.limits.lostStreamMs : this.limits.idleMs;
      if (now - entry.lastUsed >= limit) {
        this.#entries.delete(id);
        expired.push(entry.value);
      }
    }
    return expired;
  }

  values(): S[] {
    return [...this.#entries.values()].map((entry) => entry.value);
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** A POST waiting for its answer: keyed by `idKey` of the request id. */
export interface Waiting {
  /** Whether the POST is answered with an event stream (it asked for progress). */
  stream: boolean;
  /** The request's `_meta.progressToken`, as an `idKey`, when it has one. */
  progressKey: string | null;
}

export type Destination =
  /** The answer to the POST waiting under `key`: it ends that POST. */
  | { to: 'answer'; key: string }
  /** A message about the request of the POST under `key`, sent on its event stream. */
  | { to: 'related'; key: string }
  /** Anything else from the server: the session's GET stream. */
  | { to: 'stream' }
  /** An answer nobody waits for (the POST was cancelled or its connection closed). */
  | { to: 'nowhere' };

/** The progress token a request asks to be told about, as an `idKey`; null when none. */
export function progressKeyOf(params: unknown): string | null {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const meta = (params as Record<string, unknown>)._meta;
  if (typeof meta !== 'object' || meta === null) return null;
  const token = (meta as Record<string, unknown>).progressToken;
  return isJsonRpcId(token) ? idKey(token) : null;
}

/**
 * Where a message from the app to this session goes. Progress about a request whose POST is an
 * event stream goes on that stream; every other request or notification from the server goes on
 * the GET stream.
 */
export function destinationOf(
  message: JsonRpcMessage,
  waiting: ReadonlyMap<string, Waiting>,
): Destination {
  if (!('method' in message)) {
    if (message.id === null) return { to: 'nowhere' };
    const key = idKey(message.id);
    return waiting.has(key) ? { to: 'answer', key } : { to: 'nowhere' };
  }
  if (!('id' in message) && message.method === 'notifications/progress') {
    const token = progressKeyOf({ _meta: message.params });
    if (token !== null) {
      for (const [key, entry] of waiting) {
        if (entry.stream && entry.progressKey === token) return { to: 'related', key };
      }
    }
  }
  return { to: 'stream' };
}
