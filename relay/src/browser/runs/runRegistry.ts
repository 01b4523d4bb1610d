/**
 * The hub's workflow runs: each by its id, at most one running per tab, and the completed-writes
 * ledger per tab and workflow identity. Everything here lives for the hub's session only; a run
 * outlives the AI client that started it, so a later client can read it or cancel it by id.
 */
import { checkInputs } from '#shared/browserWorkflow/bounds.js';
import type { ApprovalRequest } from '#shared/wire/driverProtocol.js';
import { ledgerId, sourceHash } from './identity.js';
import type { Workflow } from '#shared/browserWorkflow/parser.js';
import { planRun, type PlannedStep } from '#shared/browserWorkflow/plan.js';
import { isTerminal, type RunState, type StepResult, type WorkflowRun } from './runEngine.js';
import { checkWorkflowSource, type SourceFinding } from '#shared/browserWorkflow/sourceChecks.js';

export type StartRefusal =
  | 'INVALID_WORKFLOW'
  | 'INVALID_ARGUMENT'
  | 'RUN_ALREADY_ACTIVE'
  | 'RUN_NOT_FOUND'
  | 'RESUME_NOT_PAUSED'
  | 'RESUME_TAB_MISMATCH'
  | 'RESUME_SOURCE_MISMATCH';

export interface StartRequest {
  tabId: string;
  source: string;
  inputs: Record<string, unknown>;
  resumeRunId?: string;
}

export type Prepared =
  | {
      ok: true;
      runId: string;
      /** The workflow's identity (its parsed form), which a resumed run must share. */
      source: string;
      workflow: Workflow;
      steps: PlannedStep[];
      ledger: Set<number>;
      resume?: { from: string; results: StepResult[]; doneByHand: number };
      /** What the checks warned about: the run goes ahead, and the answer says so. */
      warnings: SourceFinding[];
    }
  | { ok: false; error: StartRefusal; message: string; details?: Record<string, unknown> };

interface Entry {
  run: WorkflowRun;
  tabId: string;
  /** The workflow's identity (sourceHash). */
  source: string;
  /** The prompt the run waits on, as the status shows it (origin only, never a URL). */
  pending: PendingApproval | null;
}

export interface PendingApproval {
  requestId: string;
  operation: string;
  url: string;
  target?: { role: string; name: string };
}

/** How many finished runs are kept for `workflow_status` (the oldest go first). */
export const KEPT_RUNS = 100;

export class RunRegistry {
  readonly #runs = new Map<string, Entry>();
  readonly #ledgers = new Map<string, Set<number>>();
  #next = 1;

  /** Checks a request and prepares the run, or says exactly why not. */
  prepare(req: StartRequest): Prepared {
    const checked = checkWorkflowSource(req.source);
    const errors = checked.findings.filter((f) => f.severity === 'error');
    const warnings = checked.findings.filter((f) => f.severity === 'warning');
    if (!checked.ok) {
      const { error, message } = checked;
      // A workflow that cannot run lists every error and warning, each with its code and line.
      const details =
        error === 'INVALID_WORKFLOW'
          ? { ...checked.details, errors, ...(warnings.length > 0 ? { warnings } : {}) }
          : checked.details;
      return { ok: false, error, message, ...(details ? { details } : {}) };
    }
    const workflow = checked.workflow;
    const bounds = checkInputs(workflow, req.inputs);
    if (!bounds.ok) return { ok: false, error: 'INVALID_ARGUMENT', message: bounds.reason };
    const inputs = req.inputs as Record<string, string>;
    const plan = planRun(workflow, inputs);
    if (!plan.ok) return { ok: false, error: 'INVALID_WORKFLOW', message: plan.reason };
    const running = this.running(req.tabId);
    if (running) {
      return {
        ok: false,
        error: 'RUN_ALREADY_ACTIVE',
        message: `A workflow is already running on this tab (${running}); cancel it or wait for it.`,
        details: { runId: running },
      };
    }
    const source = sourceHash(workflow);
    let resume: { from: string; results: StepResult[]; doneByHand: number } | undefined;
    if (req.resumeRunId !== undefined) {
      const earlier = this.#runs.get(req.resumeRunId);
      if (!earlier) {
        return { ok: false, error: 'RUN_NOT_FOUND', message: `No run ${req.resumeRunId}.` };
      }
      const state = earlier.run.state();
      if (state.status !== 'paused' || !state.pausedAt) {
        return {
          ok: false,
          error: 'RESUME_NOT_PAUSED',
          message: `Run ${req.resumeRunId} is ${state.status}; only a paused run can be resumed.`,
        };
      }
      if (earlier.tabId !== req.tabId) {
        return {
          ok: false,
          error: 'RESUME_TAB_MISMATCH',
          message: `Run ${req.resumeRunId} ran on another tab.`,
        };
      }
      if (earlier.source !== source) {
        return {
          ok: false,
          error: 'RESUME_SOURCE_MISMATCH',
          message: `Run ${req.resumeRunId} ran another workflow; resume it with the same source.`,
        };
      }
      resume = {
        from: req.resumeRunId,
        results: state.stepResults,
        doneByHand: Number(state.pausedAt.slice('step-'.length)),
      };
    }
    return {
      ok: true,
      runId: `wfrun-${req.tabId}-${this.#next++}`,
      source,
      workflow,
      steps: plan.steps,
      ledger: this.#ledger(req.tabId, ledgerId(workflow, inputs)),
      ...(resume ? { resume } : {}),
      warnings,
    };
  }

