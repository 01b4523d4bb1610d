/**
 * browser.workflow_run, browser.workflow_cancel and browser_read.workflow_status. A run is
 * checked whole before it starts (bounds, parse, inputs, one running run per tab, resume), then
 * goes on in the hub: the call answers at once with the run's id, and the run outlives the AI
 * client that started it. Status and cancel work while the browser tools are off.
 */
import type { DriverCommand, DriverResult } from '../protocol.js';
import { RunClock } from '../workflow/runClock.js';
import { WorkflowRun } from '../workflow/runEngine.js';
import { isResult, type DriverCore } from './core.js';
import { done, fail } from './results.js';
import { driverRunEnv } from './runEnv.js';
import type { WorkflowState } from './workflowState.js';

type Cmd<O extends DriverCommand['op']> = Extract<DriverCommand, { op: O }>;

export function workflowRun(
  core: DriverCore,
  { runs }: WorkflowState,
  cmd: Cmd<'workflow_run'>,
): DriverResult {
  const tab = core.tab(cmd.tabId);
  if (isResult(tab)) return tab;
  if (tab.human) {
    return fail(
      'INVALID_ARGUMENT',
      'Workflows run in the AI’s own tabs only; open one (browser.open) and run it there.',
    );
  }
  const inputs = cmd.inputs ?? {};
  const prepared = runs.prepare({
    tabId: tab.id,
    source: cmd.source,
    inputs,
    resumeRunId: cmd.resumeRunId,
  });
  if (!prepared.ok) return fail(prepared.error, prepared.message, prepared.details);
  const clock = new RunClock(core.runBudgetMs);
  const run = new WorkflowRun(
    prepared.steps,
    driverRunEnv({ core, tabId: tab.id, runId: prepared.runId, clock }),
    {
      runId: prepared.runId,
      clock,
      ledger: prepared.ledger,
      allowRepeat: cmd.allowRepeat === true,
      resume: prepared.resume,
      changed: () => core.runChanged(prepared.runId),
    },
  );
  runs.add(prepared.runId, tab.id, prepared.source, run);
  if (prepared.resume && runs.superseded(prepared.resume.from, prepared.runId)) {
    core.runChanged(prepared.resume.from);
  }
  core.focus(tab);
  tab.lastAction = `started a workflow (${prepared.steps.length} steps)`;
  core.changed();
  void run
    .run()
    .then((state) =>
      core.log(
        `workflow ${prepared.runId} ${state.status}${state.reasonCode ? ` (${state.reasonCode})` : ''}`,
      ),
    );
  const state = run.state();
  return done({
    runId: prepared.runId,
    tabId: tab.id,
    steps: prepared.steps.length,
    firstStep: state.firstStep,
    status: 'running',
    ...(prepared.warnings.length > 0 ? { warnings: prepared.warnings } : {}),
  });
}

export function workflowStatus(
  core: DriverCore,
  { runs }: WorkflowState,
  cmd: Cmd<'workflow_status'>,
): DriverResult {
  const state = runs.get(cmd.runId);
  if (!state) return fail('RUN_NOT_FOUND', `No workflow run ${cmd.runId} is known.`);
  const tabId = runs.tabOf(cmd.runId);
  return done({ ...state, tabId, tabOpen: core.tabById(tabId ?? '') !== undefined });
}

export function workflowCancel({ runs }: WorkflowState, cmd: Cmd<'workflow_cancel'>): DriverResult {
  const result = runs.cancel(cmd.runId);
  if (result === 'RUN_NOT_FOUND') {
    return fail('RUN_NOT_FOUND', `No workflow run ${cmd.runId} is known.`);
  }
  return done({ runId: cmd.runId, result });
}
