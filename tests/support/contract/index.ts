/**
 * The contract table: for each tool and action, the answer the MCP tool reference promises. A
 * tool added later adds its rows here.
 */
import { browserRows } from './browser';
import { coherenceRows } from './coherence';
import { compositionRows } from './composition';
import { workflowRunRows } from './browserWorkflow';
import type { ContractRow } from './context';
import { documentRows } from './document';
import { documentPartRows } from './documentParts';
import { notTakenRows } from './notTaken';
import { pathRefusalRows } from './pathRefusals';
import { selectionRows } from './selection';
import { sessionRows } from './session';
import { workflowRows } from './workflow';
import { workspaceRows } from './workspace';

export type { ContractContext, ContractRow } from './context';
export { contractContext } from './context';
export { problems } from './shapes';
export { closeBrowserPages } from './browser';

export const CONTRACT_ROWS: readonly ContractRow[] = [
  ...sessionRows,
  ...workspaceRows,
  ...pathRefusalRows,
  ...documentRows,
  ...documentPartRows,
  ...workflowRows,
  ...selectionRows,
  ...compositionRows,
  ...browserRows,
  ...workflowRunRows,
  ...coherenceRows,
  ...notTakenRows,
];
