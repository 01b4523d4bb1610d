/** The MCP tool contract and the result envelopes, free of the DOM and of the app. */

export { REFUSAL_REASONS, SERVER_INFO, SERVER_INSTRUCTIONS } from './instructions';
export {
  DOCUMENT_ACTIONS,
  DOCUMENT_KINDS,
  EXPECTED_REVISION_MESSAGE,
  SESSION_ACTIONS,
  TAB_ID_MESSAGE,
  TAB_OFFSET_MESSAGE,
  TRANSFORM_KINDS,
  WINDOW_LABEL_MESSAGE,
  WORKSPACE_ACTIONS,
  SELECTION_ACTIONS,
  WORKFLOW_ACTIONS,
  documentShape,
  selectionShape,
  sessionShape,
  workflowShape,
  workspaceShape,
} from './schemas';
export type {
  DocumentAction,
  DocumentArgs,
  SelectionAction,
  SelectionArgs,
  SessionAction,
  SessionArgs,
  WorkflowAction,
  WorkflowArgs,
  WorkspaceAction,
  WorkspaceArgs,
} from './schemas';
export {
  DOCUMENT_TOOL,
  SELECTION_TOOL,
  SESSION_TOOL,
  TOOL_DEFINITIONS,
  WORKFLOW_TOOL,
  WORKSPACE_TOOL,
} from './tools';
export type { ToolDefinition, ToolHints, ToolName } from './tools';
export {
  MAX_RESULT_BYTES,
  REFUSAL_MEANINGS,
  TRUNCATION_NOTES,
  argumentError,
  fromRefusal,
  limitSize,
  needsApproval,
  refusal,
  success,
  utf8ByteLength,
} from './envelopes';
export type { RefusalCode } from './envelopes';
export { SAVE_SKIPPED, validateAnswer, writeAnswer } from './answers';
export type { SaveOutcome, SaveSkipped, ValidateAnswer, WriteAnswer } from './answers';
export { jsonBytes, longestFittingPrefix } from './listCut';
export { extractAnswer } from './extractAnswer';
export { MCP_PROTOCOL_VERSION, stateAnswer, tabEntry } from './sessionState';
export type {
  StateAnswer,
  StateFacts,
  StateRequest,
  StateResult,
  TabEntry,
  TabFacts,
  WindowEntry,
  WindowFacts,
  WorkspaceFacts,
} from './sessionState';
export { callContext, registerTools } from './register';
export type { CallContext, ToolHandler } from './register';
export {
  ACT_OPERATIONS,
  BROWSER_ACTIONS,
  BROWSER_READ_ACTIONS,
  BROWSER_TAB_ID_MESSAGE,
  MAX_PAYLOAD_BYTES,
  MAX_TIMEOUT_MS,
  browserReadShape,
  browserShape,
} from './browserSchemas';
export type {
  BrowserAction,
  BrowserArgs,
  BrowserReadAction,
  BrowserReadArgs,
} from './browserSchemas';
export { TAKES, browserCommand } from './browserArgs';
export type { Built } from './browserArgs';
export { BROWSER_READ_TOOL, BROWSER_TOOL } from './browserTools';
export { COHERENCE_RESOLVE_TOOL, COHERENCE_TOOL } from './coherenceTools';
export type { CoherenceArgs, CoherenceResolveArgs } from './coherenceTools';
