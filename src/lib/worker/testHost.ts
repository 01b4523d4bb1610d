/**
 * The tools' host over files in memory, for unit tests: the core's own document layer and host
 * (Documents, createToolHost), with windows that hold no editors unless a test gives them one.
 */
import type { Step } from '../collab/changeLog';
import { Approvals } from '../core/windows/approvals';
import { Documents } from '../core/store/documents';
import { MemoryFiles } from '../core/store/memoryFiles';
import { DocumentStore } from '../core/store/documentStore';
import { createToolHost } from './toolHost';
import { DEFAULT_SETTINGS, type EditorAgent, type Settings } from '../core/types';
import type { ToolHost } from '../tools/host';
import type { DriverCommand, DriverResult } from '../../shared/wire/driverProtocol';
import { CoherenceKernel } from '../coherence/kernel';
import { inProcessLock } from '../coherence/ledger/ledgerFs';
import { memoryLedgerFs, type MemoryLedgerFs } from '../coherence/ledger/memoryLedgerFs';
import { emptyWorkspaceState } from '../coherence/scan/workspaceState';
import { mountOfRoot } from '../core/coherenceRecords/workspaceRoot';

/** The coherence writer id of the test host's profile. */
export const TEST_WRITER = '0198fa00-0000-7000-8000-0000000000ff';

/** The live-editor agent a test window may be given (see `agents`). */
export type { EditorAgent };

export interface TestHost {
  host: ToolHost;
  files: MemoryFiles;
  documents: Documents;
  store: DocumentStore;
  settings: Settings;
  approvals: Approvals;
  agents: Map<string, EditorAgent>;
  /** Steps the windows were told about, and the toasts the person saw. */
  pushed: Step[];
  notices: string[];
  /** How many times a change waited for the windows to hand in their typing. */
  flushes: number;
  /** The tabs in which a window is composing text with an input method (tests add to it). */
  composing: Set<string>;
  /** Runs while a change waits for the windows (a test may start a composition there). */
  onFlush?: (tabId: string) => void;
  /** The driver commands the tools sent, and who sent them. */
  browserCalls: { cmd: DriverCommand; client: string }[];
  /** The fake driver: answers each command (a success with no data unless a test says). */
  driver: (cmd: DriverCommand) => DriverResult | Promise<DriverResult>;
  /** Each mount's coherence files (`.vmark/…`), in memory. */
  coherenceFs: Map<string, MemoryLedgerFs>;
}

export function createTestHost(windowIds: string[] = ['main']): TestHost {
  const files = new MemoryFiles();
  const store = new DocumentStore();
  for (const id of windowIds) store.claimWindowId(id);
  const t: Partial<TestHost> = {
    files,
    store,
    settings: { ...DEFAULT_SETTINGS },
    approvals: new Approvals(),
    agents: new Map(),
    pushed: [],
    notices: [],
    flushes: 0,
    composing: new Set(),
    browserCalls: [],
    coherenceFs: new Map(),
    driver: () => ({ ok: true, data: {} }),
  };
  const documents = new Documents(store, files, {
    draft: () => undefined,
    forget: () => undefined,
    push: (_doc, step) => t.pushed?.push(step),
    changed: () => undefined,
    textChanged: () => undefined,
    layoutChanged: () => undefined,
    flushViewers: async (tabId) => {
      t.flushes = (t.flushes ?? 0) + 1;
      t.onFlush?.(tabId);
    },
    composing: (tabId) => t.composing?.has(tabId) ?? false,
    accessLost: async () => undefined,
  });
  t.documents = documents;
  t.host = createToolHost({
    documents,
    settings: () => t.settings as Settings,
    approvals: t.approvals as Approvals,
    agent: (id) => t.agents?.get(id) ?? null,
    composing: (tabId) => t.composing?.has(tabId) ?? false,
    anyAgent: (preferred) => t.agents?.get(preferred) ?? t.agents?.values().next().value ?? null,
    notify: (message) => t.notices?.push(message.text),
    changed: () => undefined,
    lintHere: async () => ({
      ok: true,
      diagnostics: [],
      binaryAvailable: true,
      unavailableChecks: [],
    }),
    browser: async (cmd, client) => {
      t.browserCalls?.push({ cmd, client });
      return (t.driver as TestHost['driver'])(cmd);
    },
    // Saves are recorded by the core's kernels (tested in src/lib/coherence and end to end).
    coherenceHead: async () => undefined,
    captureSave: async () => ({}),
    coherence: async (root) => {
      const mount = mountOfRoot(root, files.mounts());
      if (typeof mount !== 'string') return mount.error;
      const all = t.coherenceFs as Map<string, MemoryLedgerFs>;
      const fs = all.get(mount) ?? memoryLedgerFs();
      all.set(mount, fs);
      let id = 0;
      const mintId = () => `0198fa00-0000-7000-8000-${String(++id).padStart(12, '0')}`;
      return new CoherenceKernel(
        { fs, lock: inProcessLock(), writer: TEST_WRITER, now: Date.now, mintId },
        emptyWorkspaceState(),
      );
    },
  });
  return t as TestHost;
}
