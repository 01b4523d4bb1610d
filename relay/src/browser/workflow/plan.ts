/**
 * What each step of a parsed workflow will do when it runs: an executable act the hub performs
 * itself (with the person's approval, as a hand-issued act), a reader extraction, or a pause for
 * the AI or the person (`goal:`, `confirm:`, `api:`, and `action:` text that is prose). Inputs
 * are put in here, and only into `type {input} into …`; `{x}` anywhere else stays prose.
 */
import { isWrite } from './decide.js';
import type { StepKind, Workflow } from './parser.js';
import { parseAction } from './stepGrammar.js';

export type Executable =
  | { kind: 'navigate'; url: string }
  | { kind: 'click'; name: string; role: string | null }
  | { kind: 'type'; name: string; role: string | null; value: string; input: string | null }
  | { kind: 'extract' };

export interface PlannedStep {
  /** 1-based. */
  index: number;
  kind: StepKind;
  text: string;
  /** Null: the run pauses here for the AI or the person. */
  exec: Executable | null;
  write: boolean;
}

/**
 * Why a step that parses cannot run as written: a broken `action:` (as the step grammar names it),
 * or a `type {input}` whose input the workflow does not declare (a warning in other steps, where
 * `{x}` stays words for the model, but here there is no value to type).
 */
export interface PlanError {
  code: 'malformed-target' | 'malformed-value' | 'undeclared-variable';
  severity: 'error';
  /** 1-based source line of the step. */
  line: number;
  message: string;
}

export type Plan =
  { ok: true; steps: PlannedStep[] } | { ok: false; reason: string; error: PlanError };

function refuse(code: PlanError['code'], index: number, line: number, why: string): Plan {
  const message = `Step ${index} (line ${line}) cannot run: ${why}.`;
  return { ok: false, reason: message, error: { code, severity: 'error', line, message } };
}

/** Plans every step, or refuses the run for the first broken `action:`. */
export function planRun(workflow: Workflow, inputs: Record<string, string>): Plan {
  const steps: PlannedStep[] = [];
  for (const step of workflow.steps) {
    const base = { index: step.index, kind: step.kind, text: step.text, write: isWrite(step.kind) };
    if (step.kind === 'extract') {
      steps.push({ ...base, exec: { kind: 'extract' } });
      continue;
    }
    if (step.kind !== 'action') {
      steps.push({ ...base, exec: null });
      continue;
    }
    const parsed = parseAction(step.text);
    if (!parsed.ok) {
      if (parsed.code === 'not-executable') {
        steps.push({ ...base, exec: null });
        continue;
      }
      return refuse(parsed.code, step.index, step.line, parsed.reason);
    }
    const a = parsed.step;
    if (a.kind === 'navigate') steps.push({ ...base, exec: { kind: 'navigate', url: a.url } });
    else if (a.kind === 'click') {
      steps.push({ ...base, exec: { kind: 'click', name: a.name, role: a.role } });
    } else {
      let value: string;
      let input: string | null = null;
      if ('literal' in a.value) value = a.value.literal;
      else {
        input = a.value.input;
        if (!Object.hasOwn(inputs, input) || !workflow.inputs.includes(input)) {
          return refuse(
            'undeclared-variable',
            step.index,
            step.line,
            `it types {${input}}, which is not a declared input`,
          );
        }
        value = inputs[input];
      }
      steps.push({ ...base, exec: { kind: 'type', name: a.name, role: a.role, value, input } });
    }
  }
  return { ok: true, steps };
}

/** How a step is named in statuses: `step-3`. */
export function stepId(index: number): string {
  return `step-${index}`;
}
