/**
 * The person's acts on a workspace's coherence record, from the Breakdown view's Delegations,
 * Claims and Contexts sections: one call to the core, a refusal shown to the person as it is.
 */
import type { CoherenceRecordView } from '../coherence/personActs';
import type { CoherenceActCall } from '../core/coherence/panelTypes';
import { app } from './appState.svelte';

/** Does the act; null when it was done, else the sentence saying why not. */
export async function coherenceAct(call: Exclude<CoherenceActCall, { op: 'record' }>) {
  const core = app.core;
  if (!core) return 'VMark Web is still starting.';
  const r = await core.coherencePanel(call);
  return r.ok ? null : r.message;
}

/** The workspace's grants, claims and contexts, or why they could not be read. */
export async function coherenceRecord(root: string): Promise<CoherenceRecordView | string> {
  const core = app.core;
  if (!core) return 'VMark Web is still starting.';
  const r = await core.coherencePanel({ op: 'record', root });
  if (!r.ok) return r.message;
  return 'record' in r ? r.record : 'The core answered something else.';
}

/** An expiry as the person reads it: the day, and the time in their zone. */
export function readableTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
