/**
 * Text changes as the core and the windows exchange them, and how two changes made on the same
 * text at the same moment are combined so that neither is lost: the one the core applied first
 * stays where it is, and the other is moved over it (operational transformation on splices).
 * CodeMirror's ChangeSet does the position arithmetic; it is pure and has no DOM.
 */
import { ChangeSet } from '@codemirror/state';
import { applySplices, type Splice } from '../core/store/textEdit';

// Only "\n" separates lines here: a lone "\r" is text and must survive a round trip.
const LINE_SEP = '\n';

/** The change set of splices (ascending, non-overlapping, against a text of `length`). */
export function changeSetOf(splices: readonly Splice[], length: number): ChangeSet {
  return ChangeSet.of(
    splices.map((s) => ({ from: s.from, to: s.to, insert: s.insert })),
    length,
    LINE_SEP,
  );
}

/** The splices of a change set, against the text it starts from. */
export function splicesOf(changes: ChangeSet): Splice[] {
  const out: Splice[] = [];
  changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    out.push({ from: fromA, to: toA, insert: inserted.sliceString(0, inserted.length, LINE_SEP) });
  });
  return out;
}

/** A change set that changes nothing in a text of `length`. */
export function noChange(length: number): ChangeSet {
  return ChangeSet.empty(length);
}

/** The text after a change set. */
export function applyChanges(text: string, changes: ChangeSet): string {
  if (changes.length !== text.length) {
    throw new RangeError(
      `A change for a text of length ${changes.length} cannot apply to one of length ${text.length}`,
    );
  }
  return changes.empty ? text : applySplices(text, splicesOf(changes));
}

/**
 * Two changes made on the same text: `first` was applied by the core, `second` is still pending
 * (a window's unconfirmed typing). Answers `second` moved to apply after `first`, and `first`
 * moved to apply after `second`; both orders give the same text. At one position, what `first`
 * inserted comes before what `second` inserted.
 */
export function rebase(
  first: ChangeSet,
  second: ChangeSet,
): { secondAfterFirst: ChangeSet; firstAfterSecond: ChangeSet } {
  return { secondAfterFirst: second.map(first), firstAfterSecond: first.map(second, true) };
}
