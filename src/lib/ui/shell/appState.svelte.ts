/** The window's view of the core: a reactive snapshot plus the actions the UI calls. */
import { noticeText } from './noticeText';
import { t } from '../../i18n/i18n.svelte';
import { connectCore, type CoreRemote } from '../../core/client';
import { forgetCounts, onCounts } from '../../text/liveCounts';
import { editorPrefs } from '../../editors/editorPrefs';
import type { TextCounts } from '../../text/textCounts';
import type { CoreEvent, Snapshot, TabInfo } from '../../core/types';
import { DocumentSession } from '../../editors/documentSession';
import { attention, raiseWindow } from './attention.svelte';
import { editorAgent } from './liveEditors';

export interface StartedRun {
  tabId: string;
  source: string;
  inputs: Record<string, string>;
  allowRepeat: boolean;
}

/**
 * A toast's words: a text shown as it is (from the core, say), or a function that words it in
 * the UI language each time it is drawn.
 */
export type ToastText = string | (() => string);

export interface Toast {
  id: number;
  text: ToastText;
  kind: 'info' | 'error';
}

/** What a toast says, in the current language when it is worded by the UI. */
export function toastText(toast: Toast): string {
  return typeof toast.text === 'function' ? toast.text() : toast.text;
}

export class AppState {
  core = $state.raw<CoreRemote | null>(null);
  windowId = $state('');
  shared = $state(true);
  // Replaced whole on every change, never edited in place: no deep proxy needed.
  snapshot = $state.raw<Snapshot | null>(null);
  toasts = $state<Toast[]>([]);
  treeVersion = $state(0);
  /** Whether this window shows the Browser panel (the AI's web tabs). */
  browserPanel = $state(false);
  /** Whether this window shows the Workflows panel (it takes the Browser panel's place). */
  workflowsPanel = $state(false);
  /** Whether this window shows the Breakdown view (coherence; it takes the same place). */
  breakdownPanel = $state(false);
  /**
   * Runs this window started, with what it takes to continue one the person finished a step of
   * by hand (kept in this window's memory only, inputs included, never stored).
   */
  // Raw: what is kept goes to the core as it is (a proxy cannot be posted), replaced whole.
  startedRuns = $state.raw<Record<string, StartedRun>>({});
  /** The newest revision this window knows per tab: set as the person types, before the core answers. */
  revisions = $state<Record<string, string>>({});
  /** The person asked for find (or find and replace) in the active document; `seq` counts asks. */
  findRequest = $state<{ replace: boolean; seq: number } | null>(null);
  /** Writing modes of this window (F8, F9): dim all but the current block; keep it centred. */
  focusMode = $state(false);
  typewriter = $state(false);
  /** Word and character counts per tab, for the status bar (text/liveCounts.ts). */
  counts = $state<Record<string, TextCounts>>({});
  private toastSeq = 0;
  // Not reactive on purpose: sessions are looked up, never rendered.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly sessions = new Map<string, DocumentSession>();

  get window() {
    return this.snapshot?.windows.find((w) => w.id === this.windowId) ?? null;
  }

  get railOn(): boolean {
    return this.snapshot?.settings.workspaceRail ?? false;
  }

  /** Tabs of this window that it shows (all of them, or those of the visible instance). */
  get visibleTabs(): TabInfo[] {
    const w = this.window;
    if (!w || !this.snapshot) return [];
    const tabs = w.tabIds
      .map((id) => this.snapshot?.tabs.find((t) => t.id === id))
      .filter((t): t is TabInfo => !!t);
    return this.railOn ? tabs.filter((t) => w.tabInstances[t.id] === w.activeInstanceId) : tabs;
  }

  get activeTab(): TabInfo | null {
    const id = this.window?.activeTabId;
    return this.snapshot?.tabs.find((t) => t.id === id) ?? null;
  }

  async connect(): Promise<void> {
    const conn = await connectCore((e) => this.onEvent(e), {
      ...editorAgent,
      raise: async (client) => {
        const r = raiseWindow(client);
        if (r.focused) await this.core?.setWindowFocus(this.windowId, true);
        return r;
      },
    });
    this.core = conn.core;
    this.windowId = conn.windowId;
    this.shared = conn.shared;
    this.snapshot = conn.snapshot;
    editorPrefs.autoPair = conn.snapshot.settings.autoPair;
    for (const n of conn.snapshot.notices) this.toast(() => noticeText(n));
    if (conn.snapshot.notices.length) void conn.core.dismissNotice(null);
    const focus = (focused: boolean) => void this.core?.setWindowFocus(this.windowId, focused);
    window.addEventListener('focus', () => {
      attention.answered();
      focus(true);
    });
    window.addEventListener('blur', () => focus(false));
    if (document.hasFocus()) focus(true);
  }

  private onEvent(e: CoreEvent): void {
    // Events can arrive before `attach` has answered; the snapshot it answers comes next anyway.
    if (!this.core) return;
    if (e.type === 'snapshot') {
      if (e.snapshot.notices.length) {
        for (const n of e.snapshot.notices) this.toast(() => noticeText(n));
        void this.core.dismissNotice(null);
      }
      this.snapshot = e.snapshot;
      editorPrefs.autoPair = e.snapshot.settings.autoPair;
      const mine = e.snapshot.windows.find((w) => w.id === this.windowId)?.tabIds ?? [];
      for (const [id, session] of this.sessions) {
        if (!mine.includes(id)) {
          session.close();
          this.sessions.delete(id);
        }
      }
      // A backstop for a change whose push went astray: the snapshot says how far each tab is.
      for (const tab of e.snapshot.tabs) this.sessions.get(tab.id)?.knownVersion(tab.version);
    } else {
      this.sessions.get(e.tabId)?.notify(e.step);
    }
  }

  session(tabId: string): DocumentSession {
    let s = this.sessions.get(tabId);
    if (!s) {
      s = new DocumentSession(this.core as CoreRemote, tabId, this.windowId);
      this.sessions.set(tabId, s);
    }
    return s;
  }

  /** The tab's view is gone from this window: its session stops following the tab. */
  toggleWritingMode(which: 'focusMode' | 'typewriter'): void {
    this[which] = !this[which];
    editorPrefs[which] = this[which];
    editorPrefs.modes++;
  }

  closeSession(tabId: string): void {
    this.sessions.get(tabId)?.close();
    this.sessions.delete(tabId);
    forgetCounts(tabId);
    delete this.counts[tabId];
  }

  toast(text: ToastText, kind: Toast['kind'] = 'info'): void {
    const id = ++this.toastSeq;
    this.toasts = [...this.toasts, { id, text, kind }];
    setTimeout(
      () => (this.toasts = this.toasts.filter((t) => t.id !== id)),
      kind === 'error' ? 8000 : 5000,
    );
  }

  /** Shows a refusal from the core, if it is one; answers whether the call succeeded. */
  report(r: { ok: boolean; message?: string }): boolean {
    if (!r.ok) this.toast(r.message ?? (() => t('shell.didNotWork')), 'error');
    return r.ok;
  }

  refreshTree(): void {
    this.treeVersion++;
  }
}

export const app = new AppState();
onCounts((tabId, counts) => (app.counts[tabId] = counts));
