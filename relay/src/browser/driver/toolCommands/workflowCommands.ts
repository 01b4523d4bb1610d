/**
 * browser.workflow_run, browser.workflow_cancel and browser_read.workflow_status. A run is
 * checked whole before it starts (bounds, parse, inputs, one running run per tab, resume), then
 * goes on in the hub: the call answers at once with the run's id, and the run outlives the AI
 * client that started it; the person's own input in its tab pauses it (runWatch.ts). Status and
 * cancel work while the browser tools are off.
 */
import type { DriverCommand, DriverResult } from '#shared/wire/driverProtocol.js';
import { RunClock } from '../../runs/runClock.js';
import { WorkflowRun } from '../../runs/runEngine.js';
import { isResult, type DriverCore } from '../core.js';
import { done, fail } from '../results.js';
import { driverRunEnv } from '../workflowHooks/runEnv.js';
import { watchForPerson } from '../workflowHooks/runWatch.js';
import type { WorkflowState } from '../workflowHooks/workflowState.js';

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
  const ended = run
    .run()
    .then((state) =>
      core.log(
        `workflow ${prepared.runId} ${state.status}${state.reasonCode ? ` (${state.reasonCode})` : ''}`,
      ),
    );
  watchForPerson(core, runs, tab, ended);
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

/**
 * The run a status or cancel names, or the refusal: no such run, or a `tabId` that is not the
 * run's tab (an argument mistake, naming both tabs, so the model sees which it confused).
 */
function namedRun(
  { runs }: WorkflowState,
  cmd: Cmd<'workflow_status'> | Cmd<'workflow_cancel'>,
): { tabId: string | null } | DriverResult {
  if (!runs.get(cmd.runId)) return fail('RUN_NOT_FOUND', `No workflow run ${cmd.runId} is known.`);
  const tabId = runs.tabOf(cmd.runId);
  if (cmd.tabId !== undefined && cmd.tabId !== tabId) {
    return fail(
      'INVALID_ARGUMENT',
      `tabId ${cmd.tabId} is not the tab of run ${cmd.runId}, which runs on ${tabId ?? 'no tab'}; give its tabId or leave tabId out.`,
      { runId: cmd.runId, runTabId: tabId },
    );
  }
  return { tabId };
}

export function workflowStatus(
  core: DriverCore,
  state: WorkflowState,
  cmd: Cmd<'workflow_status'>,
): DriverResult {
  const named = namedRun(state, cmd);
  if (isResult(named)) return named;
  const { tabId } = named;
  return done({
    ...state.runs.get(cmd.runId),
    tabId,
    tabOpen: core.tabById(tabId ?? '') !== undefined,
  });
}

export function workflowCancel(state: WorkflowState, cmd: Cmd<'workflow_cancel'>): DriverResult {
  const named = namedRun(state, cmd);
  if (isResult(named)) return named;
  return done({ runId: cmd.runId, result: state.runs.cancel(cmd.runId) });
}
