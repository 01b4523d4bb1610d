/**
 * What the command modules see of the driver (types only): one tab's state, the authorisation
 * gate, the browser's lifecycle. The driver (browserDriver.ts) implements it; the commands never
 * import the driver itself, so there is no cycle between them.
 */
import type { CDPSession, Page } from 'playwright-core';
import type { ConsoleRing } from '../consoleRing.js';
import type { ApprovalRequest, Operation, DriverResult } from '#shared/wire/driverProtocol.js';
import type { WorkflowState } from './workflowHooks/workflowState.js';
import type { DialogWatch } from './pages/pageDialogs.js';
import type { FrameAgents } from './frames/frameAgents.js';
import type { PopupLog } from './pages/popupLog.js';
import type { SessionVault } from './sessionVault.js';
import type { Ticket } from './tickets.js';
import type { PageAgent } from './pageAgent.js';

/** Reader-mode extraction of captured HTML (relay/src/browser/extract), loaded when first used. */
export type Extractor = (
  html: string,
  url: string,
) => Promise<{
  title: string;
  byline: string | null;
  url: string;
  markdown: string;
  textLength: number;
  truncated: boolean;
}>;

export interface Tab {
  readonly id: string;
  readonly page: Page;
  /** Opened by the person in the AI's window, not by an AI. */
  readonly human: boolean;
  readonly agent: PageAgent;
  /** The agents of the page's frames, numbered for refs (frames/frameAgents.ts). */
  readonly frames: FrameAgents;
  readonly cdp: Promise<CDPSession>;
  readonly console: ConsoleRing;
  /** Shared posture: the origins the person let the AI see in this tab. */
  readonly approvedOrigins: Set<string>;
  /** Bumped on every main-frame navigation, same-document ones included. */
  generation: number;
  /** The last generation that handed out refs (read, query, wait_for, act): see refGenerations.ts. */
  refGeneration: number | null;
  title: string;
  ticket: Ticket | null;
  /** The last few tickets before the current one, for `wait` on a superseded id. */
  pastTickets: Ticket[];
  lastAction: string | null;
  /** The popups the page tried to open (each closed): see popupLog.ts. */
  readonly popups: PopupLog;
  /** The page's dialogs, one of which may be blocking it now: see pageDialogs.ts. */
  readonly dialogs: DialogWatch;
  /** Set when the navigation rules stopped a navigation of this tab (a redirect, a link). */
  blocked: { url: string; message: string } | null;
  closed: boolean;
}

/** How a prompt ended: the person's answer, or it no longer applies. */
export type PromptOutcome = 'once' | 'site' | 'deny' | 'withdrawn';

export interface AuthRequest {
  operation: Operation;
  /** The generation the command refers to; the tab's current one unless a ref says otherwise. */
  generation?: number;
  polling?: boolean;
  target?: { role: string; name: string } | { ref: string };
  payload?: { text: string; summary?: string; script?: string };
  /** A standing grant is not enough (a healed workflow step): only the person's fresh answer. */
  fresh?: boolean;
  /** The origin of the frame the act's target is in, when not the page's (frameRefs.ts). */
  frameOrigin?: string;
}

export interface Settings {
  enabled: boolean;
  posture: 'sandbox' | 'shared';
  headless: boolean;
  allowLoopback: boolean;
}

export interface DriverCore {
  readonly settings: Settings;
  readonly hubPort: number | undefined;
  readonly vault: SessionVault;
  readonly extractor: Extractor | null;
  /**
   * The named tab, or the focused AI tab when no id is given; a refusal otherwise, and
   * DIALOG_OPEN while a dialog blocks its page (unless `dialog` says the command answers it).
   */
  tab(tabId: string | undefined, opts?: { dialog?: boolean }): Tab | DriverResult;
  /** Every tab, AI and human. */
  allTabs(): Tab[];
  tabById(tabId: string): Tab | undefined;
  /** Makes an AI tab the default for commands without a tabId. */
  focus(tab: Tab): void;
  /** null when the command may go ahead; otherwise the refusal or the prompt to answer with. */
  authorize(tab: Tab, request: AuthRequest): DriverResult | null;
  /** Shared posture: whether the AI may go to `url` (null) or the person is being asked. */
  authorizeDestination(tab: Tab | null, url: string): DriverResult | null;
  /** A new AI tab (launching the browser if needed), or a refusal. */
  newTab(): Promise<Tab | DriverResult>;
  /** Starts a navigation of the tab; the ticket follows it. */
  navigate(tab: Tab, url: string): Ticket;
  /** Tells the app the tabs changed. */
  changed(): void;
  /** The hub's workflow runs and recordings, loaded on first use. */
  workflows(): Promise<WorkflowState>;
  /** A run's budget of running time, in ms. */
  readonly runBudgetMs: number;
  /** Tells the app a run moved on. */
  runChanged(runId: string): void;
  /** Shows a workflow run's prompt in the app now (no AI call is waiting to carry it). */
  promptForRun(request: ApprovalRequest, runId: string): void;
  /** How the prompt ended: answered, denied, or withdrawn (also when `signal` aborts). */
  waitForAnswer(requestId: string, signal: AbortSignal): Promise<PromptOutcome>;
  /** Takes a prompt back from the app. */
  withdrawPrompt(requestId: string): void;
  log(message: string): void;
}

export function isResult(value: unknown): value is DriverResult {
  return typeof value === 'object' && value !== null && 'ok' in value;
}
