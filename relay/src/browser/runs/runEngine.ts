/**
 * One workflow run, step by step. The engine decides; an environment does (the hub's driver, with
 * its authority checks and the person's approvals, which a run never bypasses):
 * - each attempt's outcome goes through `decideAfterResult`: done, retry (at most MAX_RETRIES),
 *   or stop and ask (a pause for the AI or the person);
 * - a click or type whose target is gone may be healed to a renamed control of the same role,
 *   and the healed act asks the person afresh;
 * - writes already in the completed-writes ledger are skipped unless the run allows repeats;
 * - the running-time budget pauses the run (`deadline`) and aborts what is in flight;
 * - cancelling aborts what is in flight and ends the run;
 * - the person using the tab pauses the run where it is (`person-took-over`), aborting what is in
 *   flight, so that they can do the step and hand back (a resume).
 */
import { decideAfterResult, MAX_RETRIES, type Outcome } from '#shared/browserWorkflow/decide.js';
import type { Executable, PlannedStep } from '#shared/browserWorkflow/plan.js';
import { stepId } from '#shared/browserWorkflow/plan.js';
import type { RunClock } from './runClock.js';
import { proposeHeal, type Candidate } from './selfHeal.js';

export type RunStatus = 'running' | 'paused' | 'completed' | 'failed' | 'cancelled' | 'superseded';
export type StepStatus =
  'pending' | 'running' | 'done' | 'skipped' | 'failed' | 'paused' | 'done-by-human' | 'cancelled';
export type ReasonCode =
  | 'needs-human'
  | 'lease-lost'
  | 'retries-exhausted'
  | 'deadline'
  | 'cancelled'
  | 'denied'
  | 'dropped-by-navigation'
  | 'person-took-over'
  | 'internal';

export interface StepResult {
  index: number;
  status: StepStatus;
  attempts: number;
  reason?: string;
  data?: Record<string, unknown>;
}

export interface AttemptResult {
  outcome: Outcome;
  /** Whether the page shows the step's effect; undefined when nobody can tell. */
  postconditionMet?: boolean;
  /** Why it failed, for the status: an act's refusal (`obscured`, `not-found` …) or prose. */
  reason?: string;
  /** The target was not on the page: the one failure that self-heal may answer. */
  notFound?: boolean;
  data?: Record<string, unknown>;
  /** Ends the run here whatever the step: a denial, a lost tab, a prompt the page took away. */
  stop?: { status: 'paused' | 'failed'; reasonCode: ReasonCode; reason: string };
}

export interface RunEnv {
  /** One attempt; approvals happen inside it (`freshApproval`: a standing grant is not enough). */
  attempt(
    exec: Executable,
    opts: { freshApproval: boolean; signal: AbortSignal },
  ): Promise<AttemptResult>;
  /** Named controls of a role on the page now, for self-heal. */
  candidates(role: string, signal: AbortSignal): Promise<Candidate[]>;
}

export interface RunOptions {
  runId: string;
  clock: RunClock;
  /** Indexes of write steps this workflow and these inputs completed before, in this session. */
  ledger: Set<number>;
  allowRepeat: boolean;
  /** A resumed run: the results so far, and the step the person or the AI did by hand. */
  resume?: { from: string; results: StepResult[]; doneByHand: number };
  /** Called after every change of the run's state. */
  changed?: () => void;
}

export interface RunState {
  runId: string;
  status: RunStatus;
  stepCount: number;
  firstStep: string;
  completedSteps: number;
  skippedSteps: number;
  pausedAt?: string;
  reasonCode?: ReasonCode;
  reason?: string;
  resumedFrom?: string;
  stepResults: StepResult[];
}

type End = { reasonCode: ReasonCode; reason: string; at?: string } | null;

const TERMINAL: ReadonlySet<RunStatus> = new Set([
  'completed',
  'failed',
  'cancelled',
  'superseded',
]);

export function isTerminal(status: RunStatus): boolean {
  return TERMINAL.has(status);
}

export class WorkflowRun {
  readonly #steps: PlannedStep[];
  readonly #results: StepResult[];
  readonly #abort = new AbortController();
  #status: RunStatus = 'running';
  #end: End = null;
  readonly #start: number;

