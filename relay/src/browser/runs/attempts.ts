/**
 * What a driver answer means for a run's step. The act refusals map to the engine's outcomes:
 * - done (clicked, typed) → success, and the page shows it;
 * - `obscured`, `hidden`, nothing found, a stale page → failed, nothing happened: a retry is safe;
 * - `disabled`, `ambiguous` and the other refusals → failed, a person must look;
 * - anything the run cannot read → unknown (never retried).
 * Some answers end the run whatever the step: the tab is gone, the tools were turned off.
 */
import type { DriverResult } from '#shared/wire/driverProtocol.js';
import type { AttemptResult } from './runEngine.js';

const SAFE_TO_RETRY = new Set(['obscured', 'hidden']);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Refusals that end the run at once. */
function stopFor(result: Extract<DriverResult, { ok: false }>): AttemptResult | null {
  switch (result.error) {
    case 'TAB_NOT_FOUND':
      return {
        outcome: 'failed',
        stop: { status: 'failed', reasonCode: 'lease-lost', reason: 'The tab closed.' },
      };
    case 'BROWSER_DISABLED':
    case 'BROWSER_UNAVAILABLE':
    case 'NAVIGATION_BLOCKED':
    case 'INVALID_URL':
    case 'INVALID_ARGUMENT':
      return {
        outcome: 'failed',
        stop: { status: 'paused', reasonCode: 'needs-human', reason: result.message },
      };
    default:
      return null;
  }
}

/** A click or type answer. */
export function actAttempt(result: DriverResult): AttemptResult {
  if (!result.ok) {
    const stop = stopFor(result);
    if (stop) return stop;
    if (result.error === 'STALE_REF') {
      return { outcome: 'failed', postconditionMet: false, reason: 'the page changed first' };
    }
    return { outcome: 'unknown', reason: result.message };
  }
  const d = result.data;
  if (d.clicked === true || d.typed === true) {
    const out: AttemptResult = { outcome: 'success', postconditionMet: true };
    if (isRecord(d.gate)) out.data = { gate: d.gate };
    return out;
  }
  const reason = typeof d.reason === 'string' ? d.reason : null;
  if (reason === null) {
    if (d.found === false) {
      return { outcome: 'failed', postconditionMet: false, notFound: true, reason: 'not-found' };
    }
    return { outcome: 'unknown', reason: 'the page gave no account of the act' };
  }
  if (SAFE_TO_RETRY.has(reason)) {
    const by = typeof d.by === 'string' ? ` by ${d.by}` : '';
    return { outcome: 'failed', postconditionMet: false, reason: `${reason}${by}` };
  }
  return { outcome: 'failed', reason };
}

/** The answer of a navigation followed to its end (a TIMEOUT is followed by the caller). */
export function navigationAttempt(result: DriverResult): AttemptResult {
  if (result.ok) {
    const out: AttemptResult = { outcome: 'success', postconditionMet: true };
    if (isRecord(result.data.gate)) out.data = { gate: result.data.gate };
    return out;
  }
  const stop = stopFor(result);
  if (stop) return stop;
  if (result.error === 'NAVIGATION_FAILED') {
    return { outcome: 'failed', postconditionMet: false, reason: result.message };
  }
  return { outcome: 'unknown', reason: result.message };
}

/** An extraction: the step keeps its title and size, never the page's text. */
export function extractAttempt(result: DriverResult): AttemptResult {
  if (!result.ok) return stopFor(result) ?? { outcome: 'failed', reason: result.message };
  const d = result.data;
  return {
    outcome: 'success',
    data: {
      title: typeof d.title === 'string' ? d.title : '',
      textLength: typeof d.textLength === 'number' ? d.textLength : 0,
      truncated: d.truncated === true,
    },
  };
}
