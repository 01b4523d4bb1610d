/**
 * A hub of the test's own, for end-to-end tests that need what the shared test hub cannot give:
 * a hub started in this process (relay/dist, so `npm run build` first) on a free port, with a
 * fresh VMARK_HOME and its token file, the app served from it, and the SDK client spawning
 * `vmark-relay` against it. The test can stop and start it again on the same port (a restart),
 * and reach the live browser of AI tabs (to open a tab as the person would in that window).
 * Loopback pages are not allowed by the hub's environment here: the app's setting decides.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hub } from '../../relay/src/hub';
import { findChromium } from './chromium.mjs';

export interface OwnHub {
  /** The hub running now (a new one after each restart). */
  hub: Hub;
  port: number;
  home: string;
  /** `http://127.0.0.1:<port>/`: the app of this hub. */
  url: string;
  /** Stops the hub (and its browser) and starts a new one on the same port and home. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface OwnHubOptions {
  /** A workflow run's budget of running time (the hub's default otherwise), kept over restarts. */
  workflowBudgetMs?: number;
  /** How often a recording takes a page's reports (the hub's default otherwise). */
  recordDrainMs?: number;
  /** How long a page dialog waits for the AI's answer (the hub's default otherwise). */
  dialogMs?: number;
  /** How long the hub waits for the app's answer to a call (the hub's default otherwise). */
  requestTimeoutMs?: number;
  /** Where the hub's log lines go (nowhere otherwise). */
  log?: (message: string) => void;
}

async function listen(
  port: number,
  home: string,
  token: string,
  options: OwnHubOptions,
): Promise<Hub> {
  const hubModule = '../../relay/dist/hub.js';
  const manifestModule = '../../relay/dist/manifest.js';
  const { startHub } = (await import(hubModule)) as typeof import('../../relay/src/hub');
  const { loadManifest } = (await import(
    manifestModule
  )) as typeof import('../../relay/src/manifest');
  const root = join(process.cwd(), 'build');
  const { manifest } = await loadManifest(join(root, 'mcp-manifest.json'));
  return startHub({
    port,
    root,
    token,
    home,
    manifest,
    log: options.log ?? (() => undefined),
    workflowBudgetMs: options.workflowBudgetMs,
    recordDrainMs: options.recordDrainMs,
    dialogMs: options.dialogMs,
    requestTimeoutMs: options.requestTimeoutMs,
  });
}

export async function startOwnHub(options: OwnHubOptions = {}): Promise<OwnHub> {
  process.env.VMARK_BROWSER_HEADLESS = '1';
  process.env.VMARK_CHROMIUM = findChromium();
  delete process.env.VMARK_BROWSER_ALLOW_LOOPBACK;
  const home = mkdtempSync(join(tmpdir(), 'vmark-own-hub-'));
  const token = randomBytes(32).toString('hex');
  writeFileSync(join(home, 'token'), `${token}\n`, { mode: 0o600 });
  let hub = await listen(0, home, token, options);
  const port = hub.port;
  return {
    get hub() {
      return hub;
    },
    port,
    home,
    url: `http://127.0.0.1:${port}/`,
    async restart() {
      await hub.close();
      hub = await listen(port, home, token, options);
    },
    close: () => hub.close(),
  };
}

/** The SDK client spawning `vmark-relay` for this hub; `env` adds to the relay's environment. */
export async function connectClientTo(
  own: OwnHub,
  name = 'e2e-client',
  env: Record<string, string> = {},
): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['relay/bin/vmark-relay.js'],
    env: {
      ...(process.env as Record<string, string>),
      VMARK_PORT: String(own.port),
      VMARK_HOME: own.home,
      VMARK_OPEN: '0',
      ...env,
    },
    stderr: 'pipe',
  });
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  return client;
}
