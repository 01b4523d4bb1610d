/**
 * What the Workflows panel's Run form needs from a workflow's text: whether it can run at all
 * (the parser's errors and the run's size bounds, each with its line), the inputs to ask for,
 * and the page its first step goes to (where a new tab for the run opens).
 */
import { parseAction } from '../../shared/browserWorkflow/stepGrammar';
import { checkWorkflowSource } from '../../shared/browserWorkflow/sourceChecks';
import type { BrowserTabInfo } from '../../shared/wire/driverProtocol';

export interface RunForm {
  /** Nothing in the text stops a run from starting. */
  runnable: boolean;
  site: string | null;
  /** The declared inputs, in order: a field each. */
  inputs: string[];
  steps: number;
  /** Where the first step navigates to, if it does. */
  startUrl: string | null;
  /** Why it cannot run, one line each. */
  problems: string[];
}

export function runFormOf(source: string): RunForm {
  // The same checks the hub makes before a run starts (and the editor shows inline).
  const checked = checkWorkflowSource(source);
  const problems = checked.findings
    .filter((f) => f.severity === 'error')
    .map((f) => `Line ${f.line}: ${f.message}`);
  if (!checked.ok) {
    if (problems.length === 0) problems.push(checked.message);
    return { runnable: false, site: null, inputs: [], steps: 0, startUrl: null, problems };
  }
  const { workflow } = checked;
  const first = workflow.steps[0];
  const action = first?.kind === 'action' ? parseAction(first.text) : null;
  return {
    runnable: true,
    site: workflow.site,
    inputs: [...workflow.inputs],
    steps: workflow.steps.length,
    startUrl: action?.ok && action.step.kind === 'navigate' ? action.step.url : null,
    problems,
  };
}

/** The tabs a run or a recording may use: the AI's own, not the ones the person opened. */
export function aiTabs(tabs: readonly BrowserTabInfo[]): BrowserTabInfo[] {
  return tabs.filter((t) => !t.human);
}
