/**
 * What the MCP tools may do with the app, and nothing more, split by concern: each tool names the
 * hosts it uses. The tools declare these interfaces and the views they read; the worker's adapter
 * fills them from the core (worker/toolHost.ts), and unit tests use the same adapter over files
 * in memory (worker/testHost.ts). Tools read tabs and windows through the views and change
 * documents only through `mutate`, `save`, `close`, `open` and `newTab`.
 */
import type { CjkFormatSettings } from '../cjk/rules/settings';
import type { CoherenceKernel } from '../coherence/kernel';
import type { SessionRead } from '../coherence/capture/mcpProvenance';
import type { WatchRecord } from '../coherence/scan/workspaceWatch';
import type { DriverCommand, DriverResult } from '../../shared/wire/driverProtocol';
import type { Result } from '../result';
import type { LintResult } from '../githubActions/lint/diagnostics';
import type { Found } from '../text/parts/findLines';

export type TabKind = 'markdown' | 'yaml-workflow';

/** A tab as the tools read it. */
export interface TabView {
  readonly id: string;
  /** The window the tab was first opened in (it may be shown in others too). */
  readonly windowId: string;
  readonly path: string | null;
  readonly kind: TabKind;
  readonly text: string;
  /** The text as last loaded from or saved to disk (whether the tab is dirty: `DocumentsHost.dirty`). */
  readonly savedText: string;
  readonly revision: string;
  /** Why the tab is read-only (its sentence for the AI), or null. */
  readonly readOnlyReason: { readonly text: string } | null;
}

export interface WindowView {
  readonly id: string;
  readonly attached: boolean;
  readonly focused: boolean;
  readonly activeTabId: string | null;
  readonly tabIds: readonly string[];
  readonly activeInstanceId: string | null;
}

export interface WorkspaceView {
  readonly mount: string;
  /** The folder's own name as the browser reports it. */
  readonly name: string;
  readonly access: 'granted' | 'prompt' | 'denied';
}

/** A virtual path checked against the mounts: `/<mount>/<rest>`. */
export interface ResolvedPath {
  path: string;
  mount: string;
  /** The path's segments inside the workspace (empty for the workspace root). */
  segments: string[];
}

export interface DirEntryView {
  name: string;
  path: string;
  kind: 'file' | 'directory';
}

/** What changed: a tab's text (whoever changed it), the open tabs, or files on disk. */
export type DocumentEvent = { type: 'text'; tabId: string } | { type: 'tabs' } | { type: 'files' };

export interface MutateOptions {
  expectedRevision?: string;
  /** Who asks: `mcp`… */
  origin: string;
  /** One undo step of its own in the editors that show the tab (default: yes). */
  undoable?: boolean;
}

/** What a mutation computes from the current tab: the new text, or a refusal. */
export type Compute = (tab: TabView) => Result<{ text: string }>;

/** The live editor's selection, as the window that shows the tab reports it. */
export interface SelectionView {
  text: string;
  isEmpty: boolean;
  range: { from: number; to: number };
  mode: 'wysiwyg' | 'source';
  revision: string;
}

/** A window's live editors; 'late' when the window did not answer in time (it may be closing). */
export interface SelectionAgent {
  selectionGet(tabId: string): Promise<Result<SelectionView> | 'late'>;
  selectionSet(
    tabId: string,
    content: string,
    expectedRevision: string | undefined,
  ): Promise<Result<{ revision: string; replaced_chars: number }> | 'late'>;
}

/** The settings the tools follow. */
export interface ToolSettings {
  readonly workspaceRail: boolean;
  readonly autoApproveEdits: boolean;
  readonly personName: string;
  readonly cjkFormat: CjkFormatSettings;
  readonly browser: { readonly enabled: boolean };
}

export interface SettingsHost {
  settings(): ToolSettings;
}

