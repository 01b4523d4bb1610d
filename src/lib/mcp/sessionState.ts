/**
 * The answer of `session.get_state`, built from plain facts about the windows and tabs: each tab in
 * the shape the seeds promise, kept small (a model pays for every byte), and the tab lists cut at
 * a whole tab when the answer would pass SPEC §2's bound, with a way to ask for the rest.
 */

import { MAX_RESULT_BYTES } from './envelopes';
import { longestFittingPrefix } from './listCut';
import { DOCUMENT_KINDS } from './schemas';

/**
 * The version of VMark's MCP surface these answers follow, as the seeds' `capabilities` give it.
 * The desktop app reports 0.3.0 once `get_state` also lists browser tabs; we report 0.2.0 until
 * it does.
 */
export const MCP_PROTOCOL_VERSION = '0.2.0';

/** What the core knows about one tab. */
export interface TabFacts {
  readonly id: string;
  readonly filePath: string | null;
  /** The name the tab shows: the file name, or `Untitled-<n>`. */
  readonly title: string;
  readonly dirty: boolean;
  readonly revision: string;
  readonly kind: string;
  readonly active: boolean;
  readonly visible: boolean;
  readonly readOnly: boolean;
}

export interface WindowFacts {
  readonly label: string;
  readonly focused: boolean;
  readonly activeWorkspaceInstanceId: string | null;
  readonly tabs: readonly TabFacts[];
}

export interface WorkspaceFacts {
  readonly root: string;
  readonly name: string;
  readonly access: string;
}

export interface StateFacts {
  readonly windows: readonly WindowFacts[];
  readonly workspaces: readonly WorkspaceFacts[];
  readonly version: string;
}

/** The optional arguments of `get_state`: one window only, and its tabs from an offset on. */
export interface StateRequest {
  readonly windowLabel?: string;
  readonly tabOffset?: number;
}

/** One tab in the answer. */
export interface TabEntry {
  id: string;
  filePath: string | null;
  /** The file's name without its extension, or the untitled tab's name (see `seedTitle`). */
  title: string;
  dirty: boolean;
  revision: string;
  kind: string;
  active: boolean;
  visible: boolean;
  /** Only when true. */
  readOnly?: true;
}

export interface WindowEntry {
  label: string;
  focused: boolean;
  activeWorkspaceInstanceId: string | null;
  tabs: TabEntry[];
  /** Only when `tabs` is not the whole list: how many tabs the window has. */
  tabsTotal?: number;
  /** Only when tabs were left out after the ones listed: the `tabOffset` that lists them. */
  nextTabOffset?: number;
}

export interface StateAnswer {
  windows: WindowEntry[];
  workspaces: WorkspaceFacts[];
  capabilities: { version: string; supportedKinds: string[]; mcpProtocol: string };
  /** Only when tabs were left out to stay within the bound. */
  truncated?: true;
  truncation_note?: string;
}

export type StateResult =
  | { ok: true; answer: StateAnswer }
  | { ok: false; problem: 'argument' | 'window'; message: string };

/**
 * A tab's title as the seeds show it: a file tab's name without its extension (`notes` for
 * `/path/to/notes.md`, `ci` for `ci.yml`), an untitled tab's name as it is (`Untitled-1`).
 */
export function seedTitle(tab: Pick<TabFacts, 'filePath' | 'title'>): string {
  if (tab.filePath === null) return tab.title;
  const dot = tab.title.lastIndexOf('.');
  return dot > 0 ? tab.title.slice(0, dot) : tab.title;
}

/**
 * A tab as the answer lists it: the seeds' fields, in their order, `title` on every tab as the
 * seeds show it, and `readOnly` only when true (the one saving that drops nothing a client needs).
 */
export function tabEntry(tab: TabFacts): TabEntry {
  return {
    id: tab.id,
    filePath: tab.filePath,
    title: seedTitle(tab),
    dirty: tab.dirty,
    revision: tab.revision,
    kind: tab.kind,
    active: tab.active,
    visible: tab.visible,
    ...(tab.readOnly ? { readOnly: true as const } : {}),
  };
}

function cutNote(shown: number, total: number, maxBytes: number): string {
  return `Listed ${shown} of ${total} tabs to keep this answer within ${maxBytes.toLocaleString('en-US')} bytes. For each window with nextTabOffset, call session.get_state {windowLabel, tabOffset: nextTabOffset} for the tabs after those listed.`;
}

/**
 * The `get_state` answer. With `windowLabel`, only that window; with `tabOffset` (which needs
 * `windowLabel`), its tabs from that index on. When the tabs do not all fit `maxBytes`, the
 * answer keeps the first ones (windows in order, tabs in order), marks every window whose list is
 * short with `tabsTotal` and `nextTabOffset`, and says `truncated: true` with a note.
 */
export function stateAnswer(
  facts: StateFacts,
  request: StateRequest = {},
  maxBytes: number = MAX_RESULT_BYTES,
): StateResult {
  const { windowLabel, tabOffset = 0 } = request;
  if (request.tabOffset !== undefined && windowLabel === undefined) {
    return {
      ok: false,
      problem: 'argument',
      message:
        'tabOffset needs windowLabel: the window whose tabs to continue (a nextTabOffset in the last answer names it).',
    };
  }
  let windows = facts.windows;
  if (windowLabel !== undefined) {
    windows = windows.filter((w) => w.label === windowLabel);
    if (windows.length === 0) {
      const known = facts.windows.map((w) => w.label).join(', ') || 'none';
      return {
        ok: false,
        problem: 'window',
        message: `Unknown windowLabel: ${windowLabel} (open windows: ${known}).`,
      };
    }
  }
  // The tabs each window lists, before any cut: all of them, or those from the offset on.
  const lists = windows.map((w) => w.tabs.slice(tabOffset).map(tabEntry));
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const capabilities = {
    version: facts.version,
    supportedKinds: [...DOCUMENT_KINDS],
    mcpProtocol: MCP_PROTOCOL_VERSION,
  };

  const render = (shown: number): StateAnswer => {
    let left = shown;
    const entries = windows.map((w, i): WindowEntry => {
      const tabs = lists[i].slice(0, Math.max(0, left));
      left -= tabs.length;
      const entry: WindowEntry = {
        label: w.label,
        focused: w.focused,
        activeWorkspaceInstanceId: w.activeWorkspaceInstanceId,
        tabs,
      };
      const end = Math.min(tabOffset, w.tabs.length) + tabs.length;
      if (tabOffset > 0 || end < w.tabs.length) entry.tabsTotal = w.tabs.length;
      if (end < w.tabs.length) entry.nextTabOffset = end;
      return entry;
    });
    const answer: StateAnswer = {
      windows: entries,
      workspaces: facts.workspaces.map((ws) => ({ ...ws })),
      capabilities,
    };
    if (shown < total) {
      answer.truncated = true;
      answer.truncation_note = cutNote(shown, total, maxBytes);
    }
    return answer;
  };

  return { ok: true, answer: render(longestFittingPrefix(total, render, maxBytes)) };
}
