/**
 * The person's acts on a workspace's coherence record, from the Breakdown view's Delegations,
 * Claims and Contexts sections: one call to the core, a refusal shown to the person as it is.
 */
import type { CoherenceRecordView } from '../../coherence/resolution/personActs';
import type { CoherenceActCall } from '../../core/coherenceRecords/panelTypes';
import { app } from '../shell/appState.svelte';
import type { Said } from './coherenceWords';

const STARTING: Said = { key: 'coherence.starting' };

/** Does the act; null when it was done, else the sentence saying why not. */
export async function coherenceAct(
  call: Exclude<CoherenceActCall, { op: 'record' }>,
): Promise<Said | null> {
  const core = app.core;
  if (!core) return STARTING;
  const r = await core.coherencePanel(call);
  return r.ok ? null : r.message;
}

/** The workspace's grants, claims and contexts, or why they could not be read. */
export async function coherenceRecord(
  root: string,
): Promise<{ record: CoherenceRecordView } | { why: Said }> {
  const core = app.core;
  if (!core) return { why: STARTING };
  const r = await core.coherencePanel({ op: 'record', root });
  if (!r.ok) return { why: r.message };
  return 'record' in r ? { record: r.record } : { why: { key: 'coherence.oddAnswer' } };
}
