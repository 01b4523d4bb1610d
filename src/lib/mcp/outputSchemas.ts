/**
 * Zod output shapes of the MCP tools (`outputSchema` in `tools/list`). One object per tool: the
 * fields of every action's answer, each optional (which ones come depends on the action), and the
 * fields of the envelopes any answer may be instead — a refusal (SPEC §2) and a truncated answer.
 * Clients validate `structuredContent` against it, refusals included, so every answer the tool can
 * give must fit. Objects are loose: a field added later does not break an older client.
 */
import { z } from 'zod';
import { WIRE_CODES, type WireCode } from '../../shared/refusals';

const str = z.string().optional();
const num = z.number().optional();
const bool = z.boolean().optional();
const strOrNull = z.string().nullable().optional();
const loose = (shape: z.ZodRawShape) => z.looseObject(shape);
const list = (item: z.ZodType) => z.array(item).optional();

const ERROR_CODES = WIRE_CODES as [WireCode, ...WireCode[]];

/**
 * A refusal `{error, reason?, message, …}` and a truncated answer, which any tool may give. On a
 * refusal `reason` is the finer cause under the seeds' code (refusals.ts); some answers use
 * `reason` for a sentence of their own, so it is a string here.
 */
const envelope = {
  error: z.enum(ERROR_CODES).optional(),
  reason: str,
  message: str,
  needsApproval: bool,
  current_revision: str,
  index: num,
  retry_after_ms: num,
  truncated: bool,
  truncation_note: str,
  bytes_total: num,
  bytes_shown: num,
  preview: str,
};

const tab = loose({
  id: z.string(),
  filePath: z.string().nullable(),
  title: z.string(),
  dirty: z.boolean(),
  revision: z.string(),
  kind: z.string(),
  active: z.boolean(),
  visible: z.boolean(),
  readOnly: bool,
});

export const sessionOutput = loose({
  ...envelope,
  windows: list(
    loose({
      label: z.string(),
      focused: z.boolean(),
      activeWorkspaceInstanceId: z.string().nullable(),
      tabs: z.array(tab),
      tabsTotal: num,
      nextTabOffset: num,
    }),
  ),
  workspaces: list(loose({ root: z.string(), name: z.string(), access: z.string() })),
  capabilities: loose({
    version: z.string(),
    supportedKinds: z.array(z.string()),
    mcpProtocol: z.string(),
  }).optional(),
});

export const workspaceOutput = loose({
  ...envelope,
  tabId: str,
  workspaceInstanceId: strOrNull,
  activationChanged: bool,
  workspaceSwitched: bool,
  alreadyOpen: bool,
  reloaded: bool,
  reason: str,
  opened: bool,
  folderPath: str,
  windowLabel: str,
  filePath: str,
  revision: str,
  closed: bool,
  focused: bool,
  attention: str,
  activated: bool,
  activeTabId: strOrNull,
});

/** A heading of `document.read {view: "outline"}` and the lines of its section. */
const section = loose({
  level: z.number(),
  text: z.string(),
  path: z.string(),
  startLine: z.number(),
  endLine: z.number(),
  bytes: z.number(),
});

export const documentOutput = loose({
  ...envelope,
  content: str,
  revision: str,
  filePath: strOrNull,
  kind: str,
  dirty: bool,
  tabId: str,
  saved: bool,
  save_skipped: z.enum(['opt_out', 'untitled']).optional(),
  save_note: str,
  save_error: str,
  changed: bool,
  totalLines: num,
  startLine: num,
  endLine: num,
  nextLine: num,
  nextColumn: num,
  outline: list(section),
  candidates: list(section),
  matches: list(loose({ line: z.number(), text: z.string() })),
});

const diagnostic = loose({
  line: z.number(),
  col: z.number(),
  message: z.string(),
  severity: str,
  kind: str,
});

export const workflowOutput = loose({
  ...envelope,
  revision: str,
  ok: bool,
  diagnostics: list(diagnostic),
  diagnosticsTotal: num,
  binaryAvailable: bool,
  unavailableChecks: list(z.unknown()),
  errors: list(z.unknown()),
});

export const selectionOutput = loose({
  ...envelope,
  text: str,
  isEmpty: bool,
  range: loose({ from: z.number(), to: z.number() }).optional(),
  mode: z.enum(['wysiwyg', 'source']).optional(),
  kind: str,
  tabId: str,
  revision: str,
  replaced_chars: num,
});

/** What the browser tools share: the tab and page an answer is about. */
const page = {
  tabId: str,
  url: str,
  title: str,
  generation: num,
  /** null from `wait` on a tab with no navigation ticket (one the person opened): its own load. */
  navigationId: strOrNull,
  reason: str,
  entries: list(loose({ level: z.string(), text: z.string() })),
  runId: str,
  status: str,
};

export const browserOutput = loose({
  ...envelope,
  ...page,
  found: bool,
  clicked: bool,
  hovered: bool,
  typed: bool,
  submitted: bool,
  scrolled: bool,
  pressed: bool,
  dialog: loose({ type: z.string(), message: z.string() }).optional(),
  dialogDismissed: loose({ type: z.string(), message: z.string() }).optional(),
  answered: bool,
  accepted: bool,
  matchedTotal: num,
  matchedVisible: num,
  styled: num,
  injected: bool,
  result: z.unknown().optional(),
  untrusted: bool,
  saved: bool,
  loaded: bool,
  handle: str,
  localStorageKeys: num,
  cookies: num,
  steps: num,
  firstStep: z.unknown().optional(),
  warnings: list(z.unknown()),
  source: str,
  inputs: z.unknown().optional(),
  eventCount: num,
  capped: bool,
});

export const browserReadOutput = loose({
  ...envelope,
  ...page,
  page: str,
  snapshot: list(loose({ role: z.string(), name: z.string(), ref: z.string() })),
  total: num,
  nextOffset: num,
  note: str,
  unreachable: loose({}).optional(),
  count: num,
  elements: list(loose({ ref: z.string(), tag: z.string() })),
  byline: strOrNull,
  markdown: str,
  textLength: num,
  markdownLength: num,
  markdownShown: num,
  matched: bool,
  ref: str,
  stepCount: num,
  completedSteps: num,
  skippedSteps: num,
  stepResults: list(loose({ index: z.number(), status: z.string() })),
  mimeType: str,
});

/** `edges`, `claims` and `contexts` answer lists, wrapped as `{items}` (SPEC §2). */
export const coherenceOutput = loose({
  ...envelope,
  initialized: bool,
  writer: z.unknown().optional(),
  person: str,
  objects: num,
  quarantined: num,
  open_items: num,
  items: list(loose({})),
});

export const coherenceResolveOutput = loose({
  ...envelope,
  entry_id: str,
  kind: str,
  resolved_against: str,
});

/** Each tool's output shape, by tool name. */
export const OUTPUT_SCHEMAS = {
  session: sessionOutput,
  workspace: workspaceOutput,
  document: documentOutput,
  workflow: workflowOutput,
  selection: selectionOutput,
  browser: browserOutput,
  browser_read: browserReadOutput,
  coherence: coherenceOutput,
  coherence_resolve: coherenceResolveOutput,
} as const;
