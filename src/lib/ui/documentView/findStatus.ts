/**
 * What the find bar's status line says, in the UI's language: where the current match is among
 * them, that nothing matches, how many were replaced, or why nothing was searched. A broken
 * pattern's reason is the regex engine's own words, shown as they are.
 */
import type { FindState } from '../../editors/findTarget';
import { READ_ONLY } from '../../editors/findTarget';
import { t } from '../../i18n/i18n.svelte';
import { BAD_PATTERN, EMPTY_QUERY } from '../../text/findMatches';

/** A find refusal (English, as the editors give it) in the UI's language. */
export function findErrorText(error: string): string {
  if (error === EMPTY_QUERY) return t('find.emptyQuery');
  if (error === READ_ONLY) return t('find.readOnly');
  if (error.startsWith(BAD_PATTERN)) {
    return t('find.badRegex', { why: error.slice(BAD_PATTERN.length) });
  }
  return error;
}

/**
 * The status for `found` (the last answer of the editor) while `text` is the query; `replaced`
 * is the count of the last Replace all, until the query changes.
 */
export function findStatusText(
  found: FindState | null,
  text: string,
  replaced: number | null,
): string {
  if (replaced !== null) return t('find.replaced', { count: replaced });
  if (!found || text === '') return '';
  if (found.error) return findErrorText(found.error);
  if (found.count === 0) return t('find.noMatches');
  const params = { current: found.current + 1, count: found.count };
  return found.capped ? t('find.positionCapped', params) : t('find.position', params);
}
