/**
 * The hub's browser driver: where authority over AI tabs sits. It holds the person's settings
 * (pushed by the app), the one-shot approvals, attachments and waiting prompts; starts Chromium on
 * the first command that needs it and closes it when idle; follows every tab; and answers each
 * command of the contract (protocol.ts) with a result, a refusal, or a prompt for the person.
 *
 * Tabs: AI tabs are `btab-N`, at most 8. The focused AI tab, used when a command names none, is
 * the one most recently opened, acted on, navigated or brought to the front.
 * Idle: with no AI tab open and no command for `idleMs` (default 5 minutes) the browser closes.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { checkCommand } from '../policy/commandShape.js';
import { checkConfig, DEFAULT_CONFIG } from '../policy/configShape.js';
import { parseGrants, type ParsedGrant } from '../policy/grants.js';
import type { BrowserConfig, DriverEvent, DriverResult } from '#shared/wire/driverProtocol.js';
import { ApprovalDesk } from './approvalDesk.js';
import { findChromium } from './chromiumPath.js';
import type { AuthRequest, DriverCore, Extractor, PromptOutcome, Settings, Tab } from './core.js';
import type { AgentFactory } from './pageAgent.js';
import { launchBrowser, type Launched } from './launch.js';
import { guardNavigations, watchPage, type WatchHooks } from './pages/pageWatch.js';
import * as panel from './toolCommands/panelCommands.js';
import { dialogOpen, errorText, fail } from './results.js';
import { SessionVault } from './sessionVault.js';
import type { WorkflowState } from './workflowHooks/workflowState.js';
import type { ApprovalRequest } from '#shared/wire/driverProtocol.js';
import { gotoFailure, Ticket } from './tickets.js';

export const MAX_AI_TABS = 8;
/** A workflow run's budget of running time; the clock stops while the person is asked. */
export const DEFAULT_RUN_BUDGET_MS = 120_000;
export const DEFAULT_IDLE_MS = 5 * 60_000;
const GOTO_TIMEOUT_MS = 60_000;
const PAST_TICKETS = 8;

export interface DriverOptions {
  /** `$VMARK_HOME`: the shared profile and the saved sessions live there. */
  home: string;
  /** The hub's port, never a destination for AI tabs. */
  hubPort?: number;
  emit(event: DriverEvent): void;
  log(message: string): void;
  createAgent: AgentFactory;
  extractor?: Extractor | null;
  idleMs?: number;
  /** A workflow run's budget of running time (default DEFAULT_RUN_BUDGET_MS). */
  runBudgetMs?: number;
  /** How often a recording takes a page's reports (default DRAIN_MS in recordings.ts). */
  recordDrainMs?: number;
  /** How long a page dialog waits for the AI's answer (default DIALOG_TIMEOUT_MS). */
  dialogMs?: number;
  env?: NodeJS.ProcessEnv;
}

export class BrowserDriver implements DriverCore {
  readonly vault: SessionVault;
  #workflows: WorkflowState | null = null;
  #loadingWorkflows: Promise<WorkflowState> | null = null;
  readonly extractor: Extractor | null;
  readonly hubPort: number | undefined;
  #config: BrowserConfig = DEFAULT_CONFIG;
  #grants: ParsedGrant[] = [];
  #launched: Launched | null = null;
  #launching: Promise<Launched | DriverResult> | null = null;
  readonly #tabs = new Map<string, Tab>();
  readonly #byPage = new Map<Page, Tab>();
  #focus: string[] = [];
  #nextTab = 1;
  #nextNavigation = 1;
  #opening = 0;
  readonly #unclaimed = new Set<Page>();
  readonly #approvals: ApprovalDesk;
  #busy = 0;
  #idleTimer: NodeJS.Timeout | null = null;
  #closing = false;
  readonly #hooks: WatchHooks;

  constructor(private readonly options: DriverOptions) {
    this.vault = new SessionVault(options.home);
    this.extractor = options.extractor ?? null;
    this.hubPort = options.hubPort;
    this.#approvals = new ApprovalDesk(options.emit, (message) => this.log(message));
    this.#hooks = {
      rules: () => ({ allowLoopback: this.settings.allowLoopback, hubPort: this.hubPort }),
      tabOf: (page) => this.#byPage.get(page),
      claimPopup: (url) => [...this.#tabs.values()].some((t) => !t.human && t.popups.claim(url)),
      navigated: (tab) => this.#navigated(tab),
      closed: (tab) => this.#closed(tab),
      changed: () => this.changed(),
      log: (message) => this.log(message),
      asking: (tabId) => this.#approvals.asking(tabId),
      dialogMs: options.dialogMs,
    };
  }

