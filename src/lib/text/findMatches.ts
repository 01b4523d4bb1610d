/**
 * Find and replace over plain text, the same in both editing modes: a query is literal text or a
 * regular expression, optionally case-sensitive and whole-word. Matches never have zero length
 * (a pattern such as `^` or `a*` finds only its non-empty matches). A replacement in regex mode
 * may name groups: `$1`…`$99`, `$<name>`, `$&` for the whole match, `$$` for a dollar sign.
 */

export interface FindQuery {
  text: string;
  caseSensitive: boolean;
  wholeWord: boolean;
  regex: boolean;
}

export interface Match {
  from: number;
  to: number;
  /** The match and its groups, as RegExp.exec gives them (for the replacement). */
  groups: (string | undefined)[];
  named?: Record<string, string | undefined>;
}

/** Most matches found in one text; more are not highlighted (the count says "10000+"). */
export const MAX_MATCHES = 10_000;

const WORD_CHAR = String.raw`[\p{L}\p{N}\p{M}_]`;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Why nothing was searched: the UI words these in its language (see ui/findStatus.ts). */
export const EMPTY_QUERY = 'Type something to find.';
/** Starts the refusal of a broken pattern; the regex engine's own reason follows. */
export const BAD_PATTERN = 'Not a valid regular expression: ';

/** The query as a global, Unicode regular expression, or why it cannot be one. */
export function compileQuery(query: FindQuery): RegExp | { error: string } {
  if (query.text === '') return { error: EMPTY_QUERY };
  let source = query.regex ? query.text : escapeRegex(query.text);
  if (query.wholeWord) source = `(?<!${WORD_CHAR})(?:${source})(?!${WORD_CHAR})`;
  const flags = `gu${query.caseSensitive ? '' : 'i'}${query.regex ? 'm' : ''}`;
  try {
    return new RegExp(source, flags);
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^Invalid regular expression: /, '') : '';
    return { error: `${BAD_PATTERN}${why}` };
  }
}

/** Every non-empty match of `pattern` (from compileQuery) in `text`, in order, up to `limit`. */
export function findAll(text: string, pattern: RegExp, limit = MAX_MATCHES): Match[] {
  const re = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  const out: Match[] = [];
  let m: RegExpExecArray | null;
  while (out.length < limit && (m = re.exec(text)) !== null) {
    if (m[0] === '') {
      // Step over the empty match (a whole code point, so a surrogate pair is not split).
      const code = text.codePointAt(re.lastIndex);
      re.lastIndex += code !== undefined && code > 0xffff ? 2 : 1;
      continue;
    }
    out.push({
      from: m.index,
      to: m.index + m[0].length,
      groups: [...m],
      ...(m.groups ? { named: { ...m.groups } } : {}),
    });
  }
  return out;
}

/** The text that replaces `match`: literal, or with `$…` references expanded in regex mode. */
export function replacementFor(match: Match, replacement: string, regex: boolean): string {
  if (!regex) return replacement;
  return replacement.replace(/\$(\$|&|<([^>]*)>|(\d{1,2}))/g, (all, what: string, name, digits) => {
    if (what === '$') return '$';
    if (what === '&') return match.groups[0] ?? '';
    if (name !== undefined) {
      if (!match.named || !(name in match.named)) return all;
      return match.named[name] ?? '';
    }
    // `$12` is group 12 when there is one, else group 1 followed by "2".
    const two = Number(digits);
    if (digits.length === 2 && two < match.groups.length) return match.groups[two] ?? '';
    const one = Number(digits[0]);
    if (one === 0 || one >= match.groups.length) return all;
    return (match.groups[one] ?? '') + digits.slice(1);
  });
}

/** The index of the first match starting at or after `position` (wrapping to 0), or -1. */
export function matchAtOrAfter(matches: readonly Match[], position: number): number {
  if (matches.length === 0) return -1;
  const at = matches.findIndex((m) => m.from >= position);
  return at < 0 ? 0 : at;
}
