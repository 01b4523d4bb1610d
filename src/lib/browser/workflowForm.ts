/**
 * What the Workflows panel's Run form needs from a workflow's text: whether it can run at all
 * (the parser's errors and the run's size bounds, each with its line), the inputs to ask for,
 * and the page its first step goes to (where a new tab for the run opens).
 */
import { checkSourceSize, RUN_LIMITS } from '../../../relay/src/browser/workflow/bounds';
import { parseWorkflow } from '../../../relay/src/browser/workflow/parser';
import { parseAction } from '../../../relay/src/browser/workflow/stepGrammar';
import type { BrowserTabInfo } from './protocol';

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
  const size = checkSourceSize(source);
  const parsed = parseWorkflow(source);
  const problems: string[] = [];
  if (!size.ok) problems.push(size.reason);
  if (!parsed.ok) {
    for (const e of parsed.errors) problems.push(`Line ${e.line}: ${e.message}`);
    return { runnable: false, site: null, inputs: [], steps: 0, startUrl: null, problems };
  }
  const { workflow } = parsed;
  if (workflow.steps.length > RUN_LIMITS.steps) {
    problems.push(
      `The workflow has ${workflow.steps.length} steps; a run takes at most ${RUN_LIMITS.steps}.`,
    );
  }
  const first = workflow.steps[0];
  const action = first?.kind === 'action' ? parseAction(first.text) : null;
  return {
    runnable: problems.length === 0,
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
