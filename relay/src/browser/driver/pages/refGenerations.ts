/**
 * Which page a ref the model sends can name. Refs (`e5`) are handed out by read, query,
 * wait_for and act answers, each for the generation it was made in; the model sends back the
 * bare ref. The driver remembers the last generation that handed out refs, and refuses a ref
 * once the tab has navigated past it (SPEC §7), before asking anyone or touching the page.
 */
import type { DriverResult } from '#shared/wire/driverProtocol.js';
import type { Tab } from '../core.js';
import { fail } from '../results.js';

type RefState = Pick<Tab, 'generation' | 'refGeneration'>;

/** Notes that an answer made in `generation` handed out refs, unless the tab moved on since. */
export function noteRefs(tab: RefState, generation: number): void {
  if (tab.generation === generation) tab.refGeneration = generation;
}

/** Whether the answer of an act, query or check hands out refs. */
export function handsOutRefs(answer: Record<string, unknown>): boolean {
  return typeof answer.ref === 'string' || Array.isArray(answer.candidates);
}

/** The refusal of a ref from an earlier page, or null when refs name the page as it is. */
export function staleRef(tab: RefState): DriverResult | null {
  if (tab.refGeneration === tab.generation) return null;
  return fail(
    'STALE_REF',
    'The ref is from an earlier page (the tab navigated since that read); read again.',
  );
}