  /** The settings in force: the app's, tightened or widened by the hub's environment. */
  get settings(): Settings {
    const env = this.options.env ?? process.env;
    const noDisplay = process.platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY;
    return {
      enabled: this.#config.enabled,
      posture: this.#config.posture,
      headless: this.#config.headless || env.VMARK_BROWSER_HEADLESS === '1' || noDisplay,
      allowLoopback: this.#config.allowLoopback || env.VMARK_BROWSER_ALLOW_LOOPBACK === '1',
    };
  }

  get runBudgetMs(): number {
    return this.options.runBudgetMs ?? DEFAULT_RUN_BUDGET_MS;
  }

  workflows(): Promise<WorkflowState> {
    if (this.#workflows) return Promise.resolve(this.#workflows);
    this.#loadingWorkflows ??= import('./workflowHooks/workflowState.js').then((m) => {
      this.#workflows = m.createWorkflowState(this.options.recordDrainMs);
      return this.#workflows;
    });
    return this.#loadingWorkflows;
  }

  get running(): boolean {
    return this.#launched !== null;
  }

  log(message: string): void {
    this.options.log(`browser: ${message}`);
  }

  // ── The app's frames ──────────────────────────────────────────────────────

  async handle(raw: unknown): Promise<DriverResult> {
    const checked = checkCommand(raw);
    if (!checked.ok) return fail('INVALID_ARGUMENT', checked.message);
    // Watching and stopping a run always work.
    const always = checked.cmd.op === 'workflow_status' || checked.cmd.op === 'workflow_cancel';
    if (!this.settings.enabled && !always) {
      return fail('BROWSER_DISABLED', 'The browser tools are turned off (Settings → Browser).');
    }
    // The app's panel asks for the tab list when it connects: answered here, so that a connected
    // app with no browser call made loads none of the commands.
    if (checked.cmd.op === 'tabs') return panel.tabList(this);
    this.#busy++;
    this.#disarmIdle();
    try {
      // The commands are loaded with the first one: a hub nobody browses with carries none.
      const { runCommand } = await import('./dispatch.js');
      return await runCommand(this, checked.cmd);
    } catch (e) {
      this.log(`${checked.cmd.op} failed: ${errorText(e)}`);
      return fail('INTERNAL', `The browser command failed: ${errorText(e)}`);
    } finally {
      this.#busy--;
      this.#armIdle();
    }
  }

  setConfig(raw: unknown): void {
    const checked = checkConfig(raw);
    if (!checked.ok) {
      this.log(`ignored a configuration: ${checked.reason}`);
      return;
    }
    const before = this.settings;
    this.#config = checked.config;
    const parsed = parseGrants(checked.config.grants);
    this.#grants = parsed.grants;
    for (const reason of parsed.rejected) this.log(`ignored ${reason}`);
    const after = this.settings;
    if (before.enabled && !after.enabled) {
      this.#approvals.forgetAll();
      void this.shutdown();
    } else if (before.posture !== after.posture && (this.#launched || this.#launching)) {
      this.#approvals.forgetAll();
      void this.shutdown();
    }
  }

  answer(raw: unknown): void {
    this.#approvals.answer(raw);
  }

  /**
   * Tells a newly active app where things stand, when there is anything to tell: with no browser
   * running it learns nothing new (no browser, no tabs), and its `tabs` command says as much.
   */
  announce(): void {
    if (!this.running) return;
    this.options.emit({ type: 'browser-state', running: true });
    this.changed();
  }

  /** Closes the browser and every tab in it (the hub is stopping, or the settings changed). */
  async shutdown(): Promise<void> {
    this.#disarmIdle();
    const launching = this.#launching;
    if (launching) await launching.catch(() => undefined);
    const launched = this.#launched;
    if (launched) {
      await launched.close().catch((e: unknown) => this.log(`close failed: ${errorText(e)}`));
      this.#gone(launched);
    }
  }

  async close(): Promise<void> {
    this.#closing = true;
    await this.shutdown();
  }

  /** The live Playwright objects, for tests that play the person in the AI's window. */
  debugHandles(): { context: BrowserContext | null; page(tabId: string): Page | null } {
    return {
      context: this.#launched?.context ?? null,
      page: (tabId) => this.#tabs.get(tabId)?.page ?? null,
    };
  }

  // ── DriverCore ────────────────────────────────────────────────────────────

  tab(tabId: string | undefined, opts: { dialog?: boolean } = {}): Tab | DriverResult {
    const tab =
      tabId !== undefined ? this.#tabs.get(tabId) : this.#tabs.get(this.#focus.at(-1) ?? '');
    if (!tab) {
      return tabId !== undefined
        ? fail('TAB_NOT_FOUND', `No browser tab ${tabId} is open (it may have closed).`)
        : fail('TAB_NOT_FOUND', 'No AI browser tab is open; open one first.');
    }
    const dialog = tab.dialogs.current;
    if (dialog && !opts.dialog) return dialogOpen(tab.id, dialog);
    return tab;
  }

  focus(tab: Tab): void {
    if (tab.human || tab.closed) return;
    this.#focus = [...this.#focus.filter((id) => id !== tab.id), tab.id];
  }

  authorize(tab: Tab, request: AuthRequest): DriverResult | null {
    return this.#approvals.authorize(this.settings, this.#grants, tab, request);
  }

  authorizeDestination(tab: Tab | null, url: string): DriverResult | null {
    return this.#approvals.authorizeDestination(this.settings, this.#grants, tab, url);
  }

  async newTab(): Promise<Tab | DriverResult> {
    const aiTabs = [...this.#tabs.values()].filter((t) => !t.human).length;
    if (aiTabs >= MAX_AI_TABS) {
      return fail(
        'TAB_LIMIT',
        `${MAX_AI_TABS} AI tabs are open, the most there may be; close one first.`,
      );
    }
    const launched = await this.#ensureBrowser();
    if ('ok' in launched) return launched;
    this.#opening++;
    let page: Page;
    try {
      page = await launched.context.newPage();
    } catch (e) {
      return fail('BROWSER_UNAVAILABLE', `No tab could be opened: ${errorText(e)}`);
    } finally {
      this.#opening--;
    }
    this.#unclaimed.delete(page);
    const tab = this.#byPage.get(page) ?? this.#adopt(launched, page, false);
    if (this.#opening === 0) {
      for (const other of this.#unclaimed) this.#adopt(launched, other, true);
      this.#unclaimed.clear();
    }
    return tab;
  }

  navigate(tab: Tab, url: string): Ticket {
    if (tab.ticket) {
      tab.ticket.settle('superseded');
      tab.pastTickets = [tab.ticket, ...tab.pastTickets].slice(0, PAST_TICKETS);
    }
    const ticket = new Ticket(`nav-${this.#nextNavigation++}`);
    tab.ticket = ticket;
    tab.blocked = null;
    this.changed();
    tab.page.goto(url, { waitUntil: 'load', timeout: GOTO_TIMEOUT_MS }).then(
      (response) => {
        const status = response?.status() ?? 200;
        if (status >= 400) {
          ticket.settle('failed', {
            code: 'NAVIGATION_FAILED',
            message: `The page answered HTTP ${status}.`,
          });
        } else ticket.settle('loaded');
        this.changed();
      },
      (e: unknown) => {
        const failure = gotoFailure(errorText(e));
        if (tab.blocked) {
          ticket.settle('failed', { code: 'NAVIGATION_BLOCKED', message: tab.blocked.message });
        } else if (failure === 'superseded') ticket.settle('superseded');
        else ticket.settle('failed', failure);
        this.changed();
      },
    );
    return ticket;
  }

  allTabs(): Tab[] {
    return [...this.#tabs.values()];
  }

  tabById(tabId: string): Tab | undefined {
    return this.#tabs.get(tabId);
  }

  changed(): void {
    this.options.emit({ type: 'tabs', tabs: [...this.#tabs.values()].map(panel.tabInfo) });
  }

  runChanged(runId: string): void {
    const runs = this.#workflows?.runs;
    const run = runs?.get(runId);
    // The app's run view also shows each step's words; the MCP status leaves them out.
    if (run)
      this.options.emit({ type: 'workflow-run', run: { ...run, plan: runs?.planOf(runId) } });
  }

  promptForRun(request: ApprovalRequest, runId: string): void {
    this.#workflows?.runs.setPending(runId, request);
    this.options.emit({ type: 'approval-requested', approval: request, runId });
    this.runChanged(runId);
  }

  async waitForAnswer(requestId: string, signal: AbortSignal): Promise<PromptOutcome> {
    const outcome = await this.#approvals.waitForAnswer(requestId, signal);
    this.#workflows?.runs.clearPending(requestId);
    return outcome;
  }

  withdrawPrompt(requestId: string): void {
    this.#approvals.withdraw(requestId);
  }

  // ── Inside ────────────────────────────────────────────────────────────────

  async #ensureBrowser(): Promise<Launched | DriverResult> {
    if (this.#launched) return this.#launched;
    this.#launching ??= this.#launch().finally(() => (this.#launching = null));
    return this.#launching;
  }

  async #launch(): Promise<Launched | DriverResult> {
    const chromium = findChromium(this.options.env ?? process.env);
    if (!chromium.ok) return fail('BROWSER_UNAVAILABLE', chromium.message);
    const { posture, headless } = this.settings;
    const profileDir = join(this.options.home, 'browser-profile');
    let launched: Launched;
    try {
      if (posture === 'shared') await mkdir(profileDir, { recursive: true, mode: 0o700 });
      launched = await launchBrowser({
        posture,
        headless,
        executablePath: chromium.path,
        profileDir,
      });
      await guardNavigations(launched.context, this.#hooks);
    } catch (e) {
      this.log(`Chromium did not start: ${errorText(e)}`);
      return fail('BROWSER_UNAVAILABLE', `The browser did not start: ${errorText(e)}`);
    }
    if (this.#closing || !this.settings.enabled || this.settings.posture !== posture) {
      await launched.close().catch(() => undefined);
      return fail(
        'BROWSER_UNAVAILABLE',
        'The browser settings changed while it started; try again.',
      );
    }
    this.#launched = launched;
    launched.onGone(() => this.#gone(launched));
    launched.context.on('page', (page) => void this.#onPage(launched, page));
    // A persistent profile opens with a page of its own: it is nobody's tab.
    for (const page of launched.context.pages()) await page.close().catch(() => undefined);
    this.log(`Chromium started (${posture}${headless ? ', headless' : ''})`);
    this.options.emit({ type: 'browser-state', running: true });
    return launched;
  }

  async #onPage(launched: Launched, page: Page): Promise<void> {
    if (this.#byPage.has(page)) return;
    // Chromium names the opener of every window a page opens, `noopener` ones included; Playwright
    // knows it when it reports the page (no round trip here).
    const opener = await page.opener().catch(() => null);
    const openerTab = opener ? this.#byPage.get(opener) : undefined;
    if (openerTab && !openerTab.human) {
      // A popup of an AI tab: never a tab; closed, and its act told (popupLog.ts).
      const committed = page.url();
      await page.close().catch(() => undefined);
      openerTab.popups.closed(committed);
      return;
    }
    if (this.#byPage.has(page) || page.isClosed() || this.#launched !== launched) return;
    if (this.#opening > 0) {
      this.#unclaimed.add(page);
      return;
    }
    this.#adopt(launched, page, true);
  }

  #adopt(launched: Launched, page: Page, human: boolean): Tab {
    const tab = watchPage(
      launched.context,
      page,
      `btab-${this.#nextTab++}`,
      human,
      this.options.createAgent,
      this.#hooks,
    );
    this.#tabs.set(tab.id, tab);
    this.#byPage.set(page, tab);
    if (human) this.log(`the person opened ${tab.id}`);
    else this.focus(tab);
    this.changed();
    return tab;
  }

  #navigated(tab: Tab): void {
    tab.generation++;
    tab.refGeneration = null;
    this.#approvals.lapseTab(tab.id);
    this.changed();
    this.#workflows?.recordings.navigated(tab.id, tab.page.url());
  }

  #closed(tab: Tab): void {
    if (tab.closed) return;
    tab.closed = true;
    this.#tabs.delete(tab.id);
    this.#byPage.delete(tab.page);
    this.#focus = this.#focus.filter((id) => id !== tab.id);
    this.#approvals.lapseTab(tab.id);
    this.#workflows?.runs.tabClosed(tab.id);
    this.#workflows?.recordings.drop(tab.id);
    tab.ticket?.settle('failed', { code: 'TAB_NOT_FOUND', message: 'The tab closed.' });
    tab.frames.dispose();
    void tab.agent.dispose().catch(() => undefined);
    this.changed();
    this.#armIdle();
  }

  #gone(launched: Launched): void {
    if (this.#launched !== launched) return;
    this.#launched = null;
    for (const tab of [...this.#tabs.values()]) this.#closed(tab);
    this.#nextTab = 1;
    this.#disarmIdle();
    this.log('Chromium closed');
    this.options.emit({ type: 'browser-state', running: false });
  }

  #armIdle(): void {
    this.#disarmIdle();
    if (!this.#launched || this.#busy > 0 || this.#tabs.size > 0) return;
    this.#idleTimer = setTimeout(() => {
      if (this.#busy === 0 && this.#tabs.size === 0) void this.shutdown();
    }, this.options.idleMs ?? DEFAULT_IDLE_MS);
    this.#idleTimer.unref();
  }

  #disarmIdle(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer);
    this.#idleTimer = null;
  }
}
