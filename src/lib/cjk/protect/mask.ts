/**
 * Masking: each protected region is replaced by one private-use character while the rules run,
 * so a rule can look at its neighbours across a region without ever seeing inside it. Private-use
 * characters already in the source are masked too, so every stand-in in the masked text is ours.
 */

import { LATIN_LIKE, NEUTRAL } from '../rules/chars';
import { isLatinLikeKind, type ProtectedRange } from './ranges';

const STAND_IN = /[\uE000\uE001]/g;

export interface Masked {
  /** The source with every protected region (and stray stand-in character) replaced. */
  text: string;
  /** The replaced texts, in order. */
  pieces: string[];
}

/** Masks `ranges` (disjoint, ascending) in `source`. */
export function mask(source: string, ranges: readonly ProtectedRange[]): Masked {
  const pieces: string[] = [];
  let text = '';
  let cursor = 0;
  const addText = (to: number) => {
    text += source.slice(cursor, to).replace(STAND_IN, (ch) => {
      pieces.push(ch);
      return NEUTRAL;
    });
  };
  for (const range of ranges) {
    addText(range.start);
    pieces.push(source.slice(range.start, range.end));
    text += isLatinLikeKind(range.kind) ? LATIN_LIKE : NEUTRAL;
    cursor = range.end;
  }
  addText(source.length);
  return { text, pieces };
}

/**
 * Puts the pieces back. Returns null when the rules lost or added a stand-in, which would mean
 * the result no longer matches the input.
 */
export function unmask(text: string, pieces: readonly string[]): string | null {
  let index = 0;
  const result = text.replace(STAND_IN, () => pieces[index++] ?? '');
  return index === pieces.length ? result : null;
}