  constructor(
    steps: PlannedStep[],
    private readonly env: RunEnv,
    private readonly opts: RunOptions,
  ) {
    this.#steps = steps;
    const earlier = new Map(opts.resume?.results.map((r) => [r.index, r]));
    this.#results = steps.map(
      (s) => earlier.get(s.index) ?? { index: s.index, status: 'pending', attempts: 0 },
    );
    this.#start = 0;
    if (opts.resume) {
      const i = this.#results.findIndex((r) => r.index === opts.resume?.doneByHand);
      if (i >= 0) {
        this.#results[i] = { ...this.#results[i], status: 'done-by-human', reason: undefined };
        this.#start = i + 1;
      }
    }
  }

  get status(): RunStatus {
    return this.#status;
  }

  /** Each step as written (for the app's run view; `workflow_status` does not repeat them). */
  plan(): { index: number; kind: string; text: string }[] {
    return this.#steps.map(({ index, kind, text }) => ({ index, kind, text }));
  }

  /** The run as `workflow_status` reports it. */
  state(): RunState {
    const state: RunState = {
      runId: this.opts.runId,
      status: this.#status,
      stepCount: this.#steps.length,
      firstStep: stepId(this.#steps[this.#start]?.index ?? this.#steps.length),
      completedSteps: this.#results.filter(
        (r) => r.status === 'done' || r.status === 'done-by-human',
      ).length,
      skippedSteps: this.#results.filter((r) => r.status === 'skipped').length,
      stepResults: this.#results.map((r) => ({ ...r })),
    };
    if (this.#end?.at) state.pausedAt = this.#end.at;
    if (this.#end) {
      state.reasonCode = this.#end.reasonCode;
      state.reason = this.#end.reason;
    }
    if (this.opts.resume) state.resumedFrom = this.opts.resume.from;
    return state;
  }

  /** Ends a run that has not ended: what is in flight is aborted. */
  cancel(): 'cancelled' | 'already-terminal' {
    return this.#end_('cancelled', 'cancelled', 'The run was cancelled.');
  }

  /**
   * A later run resumed this paused one and goes on in its place: this one ends as `superseded`
   * (keeping where and why it paused), so it cannot be resumed or continued twice.
   */
  supersede(by: string): boolean {
    if (this.#status !== 'paused' || !this.#end) return false;
    this.#finish('superseded', { ...this.#end, reason: `${this.#end.reason} Resumed as ${by}.` });
    this.opts.changed?.();
    return true;
  }

  /**
   * The person clicked or typed in the run's tab: the run pauses at the step it is on, and what
   * is in flight is aborted (a prompt it waits on is taken back). False when it was not running.
   */
  personTookOver(): boolean {
    if (this.#status !== 'running') return false;
    let i = this.#results.findIndex((r) => r.status === 'running');
    if (i < 0) i = this.#results.findIndex((r, n) => n >= this.#start && r.status === 'pending');
    if (i < 0) i = this.#results.length - 1;
    const step = this.#steps[i];
    this.#pause(
      step,
      this.#results[i],
      'person-took-over',
      `The person took over the tab at step ${step.index}. When they hand back, resume the run (the step then counts as done by hand), or run it afresh to do the step again.`,
    );
    this.#abort.abort();
    this.opts.changed?.();
    return true;
  }

  /** Its tab closed (or the browser did): the run cannot go on, paused or not. */
  tabLost(): void {
    this.#end_('failed', 'lease-lost', 'The tab closed.');
  }

  #end_(
    status: 'cancelled' | 'failed',
    reasonCode: ReasonCode,
    reason: string,
  ): 'cancelled' | 'already-terminal' {
    if (isTerminal(this.#status)) return 'already-terminal';
    const wasPaused = this.#status === 'paused';
    this.#finish(status, { reasonCode, reason });
    if (!wasPaused) {
      for (const r of this.#results) if (r.status === 'running') r.status = 'cancelled';
    }
    this.#abort.abort();
    this.opts.changed?.();
    return 'cancelled';
  }

  /** Runs the steps until the run completes, pauses or ends; never throws. */
  async run(): Promise<RunState> {
    this.opts.clock.start(() => this.#abort.abort());
    try {
      for (let i = this.#start; i < this.#steps.length; i++) {
        if (this.#status !== 'running') break;
        if (!(await this.#runStep(this.#steps[i], this.#results[i]))) break;
      }
      if (this.#status === 'running') this.#finish('completed', null);
    } catch (e) {
      if (this.#status === 'running') {
        this.#finish('failed', {
          reasonCode: 'internal',
          reason: `The run stopped on an internal error: ${e instanceof Error ? e.message : String(e)}`,
        });
      }
    }
    this.opts.clock.stop();
    this.opts.changed?.();
    return this.state();
  }

  #finish(status: RunStatus, end: End): void {
    this.#status = status;
    this.#end = end;
    this.opts.clock.stop();
  }

  #pause(step: PlannedStep, result: StepResult, reasonCode: ReasonCode, reason: string): false {
    result.status = 'paused';
    result.reason = reason;
    this.#finish('paused', { reasonCode, reason, at: stepId(step.index) });
    return false;
  }

  /** One step to its end; false when the run stops here. */
  async #runStep(step: PlannedStep, result: StepResult): Promise<boolean> {
    if (step.write && this.opts.ledger.has(step.index) && !this.opts.allowRepeat) {
      result.status = 'skipped';
      result.reason = 'already-completed';
      this.opts.changed?.();
      return true;
    }
    if (step.exec === null) {
      return this.#pause(
        step,
        result,
        'needs-human',
        `Step ${step.index} is for the AI or the person: ${step.kind}: ${step.text}`,
      );
    }
    let exec = step.exec;
    let fresh = false;
    result.status = 'running';
    this.opts.changed?.();
    for (;;) {
      if (this.opts.clock.expired()) {
        return this.#pause(step, result, 'deadline', 'The run used up its running time.');
      }
      result.attempts++;
      const signal = this.#abort.signal;
      const r = await this.env.attempt(exec, { freshApproval: fresh, signal });
      if (this.#status !== 'running') return false;
      // Aborted in flight by the budget (a cancel has ended the run already): what the step did
      // is not known. An attempt that came back on its own is taken as it is.
      if (signal.aborted) {
        return this.#pause(step, result, 'deadline', 'The run used up its running time.');
      }
      if (r.data) result.data = { ...result.data, ...r.data };
      if (r.stop) {
        result.status = r.stop.status === 'paused' ? 'paused' : 'failed';
        result.reason = r.stop.reason;
        this.#finish(r.stop.status, {
          reasonCode: r.stop.reasonCode,
          reason: r.stop.reason,
          at: r.stop.status === 'paused' ? stepId(step.index) : undefined,
        });
        return false;
      }
      const decision = decideAfterResult(step.kind, r.outcome, r.postconditionMet);
      if (decision === 'done') {
        result.status = 'done';
        result.reason = undefined;
        if (step.write) this.opts.ledger.add(step.index);
        this.opts.changed?.();
        return true;
      }
      const why = r.reason ?? (r.outcome === 'unknown' ? 'the outcome is unknown' : 'it failed');
      if (decision === 'stop-and-ask') {
        return this.#pause(step, result, 'needs-human', `Step ${step.index} needs a look: ${why}.`);
      }
      if (result.attempts > MAX_RETRIES) {
        return this.#pause(
          step,
          result,
          'retries-exhausted',
          `Step ${step.index} failed ${result.attempts} times: ${why}.`,
        );
      }
      result.reason = why;
      if (r.notFound && !this.opts.ledger.has(step.index)) {
        const healed = await this.#heal(exec, step.write, signal);
        if (this.#status !== 'running') return false;
        if (healed) {
          const from = result.data?.healedFrom ?? ('name' in exec ? exec.name : '');
          result.data = { ...result.data, healedFrom: from, healedTo: healed.name };
          exec = healed;
          fresh = true;
        }
      }
      this.opts.changed?.();
    }
  }

  /** The same act on a renamed control of the same role, or null. */
  async #heal(
    exec: Executable,
    write: boolean,
    signal: AbortSignal,
  ): Promise<(Executable & { kind: 'click' | 'type' }) | null> {
    if ((exec.kind !== 'click' && exec.kind !== 'type') || exec.role === null) return null;
    const found = proposeHeal(
      { role: exec.role, name: exec.name },
      await this.env.candidates(exec.role, signal),
      write,
    );
    return found ? { ...exec, name: found.name } : null;
  }
}
