/**
 * The core's side of the AI's browser: it sends driver commands (the AI's calls and the Browser
 * panel's), pushes the person's browser settings to the driver as its configuration, keeps the
 * driver's tab list for the panel, and turns the driver's approval requests into prompts and the
 * person's answers into `browser-answer` frames (and, for "Allow on this site", a standing grant).
 */
import type {
  ApprovalAnswer,
  ApprovalRequest,
  BrowserConfig,
  BrowserTabInfo,
  DriverCommand,
  DriverEvent,
  DriverResult,
  Operation,
} from '../../../shared/wire/driverProtocol';
import { GRANTABLE_OPERATIONS, addGrant, revokeGrant } from '../../browserPanel/grants';
import { promptOf } from '../../browserPanel/promptOf';
import type { Approvals } from '../windows/approvals';
import type { BrowserSettings, Settings } from '../types';
import { BrowserChannel, unanswered } from './channel';
import { runViewOf, withRun, type RunView } from '../../browserPanel/runView';
import { PanelAsks } from './panelAsks';
import type { PanelCommand, PanelResult } from '../../browserPanel/panelCommand';
import { PANEL_REFUSALS } from '../../../shared/refusals';

export type { PanelCommand, PanelResult };

export interface BrowserSideDeps {
  settings(): Settings;
  /** Stores changed browser settings (a grant added or revoked) and tells the windows. */
  storeBrowser(next: BrowserSettings): Promise<void>;
  approvals: Approvals;
  /** The window a new prompt is shown in: the focused one, else main. */
  promptWindow(): string;
  changed(): void;
  /** Sends a frame to the hub; false when no link is there. */
  send(frame: object): boolean;
}

/** Who the dialog says is asking, for a request made in a panel. */
export const PANEL_CLIENT = 'The Workflows panel';

const PANEL_OPS = new Set([
  'tabs',
  'thumbnail',
  'close',
  'front',
  'workflow_cancel',
  'open',
  'workflow_run',
  'workflow_record',
]);

/** Commands whose prompt the panel's call waits for, then sends again once. */
const ASKING_OPS = new Set(['open', 'workflow_run', 'workflow_record']);

function validPanelCommand(cmd: PanelCommand): boolean {
  if (typeof cmd !== 'object' || cmd === null || !PANEL_OPS.has(cmd.op)) return false;
  const nonEmpty = (v: unknown) => typeof v === 'string' && v !== '';
  switch (cmd.op) {
    case 'tabs':
      return true;
    case 'workflow_cancel':
      return nonEmpty(cmd.runId);
    case 'open':
      return nonEmpty(cmd.url);
    default:
      return nonEmpty(cmd.tabId);
  }
}

/** The configuration the driver gets: exactly the person's browser settings. */
export function configOf(b: BrowserSettings): BrowserConfig {
  return {
    enabled: b.enabled,
    posture: b.posture,
    headless: b.headless,
    allowLoopback: b.allowLoopback,
    grants: b.grants.map((g) => ({ origin: g.origin, operations: [...g.operations] })),
  };
}

export class BrowserSide {
  tabs: BrowserTabInfo[] = [];
  /** Workflow runs the hub told of, newest first, for the Browser panel. */
  runs: RunView[] = [];
  /** Whether the hub's Chromium runs; null until the hub says. */
  running: boolean | null = null;
  private active = false;
  private pushed: string | null = null;
  private readonly channel: BrowserChannel;
  private readonly asks = new PanelAsks();

  constructor(private readonly deps: BrowserSideDeps) {
    this.channel = new BrowserChannel((frame) => this.active && deps.send(frame));
  }

  /** An AI client's command; a prompt it needs is queued before the call is answered. */
  async call(cmd: DriverCommand, client: string): Promise<DriverResult> {
    const result = await this.channel.call(cmd);
    const prompt = promptOf(result);
    if (prompt) {
      this.deps.approvals.askBrowser(prompt, this.deps.promptWindow(), client);
      this.dropGoneAsks();
      this.deps.changed();
    }
    return result;
  }

  /** A command from a panel of the app (see PanelCommand). */
  async panel(cmd: PanelCommand): Promise<PanelResult> {
    if (!validPanelCommand(cmd)) {
      return { ok: false, error: 'INVALID_ARGUMENT', message: 'Not a panel command.' };
    }
    const result = ASKING_OPS.has(cmd.op)
      ? await this.askingCall(cmd)
      : await this.channel.call(cmd);
    if (result.ok && cmd.op === 'tabs' && Array.isArray(result.data.tabs)) {
      this.setTabs(result.data.tabs as BrowserTabInfo[]);
    } else if (result.ok && cmd.op === 'close') {
      this.setTabs(this.tabs.filter((t) => t.tabId !== cmd.tabId));
    }
    return result;
  }

