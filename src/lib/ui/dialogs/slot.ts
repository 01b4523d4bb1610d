/**
 * A translated sentence with an element inside it (a path in <code>, say): the message is filled
 * with SLOT where the element goes, and split there, so each language puts it where its grammar
 * wants it.
 */

/** A private-use character: no message or name the UI shows contains it. */
export const SLOT = '\u{E000}';

/** The text before and after the first SLOT; all of it before when there is none. */
export function aroundSlot(text: string): [before: string, after: string] {
  const at = text.indexOf(SLOT);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + SLOT.length)];
}
