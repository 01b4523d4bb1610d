/**
 * The workflow language: front matter (`site`, optional `inputs` and `trigger`), then one step a
 * line — `action:`, `goal:`, `confirm:`, `api:` or `extract:` followed by its text, optionally
 * numbered (`1.`) or bulleted (`-`). The parser never throws: it answers the workflow, or every
 * error it found; warnings come with both.
 */
import { error, warning, type Diagnostic } from './diagnostics.js';
import { parseFrontMatter } from './frontMatter.js';
import { lastLine, sourceLines } from './lines.js';

export const STEP_KINDS = ['api', 'action', 'goal', 'confirm', 'extract'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

export interface WorkflowStep {
  /** 1-based among the steps. */
  index: number;
  kind: StepKind;
  /** The author's words, as written (trimmed). */
  text: string;
  /** 1-based source line. */
  line: number;
}

export interface Workflow {
  site: string;
  inputs: string[];
  trigger: string | null;
  steps: WorkflowStep[];
}

export type ParseResult =
  | { ok: true; workflow: Workflow; warnings: Diagnostic[] }
  | {
      ok: false;
      errors: Diagnostic[];
      warnings: Diagnostic[];
      /** The steps read all the same, for an editor that checks them further. */
      steps: WorkflowStep[];
      /** The declared inputs; null when the front matter could not be read. */
      inputs: string[] | null;
    };

const STEP_LINE = /^(?:(?:\d+\.|-)[ \t]+)?([a-z]+)[ \t]*:(.*)$/;
const VARIABLE = /\{([^{}\s]*)\}/g;

export function parseWorkflow(source: string): ParseResult {
  const diagnostics: Diagnostic[] = [];
  const lines = sourceLines(source);
  const { frontMatter, bodyStart } = parseFrontMatter(lines, diagnostics);
  const steps: WorkflowStep[] = [];
  for (let i = bodyStart; i < lines.length; i++) {
    const trimmed = lines[i].trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const m = STEP_LINE.exec(trimmed);
    if (!m) {
      diagnostics.push(
        error(
          'malformed-step',
          i + 1,
          'A step is "kind: text", such as "action: click \\"Save\\" (button)".',
        ),
      );
      continue;
    }
    const kind = m[1];
    const text = m[2].trim();
    if (!(STEP_KINDS as readonly string[]).includes(kind)) {
      diagnostics.push(
        error(
          'unknown-step-kind',
          i + 1,
          `"${kind}" is not a step kind (${STEP_KINDS.join(', ')}).`,
        ),
      );
      continue;
    }
    if (text === '') {
      diagnostics.push(error('malformed-step', i + 1, `The ${kind} step says nothing.`));
      continue;
    }
    steps.push({ index: steps.length + 1, kind: kind as StepKind, text, line: i + 1 });
  }
  if (
    frontMatter &&
    steps.length === 0 &&
    !diagnostics.some((d) => d.code === 'malformed-step' || d.code === 'unknown-step-kind')
  ) {
    diagnostics.push(error('no-steps', lastLine(lines), 'The workflow has no steps.'));
  }
  if (frontMatter) {
    for (const step of steps) {
      for (const m of step.text.matchAll(VARIABLE)) {
        if (!frontMatter.inputs.includes(m[1])) {
          diagnostics.push(
            warning(
              'undeclared-variable',
              step.line,
              `{${m[1]}} is not one of the declared inputs.`,
            ),
          );
        }
      }
    }
  }
  const errors = diagnostics.filter((d) => d.severity === 'error');
  const warnings = diagnostics.filter((d) => d.severity === 'warning');
  if (errors.length > 0 || !frontMatter) {
    return { ok: false, errors, warnings, steps, inputs: frontMatter?.inputs ?? null };
  }
  return { ok: true, workflow: { ...frontMatter, steps }, warnings };
}
