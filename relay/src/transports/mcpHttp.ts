/**
 * `/mcp`: MCP's Streamable HTTP transport (protocol 2025-11-25) on the hub. Each HTTP session is
 * one session of the router, exactly like a stdio relay's `/ai` socket: same app, same tools, same
 * answers when no app is connected. This module turns HTTP requests into router calls and the
 * router's messages into HTTP answers; who may ask is `httpChecks.ts`, the session table and where
 * a message goes `httpSessions.ts`, the event framing `sseFraming.ts`.
 *
 * - POST carries one JSON-RPC message. A notification or an answer gets 202. A request is answered
 *   with `application/json`, or with an event stream when it asks for progress
 *   (`_meta.progressToken`), so the progress can come before the answer.
 * - GET opens the session's event stream for the server's own requests and notifications.
 * - DELETE ends the session (204); its id then gets 404.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  checkMcpHead,
  checkProtocolVersion,
  refusalBody,
  type Refusal,
} from '../auth/httpChecks.js';
import {
  destinationOf,
  HttpSessionTable,
  progressKeyOf,
  type SessionLimits,
  type SessionUse,
  type Waiting,
} from '../routing/httpSessions.js';
import {
  answerToMalformed,
  ErrorCode,
  errorResponse,
  idKey,
  isJsonRpcId,
  parseJsonRpc,
  type JsonRpcMessage,
} from '../framing/jsonRpc.js';
import { MAX_FRAME_BYTES } from '../framing/limits.js';
import type { SessionRouter } from '../routing/sessionRouter.js';
import { bodyTooLarge, HTTP_SENTENCES, tooManySessions } from '../sentences.js';
import { sseComment, SSE_HEADERS, sseMessage } from '../framing/sseFraming.js';

export interface McpHttpOptions {
  token: string;
  router: SessionRouter;
  limits: SessionLimits;
  /** How often open streams get a keep-alive comment and idle sessions are looked for. */
  heartbeatMs: number;
  log(message: string): void;
  /** The largest body a POST may carry. Default: the relay's frame limit, 16 MiB. */
  maxBodyBytes?: number;
  now?: () => number;
}

interface WaitingPost extends Waiting {
  res: ServerResponse;
}

interface HttpSession {
  /** `Mcp-Session-Id` */
  id: string;
  /** The router's session id. */
  sid: string;
  credential: string | null;
  /** The protocol version of the `initialize` answer, once it went out. */
  negotiated: string | null;
  waiting: Map<string, WaitingPost>;
  stream: ServerResponse | null;
  /** Whether the client had a GET stream open and it closed (not reopened since). */
  streamLost: boolean;
}

export interface McpHttpEndpoint {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** How many sessions are open. */
  readonly size: number;
  /** Ends every session and stream. */
  close(): void;
}

const SESSION_HEADER = 'mcp-session-id';

function refuse(res: ServerResponse, refusal: Refusal): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res
    .writeHead(refusal.status, {
      ...refusal.headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    })
    .end(JSON.stringify(refusalBody(refusal)));
}

function answerJson(res: ServerResponse, status: number, body: unknown, id?: string): void {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  };
  if (id !== undefined) headers['Mcp-Session-Id'] = id;
  res.writeHead(status, headers).end(JSON.stringify(body));
}

function openStream(res: ServerResponse, id: string): void {
  res.writeHead(200, { ...SSE_HEADERS, 'Mcp-Session-Id': id });
  res.flushHeaders();
}

