/**
 * What the draft journal writes for a tab as the person types, decided without IO, and how the
 * unsaved text is read back.
 *
 * A tab's draft is a base (its whole unsaved text, as before) followed by edit records: each
 * holds the splices of the steps made since the record before, in order. A keystroke in a 5 MB
 * note so writes a few bytes, not 5 MB. A new base replaces the base and its edits (one IndexedDB
 * transaction) when the edits since the last base grow past MAX_STEPS or MAX_CHARS, when the
 * tab's file, kind or line format changes, or when a change comes without its splices (a load, a
 * save, the tab turning clean and dirty again). A step whose splices do not lead to the draft's
 * length is not trusted either: the base is written again. While a write is under way, what
 * follows waits in one pending write (steps are added to it; a pending base takes the newest
 * text), so typing never queues up writes.
 */
import { applyChanges, changeSetOf } from '../../collab/changes';
import type { ChangeSet } from '@codemirror/state';
import type { Splice } from '../store/textEdit';
import type { DocKind, TextFormat } from '../types';

/** The unsaved text of one tab, whole: a base. */
export interface Draft {
  tabId: string;
  path: string | null;
  kind: DocKind;
  text: string;
  format: TextFormat;
  savedAt: number;
}

/** After this many steps since the last base, the next change writes a new base. */
export const MAX_STEPS = 2_000;
/** After this many characters inserted or removed since the last base, likewise. */
export const MAX_CHARS = 256 * 1024;

/**
 * Edits made to a tab's draft after its base, in the same object store as the bases. The store's
 * key is the `tabId` field, so an edit record's `tabId` is its own key (`editKey`): the tab's id,
 * a NUL, its number. `of` is the tab it belongs to.
 */
export interface DraftEdits {
  tabId: string;
  of: string;
  seq: number;
  /** Each step's splices, against the text the step before left. */
  steps: Splice[][];
  /** The text's length after the last step (checked when read back). */
  length: number;
  savedAt: number;
}

export type DraftRecord = Draft | DraftEdits;

export const isEdits = (r: DraftRecord): r is DraftEdits => 'steps' in r;

/** The key of a tab's edit record number `seq`. */
export const editKey = (tabId: string, seq: number) => `${tabId}\u0000${seq}`;
/** The lowest and highest key of a tab's edit records (its base's key is below both). */
export const editKeyRange = (tabId: string): [string, string] => [
  `${tabId}\u0000`,
  `${tabId}\u0000\uffff`,
];

/** One write to the store. */
export type DraftWrite =
  | { kind: 'base'; draft: Draft }
  | { kind: 'edits'; record: DraftEdits }
  | { kind: 'forget'; tabId: string };

/** How a step changes a text's length. */
function lengthChange(splices: readonly Splice[]): number {
  let d = 0;
  for (const s of splices) d += s.insert.length - (s.to - s.from);
  return d;
}

function charsOf(splices: readonly Splice[]): number {
  let n = 0;
  for (const s of splices) n += s.insert.length + (s.to - s.from);
  return n;
}

const samePlace = (a: Draft, b: Draft) =>
  a.path === b.path &&
  a.kind === b.kind &&
  (a.format === b.format ||
    (a.format.bom === b.format.bom &&
      a.format.eol === b.format.eol &&
      a.format.mixedEol === b.format.mixedEol &&
      a.format.lineBreaks === b.format.lineBreaks));

/** One tab's plan: what was written or waits to be, and the next write. */
export class DraftPlan {
  /** The draft as last recorded (its text includes every step recorded), when a base covers it. */
  private last: Draft | null = null;
  private steps = 0;
  private chars = 0;
  private nextSeq = 1;
  private waiting: DraftWrite | null = null;
  /** A write failed: the store's content is unknown until a base is written again. */
  private broken = false;

  constructor(readonly tabId: string) {}

  /** Records the tab's draft after a change (`splices` the change's, when it was one). */
  record(draft: Draft | null, splices?: readonly Splice[] | null): void {
    if (!draft) {
      this.last = null;
      this.waiting = { kind: 'forget', tabId: this.tabId };
      return;
    }
    const last = this.last;
    const follows =
      splices != null &&
      last !== null &&
      !this.broken &&
      samePlace(last, draft) &&
      last.text.length + lengthChange(splices) === draft.text.length &&
      this.steps < MAX_STEPS &&
      this.chars < MAX_CHARS;
    this.last = draft;
    if (!follows) {
      this.broken = false;
      this.steps = 0;
      this.chars = 0;
      this.waiting = { kind: 'base', draft };
      return;
    }
    this.steps++;
    this.chars += charsOf(splices);
    const waiting = this.waiting;
    if (waiting?.kind === 'base') {
      waiting.draft = draft;
    } else if (waiting?.kind === 'edits') {
      waiting.record.steps.push([...splices]);
      waiting.record.length = draft.text.length;
      waiting.record.savedAt = draft.savedAt;
    } else {
      const seq = this.nextSeq++;
      this.waiting = {
        kind: 'edits',
        record: {
          tabId: editKey(this.tabId, seq),
          of: this.tabId,
          seq,
          steps: [[...splices]],
          length: draft.text.length,
          savedAt: draft.savedAt,
        },
      };
    }
  }

  /** The next write, taken out of the plan (null when nothing waits). */
  take(): DraftWrite | null {
    const w = this.waiting;
    this.waiting = null;
    return w;
  }

  /**
   * A write failed: what the store holds is unknown, so the next change writes a whole base, and
   * edits waiting meanwhile become one. (Not written again at once: a store that keeps failing
   * would be retried in a loop.)
   */
  failed(): void {
    this.broken = true;
    if (this.waiting?.kind === 'edits' && this.last) {
      this.broken = false;
      this.steps = 0;
      this.chars = 0;
      this.waiting = { kind: 'base', draft: this.last };
    }
  }

  /** Nothing waits and the tab has no draft: the plan can be dropped. */
  get idle(): boolean {
    return this.waiting === null && this.last === null;
  }
}

export interface ReadDraft {
  draft: Draft;
  /** Every edit record applied (false: a record did not fit, the text is the one before it). */
  complete: boolean;
}

/**
 * A tab's unsaved text from its base and its edit records: the records in order, composed into
 * one change and applied once (applying thousands of steps one by one to a 5 MB text would copy
 * it thousands of times). A record that does not fit the text so far ends the reading there.
 */
export function readDraft(base: Draft, edits: readonly DraftEdits[]): ReadDraft {
  const ordered = [...edits].sort((a, b) => a.seq - b.seq);
  let composed: ChangeSet | null = null;
  let length = base.text.length;
  let savedAt = base.savedAt;
  let complete = true;
  for (const record of ordered) {
    let next: ChangeSet | null = composed;
    let len = length;
    try {
      for (const splices of record.steps) {
        const change = changeSetOf(splices, len);
        next = next ? next.compose(change) : change;
        len = change.newLength;
      }
    } catch {
      complete = false;
      break;
    }
    if (len !== record.length) {
      complete = false;
      break;
    }
    composed = next;
    length = len;
    savedAt = Math.max(savedAt, record.savedAt);
  }
  const text = composed ? applyChanges(base.text, composed) : base.text;
  return { draft: { ...base, text, savedAt }, complete };
}
