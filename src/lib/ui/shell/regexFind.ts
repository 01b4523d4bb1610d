/**
 * A regular-expression search with a time limit (issue 28): each search runs in a worker of its
 * own, which is terminated when the limit passes. A JavaScript regular expression cannot be
 * interrupted on the thread that runs it, so only a thread that can be killed makes the limit
 * real. The core, a SharedWorker, cannot start workers in Chromium, so a window runs it.
 */
import { refuse, type Result } from '../../result';
import type { Found } from '../../text/parts/findLines';

/** How long a pattern may run, the worker's start included. */
export const REGEX_TIME_LIMIT_MS = 2_000;

export function findRegexInWorker(
  text: string,
  source: string,
  limitMs = REGEX_TIME_LIMIT_MS,
): Promise<Result<Found>> {
  const worker = new Worker(new URL('../../text/parts/findLines.worker.ts', import.meta.url), {
    type: 'module',
    name: 'find',
  });
  return new Promise<Result<Found>>((resolve) => {
    const timer = setTimeout(() => {
      resolve(
        refuse(
          'INVALID_ARGUMENT',
          `The regular expression ran longer than ${limitMs / 1000} s and was stopped (it backtracks too much). Use a simpler pattern or literal text.`,
        ),
      );
      worker.terminate();
    }, limitMs);
    const done = (answer: Result<Found>) => {
      clearTimeout(timer);
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event: MessageEvent<Found | { error: string }>) => {
      const reply = event.data;
      done('error' in reply ? refuse('INVALID_ARGUMENT', reply.error) : { ok: true, ...reply });
    };
    worker.onerror = (event) =>
      done(refuse('INTERNAL', `The search could not run: ${event.message || 'worker error'}`));
    worker.postMessage({ text, source });
  });
}
