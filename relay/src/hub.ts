/**
 * The hub: one per user, on 127.0.0.1 only. It serves the built app, accepts the app core on
 * `/app` and stdio relays on `/ai`, and routes each AI session's JSON-RPC to the active app.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { IsolatedAgent } from './browser/agent/isolatedAgent.js';
import { BrowserDriver } from './browser/driver/browserDriver.js';
import { hostIsOwn } from './auth/hostValidation.js';
import { DEFAULT_SESSION_LIMITS } from './routing/httpSessions.js';
import { mcpHttpEndpoint, type McpHttpEndpoint } from './transports/mcpHttp.js';
import type { HubToApp } from './framing/appFrames.js';
import { EMPTY_MANIFEST, type Manifest } from './manifest.js';
import { securityHeaders } from './auth/securityHeaders.js';
import { SessionRouter } from './routing/sessionRouter.js';
import { foreignHost, notOpen } from './sentences.js';
import { attachEndpoints } from './transports/socketEndpoints.js';
import { staticHandler } from './transports/staticFiles.js';
import { RELAY_VERSION } from './version.js';
import { tokenPath } from './auth/tokenFile.js';
import { vmarkHomePath } from './vmarkHome.js';

export interface HubOptions {
  /** The port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** The folder with the built app. */
  root: string;
  /** The bearer token `/ai` clients must present (the content of `$VMARK_HOME/token`). */
  token: string;
  /** Answers `initialize` and `tools/list` while no app is connected. Default: no tools. */
  manifest?: Manifest;
  /** serverInfo.version in the hub's own `initialize` answer. Default: the package version. */
  version?: string;
  /** MCP sessions over HTTP (`/mcp`) open at once. Default 64. */
  httpMaxSessions?: number;
  /** How long an HTTP session may go unused (no request, no open stream). Default 1 hour. */
  httpIdleMs?: number;
  /** How long after its client's event stream dropped an HTTP session ends. Default 2 minutes. */
  httpLostStreamMs?: number;
  /** How long a request may wait for the app's answer. Default 25 000 ms. */
  requestTimeoutMs?: number;
  /** How long a new app socket may take to say hello. Default 10 000 ms. */
  helloTimeoutMs?: number;
  /** How often sockets are pinged to find dead peers. Default 30 000 ms. */
  heartbeatMs?: number;
  /** The relay's bin, shown to the person in Settings → AI clients. Default: this install's. */
  relayPath?: string;
  /** Where diagnostics go. Default: stderr. */
  log?: (message: string) => void;
  /** `$VMARK_HOME`, for the browser's shared profile and saved sessions. Default: the env's. */
  home?: string;
  /** How long the AI's browser stays open with no AI tab and no command. Default 5 minutes. */
  browserIdleMs?: number;
  /** A workflow run's budget of running time. Default 120 s (tests shorten it). */
  workflowBudgetMs?: number;
  /** How often a recording takes a page's reports. Default 500 ms (tests lengthen it). */
  recordDrainMs?: number;
  /** How long a page dialog in an AI tab waits for an answer (the driver's default otherwise). */
  dialogMs?: number;
}

export interface Hub {
  server: Server;
  /** The port actually listened on. */
  port: number;
  /** The app's URL, `http://127.0.0.1:PORT/`. */
  url: string;
  /** The browser driver (AI tabs); tests reach the live browser through it. */
  browser: BrowserDriver;
  /** Stops listening, closes every socket and the AI's browser. */
  close(): Promise<void>;
}

const DEFAULT_RELAY_PATH = fileURLToPath(new URL('../bin/vmark-relay.js', import.meta.url));

/** What `/vmark/info.json` tells the app. */
interface HubInfo {
  relayPath: string;
  port: number;
  /** Where the token is: the token itself is never served, so no page can read it. */
  tokenPath: string;
}

/**
 * `/vmark/info.json`: where this install's relay and token are, so the app can show ready-to-copy
 * client configurations. Like every answer, only for the hub's own Host (a page from elsewhere
 * cannot read it anyway).
 */
