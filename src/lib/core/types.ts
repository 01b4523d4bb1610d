/** Shapes shared by the core (SharedWorker) and the windows that view it. */
import type { CredentialInfo } from './hub/clientCredentials';
import type { Result } from '../result';
import type { Splice } from './store/textEdit';
import type { LintResult } from '../githubActions/lint/diagnostics';
import type { Found } from '../text/parts/findLines';
import type { CatchUp, RemoteStep } from '../collab/collabClient';
import type { TextFormat as CodecFormat } from '../markdown/textCodec';
import { DEFAULT_CJK_FORMAT_SETTINGS, type CjkFormatSettings } from '../cjk/rules/settings';
import type {
  ApprovalRequest,
  BrowserTabInfo,
  Operation,
  StandingGrant,
} from '../../shared/wire/driverProtocol';
import type { RunView } from '../browserPanel/runView';
import type { PanelCommand, PanelResult } from '../browserPanel/panelCommand';
import type { WorkflowFileAnswer, WorkflowFileCall } from './workspaces/workflowFileTypes';
import type { CoherencePanelAnswer, CoherencePanelCall } from './coherenceRecords/panelTypes';
import type { LanguageSetting } from '../i18n/locales';
import type { Notice } from './notice';

export type DocKind = 'markdown' | 'yaml-workflow';
export type EditorMode = 'wysiwyg' | 'source';
export type Theme = 'system' | 'light' | 'dark';

export type TextFormat = CodecFormat;

export interface Settings {
  theme: Theme;
  /** The UI language (Settings → Appearance); `auto` follows the browser's preferences. */
  language: LanguageSetting;
  /** Lets AI clients save to new paths without asking (Settings → Integrations). */
  autoApproveEdits: boolean;
  /** Shows the workspace rail: several workspace instances per window, one visible. */
  workspaceRail: boolean;
  /**
   * Track document provenance (Settings → Workspace): record which documents were written from
   * which in each workspace's `.vmark/` ledger. Off: a workspace without a ledger is never touched.
   */
  trackProvenance: boolean;
  /**
   * Your name (Settings → Workspace): how the coherence record names the person for their saves
   * and decisions (coherence/personName.ts); empty, `unknown-human`. Always a checked name.
   */
  personName: string;
  /** The Breakdown view asked for the name once (answered or "Not now"): it asks no more. */
  personNameAsked: boolean;
  /** Typing an opening bracket or quote types its closing one too (Settings → Editor). */
  autoPair: boolean;
  /** The rules `cjk-format` applies (Settings → CJK formatting). */
  cjkFormat: CjkFormatSettings;
  /** The AI's browser (Settings → Browser), pushed to the hub's driver as its configuration. */
  browser: BrowserSettings;
}

export interface BrowserSettings {
  /** Off: every browser and browser_read action refuses with BROWSER_DISABLED. */
  enabled: boolean;
  /** sandbox: fresh in-memory tabs; shared: a persistent profile, each new site approved. */
  posture: 'sandbox' | 'shared';
  /** True hides the AI's browser window (the window is shown by default). */
  headless: boolean;
  /** Lets the AI open addresses on this computer (127.0.0.1, localhost), e.g. a dev server. */
  allowLoopback: boolean;
  /** "Allow on this site" answers: origin → operations. */
  grants: StandingGrant[];
}

/** What a window may change at once: any fields, and any browser fields but the grants. */
export type SettingsPatch = Partial<Omit<Settings, 'browser'>> & {
  browser?: Partial<Omit<BrowserSettings, 'grants'>>;
};

export const DEFAULT_BROWSER_SETTINGS: BrowserSettings = {
  enabled: true,
  posture: 'sandbox',
  headless: false,
  allowLoopback: false,
  grants: [],
};

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  language: 'auto',
  autoApproveEdits: false,
  workspaceRail: false,
  trackProvenance: false,
  personName: '',
  personNameAsked: false,
  autoPair: true,
  cjkFormat: { ...DEFAULT_CJK_FORMAT_SETTINGS },
  browser: { ...DEFAULT_BROWSER_SETTINGS, grants: [] },
};

/** What a window needs to draw a tab; the text itself travels separately. */
export interface TabInfo {
  id: string;
  windowId: string;
  instanceId: string;
  title: string;
  path: string | null;
  kind: DocKind;
  revision: string;
  /** How many changes the text has had since the tab opened (windows catch up by it). */
  version: number;
  dirty: boolean;
  readOnly: boolean;
  readOnlyReason: Notice | null;
  mode: EditorMode;
  /** Set when the file is too large for the WYSIWYG editor. */
  sourceOnly: boolean;
  /** A message for the person about this tab (restored draft, encoding, access). */
  notice: Notice | null;
  /** The tab could not be loaded yet (its folder needs access again). */
  pending: boolean;
}

