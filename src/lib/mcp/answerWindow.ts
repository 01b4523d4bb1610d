/**
 * How long a call may take before it must answer: the hub gives up on a call it has waited for
 * `requestTimeoutMs` (25 s unless it was started otherwise) and tells the app so when it makes it
 * the active one (the `role` frame's `answer_within_ms`). Long work answers before then, with
 * what it has (a BUSY refusal, say), and goes on in the background.
 */

/** The hub's own default, until a hub says otherwise. */
export const HUB_WAITS_MS = 25_000;
/**
 * What a long call never waits past, whatever the hub allows (an answer within 20 s). The rest is
 * margin: a pause of the worker doing the work (a garbage collection of up to 6.5 s was measured in
 * the core while it adopted 50,000 notes) holds up the timer that ends the wait.
 */
export const LONGEST_WAIT_MS = 12_000;
/** The part of the hub's wait a call may spend waiting; the rest is for making its answer. */
const SHARE = 0.6;

let hubWaitsMs = HUB_WAITS_MS;

/** The hub's `answer_within_ms`; anything but a positive number keeps the default. */
export function setHubWait(ms: unknown): void {
  hubWaitsMs = typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? ms : HUB_WAITS_MS;
}

/** How long a call may wait for long work before it answers with what it has. */
export function callWaitMs(hubMs: number = hubWaitsMs): number {
  return Math.max(100, Math.min(LONGEST_WAIT_MS, Math.floor(hubMs * SHARE)));
}
