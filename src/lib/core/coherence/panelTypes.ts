/** What the Breakdown view asks of the core, and the answers. */
import type { BreakdownRow } from '../../coherence/breakdown';
import type { Receipt } from '../../coherence/kernel';

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
    };

export type CoherencePanelAnswer =
  | { ok: true; rows: BreakdownRow[]; initialized: boolean }
  | { ok: true; receipt: Receipt }
  | { ok: false; message: string };
