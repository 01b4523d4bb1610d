/**
 * What the Workflows panel does through the core: pick or open the AI tab a run or a recording
 * uses, start a run, start and stop a recording, and save a recording as a workflow file. Every
 * browser step goes through the driver's checks and the person's prompts, as an AI's would.
 */
import type { MessageKey } from '../../i18n/catalog';
import { t } from '../../i18n/i18n.svelte';
import type { Params } from '../../i18n/locales';
import { app, type StartedRun } from '../shell/appState.svelte';

/** The tab to use: one of the AI's, or a new one opened at an address. */
export type TabChoice = { kind: 'tab'; tabId: string } | { kind: 'new'; url: string };

/**
 * Words for the person: the core's sentence as it wrote it, or one of the panel's own messages,
 * kept as a key so it is worded in the language of the moment it is shown.
 */
export type Said = { message: string } | { key: MessageKey; params?: Params };

export function said(words: Said): string {
  return 'key' in words ? t(words.key, words.params) : words.message;
}

export type Outcome<T> = ({ ok: true } & T) | ({ ok: false } & Said);

function core() {
  if (!app.core) throw new Error('VMark Web is still starting.');
  return app.core;
}

/** The chosen tab's id, opening a new AI tab first when that is the choice. */
export async function tabFor(choice: TabChoice): Promise<Outcome<{ tabId: string }>> {
  if (choice.kind === 'tab') {
    return choice.tabId
      ? { ok: true, tabId: choice.tabId }
      : { ok: false, key: 'workflows.chooseTab' };
  }
  const url = choice.url.trim();
  if (!url) return { ok: false, key: 'workflows.typeAddress' };
  const opened = await core().browserPanel({ op: 'open', url });
  if (!opened.ok) return { ok: false, message: opened.message };
  const tabId = opened.data.tabId;
  return typeof tabId === 'string'
    ? { ok: true, tabId }
    : { ok: false, key: 'workflows.noTabOpened' };
}

export async function runWorkflow(
  choice: TabChoice,
  source: string,
  inputs: Record<string, string>,
  allowRepeat: boolean,
): Promise<Outcome<{ runId: string }>> {
  const tab = await tabFor(choice);
  if (!tab.ok) return tab;
  return startRun({ tabId: tab.tabId, source, inputs, allowRepeat });
}

async function startRun(
  run: StartedRun,
  resumeRunId?: string,
): Promise<Outcome<{ runId: string }>> {
  const r = await core().browserPanel({
    op: 'workflow_run',
    ...run,
    ...(resumeRunId ? { resumeRunId } : {}),
  });
  if (!r.ok) return { ok: false, message: r.message };
  const runId = String(r.data.runId);
  app.startedRuns = { ...app.startedRuns, [runId]: run };
  return { ok: true, runId };
}

/**
 * Goes on with a run this window started that paused for the person: the step it paused at
 * counts as done by hand, and the run continues from the next one (as a new run).
 */
export async function continueRun(runId: string): Promise<Outcome<{ runId: string }>> {
  const run = app.startedRuns[runId];
  if (!run) return { ok: false, key: 'workflows.notStartedHere' };
  return startRun(run, runId);
}

export async function startRecording(
  choice: TabChoice,
  site: string,
): Promise<Outcome<{ tabId: string }>> {
  const tab = await tabFor(choice);
  if (!tab.ok) return tab;
  const r = await core().browserPanel({
    op: 'workflow_record',
    tabId: tab.tabId,
    recordOp: 'start',
    site: site.trim() || undefined,
  });
  return r.ok ? { ok: true, tabId: tab.tabId } : { ok: false, message: r.message };
}

export interface Recorded {
  source: string;
  inputs: string[];
  eventCount: number;
  capped: boolean;
}

export async function stopRecording(tabId: string): Promise<Outcome<{ recorded: Recorded }>> {
  const r = await core().browserPanel({ op: 'workflow_record', tabId, recordOp: 'stop' });
  if (!r.ok) return { ok: false, message: r.message };
  const d = r.data;
  return {
    ok: true,
    recorded: {
      source: typeof d.source === 'string' ? d.source : '',
      inputs: Array.isArray(d.inputs) ? d.inputs.filter((i) => typeof i === 'string') : [],
      eventCount: typeof d.eventCount === 'number' ? d.eventCount : 0,
      capped: d.capped === true,
    },
  };
}

/** Saves a recording as a new workflow file (never over an existing one) and opens it. */
export async function saveRecording(
  dir: string,
  name: string,
  source: string,
): Promise<Outcome<{ path: string }>> {
  const r = await core().workflowFile({ op: 'create', dir, name, text: source });
  if (!r.ok) return { ok: false, message: r.message };
  if (!r.path) return { ok: false, key: 'workflows.nothingSaved' };
  app.refreshTree();
  const opened = await core().openFile(app.windowId, r.path);
  if (!opened.ok) return { ok: false, message: opened.message };
  return { ok: true, path: r.path };
}
