/** GitHub alerts: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]`. */

export type AlertKind = 'note' | 'tip' | 'important' | 'warning' | 'caution';

const MARKER = /^\[!(note|tip|important|warning|caution)\][ \t]*(?:\n|$)/i;

/** The alert a block quote's first paragraph (its text) makes, and the marker's length. */
export function alertMarker(text: string): { kind: AlertKind; length: number } | null {
  const m = MARKER.exec(text);
  if (!m) return null;
  return { kind: m[1].toLowerCase() as AlertKind, length: m[1].length + 3 };
}
