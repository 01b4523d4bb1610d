/**
 * Waiting on a call that may take more than a second: progress every second to a client that
 * asked for it, and the client's cancellation honoured (the wait ends; the work itself finishes
 * on its own and its answer is dropped).
 */
import type { CallContext } from '../mcp';

/** How often a long call tells a client that asked for progress how far it has come. */
export const PROGRESS_EVERY_MS = 1_000;

export const CANCELLED_MESSAGE = 'The call was cancelled.';

export interface LongCall {
  /** What is being waited for, as the progress message starts ("Loading the page"). */
  label?: string;
  /** The most it can take, in ms, when known: progress then counts up to it. */
  totalMs?: number;
}

/** The progress message after `elapsedMs`: whole seconds, and the bound when there is one. */
export function progressMessage(label: string, elapsedMs: number, totalMs?: number): string {
  const seconds = Math.round(elapsedMs / 1000);
  return totalMs === undefined
    ? `${label}: ${seconds} s`
    : `${label}: ${seconds} s of ${Math.round(totalMs / 1000)} s`;
}

/** `pending`'s value, or null when the client cancelled first. */
export async function awaitLong<T>(
  pending: Promise<T>,
  context: CallContext,
  long: LongCall = {},
): Promise<T | null> {
  const { signal } = context;
  const { label, totalMs } = long;
  if (!label && !signal) return pending;
  const started = Date.now();
  let timer: ReturnType<typeof setInterval> | undefined;
  let onAbort: (() => void) | undefined;
  const cancelled = new Promise<null>((resolve) => {
    if (!signal) return;
    onAbort = () => resolve(null);
    if (signal.aborted) resolve(null);
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  if (label) {
    timer = setInterval(() => {
      const elapsed = Date.now() - started;
      const shown = totalMs === undefined ? elapsed : Math.min(elapsed, totalMs);
      context.progress(shown, totalMs, progressMessage(label, shown, totalMs));
    }, PROGRESS_EVERY_MS);
  }
  try {
    return await Promise.race([pending, cancelled]);
  } finally {
    if (timer !== undefined) clearInterval(timer);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  }
}
