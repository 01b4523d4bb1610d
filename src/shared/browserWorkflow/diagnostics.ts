/** What the workflow parser reports: stable codes (for the app to show and tests to match), with lines. */

export const ERROR_CODES = [
  'missing-front-matter',
  'malformed-front-matter',
  'unterminated-front-matter',
  'duplicate-front-matter-key',
  'missing-site',
  'malformed-inputs',
  'invalid-input-name',
  'duplicate-input-name',
  'malformed-step',
  'unknown-step-kind',
  'no-steps',
] as const;

export const WARNING_CODES = ['unknown-front-matter-key', 'undeclared-variable'] as const;

export type DiagnosticCode = (typeof ERROR_CODES)[number] | (typeof WARNING_CODES)[number];

export interface Diagnostic {
  code: DiagnosticCode;
  severity: 'error' | 'warning';
  /** 1-based line of the source (the BOM does not count as a line). */
  line: number;
  message: string;
}

export function error(
  code: (typeof ERROR_CODES)[number],
  line: number,
  message: string,
): Diagnostic {
  return { code, severity: 'error', line, message };
}

export function warning(
  code: (typeof WARNING_CODES)[number],
  line: number,
  message: string,
): Diagnostic {
  return { code, severity: 'warning', line, message };
}
