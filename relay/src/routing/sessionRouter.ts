/**
 * Session routing: each AI socket is one MCP session (one sid); every session's messages go to the
 * one active app, and the app's replies come back to the session that asked. The router knows
 * nothing about sockets: it talks to links, so the rules here read without transport noise.
 */
import { randomBytes } from 'node:crypto';
import {
  clientInfoFrom,
  type ClientInfo,
  type HubToApp,
  type SessionInfo,
} from '../framing/appFrames.js';
import { InitializeReplay } from './initializeReplay.js';
import {
  classify,
  ErrorCode,
  errorResponse,
  isJsonRpcId,
  unavailableAnswer,
  type Classified,
  type JsonRpcMessage,
  type JsonRpcRequest,
} from '../framing/jsonRpc.js';
import { answerWithoutApp, type NoAppContext } from './noAppAnswers.js';
import { PendingRequests } from './pendingRequests.js';
import { appTimedOut, appWentAway } from '../sentences.js';

export interface AppLink {
  send(frame: HubToApp): void;
}

export interface AiLink {
  send(message: JsonRpcMessage): void;
}

/** A connected app core that has said hello. */
export interface AppHandle {
  readonly instance: string;
}

export interface RouterOptions {
  requestTimeoutMs: number;
  /** Where the app is served, for the sentences that tell the person what to open. */
  appUrl: string;
  noApp: NoAppContext;
  log(message: string): void;
  /** Called when an app becomes the active one (after it learned its role and the sessions). */
  onActivated?: () => void;
}

interface App extends AppHandle {
  link: AppLink;
}

interface Session {
  sid: string;
  link: AiLink;
  client: ClientInfo | null;
  /** The secret the client presented when it connected (never logged), or null. */
  credential: string | null;
  /** The client's `initialize`, replayed to an app that did not see it. */
  init: InitializeReplay;
  /** The app that has seen this session's `initialize`. */
  seenBy: App | null;
  pending: PendingRequests;
}

/** What the app learns of a session; the credential only when there is one. */
function infoOf({ sid, client, credential }: Session): SessionInfo {
  return credential === null ? { sid, client } : { sid, client, credential };
}

type ClientMessage = Extract<Classified, { kind: 'request' | 'notification' | 'response' }>;

const REPLAY_PREFIX = `vmark-replay-${randomBytes(4).toString('hex')}-`;

export class SessionRouter {
  /** Apps in the order they said hello; the first is the active one. */
  readonly #apps: App[] = [];
  readonly #sessions = new Map<string, Session>();

  constructor(private readonly options: RouterOptions) {}

  // ── The app side ──────────────────────────────────────────────────────────

