/**
 * Provenance of a document an AI client writes over MCP (`document.write`, `workspace.save`): the
 * documents its session read since its previous write are taken as what the new text was written
 * from. Each read remembers the revision that was served (pinned at read time), so an edit made to
 * that document after the read is not blamed on the AI. The guess is marked `inferred`: the client
 * never says which reads it used.
 *
 * `inputsFromReads` is pure; `mcpReadLog` keeps one session's reads and hands each of them to one
 * write only.
 */
import type { CaptureInput, CaptureRequest } from './capture';
import type { RevisionId } from '../format/records';
import { workspacePathProblem } from './workspacePath';

export interface SessionRead {
  /** As the client named it; a leading `./` is ignored. */
  path: string;
  /** The revision served when the document was read, if it was tracked then. */
  revision?: RevisionId;
}

export const MCP_AGENT = { type: 'model', id: 'mcp-client' } as const;
export const MCP_INTENT = 'mcp-document-write';

export type McpProvenance = Pick<CaptureRequest, 'inputs' | 'agent' | 'intent' | 'confidence'>;

const tidy = (path: string) => (path.startsWith('./') ? path.slice(2) : path);

/**
 * The capture fields of an MCP write to `targetPath`: one direct input per document read (the
 * target itself and anything outside the workspace or not a markdown document left out; a document
 * read twice counted once, with the revision of its latest read), agent `mcp-client`, intent
 * `mcp-document-write`, confidence `inferred`.
 */
export function inputsFromReads(reads: readonly SessionRead[], targetPath: string): McpProvenance {
  const target = tidy(targetPath);
  const latest = new Map<string, RevisionId | undefined>();
  for (const read of reads) {
    const path = tidy(read.path);
    if (path === target || workspacePathProblem(path) !== null) continue;
    latest.set(path, read.revision);
  }
  const inputs: CaptureInput[] = [...latest].map(([path, revision]) =>
    revision === undefined ? { path, role: 'direct' } : { path, revision, role: 'direct' },
  );
  return {
    inputs,
    agent: { ...MCP_AGENT },
    intent: { kind: MCP_INTENT, summary: `MCP write to ${target}` },
    confidence: 'inferred',
  };
}

export interface McpReadLog {
  /** Notes that the session read `path` and was served `revision`. */
  read(path: string, revision?: RevisionId): void;
  /** The provenance of a write to `targetPath`; the reads are consumed (the next write starts empty). */
  takeFor(targetPath: string): McpProvenance;
  /** The reads noted since the last write. */
  pending(): readonly SessionRead[];
}

/** One MCP session's reads. */
export function mcpReadLog(): McpReadLog {
  let reads: SessionRead[] = [];
  return {
    read(path, revision) {
      reads.push(revision === undefined ? { path } : { path, revision });
    },
    takeFor(targetPath) {
      const taken = reads;
      reads = [];
      return inputsFromReads(taken, targetPath);
    },
    pending: () => [...reads],
  };
}
