/**
 * What a run does after a step's attempt. Outcomes are three-valued (success, failed, unknown);
 * whether a step writes is structural (extract and confirm read; action, api and goal write) and
 * never guessed from its text. An unknown outcome is never retried: it stops and asks.
 */
import type { StepKind } from './parser.js';

export type Outcome = 'success' | 'failed' | 'unknown';
export type Decision = 'done' | 'retry' | 'stop-and-ask';

/** At most this many retries of one step. */
export const MAX_RETRIES = 2;

export function isWrite(kind: StepKind): boolean {
  return kind === 'action' || kind === 'api' || kind === 'goal';
}

/**
 * `postconditionMet` says whether the page shows the step's effect: true, false, or unknown
 * (undefined). A failed write whose effect is there anyway is done; one whose effect is surely
 * absent may be retried; otherwise a person must look.
 */
export function decideAfterResult(
  kind: StepKind,
  outcome: Outcome,
  postconditionMet: boolean | undefined,
): Decision {
  if (outcome === 'unknown') return 'stop-and-ask';
  const write = isWrite(kind);
  if (outcome === 'success') return write && postconditionMet === false ? 'stop-and-ask' : 'done';
  if (!write) return kind === 'confirm' ? 'stop-and-ask' : 'retry';
  if (postconditionMet === true) return 'done';
  if (postconditionMet === false) return 'retry';
  return 'stop-and-ask';
}