  appHello(link: AppLink, instance: string): AppHandle {
    const app: App = { link, instance };
    this.#apps.push(app);
    this.options.log(`app ${instance} connected (${this.#apps.length} connected)`);
    if (this.#apps[0] === app) this.#activate(app);
    else link.send({ t: 'role', active: false });
    link.send(this.#sessionList());
    return app;
  }

  appGone(handle: AppHandle): void {
    const index = this.#apps.findIndex((app) => app === handle);
    if (index === -1) return;
    const [app] = this.#apps.splice(index, 1);
    this.options.log(`app ${app.instance} disconnected (${this.#apps.length} connected)`);
    if (index !== 0) return;
    const sentence = appWentAway(this.options.appUrl);
    for (const session of this.#sessions.values()) {
      session.seenBy = null;
      session.init.forgetReplays();
      for (const request of session.pending.drain()) {
        // A client still waiting for `initialize` gets the hub's own answer, so it stays usable.
        session.link.send(
          request.method === 'initialize'
            ? answerWithoutApp(request, this.options.noApp)
            : unavailableAnswer(request, sentence),
        );
      }
    }
    const next = this.#apps[0];
    if (next) this.#activate(next);
  }

  /** A `msg` frame from an app: only the active app's messages are routed. */
  fromApp(handle: AppHandle, sid: string, data: Record<string, unknown>): void {
    if (handle !== this.#apps[0]) {
      this.options.log(`dropped a message from standby app ${handle.instance}`);
      return;
    }
    const session = this.#sessions.get(sid);
    if (!session) return; // The session has closed; its answers have nowhere to go.
    const classified = classify(data);
    switch (classified.kind) {
      case 'response': {
        const { id } = classified.message;
        if (id === null) {
          this.options.log(`app error for session ${sid}: ${JSON.stringify(data).slice(0, 200)}`);
        } else if (session.pending.take(id)) {
          session.link.send(classified.message);
        } else if (session.init.takeReplayAnswer(id)) {
          if ('error' in classified.message) {
            this.options.log(
              `app refused the replayed initialize: ${classified.message.error.message}`,
            );
          }
        }
        // Anything else answers a request that timed out, was cancelled or never existed: dropped.
        return;
      }
      case 'request':
      case 'notification':
        session.link.send(classified.message);
        return;
      default:
        this.options.log(`dropped a malformed message from the app: ${classified.reason}`);
    }
  }

  /** Whether this app is the active one (the only one whose browser frames count). */
  isActive(handle: AppHandle): boolean {
    return this.#apps[0] === handle;
  }

  /** Sends a frame to the active app, if there is one. */
  sendToActive(frame: HubToApp): void {
    this.#apps[0]?.link.send(frame);
  }

  // ── The AI side ───────────────────────────────────────────────────────────

  openSession(link: AiLink, credential: string | null = null): string {
    const sid = `s-${randomBytes(6).toString('hex')}`;
    const session: Session = {
      sid,
      link,
      client: null,
      credential,
      init: new InitializeReplay(REPLAY_PREFIX),
      seenBy: null,
      pending: new PendingRequests(this.options.requestTimeoutMs, (request) =>
        this.#timedOut(session, request),
      ),
    };
    this.#sessions.set(sid, session);
    this.#apps[0]?.link.send({ t: 'open', ...infoOf(session) });
    this.#broadcastSessions();
    return sid;
  }

  closeSession(sid: string): void {
    const session = this.#sessions.get(sid);
    if (!session) return;
    session.pending.drain();
    this.#sessions.delete(sid);
    this.#apps[0]?.link.send({ t: 'close', sid });
    this.#broadcastSessions();
  }

  /** A well-formed JSON-RPC message from the AI client of session `sid`. */
  fromClient(sid: string, classified: ClientMessage): void {
    const session = this.#sessions.get(sid);
    if (!session) return;
    const app = this.#apps[0];
    const noted = session.init.note(classified);
    if (classified.kind === 'request') {
      const request = classified.message;
      if (noted === 'initialize') {
        session.seenBy = null;
        session.client = clientInfoFrom(request.params);
        this.#broadcastSessions();
      }
      if (!app) {
        session.link.send(answerWithoutApp(request, this.options.noApp));
        return;
      }
      if (session.pending.has(request.id)) {
        const message = `Request id ${JSON.stringify(request.id)} is already waiting for an answer.`;
        session.link.send(errorResponse(request.id, ErrorCode.InvalidRequest, message));
        return;
      }
      if (noted === 'initialize') session.seenBy = app;
      else this.#ensureSeen(app, session);
      session.pending.add(request);
      app.link.send({ t: 'msg', sid, data: request });
      return;
    }
    if (classified.kind === 'notification') {
      const { method, params } = classified.message;
      if (method === 'notifications/cancelled' && params && !Array.isArray(params)) {
        // No late answer may follow a cancellation, so the entry goes now.
        if (isJsonRpcId(params.requestId)) session.pending.take(params.requestId);
      }
    }
    // Notifications without an app, and answers to a request from a departed app, have no reader.
    if (!app) return;
    const replayed = this.#ensureSeen(app, session);
    // The replay already carried `initialized`; the app must not see it twice.
    if (replayed && noted === 'initialized') return;
    app.link.send({ t: 'msg', sid, data: classified.message });
  }

  // ── Rules shared by both sides ───────────────────────────────────────────

  /** Makes `app` active: it learns its role, every live session, and each session's initialize. */
  #activate(app: App): void {
    // How long the hub waits for an answer: long work answers before then (BUSY) and goes on.
    app.link.send({ t: 'role', active: true, answer_within_ms: this.options.requestTimeoutMs });
    for (const session of this.#sessions.values()) {
      app.link.send({ t: 'open', ...infoOf(session) });
      this.#ensureSeen(app, session);
    }
    this.options.onActivated?.();
  }

  /**
   * Replays a session's `initialize` (and `initialized`) to an app that has not seen them; says
   * whether it did.
   */
  #ensureSeen(app: App, session: Session): boolean {
    if (!session.init.known || session.seenBy === app) return false;
    for (const data of session.init.replay()) app.link.send({ t: 'msg', sid: session.sid, data });
    session.seenBy = app;
    return true;
  }

  #timedOut(session: Session, request: JsonRpcRequest): void {
    if (request.method === 'initialize') {
      // The hub's own answer keeps the client usable; MCP forbids cancelling an initialize.
      session.link.send(answerWithoutApp(request, this.options.noApp));
      return;
    }
    session.link.send(
      unavailableAnswer(
        request,
        appTimedOut(request, this.options.requestTimeoutMs),
        ErrorCode.RequestTimeout,
      ),
    );
    const cancel: JsonRpcMessage = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: request.id, reason: 'The relay timed out waiting for the answer.' },
    };
    this.#apps[0]?.link.send({ t: 'msg', sid: session.sid, data: cancel });
  }

  #sessionList(): HubToApp {
    const list = [...this.#sessions.values()].map(infoOf);
    return { t: 'sessions', list };
  }

  #broadcastSessions(): void {
    const frame = this.#sessionList();
    for (const app of this.#apps) app.link.send(frame);
  }
}
