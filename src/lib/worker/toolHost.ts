/**
 * The adapter that fills the tools' hosts (see tools/host.ts) from the core: documents, windows,
 * files, approvals, the browser and coherence. The only module that sees both the tools and the core.
 */
import type { LintResult } from '../githubActions/lint/diagnostics';
import type { DriverCommand, DriverResult } from '../../shared/wire/driverProtocol';
import type { CoherenceKernel } from '../coherence/kernel';
import type { SessionRead } from '../coherence/capture/mcpProvenance';
import type { Approvals } from '../core/windows/approvals';
import type { Documents } from '../core/store/documents';
import { isDirty } from '../core/store/docState';
import { refuse } from '../result';
import { readDocument } from '../core/store/openDocument';
import { withDeadline } from '../core/windows/windowDeadline';
import type { ToolHost } from '../tools/host';
import type { EditorAgent, Settings } from '../core/types';
import { notices, type Notice } from '../core/notice';
import type { Core } from '../core/core';

export interface ToolHostDeps {
  documents: Documents;
  settings(): Settings;
  approvals: Approvals;
  /** The live-editor agent of a window, or of any window (`preferred` first). */
  agent(windowId: string): EditorAgent | null;
  anyAgent(preferred: string): EditorAgent | null;
  /** Whether a window that shows the tab is composing text in it with an input method. */
  composing(tabId: string): boolean;
  notify(message: Notice): void;
  changed(): void;
  /** Runs actionlint on the core's own thread (when no window can). */
  lintHere(text: string, path: string): Promise<LintResult>;
  /** Sends a command to the hub's browser driver (see browser/browserSide.ts). */
  browser(cmd: DriverCommand, client: string): Promise<DriverResult>;
  /** The coherence kernels of the open folders (see coherence/coherenceKernels.ts). */
  coherence(root: unknown): Promise<CoherenceKernel | string>;
  coherenceHead(path: string): Promise<string | undefined>;
  captureSave(
    path: string,
    text: string,
    by: { reads: readonly SessionRead[] },
  ): Promise<{ content?: string; error?: string; recorded?: boolean }>;
}

/** The tools' host of a running core (the worker's entry files give it to every MCP session). */
export function toolHostOf(core: Core): ToolHost {
  return createToolHost({
    coherence: (root) => core.coherence.kernel(root),
    coherenceHead: (path) => core.coherence.headOf(path),
    captureSave: (path, text, by) => core.coherence.captureSave(path, text, by),
    documents: core.documents,
    settings: () => core.settings,
    approvals: core.approvals,
    agent: (windowId) => core.windows.agent(windowId),
    composing: (tabId) => core.windows.composing(tabId),
    anyAgent: (preferred) => core.windows.anyAgent(preferred),
    notify: (message) => core.notify(message),
    changed: () => core.changed(),
    lintHere: async (text, path) =>
      (await import('../githubActions/lint/linter')).lintWorkflow(text, path),
    browser: (cmd, client) => core.browser.call(cmd, client),
  });
}

