/** Messages between `linter.ts` and `actionlint.worker.ts`. */
import type { RawActionlintError } from './diagnostics';

export interface LintRequest {
  /** Chosen by the client; the reply carries it back. */
  id: number;
  source: string;
  /** The workflow's path; actionlint only uses it in messages. */
  path: string;
}

export type LintReply =
  { id: number; ok: true; errors: RawActionlintError[] } | { id: number; ok: false; error: string };
