/**
 * Find and replace inside one editor, the same contract for both modes (findInSource.ts,
 * findInProse.ts): every match is highlighted, one is current (selected and scrolled to).
 */
import {
  compileQuery,
  findAll,
  matchAtOrAfter,
  MAX_MATCHES,
  replacementFor,
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

/** The refusal to replace in a read-only document. */
export const READ_ONLY = 'This document is read-only.';

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

/** What one editor does for find and replace; the rest is findController's. */
export interface FindHost {
  /** The text to search, in pieces at their editor positions. */
  pieces(): Iterable<{ text: string; at: number }>;
  /** Where the cursor is (a new search starts there). */
  cursor(): number;
  /** Highlights the matches, the current one apart; `select` also selects and scrolls to it. */
  paint(matches: readonly Located[], current: number, select: boolean): void;
  editable(): boolean;
  /** Replaces the ranges (in document order) by their texts, as one undo step. */
  replace(edits: readonly { from: number; to: number; insert: string }[]): void;
}

/** Find and replace over a host: the query, the matches and which one is current. */
export function findController(host: FindHost): FindTarget {
  let query: FindQuery | null = null;
  let matches: readonly Located[] = [];
  let current = -1;
  const readOnly = () => stateOf(matches, current, READ_ONLY);

  const run = (near: number, select: boolean): FindState => {
    if (!query) return NOTHING;
    const found = locate(query, host.pieces());
    if ('error' in found) {
      matches = [];
      current = -1;
      host.paint(matches, current, false);
      return stateOf([], -1, found.error);
    }
    matches = found;
    current = matchAtOrAfter(matches, near);
    host.paint(matches, current, select);
    return stateOf(matches, current);
  };

  return {
    search(next) {
      query = next;
      if (next) return run(host.cursor(), true);
      matches = [];
      current = -1;
      host.paint(matches, current, false);
      return NOTHING;
    },
    refresh: () => run(matches[current]?.from ?? host.cursor(), false),
    step(direction) {
      if (matches.length === 0) return run(host.cursor(), true);
      current = (current + direction + matches.length) % matches.length;
      host.paint(matches, current, true);
      return stateOf(matches, current);
    },
    replace(replacement) {
      if (!host.editable()) return readOnly();
      const m = matches[current];
      if (!query || !m) return stateOf(matches, current);
      const insert = replacementFor(m, replacement, query.regex);
      host.replace([{ from: m.from, to: m.to, insert }]);
      return run(m.from + insert.length, true);
    },
    replaceAll(replacement) {
      if (!host.editable()) return { ...readOnly(), replaced: 0 };
      const all = query ? locate(query, host.pieces()) : [];
      if (!query || 'error' in all || all.length === 0) return { ...run(0, false), replaced: 0 };
      const regex = query.regex;
      host.replace(
        all.map((m) => ({ from: m.from, to: m.to, insert: replacementFor(m, replacement, regex) })),
      );
      return { ...run(host.cursor(), false), replaced: all.length };
    },
  };
}
