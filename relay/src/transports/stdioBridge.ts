/**
 * The stdio bridge: carries an AI client's JSON-RPC lines to the hub's `/ai` socket and the
 * answers back. It starts a hub when none answers, reconnects with backoff when the hub goes away,
 * and while it has no hub it answers every request at once, so the client never hangs.
 */
import { WebSocket } from 'ws';
import { connectToHub } from './hubConnection.js';
import {
  answerToMalformed,
  errorResponse,
  ErrorCode,
  idKey,
  isJsonRpcId,
  parseJsonRpc,
  unavailableAnswer,
  type Classified,
  type JsonRpcMessage,
  type JsonRpcRequest,
} from '../framing/jsonRpc.js';
import { InitializeReplay } from '../routing/initializeReplay.js';
import { MAX_FRAME_BYTES } from '../framing/limits.js';
import { answerWithoutApp, type NoAppContext } from '../routing/noAppAnswers.js';
import { hubWentAway } from '../sentences.js';

export interface StdioBridgeOptions {
  /** `ws://127.0.0.1:PORT/ai` */
  hubUrl: string;
  appUrl: string;
  /** Read again before every attempt: a hub started later writes it. */
  readToken(): Promise<string | null>;
  /** The client's own credential (`VMARK_CLIENT_TOKEN`), checked for shape; null: anonymous. */
  clientCredential?: string | null;
  /** Starts a hub in the background. */
  launchHub(): Promise<void>;
  /** Answers while there is no hub; `unavailable` says the hub is unreachable. */
  noApp: NoAppContext;
  /** Writes one line (without its newline) to stdout. */
  write(line: string): void;
  log(message: string): void;
  /** How long to wait for a hub at start, including one it launched. Default 15 000 ms. */
  startupWaitMs?: number;
  /** Reconnect backoff: first delay, doubled up to the cap. Defaults 250 ms and 5 000 ms. */
  retryMinMs?: number;
  retryMaxMs?: number;
}

type ClientMessage = Extract<Classified, { kind: 'request' | 'notification' | 'response' }>;
type Phase = 'starting' | 'connected' | 'disconnected' | 'stopped';

