/**
 * What each step of a parsed workflow will do when it runs: an executable act the hub performs
 * itself (with the person's approval, as a hand-issued act), a reader extraction, or a pause for
 * the AI or the person (`goal:`, `confirm:`, `api:`, and `action:` text that is prose). Inputs
 * are put in here, and only into `type {input} into …`; `{x}` anywhere else stays prose.
 */
import { isWrite } from './decide.js';
import type { StepKind, Workflow, WorkflowStep } from './parser.js';
import { parseAction, type ActionStep } from './stepGrammar.js';

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

export type Plan = { ok: true; steps: PlannedStep[] } | { ok: false; reason: string };

/** What an `action:` step will be, known from the workflow alone (before any input value). */
export type ActionCheck =
  | { ok: true; action: ActionStep }
  /** Prose: the run pauses at this step for the AI or the person. */
  | { ok: true; action: null; reason: string }
  /** The run refuses to start. */
  | {
      ok: false;
      code: 'malformed-target' | 'malformed-value' | 'undeclared-input';
      message: string;
    };

/** Checks one `action:` step's text against the step grammar and the declared inputs. */
export function checkAction(step: WorkflowStep, declaredInputs: readonly string[]): ActionCheck {
  const parsed = parseAction(step.text);
  if (!parsed.ok) {
    if (parsed.code === 'not-executable') return { ok: true, action: null, reason: parsed.reason };
    return {
      ok: false,
      code: parsed.code,
      message: `Step ${step.index} (line ${step.line}) cannot run: ${parsed.reason}.`,
    };
  }
  const a = parsed.step;
  if (a.kind === 'type' && 'input' in a.value && !declaredInputs.includes(a.value.input)) {
    return {
      ok: false,
      code: 'undeclared-input',
      message: `Step ${step.index} (line ${step.line}) cannot run: it types {${a.value.input}}, which is not a declared input.`,
    };
  }
  return { ok: true, action: a };
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
    const checked = checkAction(step, workflow.inputs);
    if (!checked.ok) return { ok: false, reason: checked.message };
    const a = checked.action;
    if (a === null) steps.push({ ...base, exec: null });
    else if (a.kind === 'navigate') steps.push({ ...base, exec: { kind: 'navigate', url: a.url } });
    else if (a.kind === 'click') {
      steps.push({ ...base, exec: { kind: 'click', name: a.name, role: a.role } });
    } else {
      let value: string;
      let input: string | null = null;
      if ('literal' in a.value) value = a.value.literal;
      else {
        input = a.value.input;
        // Declared (checked above) but not supplied: only a caller that skipped checkInputs.
        if (!Object.hasOwn(inputs, input)) {
          return {
            ok: false,
            reason: `Step ${step.index} (line ${step.line}) cannot run: it types {${input}}, which is not a declared input.`,
          };
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