function answerInfo(res: ServerResponse, info: HubInfo): void {
  res
    .writeHead(200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    })
    .end(JSON.stringify(info));
}

/**
 * Answers plain HTTP requests: the security headers on every answer, 421 for a foreign Host,
 * then the info file or the app's files.
 */
function answerRequests(
  root: string,
  info: HubInfo,
  mcp: McpHttpEndpoint,
  log: (message: string) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const { port } = info;
  const headers = securityHeaders(port);
  const serveFile = staticHandler(root, port);
  return (req, res) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (!hostIsOwn(req.headers.host, port)) {
      res.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end(foreignHost(port));
      return;
    }
    if (req.url === '/vmark/info.json') {
      answerInfo(res, info);
      return;
    }
    const failed = (e: unknown) => {
      log(`request failed: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    };
    if (pathOf(req.url) === '/mcp') mcp.handle(req, res).catch(failed);
    else serveFile(req, res).catch(failed);
  };
}

function pathOf(url: string | undefined): string | null {
  try {
    return new URL(url ?? '/', 'http://127.0.0.1').pathname;
  } catch {
    return null;
  }
}

export async function startHub(options: HubOptions): Promise<Hub> {
  const log = options.log ?? ((message: string) => console.error(`vmark hub: ${message}`));
  // Requests are answered once the port is known (the policy and the Host check name it) and the
  // router exists; no request is read before then, as nothing below awaits.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (e) => log(`server error: ${e.message}`));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  const home = options.home ?? vmarkHomePath();
  // The driver speaks to whichever app is active; the router is made just below.
  let toActiveApp: (frame: HubToApp) => void = () => undefined;
  const browser = new BrowserDriver({
    home,
    hubPort: port,
    log,
    emit: (event) => toActiveApp({ t: 'browser-event', event }),
    createAgent: (page, target) => new IsolatedAgent(page, target),
    // The reader (and its DOM) is loaded on the first extract, not with the hub.
    extractor: async (html, pageUrl) =>
      (await import('./browser/extract/extract.js')).extract(html, pageUrl),
    idleMs: options.browserIdleMs,
    runBudgetMs: options.workflowBudgetMs,
    recordDrainMs: options.recordDrainMs,
    dialogMs: options.dialogMs,
  });
  const router = new SessionRouter({
    onActivated: () => browser.announce(),
    requestTimeoutMs: options.requestTimeoutMs ?? 25_000,
    appUrl: url,
    log,
    noApp: {
      manifest: options.manifest ?? EMPTY_MANIFEST,
      version: options.version ?? RELAY_VERSION,
      unavailable: notOpen(url),
    },
  });
  const endpoints = attachEndpoints({
    server,
    port,
    token: options.token,
    router,
    helloTimeoutMs: options.helloTimeoutMs ?? 10_000,
    heartbeatMs: options.heartbeatMs ?? 30_000,
    log,
    browser: {
      command: (cmd) => browser.handle(cmd),
      config: (config) => browser.setConfig(config),
      answer: (answer) => browser.answer(answer),
    },
  });
  toActiveApp = (frame) => router.sendToActive(frame);
  const mcp = mcpHttpEndpoint({
    token: options.token,
    router,
    limits: {
      maxSessions: options.httpMaxSessions ?? DEFAULT_SESSION_LIMITS.maxSessions,
      idleMs: options.httpIdleMs ?? DEFAULT_SESSION_LIMITS.idleMs,
      lostStreamMs: options.httpLostStreamMs ?? DEFAULT_SESSION_LIMITS.lostStreamMs,
    },
    heartbeatMs: options.heartbeatMs ?? 30_000,
    log,
  });
  server.on(
    'request',
    answerRequests(
      options.root,
      {
        relayPath: options.relayPath ?? DEFAULT_RELAY_PATH,
        port,
        tokenPath: tokenPath(home),
      },
      mcp,
      log,
    ),
  );
  return {
    server,
    port,
    url,
    browser,
    close: async () => {
      await browser.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      mcp.close();
      server.closeIdleConnections();
      await endpoints.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