export interface WorkspaceInstanceInfo {
  id: string;
  /** The mount the instance shows, or null for files outside every workspace. */
  mount: string | null;
  label: string;
}

export interface WindowInfo {
  id: string;
  attached: boolean;
  focused: boolean;
  activeTabId: string | null;
  tabIds: string[];
  /** The workspace instance each tab belongs to in this window. */
  tabInstances: Record<string, string>;
  instances: WorkspaceInstanceInfo[];
  activeInstanceId: string | null;
}

export type WorkspaceAccess = 'granted' | 'prompt' | 'denied';

export interface WorkspaceInfo {
  mount: string;
  kind: 'opfs' | 'folder';
  /** The folder's own name as the browser reports it. */
  name: string;
  access: WorkspaceAccess;
}

export interface Snapshot {
  windows: WindowInfo[];
  tabs: TabInfo[];
  workspaces: WorkspaceInfo[];
  settings: Settings;
  /** Core-wide messages for the person, newest last. */
  notices: Notice[];
  /** The link to the hub: whether this browser serves AI clients, and which are connected. */
  ai: AiView;
  /** Questions for the person from AI clients, oldest first; a window shows its first one. */
  approvals: ApprovalInfo[];
  /** The AI's browser tabs, for the Browser panel; running is null until the hub says. */
  browser: { tabs: BrowserTabInfo[]; running: boolean | null; runs: RunView[] };
}

/** AI clients as the windows see them (Settings → AI clients, the status bar). */
export interface AiView {
  state: 'offline' | 'connecting' | 'active' | 'standby';
  /** The connected clients' names. */
  clients: string[];
  /** Each connected session: its client's name and the principal its credential names, if any. */
  sessions: { name: string; principal: string | null }[];
  /** The person's client credentials (never a secret nor a hash). */
  credentials: CredentialInfo[];
}

/** An AI client asks to open a folder as a workspace. */
export interface FolderApprovalInfo {
  id: string;
  windowId: string;
  kind: 'open_workspace';
  folderPath: string;
  client: string;
}

/** The hub's browser driver asks the person to allow something on a site. */
export interface BrowserApprovalInfo {
  id: string;
  windowId: string;
  kind: 'browser';
  client: string;
  request: ApprovalRequest;
}

export type ApprovalInfo = FolderApprovalInfo | BrowserApprovalInfo;

/** A tab's text as a window starts showing it. */
export interface DocText {
  tabId: string;
  text: string;
  revision: string;
  version: number;
}

export type CoreEvent =
  | { type: 'snapshot'; snapshot: Snapshot }
  /** A change of a tab this window shows, made elsewhere (another window, an AI, the disk). */
  | { type: 'change'; tabId: string; step: RemoteStep };

/** The live editor's selection, as a window reports it to the core. */
export interface SelectionInfo {
  text: string;
  isEmpty: boolean;
  range: { from: number; to: number };
  mode: EditorMode;
  revision: string;
}

/**
 * What a window lets the core do with its live editors (the one showing each visible tab). Every
 * method answers a value; NO_EDITOR when the tab has no live editor in that window.
 */
export interface EditorAgent {
  selectionGet(tabId: string): Promise<Result<SelectionInfo>>;
  selectionSet(
    tabId: string,
    content: string,
    expectedRevision: string | undefined,
  ): Promise<Result<{ revision: string; replaced_chars: number }>>;
  /** Resolves once every edit typed in this window's view of the tab has reached the core. */
  flush(tabId: string): Promise<void>;
  /** Runs actionlint in the window's worker (the core, a SharedWorker, cannot start workers). */
  lint(source: string, path: string): Promise<Result<{ result: LintResult }>>;
  /** Finds a regular expression's lines in a worker stopped after the time limit (issue 28). */
  findRegex(text: string, source: string): Promise<Result<Found>>;
  /**
   * Brings the window to the front (`window.focus()`, which a browser may ignore without the
   * person's own gesture) and answers whether it has focus now (`document.hasFocus()`). When it
   * has not, the window asks for the person's attention on `client`'s behalf (its title and a
   * notice) and answers `attention: true`.
   */
  raise(client: string): Promise<{ focused: boolean; attention: boolean }>;
}

export interface DirEntry {
  name: string;
  path: string;
  kind: 'file' | 'directory';
}

