/**
 * A workflow run as the app shows it in the Browser panel, read from the hub's `workflow-run`
 * events (the same fields as `workflow_status`). Anything malformed is left out: the hub is
 * trusted, but what it relays of a page (a reason, an element's name) is text, never markup.
 */

export interface RunStepView {
  index: number;
  status: string;
  attempts: number;
  reason: string | null;
  /** The step as written (`kind: text`), when the hub sent the run's plan. */
  words: string | null;
}

export interface RunView {
  runId: string;
  tabId: string | null;
  status: string;
  stepCount: number;
  pausedAt: string | null;
  reasonCode: string | null;
  reason: string | null;
  /** What the run waits for from the person: the operation and the site. */
  waitingFor: { operation: string; site: string; element: string | null } | null;
  steps: RunStepView[];
}

/** The panel keeps the most recent runs. */
export const MAX_RUNS_SHOWN = 20;

const TERMINAL = new Set(['completed', 'failed', 'cancelled', 'superseded']);

export function isFinished(run: RunView): boolean {
  return TERMINAL.has(run.status);
}

const str = (v: unknown, max = 300): string | null =>
  typeof v === 'string' ? v.slice(0, max) : null;
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** The run an event describes, or null. */
export function runViewOf(raw: unknown): RunView | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const runId = str(r.runId, 120);
  const status = str(r.status, 40);
  if (!runId || !status) return null;
  const pending =
    typeof r.pendingApproval === 'object' && r.pendingApproval !== null
      ? (r.pendingApproval as Record<string, unknown>)
      : null;
  const target =
    pending && typeof pending.target === 'object' && pending.target !== null
      ? (pending.target as Record<string, unknown>)
      : null;
  const steps = Array.isArray(r.stepResults) ? r.stepResults : [];
  const words = planWords(r.plan);
  return {
    runId,
    tabId: str(r.tabId, 64),
    status,
    stepCount: num(r.stepCount),
    pausedAt: str(r.pausedAt, 40),
    reasonCode: str(r.reasonCode, 60),
    reason: str(r.reason),
    waitingFor: pending
      ? {
          operation: str(pending.operation, 40) ?? '',
          site: str(pending.url, 300) ?? '',
          element:
            target && typeof target.role === 'string' && typeof target.name === 'string'
              ? `${target.role.slice(0, 40)} "${target.name.slice(0, 80)}"`
              : null,
        }
      : null,
    steps: steps.flatMap((s): RunStepView[] => {
      if (typeof s !== 'object' || s === null) return [];
      const step = s as Record<string, unknown>;
      const status = str(step.status, 40);
      return status
        ? [
            {
              index: num(step.index),
              status,
              attempts: num(step.attempts),
              reason: str(step.reason),
              words: words.get(num(step.index)) ?? null,
            },
          ]
        : [];
    }),
  };
}

/** Each planned step's words by index: `kind: text`, cut to a line's worth. */
function planWords(raw: unknown): Map<number, string> {
  const words = new Map<number, string>();
  if (!Array.isArray(raw)) return words;
  for (const p of raw) {
    if (typeof p !== 'object' || p === null) continue;
    const { index, kind, text } = p as Record<string, unknown>;
    if (typeof index !== 'number' || typeof kind !== 'string' || typeof text !== 'string') continue;
    words.set(index, `${kind.slice(0, 20)}: ${text}`.slice(0, 200));
  }
  return words;
}

/** The runs after an event: this one updated or added, newest first, at most MAX_RUNS_SHOWN. */
export function withRun(runs: readonly RunView[], run: RunView): RunView[] {
  return [run, ...runs.filter((r) => r.runId !== run.runId)].slice(0, MAX_RUNS_SHOWN);
}
