/**
 * A click or type whose target is gone may have been renamed ("Save" → "Save now"). Self-heal
 * proposes one candidate of the same role, and only when it is clearly the same control:
 * - the old name extended by up to two words at its end ("Save" → "Save now", "Save draft"); or
 * - a name close to the old one by edit distance: similarity ≥ 0.85 (≥ 0.6 for a read whose
 *   candidate starts with the old name);
 * - never the old name with something put in front ("Unpublish" for "Publish": often its
 *   opposite), and never when two candidates tie or the winning name appears twice.
 * A healed act always needs a fresh approval from the person, even under a standing grant.
 */

/** Levenshtein distance, in O(n·m) time and O(m) memory. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

export interface Candidate {
  role: string;
  name: string;
}

/** Words a candidate adds at the end of the old name, or -1 when it does not extend it. */
function addedWords(old: string, name: string): number {
  if (!name.startsWith(old) || name.length === old.length) return -1;
  const rest = name.slice(old.length);
  if (!/^[\s\-–—:,]/.test(rest)) return -1;
  return rest.split(/[\s\-–—:,]+/).filter((w) => w !== '').length;
}

/** The renamed control to use instead of `failed`, or null when none is clearly it. */
export function proposeHeal(
  failed: Candidate,
  candidates: readonly Candidate[],
  write: boolean,
): Candidate | null {
  const old = failed.name.trim().toLowerCase();
  const scored = candidates
    .filter((c) => c.role === failed.role && c.name !== failed.name)
    .flatMap((c) => {
      const name = c.name.trim().toLowerCase();
      if (old === '' || (name.endsWith(old) && name !== old)) return [];
      const words = addedWords(old, name);
      if (words >= 1 && words <= 2) return [{ c, score: 0.9 - 0.01 * words }];
      const score = similarity(old, name);
      const floor = !write && name.startsWith(old) ? 0.6 : 0.85;
      return score >= floor ? [{ c, score }] : [];
    })
    .sort((x, y) => y.score - x.score);
  if (scored.length === 0) return null;
  if (scored.length > 1 && scored[1].score === scored[0].score) return null;
  const winner = scored[0].c;
  const twins = candidates.filter((c) => c.role === winner.role && c.name === winner.name);
  return twins.length > 1 ? null : winner;
}