const STARTUP_POLL_MS = 250;
const RELAUNCH_EVERY_MS = 30_000;
const MAX_QUEUED = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class StdioBridge {
  #phase: Phase = 'starting';
  #ws: WebSocket | null = null;
  /** Client messages that arrived while the first connection was being made. */
  #queue: { classified: ClientMessage; text: string }[] = [];
  /** Requests sent to the hub and not yet answered, by id. */
  #pending = new Map<string, JsonRpcRequest>();
  /** What the client said at initialize, replayed to every new hub session. */
  #init = new InitializeReplay('vmark-relay-replay-');
  #retryDelay: number;
  #retryTimer: NodeJS.Timeout | null = null;
  #lastLaunch = 0;
  #wantLaunch = false;
  /** Set once a refused token has been reported, so each failure streak is told once. */
  #toldUnauthorized = false;
  #idle: (() => void) | null = null;

  constructor(private readonly options: StdioBridgeOptions) {
    this.#retryDelay = options.retryMinMs ?? 250;
  }

  get connected(): boolean {
    // A socket that has received the hub's close frame is CLOSING: as good as gone.
    return this.#phase === 'connected' && this.#ws?.readyState === WebSocket.OPEN;
  }

  /** Connects for the first time, starting a hub if none answers. */
  async start(): Promise<void> {
    const deadline = Date.now() + (this.options.startupWaitMs ?? 15_000);
    for (;;) {
      const result = await this.#connect();
      if (this.#phase === 'stopped') {
        if (result.ok) result.ws.terminate();
        return;
      }
      if (result.ok) return this.#attach(result.ws);
      if (result.kind === 'refused' && this.#lastLaunch === 0) {
        this.options.log(`no hub at ${this.options.hubUrl}; starting one in the background`);
        await this.#launch();
      } else if (result.kind !== 'refused') {
        this.options.log(this.#explain(result.kind, result.detail));
      }
      if (result.kind !== 'refused' || Date.now() >= deadline) break;
      await sleep(STARTUP_POLL_MS);
    }
    this.options.log(`no hub answered at ${this.options.hubUrl}; answering requests with an error`);
    this.#phase = 'disconnected';
    this.#flushQueue();
    this.#scheduleReconnect();
  }

  /** One line from stdin. */
  fromClient(line: string): void {
    if (this.#phase === 'stopped') return;
    const classified = parseJsonRpc(line);
    if (classified.kind === 'parse-error' || classified.kind === 'invalid') {
      this.#write(answerToMalformed(classified));
      return;
    }
    if (this.#phase === 'starting' && this.#queue.length < MAX_QUEUED) {
      this.#queue.push({ classified, text: line });
      return;
    }
    this.#deliver(classified, line);
  }

  /** A stdin line over the size limit was dropped. */
  lineTooLong(): void {
    const mib = MAX_FRAME_BYTES / 1024 / 1024;
    this.#write(
      errorResponse(null, ErrorCode.InvalidRequest, `A message over ${mib} MiB was dropped.`),
    );
  }

  /** Resolves once every received request has its answer (or after `limitMs`). */
  async drain(limitMs: number): Promise<void> {
    if (this.#queue.length === 0 && this.#pending.size === 0) return;
    await Promise.race([new Promise<void>((resolve) => (this.#idle = resolve)), sleep(limitMs)]);
  }

  stop(): void {
    this.#phase = 'stopped';
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    this.#ws?.close(1000);
  }

  async #connect() {
    const token = await this.options.readToken();
    return connectToHub(this.options.hubUrl, token, this.options.clientCredential ?? null);
  }

  #explain(kind: 'unauthorized' | 'other', detail: string): string {
    return kind === 'unauthorized'
      ? `the hub at ${this.options.hubUrl} refused the token from $VMARK_HOME/token; is it ` +
          `running with another VMARK_HOME?`
      : `could not connect to ${this.options.hubUrl}: ${detail}`;
  }

  async #launch(): Promise<void> {
    this.#lastLaunch = Date.now();
    this.#wantLaunch = false;
    try {
      await this.options.launchHub();
    } catch (e) {
      this.options.log(`could not start a hub: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Sends a client message on, or answers it here when there is no hub. */
  #deliver(classified: ClientMessage, text: string): void {
    this.#init.note(classified);
    if (classified.kind === 'request') {
      const request = classified.message;
      if (!this.connected) {
        this.#wantLaunch = true;
        this.#write(answerWithoutApp(request, this.options.noApp));
        return;
      }
      this.#pending.set(idKey(request.id), request);
    } else if (classified.kind === 'notification') {
      const { method, params } = classified.message;
      if (method === 'notifications/cancelled' && params && !Array.isArray(params)) {
        if (isJsonRpcId(params.requestId)) this.#forget(params.requestId);
      }
    }
    // Notifications and answers have nobody to reach while there is no hub.
    if (this.connected) this.#ws?.send(text);
  }

  #attach(ws: WebSocket): void {
    this.#ws = ws;
    this.#phase = 'connected';
    this.#retryDelay = this.options.retryMinMs ?? 250;
    this.#toldUnauthorized = false;
    this.options.log(`connected to ${this.options.hubUrl}`);
    ws.on('message', (data) => this.#fromHub(data.toString()));
    ws.on('error', (error) => this.options.log(`hub socket error: ${error.message}`));
    ws.on('close', () => this.#lost(ws));
    // A new socket is a new session on the hub: it must hear the client's initialize again.
    for (const message of this.#init.replay()) ws.send(JSON.stringify(message));
    this.#flushQueue();
  }

  #fromHub(text: string): void {
    const classified = parseJsonRpc(text);
    if (classified.kind === 'response') {
      const { id } = classified.message;
      if (id === null) {
        this.#pass(text, classified.message);
        return;
      }
      if (this.#init.takeReplayAnswer(id)) return;
      // An answer for an id no longer pending (cancelled) is not the client's any more.
      if (!this.#pending.has(idKey(id))) return;
      this.#pass(text, classified.message);
      this.#forget(id);
    } else if (classified.kind === 'request' || classified.kind === 'notification') {
      this.#pass(text, classified.message);
    } else {
      this.options.log(`dropped a malformed message from the hub: ${classified.reason}`);
    }
  }

  #lost(ws: WebSocket): void {
    if (this.#ws !== ws) return;
    this.#ws = null;
    this.#init.forgetReplays();
    if (this.#phase === 'stopped') return;
    this.#phase = 'disconnected';
    this.options.log(`lost the hub at ${this.options.hubUrl}; reconnecting`);
    const requests = [...this.#pending.values()];
    this.#pending.clear();
    for (const request of requests) {
      this.#write(
        request.method === 'initialize'
          ? answerWithoutApp(request, this.options.noApp)
          : unavailableAnswer(request, hubWentAway(this.options.appUrl)),
      );
    }
    this.#checkIdle();
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#phase === 'stopped' || this.#retryTimer) return;
    const delay = this.#retryDelay;
    this.#retryDelay = Math.min(delay * 2, this.options.retryMaxMs ?? 5000);
    this.#retryTimer = setTimeout(() => void this.#reconnect(), delay);
  }

  async #reconnect(): Promise<void> {
    this.#retryTimer = null;
    const result = await this.#connect();
    if (this.#phase === 'stopped') {
      if (result.ok) result.ws.terminate();
      return;
    }
    if (result.ok) return this.#attach(result.ws);
    // Someone asked for VMark while no hub runs: start one, at most every 30 s.
    if (result.kind === 'refused' && this.#wantLaunch) {
      if (Date.now() - this.#lastLaunch >= RELAUNCH_EVERY_MS) await this.#launch();
    } else if (result.kind === 'unauthorized' && !this.#toldUnauthorized) {
      this.#toldUnauthorized = true;
      this.options.log(this.#explain(result.kind, result.detail));
    }
    this.#scheduleReconnect();
  }

  #flushQueue(): void {
    const queue = this.#queue;
    this.#queue = [];
    for (const { classified, text } of queue) this.#deliver(classified, text);
    this.#checkIdle();
  }

  /** Drops a pending request; says whether it was pending. */
  #forget(id: string | number): boolean {
    const had = this.#pending.delete(idKey(id));
    if (had) this.#checkIdle();
    return had;
  }

  #checkIdle(): void {
    if (this.#idle && this.#queue.length === 0 && this.#pending.size === 0) {
      const idle = this.#idle;
      this.#idle = null;
      idle();
    }
  }

  /** Passes a hub frame on: as it came when it is one line (it always is), else re-encoded. */
  #pass(text: string, message: JsonRpcMessage): void {
    if (text.includes('\n') || text.includes('\r')) this.#write(message);
    else this.options.write(text);
  }

  #write(message: JsonRpcMessage): void {
    this.options.write(JSON.stringify(message));
  }
}