/** The open tabs: read them, hear their changes, change them. */
export interface DocumentsHost {
  tab(tabId: string): TabView | undefined;
  findByPath(path: string): TabView | undefined;
  title(tab: TabView): string;
  /** Whether the tab's text differs from its file; the core decides, tools never compare. */
  dirty(tab: TabView): boolean;
  /** The tab's workspace instance in a window (its first window by default). */
  instanceIn(tabId: string, windowId?: string): string | null;
  /** Hears every change of a text and of the open tabs; answers how to stop. */
  listen(listener: (event: DocumentEvent) => void): () => void;
  /** A new untitled tab, active in its window. */
  newTab(windowId: string, kind: TabKind): Result<{ tabId: string }>;
  /** Opens a file in a new background tab of the window. */
  open(windowId: string, path: string): Promise<Result<{ tabId: string }>>;
  /** Reads a clean tab's file again (after the windows handed in their typing). */
  reloadIfClean(tabId: string): Promise<Result<{ reloaded: boolean; dirty: boolean }>>;
  /** Saves to the tab's path or a new one, with what the windows have typed so far. */
  save(tabId: string, path: string, overwrite: boolean): Promise<Result<{ path: string }>>;
  close(tabId: string, force: boolean): Promise<Result<{ closed: boolean }>>;
  /** Makes the tab active in its window: the one thing that changes what the person sees. */
  activate(tabId: string): Result;
  /** Changes a tab's text as one transaction (BUSY while the person composes in it). */
  mutate(
    tabId: string,
    options: MutateOptions,
    compute: Compute,
  ): Promise<Result<{ revision: string; changed: boolean }>>;
  /** Whether a window that shows the tab is composing text in it with an input method (BUSY). */
  composing(tabId: string): boolean;
}

export interface WindowsHost {
  windows(): WindowView[];
  window(windowId: string): WindowView | undefined;
  /**
   * Asks the window to come to the front, for `client`, and reads back whether it has focus;
   * `attention` when it has not and the window asks for the person's attention instead.
   */
  focusWindow(
    windowId: string,
    client: string,
  ): Promise<Result<{ focused: boolean; attention: boolean }>>;
  /** The live editors of a window, for selection requests. */
  editorAgent(windowId: string): SelectionAgent | null;
}

export interface FilesHost {
  workspaces(): WorkspaceView[];
  /** Checks a virtual path against the mounts (INVALID_PATH, PERMISSION). */
  resolvePath(path: unknown): Result<ResolvedPath>;
  pathExists(path: ResolvedPath): Promise<boolean>;
  /** Reads a file from disk as a tab would open it (its text and kind), without opening it. */
  readFile(path: ResolvedPath): Promise<Result<{ text: string; kind: TabKind }>>;
  /** Tells `onChange` when the file changes outside the app (where the browser can watch). */
  watchFile(path: ResolvedPath, onChange: () => void): () => void;
  /** Passes on what changes below a workspace root outside the app (where the browser can watch). */
  watchTree(path: ResolvedPath, onRecords: (records: WatchRecord[]) => void): () => void;
  /** What a workspace folder holds, folders first (NOT_FOUND, PERMISSION as refusals). */
  listDir(path: ResolvedPath): Promise<Result<{ entries: DirEntryView[] }>>;
}

/** What the person is asked or told. */
export interface ApprovalsHost {
  askApproval(kind: 'open_workspace', subject: string, windowId: string, client: string): void;
  /** Uses the person's grant for the subject once; answers the mount it gave, or null. */
  consumeApproval(kind: 'open_workspace', subject: string): string | null;
  /** Tells the person (a toast) that saving `title` to `path` waits for their approval. */
  saveAsNeedsApproval(title: string, path: string): void;
}

export interface LintHost {
  lint(
    preferredWindowId: string,
    text: string,
    path: string,
  ): Promise<Result<{ result: LintResult }>>;
}

/** Where a regular expression can run and be stopped (a window's worker). */
export interface FindHost {
  /**
   * The lines of `text` where the pattern `source` matches, run where it can be stopped after
   * the time limit (INVALID_ARGUMENT then), near `preferredWindowId` when that window can.
   */
  findRegex(preferredWindowId: string, text: string, source: string): Promise<Result<Found>>;
}

export interface BrowserHost {
  /**
   * Sends one command to the hub's browser driver and answers its result; never throws, never
   * hangs (no hub, a closed link or no answer in time is a BROWSER_UNAVAILABLE refusal). A result
   * that needs the person's approval has already put its prompt in front of them.
   */
  browser(cmd: DriverCommand, client: string): Promise<DriverResult>;
}

export interface CoherenceHost {
  /** The coherence kernel of the open folder `root` names ("/notes"), or why there is none. */
  coherence(root: unknown): Promise<CoherenceKernel | string>;
  /** The current coherence revision of the document at `path`, pinned when an AI reads it. */
  coherenceHead(path: string): Promise<string | undefined>;
  /**
   * Records an AI client's save of `path` in its folder's coherence ledger, with the documents it
   * read since its last write as inputs; a tab whose file got an id stamped reloads. Never throws.
   */
  recordAiSave(
    tabId: string,
    path: string,
    text: string,
    reads: readonly SessionRead[],
  ): Promise<void>;
}

/** Every host at once: what one MCP session's server is given (see server.ts). */
export type ToolHost = SettingsHost &
  DocumentsHost &
  WindowsHost &
  FilesHost &
  ApprovalsHost &
  LintHost &
  FindHost &
  BrowserHost &
  CoherenceHost;
