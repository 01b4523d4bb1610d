/**
 * Ranking for the command palette: every character of the query must appear in the label in
 * order (case and accents ignored). Matches at word starts and consecutive runs score higher, a
 * label starting with the query highest; ties keep the list's order.
 */

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A score (higher is better), or null when the label does not contain the query in order. */
export function fuzzyScore(query: string, label: string): number | null {
  const q = [...fold(query.trim())].filter((c) => c !== ' ');
  if (q.length === 0) return 0;
  const l = [...fold(label)];
  let score = 0;
  let at = 0;
  let previous = -2;
  for (const c of q) {
    let found = -1;
    for (let i = at; i < l.length; i += 1) {
      if (l[i] === c) {
        found = i;
        break;
      }
    }
    if (found < 0) return null;
    const wordStart = found === 0 || /[\s\-_/.:(]/u.test(l[found - 1]);
    score += 1 + (wordStart ? 3 : 0) + (found === previous + 1 ? 2 : 0);
    previous = found;
    at = found + 1;
  }
  if (fold(label).startsWith(q.join(''))) score += 10;
  return score - l.length / 100;
}

/** The best score among an item's labels (e.g. as shown and in English), or null for none. */
function bestScore(query: string, labels: string | readonly string[]): number | null {
  let best: number | null = null;
  for (const label of typeof labels === 'string' ? [labels] : labels) {
    const score = fuzzyScore(query, label);
    if (score !== null && (best === null || score > best)) best = score;
  }
  return best;
}

/**
 * The items whose label (or one of their labels) matches, best first (stable for equal
 * scores).
 */
export function rankByQuery<T>(
  query: string,
  items: readonly T[],
  label: (item: T) => string | readonly string[],
): T[] {
  return items
    .map((item, index) => ({ item, index, score: bestScore(query, label(item)) }))
    .filter((x): x is { item: T; index: number; score: number } => x.score !== null)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((x) => x.item);
}