  /**
   * Sends a panel command; when the driver needs the person's leave, shows the prompt, waits for
   * the answer and, if it is yes, sends the command again, once.
   */
  private async askingCall(cmd: PanelCommand): Promise<PanelResult> {
    const first = await this.channel.call(cmd);
    const prompt = promptOf(first);
    if (!prompt) return first;
    this.deps.approvals.askBrowser(prompt, this.deps.promptWindow(), PANEL_CLIENT);
    this.dropGoneAsks();
    this.deps.changed();
    const outcome = await this.asks.wait(prompt.requestId);
    if (outcome === 'deny') {
      return {
        ok: false,
        error: 'NOT_ALLOWED',
        message: PANEL_REFUSALS.NOT_ALLOWED.message,
      };
    }
    if (outcome === 'gone') {
      return {
        ok: false,
        error: 'NOT_ALLOWED',
        message:
          'The question went away before it was answered (the page or the hub changed), so nothing was done.',
      };
    }
    return this.channel.call(cmd);
  }

  /** Panel calls waiting on a prompt that is no longer shown end. */
  private dropGoneAsks(): void {
    if (this.asks.size === 0) return;
    const pending = new Set<string>();
    for (const a of this.deps.approvals.pending) {
      if (a.kind === 'browser') pending.add(a.request.requestId);
    }
    this.asks.keepOnly(pending);
  }

  /** The person answered a prompt; "Allow on this site" also grants that operation there. */
  async answer(id: string, answer: ApprovalAnswer['answer']): Promise<void> {
    // The answer comes from a window over RPC: anything but the three answers is ignored.
    if (answer !== 'deny' && answer !== 'once' && answer !== 'site') return;
    const approval = this.deps.approvals.takeBrowser(id);
    if (!approval) return;
    const { request } = approval;
    const grantable = request.grantable && GRANTABLE_OPERATIONS.includes(request.operation);
    const given = answer === 'site' && !grantable ? 'once' : answer;
    if (given === 'site') {
      const b = this.deps.settings().browser;
      const grants = addGrant(b.grants, request.origin, request.operation);
      // The grant reaches the driver before the answer that relies on it.
      await this.deps.storeBrowser({ ...b, grants });
      this.configChanged();
    }
    this.deps.send({
      t: 'browser-answer',
      answer: { requestId: request.requestId, answer: given },
    });
    // After the answer is on its way, so a panel's second try reaches the driver behind it.
    this.asks.settle(request.requestId, given);
    this.deps.changed();
  }

  /** Settings → Browser → Site permissions → Revoke. */
  async revoke(origin: string, operation?: Operation): Promise<void> {
    const b = this.deps.settings().browser;
    await this.deps.storeBrowser({ ...b, grants: revokeGrant(b.grants, origin, operation) });
    this.configChanged();
  }

  /** Pushes the configuration when it differs from what the driver has. */
  configChanged(): void {
    if (!this.active) return;
    const config = configOf(this.deps.settings().browser);
    const text = JSON.stringify(config);
    if (text === this.pushed) return;
    if (this.deps.send({ t: 'browser-config', config })) this.pushed = text;
  }

  /** The link to the hub became active, or stopped being so. */
  linkChanged(active: boolean): void {
    if (active === this.active) return;
    this.active = active;
    this.pushed = null;
    if (active) {
      this.configChanged();
      void this.panel({ op: 'tabs' });
      return;
    }
    this.channel.dropAll('The connection to the hub closed before the browser answered.');
    this.tabs = [];
    this.runs = [];
    this.running = null;
    this.deps.approvals.clearBrowser();
    this.dropGoneAsks();
    this.deps.changed();
  }

  /** `{t: 'browser-result'}` */
  result(id: string, result: DriverResult): void {
    this.channel.settle(
      id,
      isResult(result) ? result : unanswered('The hub sent a malformed answer.'),
    );
  }

  /** `{t: 'browser-event'}` */
  event(event: DriverEvent): void {
    if (event.type === 'tabs' && Array.isArray(event.tabs)) {
      this.setTabs(event.tabs);
    } else if (event.type === 'approval-requested' && isApproval(event.approval)) {
      // A workflow run asks: no AI call waits to carry the prompt, so it is shown now.
      const runId = typeof event.runId === 'string' ? event.runId.slice(0, 80) : 'a run';
      this.deps.approvals.askBrowser(
        event.approval,
        this.deps.promptWindow(),
        `A workflow run (${runId})`,
      );
      this.dropGoneAsks();
      this.deps.changed();
    } else if (event.type === 'approval-withdrawn') {
      if (this.deps.approvals.withdraw(event.requestId)) this.deps.changed();
      this.asks.settle(event.requestId, 'gone');
    } else if (event.type === 'workflow-run') {
      const run = runViewOf(event.run);
      if (run) {
        this.runs = withRun(this.runs, run);
        this.deps.changed();
      }
    } else if (event.type === 'browser-state') {
      this.running = event.running === true;
      if (!this.running) this.tabs = [];
      this.deps.changed();
    }
  }

  private setTabs(tabs: BrowserTabInfo[]): void {
    this.tabs = tabs.filter(
      (t) => typeof t === 'object' && t !== null && typeof t.tabId === 'string',
    );
    this.deps.changed();
  }
}

function isResult(value: unknown): value is DriverResult {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  if (r.ok === true) return typeof r.data === 'object' && r.data !== null;
  return r.ok === false && typeof r.error === 'string' && typeof r.message === 'string';
}

function isApproval(value: unknown): value is ApprovalRequest {
  if (typeof value !== 'object' || value === null) return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.requestId === 'string' &&
    typeof a.operation === 'string' &&
    typeof a.origin === 'string' &&
    typeof a.tabId === 'string'
  );
}