  /** Keeps a prepared run; the caller starts it. */
  add(runId: string, tabId: string, source: string, run: WorkflowRun): void {
    this.#runs.set(runId, { run, tabId, source, pending: null });
    this.#prune();
  }

  get(runId: string): (RunState & { pendingApproval?: Omit<PendingApproval, 'requestId'> }) | null {
    const entry = this.#runs.get(runId);
    if (!entry) return null;
    const state = entry.run.state();
    if (!entry.pending || state.status !== 'running') return state;
    const { requestId: _, ...shown } = entry.pending;
    return { ...state, pendingApproval: shown };
  }

  /** The run waits on this prompt. */
  setPending(
    runId: string,
    request: Pick<ApprovalRequest, 'requestId' | 'operation' | 'origin' | 'target'>,
  ): void {
    const entry = this.#runs.get(runId);
    if (!entry) return;
    entry.pending = {
      requestId: request.requestId,
      operation: request.operation,
      url: request.origin,
    };
    if (request.target) entry.pending.target = { ...request.target };
  }

  /** The prompt ended, however it did. */
  clearPending(requestId: string): void {
    for (const e of this.#runs.values()) if (e.pending?.requestId === requestId) e.pending = null;
  }

  /** A resumed run started: the paused one it came from is superseded by it. */
  superseded(earlierId: string, by: string): boolean {
    return this.#runs.get(earlierId)?.run.supersede(by) ?? false;
  }

  /** The run's steps as written, for the app's run view. */
  planOf(runId: string): { index: number; kind: string; text: string }[] {
    return this.#runs.get(runId)?.run.plan() ?? [];
  }

  tabOf(runId: string): string | null {
    return this.#runs.get(runId)?.tabId ?? null;
  }

  /** Ends a run: `RUN_NOT_FOUND`, `already-terminal`, or `cancelled`. */
  cancel(runId: string): 'RUN_NOT_FOUND' | 'already-terminal' | 'cancelled' {
    const entry = this.#runs.get(runId);
    return entry ? entry.run.cancel() : 'RUN_NOT_FOUND';
  }

  /** The run running on a tab, if any (a paused run frees the tab). */
  running(tabId: string): string | null {
    for (const [id, e] of this.#runs)
      if (e.tabId === tabId && e.run.status === 'running') return id;
    return null;
  }

  /** The person used the tab: the run running there pauses (`person-took-over`); its id, or null. */
  personTookOver(tabId: string): string | null {
    const id = this.running(tabId);
    return id !== null && this.#runs.get(id)?.run.personTookOver() ? id : null;
  }

  /** A tab closed: its runs end, and its ledgers go with it. */
  tabClosed(tabId: string): void {
    for (const e of this.#runs.values()) if (e.tabId === tabId) e.run.tabLost();
    for (const key of [...this.#ledgers.keys()]) {
      if (key.startsWith(`${tabId}\u0000`)) this.#ledgers.delete(key);
    }
  }

  #ledger(tabId: string, id: string): Set<number> {
    const key = `${tabId}\u0000${id}`;
    let set = this.#ledgers.get(key);
    if (!set) this.#ledgers.set(key, (set = new Set()));
    return set;
  }

  #prune(): void {
    if (this.#runs.size <= KEPT_RUNS) return;
    for (const [id, e] of this.#runs) {
      if (this.#runs.size <= KEPT_RUNS) break;
      if (isTerminal(e.run.status)) this.#runs.delete(id);
    }
  }
}
