/**
 * What the MCP tools may do with the app, and nothing more. The worker's entry file wires the
 * core's implementation in (toolHost.ts); unit tests use the same implementation over files in
 * memory (testHost.ts). Tools read tabs and windows through it and change documents only through
 * `mutate`, `save`, `close`, `open` and `newTab`.
 */
import type { DocState } from '../documents/docState';
import type { Compute, DocumentListener, MutateOptions } from '../documents/documents';
import type { ResolvedPath } from '../documents/files';
import type { Result } from '../errors';
import type { DirEntry, DocKind, EditorAgent, Settings, WorkspaceInfo } from '../types';
import type { LintResult } from '../../githubActions/lint/diagnostics';
import type { DriverCommand, DriverResult } from '../../browserPanel/protocol';
import type { CoherenceKernel } from '../../coherence/kernel';
import type { SessionRead } from '../../coherence/capture/mcpProvenance';
import type { WatchRecord } from '../../coherence/scan/workspaceWatch';
import type { Notice } from '../notice';

export type TabView = Readonly<DocState>;

export interface WindowView {
  readonly id: string;
  readonly attached: boolean;
  readonly focused: boolean;
  readonly activeTabId: string | null;
  readonly tabIds: readonly string[];
  readonly activeInstanceId: string | null;
}

export interface ToolHost {
  settings(): Readonly<Settings>;
  windows(): WindowView[];
  window(windowId: string): WindowView | undefined;
  tab(tabId: string): TabView | undefined;
  findByPath(path: string): TabView | undefined;
  title(tab: TabView): string;
  /** The tab's workspace instance in a window (its first window by default). */
  instanceIn(tabId: string, windowId?: string): string | null;
  workspaces(): WorkspaceInfo[];
  /** Checks a virtual path against the mounts (INVALID_PATH, PERMISSION). */
  resolvePath(path: unknown): Result<ResolvedPath>;
  pathExists(path: ResolvedPath): Promise<boolean>;
  /** Reads a file from disk as a tab would open it (its text and kind), without opening it. */
  readFile(path: ResolvedPath): Promise<Result<{ text: string; kind: DocKind }>>;
  /** Tells `onChange` when the file changes outside the app (where the browser can watch). */
  watchFile(path: ResolvedPath, onChange: () => void): () => void;
  /** Passes on what changes below a workspace root outside the app (where the browser can watch). */
  watchTree(path: ResolvedPath, onRecords: (records: WatchRecord[]) => void): () => void;
  /** What a workspace folder holds, folders first (NOT_FOUND, PERMISSION as refusals). */
  listDir(path: ResolvedPath): Promise<Result<{ entries: DirEntry[] }>>;
  /** Hears every change of a text and of the open tabs (see Documents.listen); answers how to stop. */
  listen(listener: DocumentListener): () => void;

  /** A new untitled tab, active in its window. */
  newTab(windowId: string, kind: DocKind): Result<{ tabId: string }>;
  /** Opens a file in a new background tab of the window. */
  open(windowId: string, path: string): Promise<Result<{ tabId: string }>>;
  /** Reads a clean tab's file again (after the windows handed in their typing). */
  reloadIfClean(tabId: string): Promise<Result<{ reloaded: boolean; dirty: boolean }>>;
  /** Saves to the tab's path or a new one, with what the windows have typed so far. */
  save(tabId: string, path: string, overwrite: boolean): Promise<Result<{ path: string }>>;
  close(tabId: string, force: boolean): Promise<Result<{ closed: boolean }>>;
  /** Makes the tab active in its window: the one thing that changes what the person sees. */
  activate(tabId: string): Result;
  /**
   * Asks the window to come to the front, for `client`, and reads back whether it has focus;
   * `attention` when it has not and the window asks for the person's attention instead.
   */
  focusWindow(
    windowId: string,
    client: string,
  ): Promise<Result<{ focused: boolean; attention: boolean }>>;
  /** Changes a document's text (see Documents.mutate). */
  mutate(
    tabId: string,
    options: MutateOptions,
    compute: Compute,
  ): Promise<Result<{ revision: string; changed: boolean }>>;
  /** The live editors of a window, for selection requests. */
  editorAgent(windowId: string): EditorAgent | null;
  /** Whether a window that shows the tab is composing text in it with an input method (BUSY). */
  composing(tabId: string): boolean;
  lint(
    preferredWindowId: string,
    text: string,
    path: string,
  ): Promise<Result<{ result: LintResult }>>;
  askApproval(kind: 'open_workspace', subject: string, windowId: string, client: string): void;
  /** Uses the person's grant for the subject once; answers the mount it gave, or null. */
  consumeApproval(kind: 'open_workspace', subject: string): string | null;
  /** A message for the person, shown as a toast. */
  notify(message: Notice): void;
  /**
   * Sends one command to the hub's browser driver and answers its result; never throws, never
   * hangs (no hub, a closed link or no answer in time is a BROWSER_UNAVAILABLE refusal). A result
   * that needs the person's approval has already put its prompt in front of them.
   */
  browser(cmd: DriverCommand, client: string): Promise<DriverResult>;
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
