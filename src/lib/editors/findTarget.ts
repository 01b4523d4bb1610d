/**
 * Find and replace inside one editor, the same contract for both modes (findInSource.ts,
 * findInProse.ts): every match is highlighted, one is current (selected and scrolled to).
 */
import {
  compileQuery,
  findAll,
  MAX_MATCHES,
  type FindQuery,
  type Match,
} from '../text/findMatches';

export interface FindState {
  count: number;
  /** Index of the current match, -1 when there is none. */
  current: number;
  /** The count stopped at MAX_MATCHES. */
  capped: boolean;
  /** Why nothing was searched (an empty query, a broken pattern, a read-only document). */
  error?: string;
}

export interface FindTarget {
  /** Highlights every match and makes the one at or after the cursor current; null clears. */
  search(query: FindQuery | null): FindState;
  /** The matches again after the text changed, keeping the current one near where it was. */
  refresh(): FindState;
  /** Makes the next (1) or previous (-1) match current, wrapping around. */
  step(direction: 1 | -1): FindState;
  /** Replaces the current match (one undo step) and moves to the next one. */
  replace(replacement: string): FindState;
  /** Replaces every match as one undo step. */
  replaceAll(replacement: string): FindState & { replaced: number };
}

export const NOTHING: FindState = { count: 0, current: -1, capped: false };

/** A located match in editor positions (`from`/`to`), with what the replacement needs. */
export type Located = Match;

/** The matches of a query in pieces of text at known editor positions (blocks, or one whole). */
export function locate(
  query: FindQuery,
  pieces: Iterable<{ text: string; at: number }>,
): Located[] | { error: string } {
  const pattern = compileQuery(query);
  if (!(pattern instanceof RegExp)) return pattern;
  const out: Located[] = [];
  for (const piece of pieces) {
    for (const m of findAll(piece.text, pattern, MAX_MATCHES - out.length)) {
      out.push({ ...m, from: m.from + piece.at, to: m.to + piece.at });
    }
    if (out.length >= MAX_MATCHES) break;
  }
  return out;
}

export function stateOf(matches: readonly Located[], current: number, error?: string): FindState {
  return {
    count: matches.length,
    current,
    capped: matches.length >= MAX_MATCHES,
    ...(error !== undefined ? { error } : {}),
  };
}
