/**
 * The contract between the app's core and the hub's browser driver (types only).
 *
 * The app's MCP server turns each `browser` / `browser_read` call into one `DriverCommand` and sends
 * it to the hub over the `/app` socket; the driver answers one `DriverResult`. Authority sits in
 * the driver: it checks every command against the configuration the app pushed (enabled, posture,
 * standing grants) and the one-shot approvals the person gave, and refuses what they do not cover
 * with an `ApprovalRequest` that the app shows as a prompt. The page and the MCP client are both
 * untrusted; the app is the person's own window.
 *
 * Frames on the `/app` socket (JSON text, as the other frames there):
 * - app → hub `{t: 'browser', id, cmd: DriverCommand}`; hub → app `{t: 'browser-result', id, result}`
 * - app → hub `{t: 'browser-config', config: BrowserConfig}` (on connect and on every change)
 * - app → hub `{t: 'browser-answer', answer: ApprovalAnswer}`
 * - hub → app `{t: 'browser-event', event: DriverEvent}`
 */
import type { DriverErrorCode } from '../refusals.js';

/** Everything the driver authorises, a closed set (anything else is denied). */
export type Operation =
  | 'read'
  | 'attach'
  | 'click'
  | 'hover'
  | 'type'
  | 'scroll'
  | 'key'
  | 'dialog'
  | 'style'
  | 'navigate'
  | 'upload'
  | 'eval'
  | 'session'
  | 'record';

/** "Allow on this site": one origin pattern (`https://host[:port]` or `https://*.host`), some operations. */
export interface StandingGrant {
  origin: string;
  operations: Operation[];
}

/** The person's browser settings, pushed by the app; the hub's environment may tighten them. */
export interface BrowserConfig {
  enabled: boolean;
  /** sandbox: a fresh in-memory context; shared: a persistent profile under $VMARK_HOME. */
  posture: 'sandbox' | 'shared';
  /** The AI's browser window is shown unless this is set (or VMARK_BROWSER_HEADLESS=1). */
  headless: boolean;
  /** AI navigation to loopback addresses (or VMARK_BROWSER_ALLOW_LOOPBACK=1). */
  allowLoopback: boolean;
  grants: StandingGrant[];
}

/** What a prompt shows the person and what an "Allow once" is bound to, as the driver computed it. */
export interface ApprovalRequest {
  requestId: string;
  operation: Operation;
  /** The origin the operation concerns (the destination, for a navigation); never a full URL. */
  origin: string;
  tabId: string;
  generation: number;
  target?: { role: string; name: string };
  /** One line for the prompt, e.g. `Text: "…"` for a type, `Key: Enter` for a key. */
  payloadSummary?: string;
  /** The exact script, for `eval` and `session` (first 2,000 characters). */
  script?: string;
  /** Whether "Allow on this site" may be offered (never for eval, session, record, upload). */
  grantable: boolean;
}

export interface ApprovalAnswer {
  requestId: string;
  /** once: one matching command; site: the app also adds a standing grant to the config. */
  answer: 'deny' | 'once' | 'site';
}

/** What `browser.act` does on a page. */
export type ActOperation = 'click' | 'hover' | 'type' | 'scroll' | 'key' | 'dialog';

export type Modifiers = { ctrl?: boolean; shift?: boolean; alt?: boolean; meta?: boolean };

/** A target on the page: a ref from a read of this generation, or a role and accessible name. */
export type Target = { ref: string } | { role: string; name: string };

