/**
 * Auto-pairing: typing an opening bracket or quote also types its closing one, typing the closing
 * one just before an identical closing character steps over it, and Backspace between an empty
 * pair deletes both. With a selection, the pair goes around it. CJK brackets pair like ASCII ones.
 * The decisions only: the editors (autoPairSource.ts, autoPairProse.ts) apply them.
 */

/** Opening → closing. Quotes whose two sides are the same character pair with themselves. */
export const PAIRS: Readonly<Record<string, string>> = {
  '(': ')',
  '[': ']',
  '{': '}',
  '"': '"',
  "'": "'",
  '`': '`',
  '“': '”',
  '‘': '’',
  '「': '」',
  '『': '』',
  '（': '）',
  '【': '】',
  '《': '》',
  '〈': '〉',
  '〔': '〕',
};

const CLOSING = new Set(Object.values(PAIRS));
const WORD = /[\p{L}\p{N}_]/u;

export type PairAction =
  | { kind: 'wrap'; open: string; close: string }
  | { kind: 'pair'; open: string; close: string }
  | { kind: 'step-over' }
  | { kind: 'none' };

/**
 * What typing `typed` does, given the character before the cursor (or selection) and the one
 * after it ('' at an edge) and whether text is selected.
 */
export function onType(
  typed: string,
  before: string,
  after: string,
  selected: boolean,
): PairAction {
  const close = PAIRS[typed];
  if (selected) return close ? { kind: 'wrap', open: typed, close } : { kind: 'none' };
  if (CLOSING.has(typed) && after === typed) return { kind: 'step-over' };
  if (!close) return { kind: 'none' };
  const symmetric = close === typed;
  // A quote right after a letter is an apostrophe (don't, l'été), or closes something typed.
  if (symmetric && WORD.test(before)) return { kind: 'none' };
  // Pair only where the closing side does not glue onto text: before space, an edge, or a closer.
  if (
    after !== '' &&
    !/\s/u.test(after) &&
    !CLOSING.has(after) &&
    !/[,.;:!?，。；：！？、]/u.test(after)
  )
    return { kind: 'none' };
  return { kind: 'pair', open: typed, close };
}

/** Whether Backspace at the cursor should delete an empty pair (`(|)` → ``). */
export function deletesPair(before: string, after: string): boolean {
  return before !== '' && PAIRS[before] === after;
}
