/**
 * Everything a run checks from the workflow's text alone, before it starts: its size, the parse,
 * the number of steps, and each `action:` against the step grammar and the declared inputs. The
 * hub refuses a run with the first of these errors; the app's editor shows all of them, with
 * their lines, so what the editor marks as an error is exactly what a run would refuse. Pure.
 */
import { checkSourceSize, checkStepCount, RUN_LIMITS } from './bounds.js';
import type { DiagnosticCode } from './diagnostics.js';
import { parseWorkflow, type Workflow } from './parser.js';
import { checkAction } from './plan.js';

export type SourceFindingCode =
  | DiagnosticCode
  | 'source-too-large'
  | 'too-many-steps'
  | 'malformed-target'
  | 'malformed-value'
  | 'undeclared-input'
  | 'not-executable';

export interface SourceFinding {
  code: SourceFindingCode;
  /** `error`: a run refuses to start; `info`: the step will pause for the AI or the person. */
  severity: 'error' | 'warning' | 'info';
  /** 1-based line of the source (the BOM does not count as a line). */
  line: number;
  message: string;
}

export type SourceCheck =
  | { ok: true; workflow: Workflow; findings: SourceFinding[] }
  | {
      ok: false;
      /** The refusal a run answers with: the first error, in the order the hub checks. */
      error: 'INVALID_ARGUMENT' | 'INVALID_WORKFLOW';
      message: string;
      details?: Record<string, unknown>;
      findings: SourceFinding[];
    };

/** The 1-based line on which the source's UTF-8 size passes `limit` bytes. */
function lineAtByte(source: string, limit: number): number {
  let bytes = 0;
  let line = 1;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    const pair = c >= 0xd800 && c < 0xdc00 && (source.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (pair) i++;
    if (bytes > limit) return line;
    if (c === 10 || (c === 13 && source.charCodeAt(i + 1) !== 10)) line++;
  }
  return line;
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

interface Refusal {
  error: 'INVALID_ARGUMENT' | 'INVALID_WORKFLOW';
  message: string;
  details?: Record<string, unknown>;
}

export function checkWorkflowSource(source: string): SourceCheck {
  const findings: SourceFinding[] = [];
  // In the order the hub has always checked: the first one is the run's answer.
  const refusals: Refusal[] = [];

  const size = checkSourceSize(source);
  if (!size.ok) {
    const line = lineAtByte(source, RUN_LIMITS.sourceBytes);
    findings.push({ code: 'source-too-large', severity: 'error', line, message: size.reason });
    refusals.push({ error: 'INVALID_ARGUMENT', message: size.reason });
  }

  const parsed = parseWorkflow(source);
  findings.push(...(parsed.ok ? [] : parsed.errors), ...parsed.warnings);
  if (!parsed.ok) {
    // The parser never fails without saying why: there is a first error.
    const first = parsed.errors[0];
    refusals.push({
      error: 'INVALID_WORKFLOW',
      message: `The workflow does not parse: line ${first.line}: ${first.message}`,
      details: { errors: parsed.errors },
    });
  }
  const steps = parsed.ok ? parsed.workflow.steps : parsed.steps;
  const inputs = parsed.ok ? parsed.workflow.inputs : parsed.inputs;

  const count = checkStepCount(steps.length);
  if (!count.ok) {
    const line = steps[RUN_LIMITS.steps].line;
    findings.push({ code: 'too-many-steps', severity: 'error', line, message: count.reason });
    refusals.push({ error: 'INVALID_ARGUMENT', message: count.reason });
  }

  const typedUndeclared = new Set<number>();
  for (const step of steps) {
    if (step.kind !== 'action') continue;
    const checked = checkAction(step, inputs ?? []);
    if (!checked.ok) {
      // Without readable front matter no input is known to be undeclared.
      if (checked.code === 'undeclared-input' && inputs === null) continue;
      if (checked.code === 'undeclared-input') typedUndeclared.add(step.line);
      const { code, message } = checked;
      findings.push({ code, severity: 'error', line: step.line, message });
      refusals.push({ error: 'INVALID_WORKFLOW', message });
    } else if (checked.action === null) {
      findings.push({
        code: 'not-executable',
        severity: 'info',
        line: step.line,
        message: `Not an action a run performs by itself (${checked.reason}): the run will pause here for the AI or you.`,
      });
    }
  }

  // The error about a typed {input} already says what the parser's warning would. By line, then
  // errors first.
  const shown = findings
    .filter((f) => !(f.code === 'undeclared-variable' && typedUndeclared.has(f.line)))
    .sort((a, b) => a.line - b.line || RANK[a.severity] - RANK[b.severity]);
  if (parsed.ok && refusals.length === 0) {
    return { ok: true, workflow: parsed.workflow, findings: shown };
  }
  return { ok: false, ...refusals[0], findings: shown };
}
