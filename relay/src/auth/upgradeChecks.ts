/**
 * Who may open a WebSocket on the hub. Checked on the HTTP upgrade request, before any socket
 * exists, so a refused client never gets one:
 * - every path: Host must be the hub's own (`hostValidation.ts`), as for plain HTTP requests,
 *   which defeats DNS rebinding; otherwise 421.
 * - `/app` (the app core in a browser): Origin must be the hub's own origin, which defeats other
 *   web pages.
 * - `/ai` (stdio relays): no Origin at all (browsers always send one) and the token from
 *   `$VMARK_HOME/token` as a bearer token; a client credential, if any, of the right shape.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLIENT_CREDENTIAL_HEADER, checkClientCredential } from './clientCredential.js';
import { hostIsOwn, originIsOwn } from './hostValidation.js';

export type Endpoint = 'app' | 'ai';

export type RefusalStatus = 400 | 401 | 403 | 404 | 421;

export type UpgradeVerdict =
  | { ok: true; endpoint: 'app' }
  /** `credential`: the AI client's own secret (`VMARK_CLIENT_TOKEN`), or null when it has none. */
  | { ok: true; endpoint: 'ai'; credential: string | null }
  | { ok: false; status: RefusalStatus; reason: string };

const STATUS_TEXT: Record<RefusalStatus, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  421: 'Misdirected Request',
};

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Whether an Authorization header carries `token`; compares in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  // Equal-length digests, so timingSafeEqual's time says nothing about the token.
  const offered = digest(match ? match[1] : '');
  return timingSafeEqual(offered, digest(token)) && match !== null;
}

/** Decides an upgrade request to the hub listening on `port`. */
export function checkUpgrade(req: IncomingMessage, port: number, token: string): UpgradeVerdict {
  const { origin, host, authorization } = req.headers;
  if (!hostIsOwn(host, port)) return { ok: false, status: 421, reason: 'foreign Host' };
  let path: string;
  try {
    path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  } catch {
    return { ok: false, status: 404, reason: 'unreadable path' };
  }
  if (path === '/app') {
    if (!originIsOwn(origin, port)) return { ok: false, status: 403, reason: 'foreign Origin' };
    return { ok: true, endpoint: 'app' };
  }
  if (path === '/ai') {
    if (origin !== undefined) return { ok: false, status: 403, reason: 'Origin on /ai' };
    if (!bearerMatches(authorization, token)) {
      return { ok: false, status: 401, reason: 'missing or wrong token' };
    }
    // The reason names the header only: the value is a secret, and the reason is logged.
    const presented = checkClientCredential(req.headers[CLIENT_CREDENTIAL_HEADER]);
    if (!presented.ok) return { ok: false, status: 400, reason: 'malformed client credential' };
    return { ok: true, endpoint: 'ai', credential: presented.credential };
  }
  return { ok: false, status: 404, reason: 'unknown path' };
}

/** Answers a refused upgrade with a plain HTTP status and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: RefusalStatus): void {
  const body = `${STATUS_TEXT[status]}\n`;
  const head = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status]}`,
    'Connection: close',
    'Content-Type: text/plain; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  if (status === 401) head.push('WWW-Authenticate: Bearer');
  socket.once('finish', () => socket.destroy());
  socket.once('error', () => socket.destroy());
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}
