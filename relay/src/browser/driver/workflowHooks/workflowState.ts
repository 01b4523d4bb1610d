/**
 * The driver's workflow state: the runs and the recordings. Loaded with the first workflow
 * command, not with the hub, so that a hub nobody asks for a workflow carries none of it.
 */
import { RunRegistry } from '../../runs/runRegistry.js';
import { Recordings } from './recordings.js';

export interface WorkflowState {
  runs: RunRegistry;
  recordings: Recordings;
}

export function createWorkflowState(recordDrainMs?: number): WorkflowState {
  return { runs: new RunRegistry(), recordings: new Recordings(undefined, recordDrainMs) };
}
