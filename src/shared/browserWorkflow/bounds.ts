/**
 * What a run may be asked to do: bounded source, steps and inputs, and the inputs exactly as
 * declared (every declared one supplied, no other: an undeclared value would silently fall out of
 * the completed-writes ledger's key).
 */
import type { Workflow } from './parser.js';

export const RUN_LIMITS = {
  sourceBytes: 64 * 1024,
  steps: 25,
  inputs: 64,
  inputBytes: 4 * 1024,
} as const;

export type BoundsCheck = { ok: true } | { ok: false; reason: string };

const utf8 = (s: string) => new TextEncoder().encode(s).length;

/** Checks the source's size before parsing it. */
export function checkSourceSize(source: string): BoundsCheck {
  const bytes = utf8(source);
  return bytes <= RUN_LIMITS.sourceBytes
    ? { ok: true }
    : {
        ok: false,
        reason: `The workflow is ${bytes} bytes; at most ${RUN_LIMITS.sourceBytes} are allowed.`,
      };
}

/** Checks how many steps a workflow has. */
export function checkStepCount(count: number): BoundsCheck {
  return count <= RUN_LIMITS.steps
    ? { ok: true }
    : {
        ok: false,
        reason: `The workflow has ${count} steps; at most ${RUN_LIMITS.steps} are allowed.`,
      };
}

/** Checks a parsed workflow and the inputs supplied for it. */
export function checkRun(workflow: Workflow, inputs: Record<string, unknown>): BoundsCheck {
  const count = checkStepCount(workflow.steps.length);
  return count.ok ? checkInputs(workflow, inputs) : count;
}

/** Checks the inputs supplied for a workflow: bounded, strings, exactly the declared ones. */
export function checkInputs(workflow: Workflow, inputs: Record<string, unknown>): BoundsCheck {
  const names = Object.keys(inputs);
  if (names.length > RUN_LIMITS.inputs) {
    return {
      ok: false,
      reason: `${names.length} inputs were given; at most ${RUN_LIMITS.inputs} are allowed.`,
    };
  }
  for (const name of names) {
    const value = inputs[name];
    if (!workflow.inputs.includes(name)) {
      return {
        ok: false,
        reason: `undeclared input "${name}": the workflow's inputs are ${workflow.inputs.join(', ') || 'none'}.`,
      };
    }
    if (typeof value !== 'string')
      return { ok: false, reason: `The input "${name}" must be a string.` };
    if (utf8(value) > RUN_LIMITS.inputBytes) {
      return { ok: false, reason: `The input "${name}" is over ${RUN_LIMITS.inputBytes} bytes.` };
    }
  }
  const missing = workflow.inputs.filter((name) => !Object.hasOwn(inputs, name));
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `missing input${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`,
    };
  }
  return { ok: true };
}
