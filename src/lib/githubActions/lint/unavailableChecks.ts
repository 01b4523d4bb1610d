/**
 * actionlint hands `run:` scripts to two external programs when they are installed: shellcheck for
 * bash/sh scripts and pyflakes for `shell: python` scripts. The browser has neither, so those
 * checks never run here. This module says which of them the workflow would have needed, so the
 * result can name them instead of skipping them silently.
 */
import { parseDocument } from 'yaml';

export type UnavailableCheckKind = 'shellcheck' | 'pyflakes';

export interface UnavailableCheck {
  kind: UnavailableCheckKind;
  reason: string;
}

export const UNAVAILABLE_REASONS: Record<UnavailableCheckKind, string> = {
  shellcheck:
    'shellcheck is a separate program that cannot run in the browser, so the shell scripts of `run:` steps were not checked with it (actionlint still checked their `${{ }}` expressions).',
  pyflakes:
    'pyflakes is a separate program that cannot run in the browser, so the Python scripts of `run:` steps with `shell: python` were not checked with it.',
};

interface Needs {
  shellcheck: boolean;
  pyflakes: boolean;
}

type Mapping = Record<string, unknown>;

function mapping(value: unknown): Mapping | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Mapping)
    : null;
}

/** `defaults.run.shell` of a workflow or a job, when it is a string. */
function defaultShell(owner: Mapping | null): string | undefined {
  const shell = mapping(mapping(mapping(owner?.defaults)?.run))?.shell;
  return typeof shell === 'string' ? shell : undefined;
}

/** The program a shell setting names: `bash`, `sh`, `python`, `pwsh`, or a custom `cmd {0}`. */
function program(shell: string): string {
  return shell.trim().split(/\s+/)[0] ?? '';
}

/** Walks jobs → steps the way actionlint does: step `shell`, else job default, else workflow default. */
function needsFromTree(workflow: Mapping): Needs {
  const needs: Needs = { shellcheck: false, pyflakes: false };
  const workflowShell = defaultShell(workflow);
  for (const jobValue of Object.values(mapping(workflow.jobs) ?? {})) {
    const job = mapping(jobValue);
    const steps = job?.steps;
    if (!Array.isArray(steps)) continue;
    const jobShell = defaultShell(job) ?? workflowShell;
    for (const stepValue of steps) {
      const step = mapping(stepValue);
      if (!step || step.run === undefined || step.run === null) continue;
      const shell = typeof step.shell === 'string' ? step.shell : jobShell;
      // pyflakes runs only for exactly `python`, as in actionlint.
      if (shell !== undefined && shell.trim() === 'python') needs.pyflakes = true;
      // shellcheck runs for bash and sh, which is also the default shell on Linux and macOS.
      else if (shell === undefined || ['bash', 'sh'].includes(program(shell))) {
        needs.shellcheck = true;
      }
    }
  }
  return needs;
}

/** For text that is not valid YAML: look for the keys line by line. */
function needsFromLines(source: string): Needs {
  const run = /^[ \t]*(?:-[ \t]+)?run[ \t]*:[ \t]*[^\s#]/m;
  const python = /^[ \t]*(?:-[ \t]+)?shell[ \t]*:[ \t]*(['"]?)python\1[ \t]*(?:#.*)?$/m;
  const hasRun = run.test(source);
  return { shellcheck: hasRun, pyflakes: hasRun && python.test(source) };
}

function needsOf(source: string): Needs {
  try {
    const doc = parseDocument(source, { merge: true, uniqueKeys: false, logLevel: 'silent' });
    if (doc.errors.length === 0) {
      const tree = mapping(doc.toJS({ maxAliasCount: 1000 }));
      return tree ? needsFromTree(tree) : { shellcheck: false, pyflakes: false };
    }
  } catch {
    // Too many aliases and the like: fall through to the line scan.
  }
  return needsFromLines(source);
}

/**
 * The external checks this workflow would have needed: shellcheck when a `run:` step uses bash, sh
 * or the default shell; pyflakes when a `run:` step uses `shell: python` (directly or through
 * `defaults.run.shell`). Empty when the workflow has no `run:` steps.
 */
export function detectUnavailableChecks(source: string): UnavailableCheck[] {
  const needs = needsOf(source);
  const checks: UnavailableCheck[] = [];
  if (needs.shellcheck) checks.push({ kind: 'shellcheck', reason: UNAVAILABLE_REASONS.shellcheck });
  if (needs.pyflakes) checks.push({ kind: 'pyflakes', reason: UNAVAILABLE_REASONS.pyflakes });
  return checks;
}