/** The API a window reaches over comlink. Every method answers a value; none throws. */
export interface CoreApi {
  attach(
    preferredId: string | null,
    listener: (event: CoreEvent) => void,
    agent?: EditorAgent,
  ): Promise<{ windowId: string; snapshot: Snapshot }>;
  confirmWindow(windowId: string): Promise<void>;
  setWindowFocus(windowId: string, focused: boolean): Promise<void>;
  snapshot(): Promise<Snapshot>;

  listDir(path: string): Promise<Result<{ entries: DirEntry[] }>>;
  createEntry(
    dir: string,
    name: string,
    kind: 'file' | 'directory',
  ): Promise<Result<{ path: string }>>;
  renameEntry(path: string, newName: string): Promise<Result<{ path: string }>>;
  /** The Workflows panel's files: list them, read one as the editor has it, save a recording. */
  workflowFile(call: WorkflowFileCall): Promise<WorkflowFileAnswer>;
  /** The Breakdown view: a workspace's coherence rows, and the person's resolutions. */
  coherencePanel(call: CoherencePanelCall): Promise<CoherencePanelAnswer>;
  /** The name suggested for "Your name", the same in every window (coherence/personName.ts). */
  suggestedPersonName(): Promise<string>;
  deleteEntry(path: string): Promise<Result>;

  openFile(
    windowId: string,
    path: string,
    activate?: boolean,
  ): Promise<Result<{ tabId: string; alreadyOpen: boolean }>>;
  newTab(windowId: string): Promise<Result<{ tabId: string }>>;
  activateTab(windowId: string, tabId: string): Promise<Result>;
  activateInstance(windowId: string, instanceId: string): Promise<Result>;
  /** The tab's text, and from now on its changes are pushed to the window. */
  openView(tabId: string, windowId: string): Promise<Result<DocText>>;
  closeView(tabId: string, windowId: string): Promise<void>;
  /**
   * The person started composing text with an input method in the window's view of the tab (said
   * again now and then while it goes on), or ended it; meanwhile AI changes of the tab are BUSY.
   */
  setComposing(tabId: string, windowId: string, composing: boolean): Promise<void>;
  /** The changes since `version`, for a window that is behind (or the whole text). */
  changesSince(tabId: string, version: number): Promise<CatchUp>;
  /** An edit typed in a window, against the version the window last confirmed. */
  edit(
    tabId: string,
    baseVersion: number,
    splices: Splice[],
    windowId: string,
    proposed?: string,
  ): Promise<Result<{ revision: string; version: number }>>;
  setMode(tabId: string, mode: EditorMode): Promise<Result>;
  /** A CJK transform of the whole tab, as one step the person can undo. */
  transform(
    tabId: string,
    kind: 'cjk-format' | 'cjk-spacing' | 'cjk-punctuation',
  ): Promise<Result<{ revision: string; changed: boolean }>>;
  save(tabId: string): Promise<Result<{ path: string }>>;
  saveAs(tabId: string, path: string): Promise<Result<{ path: string }>>;
  /** Closes the tab in `windowId` (everywhere when no other window shows it). */
  closeTab(tabId: string, force: boolean, windowId?: string): Promise<Result<{ closed: boolean }>>;
  dismissNotice(tabId: string | null): Promise<void>;

  addFolder(handle: FileSystemDirectoryHandle): Promise<Result<{ mount: string }>>;
  folderHandle(mount: string): Promise<FileSystemDirectoryHandle | null>;
  /** Saves a pasted or dropped image beside the document; answers its path and markdown address. */
  addImage(
    docPath: string,
    bytes: Uint8Array,
    name: string,
    type: string,
  ): Promise<Result<{ path: string; address: string }>>;
  accessChanged(mount: string): Promise<Result>;
  removeFolder(mount: string): Promise<Result>;

  setSettings(patch: SettingsPatch): Promise<Settings>;
  answerApproval(id: string, mount: string | null): Promise<void>;

  /** The person's answer to a browser prompt; "site" also adds the standing grant. */
  answerBrowserApproval(id: string, answer: 'deny' | 'once' | 'site'): Promise<void>;
  /** The Browser and Workflows panels' commands (see PanelCommand). */
  browserPanel(cmd: PanelCommand): Promise<PanelResult>;
  /** Settings → AI clients: a new credential; its secret is in this answer and nowhere else. */
  issueClientCredential(
    name: string,
  ): Promise<Result<{ secret: string; credential: CredentialInfo }>>;
  /** Settings → AI clients → Revoke: the credential identifies nobody from now on. */
  revokeClientCredential(id: string): Promise<Result>;
  /** Settings → Browser → Site permissions → Revoke (one operation, or the whole site). */
  revokeBrowserGrant(origin: string, operation?: Operation): Promise<void>;
}
