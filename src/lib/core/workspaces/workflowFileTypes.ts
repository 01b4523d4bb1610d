/** What the Workflows panel asks of the core about workflow files, and the answers. */
import type { Result } from '../../result';

export interface WorkflowFileInfo {
  path: string;
  name: string;
}

export type WorkflowFileCall =
  | { op: 'list' }
  | { op: 'read'; path: string }
  | { op: 'create'; dir: string; name: string; text: string };

export type WorkflowFileAnswer = Result<{
  files?: WorkflowFileInfo[];
  /** The walk stopped at a limit; some files may be missing from the list. */
  truncated?: boolean;
  path?: string;
  text?: string;
  /** The text has edits not saved yet (it is what the editor shows). */
  unsaved?: boolean;
}>;
