/**
 * Answer shapes the seeds promise that need more than copying fields: the save outcome of
 * `document.write`, and `workflow.validate` and `browser_read.read` answers kept within SPEC §2's
 * bound.
 */

import { MAX_RESULT_BYTES } from './envelopes';
import { longestFittingPrefix } from './listCut';

/** Why `document.write` did not save, as codes a client can branch on (the desktop's codes). */
export const SAVE_SKIPPED = ['opt_out', 'untitled'] as const;
export type SaveSkipped = (typeof SAVE_SKIPPED)[number];

/** What happened to the file after `document.write` changed the tab. */
export type SaveOutcome =
  { readonly saved: true } | { readonly skipped: SaveSkipped } | { readonly error: string };

export interface WriteAnswer {
  revision: string;
  saved: boolean;
  save_skipped?: SaveSkipped;
  /** A sentence for the person, next to `save_skipped: "untitled"`. */
  save_note?: string;
  save_error?: string;
}

const UNTITLED_NOTE =
  'The tab has no file yet, so nothing was saved; workspace.save_as gives it one.';

/**
 * `{revision, saved, save_skipped?|save_error?}`: exactly one of three outcomes. `save:false` →
 * `save_skipped: "opt_out"`; no file → `save_skipped: "untitled"` (and a `save_note`); a failed
 * save → `save_error` with the reason, and no `save_skipped`. The tab has the new text in all
 * three.
 */
export function writeAnswer(revision: string, outcome: SaveOutcome): WriteAnswer {
  if ('saved' in outcome) return { revision, saved: true };
  if ('error' in outcome) return { revision, saved: false, save_error: outcome.error };
  if (outcome.skipped === 'untitled') {
    return { revision, saved: false, save_skipped: 'untitled', save_note: UNTITLED_NOTE };
  }
  return { revision, saved: false, save_skipped: outcome.skipped };
}

/** The validate answer: `ok`, the diagnostics, `binaryAvailable`, and whatever else the linter adds. */
export interface ValidateAnswer {
  ok: boolean;
  diagnostics: unknown[];
  binaryAvailable: boolean;
  [extra: string]: unknown;
}

/**
 * A validate answer within `maxBytes`: when its diagnostics do not all fit, the first ones (they
 * come sorted by line) are kept whole, with `truncated: true`, `diagnosticsTotal` and a note.
 */
export function validateAnswer(
  answer: ValidateAnswer,
  maxBytes: number = MAX_RESULT_BYTES,
): ValidateAnswer {
  const all = answer.diagnostics;
  const render = (shown: number): ValidateAnswer =>
    shown === all.length
      ? answer
      : {
          ...answer,
          diagnostics: all.slice(0, shown),
          truncated: true,
          diagnosticsTotal: all.length,
          truncation_note: `Listed the first ${shown} of ${all.length} diagnostics, by line, to keep this answer within ${maxBytes.toLocaleString('en-US')} bytes. Fix these and validate again to see the rest.`,
        };
  return render(longestFittingPrefix(all.length, render, maxBytes));
}
