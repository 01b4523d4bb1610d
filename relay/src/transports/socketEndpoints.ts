/**
 * The hub's two WebSocket endpoints on its HTTP server: `/app` for app cores and `/ai` for stdio
 * relays. This module turns sockets into router calls and frames; the rules live in
 * `upgradeChecks.ts` (who may connect) and `sessionRouter.ts` (where messages go).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { parseAppFrame, type AppToHub } from '../framing/appFrames.js';
import type { DriverResult } from '#shared/wire/driverProtocol.js';
import { MAX_FRAME_BYTES } from '../framing/limits.js';
import { answerToMalformed, parseJsonRpc } from '../framing/jsonRpc.js';
import type { AppHandle, SessionRouter } from '../routing/sessionRouter.js';
import { checkUpgrade, refuseUpgrade } from '../auth/upgradeChecks.js';

export interface EndpointOptions {
  server: Server;
  port: number;
  token: string;
  router: SessionRouter;
  /** How long an app may take to say hello after connecting. */
  helloTimeoutMs: number;
  /** How often idle sockets are pinged; one missed pong closes them. */
  heartbeatMs: number;
  log(message: string): void;
  /** Where the browser frames of the active app go (the hub's browser driver). */
  browser?: BrowserFrames;
}

export interface BrowserFrames {
  command(cmd: unknown): Promise<DriverResult>;
  config(config: unknown): void;
  answer(answer: unknown): void;
}

const NOT_ACTIVE: DriverResult = {
  ok: false,
  error: 'BROWSER_UNAVAILABLE',
  message:
    'This VMark Web window is not the active one; the browser answers the active window only.',
};

function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function sendJson(ws: WebSocket, value: unknown): void {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(value));
}

/** Runs a socket event handler so that no bug in it can take the hub down. */
function guarded<A extends unknown[]>(
  log: (message: string) => void,
  handler: (...args: A) => void,
): (...args: A) => void {
  return (...args) => {
    try {
      handler(...args);
    } catch (e) {
      log(`a socket handler failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  };
}

export function attachEndpoints(options: EndpointOptions): { close(): Promise<void> } {
  const { router, log } = options;
  // A larger frame closes its socket with 1009; the hub goes on serving.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const alive = new WeakSet<WebSocket>();

  function serveApp(ws: WebSocket): void {
    let app: AppHandle | null = null;
    const helloTimer = setTimeout(
      () => ws.close(1008, 'Expected a hello frame'),
      options.helloTimeoutMs,
    );
    ws.on(
      'message',
      guarded(log, (data: RawData) => {
        const parsed = parseAppFrame(textOf(data));
        if (!parsed.ok) {
          log(`ignored an app frame: ${parsed.reason}`);
        } else if (parsed.frame.t === 'hello') {
          if (app) {
            log(`ignored a second hello from app ${app.instance}`);
            return;
          }
          clearTimeout(helloTimer);
          app = router.appHello({ send: (frame) => sendJson(ws, frame) }, parsed.frame.instance);
        } else if (app && parsed.frame.t === 'msg') {
          router.fromApp(app, parsed.frame.sid, parsed.frame.data);
        } else if (app) {
          browserFrame(ws, app, parsed.frame);
        } else {
          log('ignored an app message sent before hello');
        }
      }),
    );
    ws.on(
      'close',
      guarded(log, () => {
        clearTimeout(helloTimer);
        if (app) router.appGone(app);
      }),
    );
  }

  /** A browser frame from an app that said hello: only the active app's count. */
  function browserFrame(ws: WebSocket, app: AppHandle, frame: AppToHub): void {
    const browser = options.browser;
    const active = router.isActive(app);
    if (frame.t === 'browser') {
      const { id } = frame;
      if (!browser || !active) {
        const result: DriverResult = browser
          ? NOT_ACTIVE
          : { ok: false, error: 'BROWSER_UNAVAILABLE', message: 'This hub has no browser.' };
        sendJson(ws, { t: 'browser-result', id, result });
        return;
      }
      void browser.command(frame.cmd).then(
        (result) => sendJson(ws, { t: 'browser-result', id, result }),
        (e: unknown) => {
          log(`a browser command failed: ${e instanceof Error ? e.message : String(e)}`);
          const result: DriverResult = {
            ok: false,
            error: 'INTERNAL',
            message: 'The browser command failed.',
          };
          sendJson(ws, { t: 'browser-result', id, result });
        },
      );
      return;
    }
    if (!browser || !active) {
      log(`ignored ${frame.t} from standby app ${app.instance}`);
      return;
    }
    if (frame.t === 'browser-config') browser.config(frame.config);
    else if (frame.t === 'browser-answer') browser.answer(frame.answer);
  }

  function serveAi(ws: WebSocket, credential: string | null): void {
    const sid = router.openSession({ send: (message) => sendJson(ws, message) }, credential);
    ws.on(
      'message',
      guarded(log, (data: RawData) => {
        const classified = parseJsonRpc(textOf(data));
        if (classified.kind === 'parse-error' || classified.kind === 'invalid') {
          sendJson(ws, answerToMalformed(classified));
        } else {
          router.fromClient(sid, classified);
        }
      }),
    );
    ws.on(
      'close',
      guarded(log, () => router.closeSession(sid)),
    );
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const verdict = checkUpgrade(req, options.port, options.token);
    if (!verdict.ok) {
      log(`refused a WebSocket to ${(req.url ?? '').slice(0, 100)}: ${verdict.reason}`);
      refuseUpgrade(socket, verdict.status);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
      // Oversized or broken frames end up here; the socket closes, the hub keeps serving.
      ws.on('error', (error) => log(`${verdict.endpoint} socket error: ${error.message}`));
      if (verdict.endpoint === 'app') serveApp(ws);
      else serveAi(ws, verdict.credential);
    });
  }

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, options.heartbeatMs);
  heartbeat.unref();

  options.server.on('upgrade', onUpgrade);
  return {
    /** Says goodbye to every socket (1001) and cuts those that do not answer within 1 s. */
    async close() {
      clearInterval(heartbeat);
      options.server.off('upgrade', onUpgrade);
      const closing = [...wss.clients].map(
        (ws) =>
          new Promise<void>((resolve) => {
            const cut = setTimeout(() => ws.terminate(), 1000);
            ws.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            ws.close(1001, 'The hub is stopping');
          }),
      );
      wss.close();
      await Promise.all(closing);
    },
  };
}
