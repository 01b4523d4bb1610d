/**
 * The Workflows panel's files: every `*.workflow.md` in the mounted workspaces (a bounded walk
 * that skips hidden and dependency folders), a workflow's text as the editor has it (so what
 * runs is what the person sees, saved or not), and a new workflow file from a recording.
 */
import { isBrowserWorkflowPath, WORKFLOW_FILE_SUFFIX } from '../../fileKinds/browserWorkflowFile';
import { decodeFile } from '../../markdown/textCodec';
import { joinVirtual, validateName } from '../../paths';
import { refuse, type Result } from '../../result';
import type { DocumentFiles } from '../store/files';
import type { WorkflowFileAnswer, WorkflowFileCall, WorkflowFileInfo } from './workflowFileTypes';

export type { WorkflowFileAnswer, WorkflowFileCall, WorkflowFileInfo };

/** How far the walk goes. */
export const WALK_LIMITS = { depth: 8, folders: 2_000, files: 500 } as const;

/**
 * The largest workflow file the panel reads. A run takes at most 64 KiB, but a larger file is still
 * read so that the run itself can say by how much it is over.
 */
export const MAX_READ_BYTES = 1_000_000;

const SKIPPED_FOLDERS = new Set(['node_modules', 'target', 'dist', 'build']);

/** A folder's entry, as the file tree lists it. */
interface Entry {
  name: string;
  path: string;
  kind: 'file' | 'directory';
}

export interface WorkflowFileDeps {
  files: DocumentFiles;
  list(path: string): Promise<Result<{ entries: Entry[] }>>;
  /** The text of an open tab showing `path`, if one does. */
  openText(path: string): { text: string; dirty: boolean } | null;
}

/** Every workflow file under the mounts, by path; folders that cannot be listed are passed over. */
export async function listWorkflowFiles(
  mounts: readonly string[],
  list: WorkflowFileDeps['list'],
): Promise<{ files: WorkflowFileInfo[]; truncated: boolean }> {
  const files: WorkflowFileInfo[] = [];
  let folders = 0;
  let truncated = false;
  const queue: { path: string; depth: number }[] = mounts.map((m) => ({ path: `/${m}`, depth: 0 }));
  while (queue.length > 0) {
    const next = queue.shift() as { path: string; depth: number };
    if (folders >= WALK_LIMITS.folders) {
      truncated = true;
      break;
    }
    folders++;
    const listed = await list(next.path);
    if (!listed.ok) continue;
    for (const entry of listed.entries) {
      if (entry.kind === 'directory') {
        if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
        if (next.depth + 1 > WALK_LIMITS.depth) truncated = true;
        else queue.push({ path: entry.path, depth: next.depth + 1 });
      } else if (isBrowserWorkflowPath(entry.name)) {
        if (files.length >= WALK_LIMITS.files) {
          truncated = true;
          break;
        }
        files.push({ path: entry.path, name: entry.name });
      }
    }
  }
  files.sort((a, b) => a.path.localeCompare(b.path, undefined, { numeric: true }));
  return { files, truncated };
}

export async function workflowFile(
  deps: WorkflowFileDeps,
  call: WorkflowFileCall,
): Promise<WorkflowFileAnswer> {
  if (typeof call !== 'object' || call === null) {
    return refuse('INVALID_PATH', 'Not a workflow file request.');
  }
  switch (call.op) {
    case 'list':
      return { ok: true, ...(await listWorkflowFiles(deps.files.mounts(), deps.list)) };
    case 'read':
      return readWorkflow(deps, call.path);
    case 'create':
      return createWorkflow(deps, call.dir, call.name, call.text);
    default:
      return refuse('INVALID_PATH', 'Not a workflow file request.');
  }
}

async function readWorkflow(deps: WorkflowFileDeps, input: string): Promise<WorkflowFileAnswer> {
  const resolved = deps.files.resolve(input);
  if (!resolved.ok) return resolved;
  const { path } = resolved;
  if (!isBrowserWorkflowPath(path)) {
    return refuse(
      'INVALID_PATH',
      `${path} is not a workflow file (its name must end in ${WORKFLOW_FILE_SUFFIX}).`,
    );
  }
  const open = deps.openText(path);
  if (open) return { ok: true, path, text: open.text, unsaved: open.dirty };
  const read = await deps.files.read(resolved);
  if (!read.ok) return read;
  if (read.file.size > MAX_READ_BYTES) {
    return refuse(
      'TOO_LARGE',
      `${path} is ${read.file.size} bytes, over the ${MAX_READ_BYTES} bytes a workflow file may have to be opened here (a run takes at most 64 KiB).`,
    );
  }
  const decoded = decodeFile(await read.file.bytes());
  if (!decoded.ok) return refuse('INVALID_PATH', `${path}: ${decoded.reason}`);
  return { ok: true, path, text: decoded.text, unsaved: false };
}

async function createWorkflow(
  deps: WorkflowFileDeps,
  dir: string,
  name: string,
  text: string,
): Promise<WorkflowFileAnswer> {
  if (typeof text !== 'string') return refuse('INVALID_PATH', 'A workflow file needs its text.');
  const trimmed = typeof name === 'string' ? name.trim() : '';
  const fileName = isBrowserWorkflowPath(trimmed)
    ? trimmed
    : `${trimmed.replace(/\.md$/i, '')}${WORKFLOW_FILE_SUFFIX}`;
  const valid = validateName(fileName);
  if (!valid.ok) return refuse('INVALID_PATH', valid.reason);
  const folder = deps.files.resolve(dir);
  if (!folder.ok) return folder;
  const target = deps.files.resolve(joinVirtual(folder.path, valid.name));
  if (!target.ok) return target;
  if (await deps.files.exists(target)) {
    return refuse('NAME_CLASH', `${target.path} already exists; choose another name.`);
  }
  const written = await deps.files.write(target, new TextEncoder().encode(text));
  if (!written.ok) return written;
  return { ok: true, path: target.path };
}
