/**
 * What a checker of a document's text reports, in the form the source editor underlines and the
 * Problems list shows: actionlint for GitHub workflows, the workflow checks for browser
 * workflow files. Types only, so pure checkers can use them without CodeMirror or the DOM.
 */

export type ProblemSeverity = 'error' | 'warning' | 'info';

export interface Problem {
  /** 1-based line. */
  line: number;
  /** 1-based column, counted in characters (Unicode code points) of that line. */
  col: number;
  /** 1-based column just past the text to underline; without it, the word at `col`. */
  endCol?: number;
  message: string;
  severity: ProblemSeverity;
  /** The checker's stable name for the rule or refusal (actionlint's kind, a workflow code). */
  kind: string;
}

export interface ProblemReport {
  /** Sorted by line. */
  diagnostics: Problem[];
  /** Checks the checker could not run here, with why. */
  unavailableChecks?: { kind: string; reason: string }[];
}