export function createToolHost(deps: ToolHostDeps): ToolHost {
  const { documents } = deps;
  const store = documents.store;
  const windowView = (id: string) => {
    const w = store.windows.get(id);
    return w && { ...w, tabIds: [...w.tabIds] };
  };
  return {
    settings: () => deps.settings(),
    windows: () => [...store.windows.keys()].flatMap((id) => windowView(id) ?? []),
    window: windowView,
    tab: (tabId) => store.tabs.get(tabId),
    findByPath: (path) => store.findByPath(path),
    title: (tab) => store.title(tab as never),
    dirty: (tab) => isDirty(tab),
    instanceIn: (tabId, windowId) => store.instanceIn(tabId, windowId),
    workspaces: () => documents.files.infos(),
    resolvePath: (path) => documents.files.resolve(path),
    pathExists: (path) => documents.files.exists(path),
    async readFile(path) {
      const read = await documents.files.read(path);
      if (!read.ok) return read;
      const parsed = await readDocument(path.path, read.file);
      return parsed.ok ? { ok: true, text: parsed.doc.text, kind: parsed.doc.kind } : parsed;
    },
    listDir: (path) => documents.files.list(path),
    watchFile: (path, onChange) => documents.files.watch(path, onChange),
    watchTree: (path, onRecords) => documents.files.watchTree(path, onRecords),
    listen: (listener) => documents.listen(listener),

    newTab(windowId, kind) {
      if (!store.windows.has(windowId)) {
        return refuse(
          'INVALID_WINDOW',
          `No window is labelled "${windowId}"; see session.get_state.`,
        );
      }
      return { ok: true, tabId: documents.newTab(windowId, kind).id };
    },

    async open(windowId, path) {
      if (!store.windows.has(windowId)) {
        return refuse(
          'INVALID_WINDOW',
          `No window is labelled "${windowId}"; see session.get_state.`,
        );
      }
      const r = await documents.open(windowId, path);
      return r.ok ? { ok: true, tabId: r.doc.id } : r;
    },

    async reloadIfClean(tabId) {
      const busy = await documents.settle(tabId, true);
      if (busy) return busy;
      const doc = store.tabs.get(tabId);
      if (!doc) return refuse('INVALID_TAB', `No tab with id "${tabId}".`);
      if (isDirty(doc)) return { ok: true, reloaded: false, dirty: true };
      const reloaded = await documents.reload(doc);
      deps.changed();
      return { ok: true, reloaded, dirty: false };
    },

    async save(tabId, path, overwrite) {
      await documents.settle(tabId);
      const doc = store.tabs.get(tabId);
      if (!doc) return refuse('INVALID_TAB', `No tab with id "${tabId}".`);
      return documents.save(doc, path, overwrite);
    },

    async close(tabId, force) {
      const busy = await documents.settle(tabId, true);
      return busy ?? documents.close(tabId, force);
    },

    activate(tabId) {
      const r = store.activate(tabId);
      if (r.ok) deps.changed();
      return r;
    },

    async focusWindow(windowId, client) {
      const agent = store.windows.get(windowId)?.attached ? deps.agent(windowId) : null;
      if (!agent) {
        return refuse(
          'INVALID_WINDOW',
          `No open window is labelled "${windowId}"; see session.get_state.`,
        );
      }
      const r = await withDeadline(agent.raise(client));
      if (r === 'late') {
        return refuse(
          'INVALID_WINDOW',
          `Window ${windowId} did not answer; it may be closing. See session.get_state.`,
        );
      }
      return { ok: true, focused: r.focused, attention: r.attention };
    },

    async mutate(tabId, options, compute) {
      const r = await documents.mutate(tabId, { ...options, refuseWhileComposing: true }, compute);
      return r.ok ? { ok: true, revision: r.revision, changed: r.changed } : r;
    },

    editorAgent(windowId) {
      const agent = deps.agent(windowId);
      return (
        agent && {
          selectionGet: (tabId) => withDeadline(agent.selectionGet(tabId)),
          selectionSet: (tabId, content, expected) =>
            withDeadline(agent.selectionSet(tabId, content, expected)),
        }
      );
    },
    composing: (tabId) => deps.composing(tabId),

    async lint(preferred, text, path) {
      const agent = deps.anyAgent(preferred);
      try {
        return agent
          ? await agent.lint(text, path)
          : { ok: true, result: await deps.lintHere(text, path) };
      } catch (e) {
        return refuse('INTERNAL', `actionlint could not run: ${(e as Error).message}`);
      }
    },

    async findRegex(preferred, text, source) {
      const agent = deps.anyAgent(preferred);
      if (!agent) {
        return refuse(
          'INTERNAL',
          'A regular expression runs in a window, and none is open: search for literal text (regex: false).',
        );
      }
      const r = await withDeadline(agent.findRegex(text, source));
      return r === 'late'
        ? refuse('INTERNAL', 'The window that runs the search did not answer; try again.')
        : r;
    },

    askApproval(kind, subject, windowId, client) {
      deps.approvals.ask(kind, subject, windowId, client);
      deps.changed();
    },

    consumeApproval(kind, subject) {
      const mount = deps.approvals.consume(kind, subject);
      if (mount) deps.changed();
      return mount;
    },

    saveAsNeedsApproval: (title, path) => deps.notify(notices.saveAsNeedsApproval(title, path)),

    browser: (cmd, client) => deps.browser(cmd, client),
    coherence: (root) => deps.coherence(root),
    coherenceHead: (path) => deps.coherenceHead(path),
    async recordAiSave(_tabId, path, text, reads) {
      const r = await deps.captureSave(path, text, { reads });
      if (r.error) {
        deps.notify(notices.coherenceNotUpdated(path, r.error));
        return;
      }
      // Nothing recorded (a folder without a record, nothing new): no file was touched.
      if (!r.recorded) return;
      // Ids may have been stamped into the saved file and into inputs adopted on the fly: their
      // clean tabs take what is on disk now, as for any change on disk (unchanged files stay).
      const paths = new Set([path, ...reads.map((read) => read.path)]);
      for (const doc of [...store.tabs.values()]) {
        if (doc.path && paths.has(doc.path) && !isDirty(doc)) await documents.reload(doc);
      }
      deps.changed();
    },
  };
}