export type DriverCommand =
  // browser_read
  | {
      op: 'read';
      tabId?: string;
      /** The index of the first node to answer, among those the filters keep (default 0). */
      offset?: number;
      /** Only nodes of exactly this ARIA role. */
      role?: string;
      /** Only nodes whose name contains this, ignoring case. */
      nameContains?: string;
      /** page: one line per node (the default); nodes: the seeds' node objects. */
      format?: 'page' | 'nodes';
    }
  | { op: 'screenshot'; tabId?: string }
  | {
      op: 'query';
      tabId?: string;
      selector: string;
      fields?: { attributes?: boolean; box?: boolean; styles?: string[] };
    }
  | { op: 'extract'; tabId?: string }
  | { op: 'console'; tabId?: string }
  | { op: 'wait'; tabId?: string; navigationId?: string; timeoutMs?: number }
  | {
      op: 'wait_for';
      tabId?: string;
      ref?: string;
      role?: string;
      name?: string;
      text?: string;
      urlContains?: string;
      timeoutMs?: number;
    }
  // browser
  | {
      op: 'act';
      tabId?: string;
      operation: ActOperation;
      ref?: string;
      role?: string;
      name?: string;
      text?: string;
      /** type: press Enter in the field once the text is in. */
      submit?: boolean;
      dy?: number;
      key?: string;
      modifiers?: Modifiers;
      /** dialog: accept (OK) or dismiss (Cancel) the page's open dialog. */
      accept?: boolean;
    }
  | { op: 'open'; url: string; timeoutMs?: number }
  | { op: 'navigate'; tabId?: string; url: string; timeoutMs?: number }
  | {
      op: 'style';
      tabId?: string;
      ref?: string;
      selector?: string;
      set?: Record<string, string>;
      addClasses?: string[];
      removeClasses?: string[];
      injectCss?: string;
    }
  | { op: 'execute_js'; tabId?: string; script: string }
  | { op: 'session_save'; tabId?: string; handle: string }
  | { op: 'session_load'; tabId?: string; handle: string }
  | { op: 'console_clear'; tabId?: string }
  // workflows: a run goes on in the hub; status and cancel work while the tools are off
  | {
      op: 'workflow_run';
      tabId?: string;
      source: string;
      inputs?: Record<string, string>;
      allowRepeat?: boolean;
      resumeRunId?: string;
    }
  | { op: 'workflow_record'; tabId?: string; recordOp: 'start' | 'stop'; site?: string }
  /** `tabId`, when given, must be the run's tab: it checks, it never chooses the run. */
  | { op: 'workflow_status'; runId: string; tabId?: string }
  | { op: 'workflow_cancel'; runId: string; tabId?: string }
  // the app's own Browser panel (never from an AI client)
  | { op: 'tabs' }
  | { op: 'thumbnail'; tabId: string }
  | { op: 'close'; tabId: string }
  | { op: 'front'; tabId: string };

/** Refusal codes of the driver: those marked `driver` in the app's refusal table (../refusals.ts). */
export type { DriverErrorCode };

export type DriverResult =
  | {
      ok: true;
      /** The answer for the model; page content in it is marked `untrusted: true`. */
      data: Record<string, unknown>;
      /** A screenshot or thumbnail. */
      image?: { base64: string; mimeType: 'image/jpeg' };
    }
  | { ok: false; error: DriverErrorCode; message: string; details?: Record<string, unknown> }
  | { ok: false; error: 'APPROVAL_REQUIRED'; message: string; approval: ApprovalRequest };

/** An AI-owned (or attached human) tab as the app's Browser panel shows it. */
export interface BrowserTabInfo {
  tabId: string;
  title: string;
  /** Scheme, host, port and path only (no userinfo, query or fragment). */
  url: string;
  origin: string;
  generation: number;
  loading: boolean;
  /** Opened by the person in the AI's browser window, not by an AI. */
  human: boolean;
  /** What the AI last did there, for the person: "clicked button "Save"", "opened …". */
  lastAction: string | null;
}

export type DriverEvent =
  | { type: 'tabs'; tabs: BrowserTabInfo[] }
  /** A prompt no longer applies (the page navigated, the tab closed); the app removes it. */
  | { type: 'approval-withdrawn'; requestId: string }
  /** A workflow run needs the person's answer; no AI call waits for it, so the app shows it now. */
  | { type: 'approval-requested'; approval: ApprovalRequest; runId: string }
  /** A workflow run moved on (its state as `workflow_status` reports it). */
  | { type: 'workflow-run'; run: Record<string, unknown> }
  | { type: 'browser-state'; running: boolean };
