/**
 * The origin edges of the ledger: every transformation links each of its inputs to each of its
 * outputs. An edge is a historical fact that never changes; resolutions, checks, anchors and
 * judgments name it by `{txf, input}` (the transformation entry and the input's position).
 */
import { isKind, type AnyEntry } from './dag';
import type { Confidence, EdgeKind, EdgeRef, InputRole, RevisionId, Uuid } from '../format/records';

export interface OriginEdge {
  /** The transformation entry's id. */
  txf: Uuid;
  /** The input's position in the transformation's inputs. */
  input: number;
  upstream: Uuid;
  /** The upstream revision the transformation read. */
  pinned: RevisionId;
  downstream: Uuid;
  /** The downstream revision the transformation wrote. */
  downstream_rev: RevisionId;
  role: InputRole;
  /** `dependency` when the input names none. */
  kind: EdgeKind;
  /** The transformation's confidence. */
  confidence: Confidence;
}

/** One edge per (input × output) of every transformation, in ledger order. */
export function originEdges(entries: readonly AnyEntry[]): OriginEdge[] {
  const edges: OriginEdge[] = [];
  for (const entry of entries) {
    if (!isKind(entry, 'transformation')) continue;
    const { inputs, outputs, confidence } = entry.body;
    inputs.forEach((input, index) => {
      for (const output of outputs) {
        edges.push({
          txf: entry.id,
          input: index,
          upstream: input.object,
          pinned: input.revision,
          downstream: output.object,
          downstream_rev: output.revision,
          role: input.role,
          kind: input.kind ?? 'dependency',
          confidence,
        });
      }
    });
  }
  return edges;
}

/** The key `{txf, input}` is known by in maps. */
export function edgeKey(ref: EdgeRef): string {
  return `${ref.txf}#${ref.input}`;
}

export function sameEdge(a: EdgeRef, b: EdgeRef): boolean {
  return a.txf === b.txf && a.input === b.input;
}
