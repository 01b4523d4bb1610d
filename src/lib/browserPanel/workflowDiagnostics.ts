/**
 * The diagnostics a browser workflow file (`*.workflow.md`) shows in the source editor: the
 * findings of the same checks a run makes before it starts (relay's sourceChecks.ts), placed on
 * the text's lines. An error here is exactly what `browser.workflow_run` would refuse; warnings
 * are the parser's; an info marks an `action:` that is prose, where a run will pause. Pure.
 */
import { checkWorkflowSource } from '../../shared/browserWorkflow/sourceChecks';
import type { Problem, ProblemReport } from '../editors/problems';

/**
 * The text's lines as the workflow parser and CodeMirror both split them: CRLF, CR and LF each
 * end a line; a BOM stays in the first line's text (the parser ignores it, and it counts no line).
 */
function linesOf(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Number of characters (code points) in `text`. */
function chars(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The columns of a line's words: from its first character that is not a space (or BOM) to its last. */
function span(line: string): { col: number; endCol: number } {
  const start = line.length - line.trimStart().length;
  const end = line.trimEnd().length;
  if (end <= start) return { col: 1, endCol: chars(line) + 1 };
  return { col: chars(line.slice(0, start)) + 1, endCol: chars(line.slice(0, end)) + 1 };
}

export function workflowFileProblems(text: string): ProblemReport {
  const lines = linesOf(text);
  const { findings } = checkWorkflowSource(text);
  const diagnostics: Problem[] = findings.map((f) => {
    const line = Math.min(Math.max(1, f.line), lines.length);
    return {
      line,
      ...span(lines[line - 1]),
      message: f.message,
      severity: f.severity,
      kind: f.code,
    };
  });
  return { diagnostics };
}
