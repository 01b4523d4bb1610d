/**
 * The recent history of one document's text: each step is the change from one version to the
 * next. A window that fell behind asks for the steps since the version it knows and rebases its
 * pending typing over them; when the log no longer reaches back that far it gets the whole text.
 */
import type { Splice } from '../core/store/textEdit';

export interface Step {
  /** The version this step produced (the one before it is `version - 1`). */
  version: number;
  revision: string;
  splices: Splice[];
  /** The step is one undo step of its own in the editors that show it (an AI's change). */
  undoable: boolean;
  /** Who made it: a window id, or a name such as `mcp` or `disk`. */
  origin: string;
}

/** How much history a document keeps: enough for any window that is a few seconds behind. */
export const LOG_LIMITS = { steps: 512, chars: 4_000_000 };

export class ChangeLog {
  private steps: Step[] = [];
  private chars = 0;

  constructor(private readonly limits = LOG_LIMITS) {}

  append(step: Step): void {
    this.steps.push(step);
    this.chars += weight(step);
    while (
      this.steps.length > 1 &&
      (this.steps.length > this.limits.steps || this.chars > this.limits.chars)
    ) {
      this.chars -= weight(this.steps.shift() as Step);
    }
  }

  /** The steps after `version`, oldest first, or null when the log does not reach back to it. */
  since(version: number, current: number): Step[] | null {
    if (version === current) return [];
    if (version > current) return null;
    const first = this.steps[0];
    if (!first || first.version > version + 1) return null;
    return this.steps.slice(version + 1 - first.version);
  }

  /** Forgets everything (the text was replaced by one that shares no history). */
  clear(): void {
    this.steps = [];
    this.chars = 0;
  }
}

function weight(step: Step): number {
  let n = 16;
  for (const s of step.splices) n += s.insert.length + 8;
  return n;
}