/** The body as text, or null when it is larger than `limit` bytes. */
async function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function mcpHttpEndpoint(options: McpHttpOptions): McpHttpEndpoint {
  const { router, log } = options;
  const now = options.now ?? Date.now;
  const maxBody = options.maxBodyBytes ?? MAX_FRAME_BYTES;
  const table = new HttpSessionTable<HttpSession>(options.limits);

  /** A message from the router (the app's, or the hub's own answer) for this session. */
  function deliver(session: HttpSession, message: JsonRpcMessage): void {
    const destination = destinationOf(message, session.waiting);
    if (destination.to === 'answer') {
      const post = session.waiting.get(destination.key) as WaitingPost;
      session.waiting.delete(destination.key);
      noteNegotiated(session, message);
      table.touch(session.id, now());
      if (post.stream) post.res.end(sseMessage(message));
      else answerJson(post.res, 200, message, session.id);
    } else if (destination.to === 'related') {
      session.waiting.get(destination.key)?.res.write(sseMessage(message));
    } else if (destination.to === 'stream') {
      if (session.stream) {
        session.stream.write(sseMessage(message));
      } else if ('id' in message && 'method' in message) {
        // The client has no stream to hear the app's request: the app gets an answer, not silence.
        const refusal = errorResponse(
          message.id,
          ErrorCode.Unavailable,
          'The client has no open event stream (GET /mcp) to receive this request.',
        );
        queueMicrotask(() =>
          router.fromClient(session.sid, { kind: 'response', message: refusal }),
        );
      }
      // A notification with no stream to carry it is dropped, as MCP allows.
    }
  }

  function noteNegotiated(session: HttpSession, message: JsonRpcMessage): void {
    if (session.negotiated !== null || !('result' in message)) return;
    const result = message.result as Record<string, unknown> | null;
    const version = result?.protocolVersion;
    if (typeof version === 'string' && result?.serverInfo !== undefined) {
      session.negotiated = version;
    }
  }

  /** Ends a session: the router forgets it, its waiting POSTs and its stream end. */
  function endSession(session: HttpSession, why: string): void {
    table.delete(session.id);
    router.closeSession(session.sid);
    for (const post of session.waiting.values()) {
      refuse(post.res, { status: 404, message: HTTP_SENTENCES.unknownSession });
    }
    session.waiting.clear();
    session.stream?.end();
    session.stream = null;
    log(`MCP session over HTTP ended (${why}); ${table.size} open`);
  }

  function startSession(credential: string | null): HttpSession | null {
    for (const session of table.takeExpired(now(), useOf)) endSession(session, 'idle');
    const session: HttpSession = {
      id: '',
      sid: '',
      credential,
      negotiated: null,
      waiting: new Map(),
      stream: null,
      streamLost: false,
    };
    const id = table.create(session, now());
    if (id === null) return null;
    session.id = id;
    session.sid = router.openSession({ send: (message) => deliver(session, message) }, credential);
    log(`MCP session over HTTP started; ${table.size} open`);
    return session;
  }

  function useOf(session: HttpSession): SessionUse {
    if (session.stream !== null || session.waiting.size > 0) return 'busy';
    return session.streamLost ? 'stream-lost' : 'idle';
  }

  /** The session a request names, or the refusal. */
  function sessionFor(
    req: IncomingMessage,
    credential: string | null,
  ): { session: HttpSession } | { refusal: Refusal } {
    const id = headerOf(req, SESSION_HEADER);
    if (id === undefined) return { refusal: { status: 400, message: HTTP_SENTENCES.noSession } };
    const session = table.get(id);
    if (!session) return { refusal: { status: 404, message: HTTP_SENTENCES.unknownSession } };
    if (session.credential !== credential) {
      return { refusal: { status: 403, message: HTTP_SENTENCES.otherCredential } };
    }
    const version = checkProtocolVersion(req.headers['mcp-protocol-version'], session.negotiated);
    if (version) return { refusal: version };
    table.touch(session.id, now());
    session.streamLost = false;
    return { session };
  }

  async function post(
    req: IncomingMessage,
    res: ServerResponse,
    credential: string | null,
  ): Promise<void> {
    const text = await readBody(req, maxBody);
    if (text === null) {
      res.setHeader('Connection', 'close');
      refuse(res, { status: 413, message: bodyTooLarge(maxBody), code: ErrorCode.InvalidRequest });
      return;
    }
    const classified = parseJsonRpc(text);
    if (classified.kind === 'parse-error' || classified.kind === 'invalid') {
      answerJson(res, 400, answerToMalformed(classified));
      return;
    }
    let session: HttpSession;
    if (classified.kind === 'request' && classified.message.method === 'initialize') {
      if (headerOf(req, SESSION_HEADER) !== undefined) {
        refuse(res, { status: 400, message: HTTP_SENTENCES.initializeInSession });
        return;
      }
      const versionRefusal = checkProtocolVersion(req.headers['mcp-protocol-version'], null);
      if (versionRefusal) return refuse(res, versionRefusal);
      const started = startSession(credential);
      if (!started) {
        refuse(res, { status: 503, message: tooManySessions(options.limits.maxSessions) });
        return;
      }
      session = started;
    } else {
      const found = sessionFor(req, credential);
      if ('refusal' in found) return refuse(res, found.refusal);
      session = found.session;
    }

    if (classified.kind !== 'request') {
      router.fromClient(session.sid, classified);
      if (classified.kind === 'notification') afterNotification(session, classified.message);
      res.writeHead(202, { 'Mcp-Session-Id': session.id }).end();
      return;
    }
    const request = classified.message;
    const key = idKey(request.id);
    if (session.waiting.has(key)) {
      const message = `Request id ${JSON.stringify(request.id)} is already waiting for an answer.`;
      answerJson(
        res,
        200,
        errorResponse(request.id, ErrorCode.InvalidRequest, message),
        session.id,
      );
      return;
    }
    const progressKey = progressKeyOf(request.params);
    const waiting: WaitingPost = { res, stream: progressKey !== null, progressKey };
    session.waiting.set(key, waiting);
    if (waiting.stream) openStream(res, session.id);
    // A closed connection is not a cancellation (MCP): the request goes on, its answer nowhere.
    res.on('close', () => {
      if (session.waiting.get(key) === waiting) session.waiting.delete(key);
    });
    router.fromClient(session.sid, classified);
  }

  /** After a client's cancellation no answer follows, so its POST ends here. */
  function afterNotification(
    session: HttpSession,
    message: { method: string; params?: unknown },
  ): void {
    if (message.method !== 'notifications/cancelled') return;
    const params = message.params as Record<string, unknown> | undefined;
    if (!params || !isJsonRpcId(params.requestId)) return;
    const key = idKey(params.requestId);
    const waiting = session.waiting.get(key);
    if (!waiting) return;
    session.waiting.delete(key);
    if (waiting.stream) waiting.res.end();
    else waiting.res.writeHead(202, { 'Mcp-Session-Id': session.id }).end();
  }

  function get(req: IncomingMessage, res: ServerResponse, credential: string | null): void {
    const found = sessionFor(req, credential);
    if ('refusal' in found) return refuse(res, found.refusal);
    const { session } = found;
    if (session.stream) {
      refuse(res, { status: 409, message: HTTP_SENTENCES.streamOpen });
      return;
    }
    session.stream = res;
    openStream(res, session.id);
    res.on('close', () => {
      if (session.stream !== res) return;
      session.stream = null;
      session.streamLost = true;
      table.touch(session.id, now());
    });
  }

  function remove(req: IncomingMessage, res: ServerResponse, credential: string | null): void {
    const found = sessionFor(req, credential);
    if ('refusal' in found) return refuse(res, found.refusal);
    endSession(found.session, 'the client ended it');
    res.writeHead(204).end();
  }

  const heartbeat = setInterval(() => {
    for (const session of table.takeExpired(now(), useOf)) endSession(session, 'idle');
    const comment = sseComment('keep-alive');
    for (const session of table.values()) {
      session.stream?.write(comment);
      for (const waiting of session.waiting.values()) {
        if (waiting.stream) waiting.res.write(comment);
      }
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  return {
    async handle(req, res) {
      const verdict = checkMcpHead(req.method, req.headers, options.token);
      if (!verdict.ok) {
        // Drain nothing: a refused request's body is not read, and its connection closes.
        if (req.method === 'POST') res.setHeader('Connection', 'close');
        refuse(res, verdict.refusal);
        return;
      }
      if (verdict.method === 'POST') await post(req, res, verdict.credential);
      else if (verdict.method === 'GET') get(req, res, verdict.credential);
      else remove(req, res, verdict.credential);
    },
    get size() {
      return table.size;
    },
    close() {
      clearInterval(heartbeat);
      for (const session of table.values()) endSession(session, 'the hub is stopping');
    },
  };
}
