/** What the Breakdown view asks of the core, and the answers. */
import type { BreakdownRow } from '../../coherence/projection/breakdown';
import type { Receipt } from '../../coherence/kernel';
import type { CoherenceRecordView } from '../../coherence/resolution/personActs';
import type { ScanError } from '../../coherence/scan/scanErrors';

/** The person's acts on a workspace's record (Delegations, Claims and Contexts sections). */
export type CoherenceActCall =
  | { op: 'record'; root: string }
  | { op: 'grant'; root: string; principal: string; scope: string[]; days: number }
  | { op: 'revoke'; root: string; grant: string }
  /** `path`: the document's virtual path (`/<mount>/…`), in the workspace `root`. */
  | { op: 'claim-create'; root: string; path: string; statement: string }
  | { op: 'claim-promote' | 'claim-retire'; root: string; claim: string }
  | { op: 'claim-correct'; root: string; claim: string; statement: string }
  | { op: 'claim-show'; root: string; claim: string; context: string; visible: boolean }
  | { op: 'context-create'; root: string; name: string; parent: string | null }
  | { op: 'context-parent'; root: string; context: string; parent: string | null }
  | {
      op: 'context-enforcement';
      root: string;
      context: string;
      enforcement: 'enforcing' | 'greenhouse';
      confirmed: boolean;
    };

export type CoherencePanelCall =
  | { op: 'edges'; root: string }
  | {
      op: 'resolve';
      root: string;
      txf: string;
      input: number;
      resolution: 'accept-newer' | 'waive';
      reason?: string;
      expires?: string;
    }
  | CoherenceActCall;

export type CoherencePanelAnswer =
  /** `scanErrors`: what the scan before these rows could not do, with the file each concerns. */
  | { ok: true; rows: BreakdownRow[]; initialized: boolean; scanErrors: ScanError[] }
  | { ok: true; receipt: Receipt }
  | { ok: true; record: CoherenceRecordView }
  | { ok: true; done: Record<string, unknown> }
  | { ok: false; message: string };
