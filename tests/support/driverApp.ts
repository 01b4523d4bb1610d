/**
 * The browser driver's tests play the app: a hub started in this process (relay/dist, so
 * `npm run build` first) and a WebSocket client on its `/app` socket with the hub's own Origin and
 * Host, which sends settings, commands and answers as the app's core does. No app UI, no MCP.
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { Hub } from '../../relay/src/hub';
import type {
  ApprovalRequest,
  BrowserConfig,
  DriverCommand,
  DriverEvent,
  DriverResult,
} from '../../src/shared/wire/driverProtocol';
import { findChromium } from './chromium.mjs';

export const TEST_CONFIG: BrowserConfig = {
  enabled: true,
  posture: 'sandbox',
  headless: true,
  allowLoopback: true,
  grants: [],
};

export class AppClient {
  readonly events: DriverEvent[] = [];
  #next = 1;
  readonly #waiting = new Map<string | number, (result: DriverResult) => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as {
        t: string;
        id?: string | number;
        result?: DriverResult;
        event?: DriverEvent;
      };
      if (frame.t === 'browser-result' && frame.id !== undefined) {
        this.#waiting.get(frame.id)?.(frame.result as DriverResult);
        this.#waiting.delete(frame.id);
      } else if (frame.t === 'browser-event' && frame.event) this.events.push(frame.event);
    });
  }

  static async connect(
    port: number,
    config: BrowserConfig | null = TEST_CONFIG,
  ): Promise<AppClient> {
    const origin = `http://127.0.0.1:${port}`;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app`, { origin });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const client = new AppClient(ws);
    ws.send(
      JSON.stringify({ t: 'hello', instance: `driver-test-${randomBytes(3).toString('hex')}` }),
    );
    if (config) client.config(config);
    return client;
  }

  config(config: Partial<BrowserConfig>): void {
    this.ws.send(JSON.stringify({ t: 'browser-config', config: { ...TEST_CONFIG, ...config } }));
  }

  call(cmd: DriverCommand | Record<string, unknown>): Promise<DriverResult> {
    const id = this.#next++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.ws.send(JSON.stringify({ t: 'browser', id, cmd }));
    });
  }

  /** A command that must succeed: its data. */
  async ok(cmd: DriverCommand | Record<string, unknown>): Promise<Record<string, unknown>> {
    const result = await this.call(cmd);
    if (!result.ok) throw new Error(`${String(cmd.op)} refused: ${result.error} ${result.message}`);
    return result.data;
  }

  /** A command that must ask the person: the prompt. */
  async prompt(cmd: DriverCommand | Record<string, unknown>): Promise<ApprovalRequest> {
    const result = await this.call(cmd);
    if (result.ok) throw new Error(`${String(cmd.op)} was not refused`);
    if (result.error === 'APPROVAL_REQUIRED') return result.approval;
    const approval = 'details' in result ? result.details?.approval : undefined;
    if (approval) return approval as ApprovalRequest;
    throw new Error(`${String(cmd.op)} did not ask: ${result.error} ${result.message}`);
  }

  answer(requestId: string, answer: 'deny' | 'once' | 'site'): void {
    this.ws.send(JSON.stringify({ t: 'browser-answer', answer: { requestId, answer } }));
  }

  /** Lets the hub read what was sent (frames on one socket arrive in order). */
  async settle(): Promise<void> {
    await this.call({ op: 'tabs' });
  }

  close(): void {
    this.ws.close();
  }
}

export interface DriverHub {
  hub: Hub;
  app: AppClient;
  home: string;
  close(): Promise<void>;
}

/** A hub of its own (a free port, a fresh VMARK_HOME) and the app connected to it. */
export async function startDriverHub(
  options: {
    idleMs?: number;
    config?: BrowserConfig | null;
    home?: string;
    workflowBudgetMs?: number;
  } = {},
): Promise<DriverHub> {
  process.env.VMARK_BROWSER_HEADLESS = '1';
  process.env.VMARK_CHROMIUM = findChromium();
  delete process.env.VMARK_BROWSER_ALLOW_LOOPBACK;
  const hubModule = '../../relay/dist/hub.js';
  const { startHub } = (await import(hubModule)) as typeof import('../../relay/src/hub');
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'vmark-driver-'));
  const hub = await startHub({
    port: 0,
    root: join(process.cwd(), 'build'),
    token: randomBytes(32).toString('hex'),
    home,
    browserIdleMs: options.idleMs,
    workflowBudgetMs: options.workflowBudgetMs,
    log: () => undefined,
  });
  const app = await AppClient.connect(
    hub.port,
    options.config === undefined ? TEST_CONFIG : options.config,
  );
  return {
    hub,
    app,
    home,
    close: async () => {
      app.close();
      await hub.close();
    },
  };
}

const otherBrowsers = new Set<string>();

function chromiumPids(): string[] {
  try {
    const out = execFileSync('ps', ['-o', 'pid=,stat=,comm=', '--ppid', String(process.pid)], {
      encoding: 'utf8',
    });
    // A browser that has exited but not yet been reaped is not running.
    return out
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter(([pid, stat, comm]) => pid && !stat?.startsWith('Z') && /chrom/i.test(comm ?? ''))
      .map(([pid]) => pid!);
  } catch {
    return [];
  }
}

/**
 * Marks the Chromium processes this test process runs now (the test runner's own browser for
 * earlier test files) as not the hub's, so chromiumChildren counts only what starts later.
 */
export function ignoreRunningBrowsers(): void {
  for (const pid of chromiumPids()) otherBrowsers.add(pid);
}

/** The Chromium processes started by this test process (the in-process hub's browser). */
export function chromiumChildren(): number {
  return chromiumPids().filter((pid) => !otherBrowsers.has(pid)).length;
}

/** A JPEG's width and height, from its start-of-frame marker. */
export function jpegSize(base64: string): { width: number; height: number } {
  const buf = Buffer.from(base64, 'base64');
  if (buf[0] !== 0xff || buf[1] !== 0xd8) throw new Error('not a JPEG');
  for (let i = 2; i + 9 < buf.length;) {
    const marker = buf[i + 1];
    const length = buf.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) {
      return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  throw new Error('no frame header');
}
