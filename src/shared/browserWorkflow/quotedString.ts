/**
 * JSON-style quoted strings inside a step: scanned left to right in one pass (no backtracking, so
 * no pathological input), unescaped by JSON's rules. An invalid escape or a raw control character
 * makes the string malformed; it is never kept as written.
 */

export type Scanned = { ok: true; value: string; end: number } | { ok: false; reason: string };

/** Reads the quoted string starting at `text[start]` (which must be `"`). */
export function scanQuoted(text: string, start: number): Scanned {
  if (text[start] !== '"') return { ok: false, reason: 'a quoted name or text was expected' };
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      try {
        return { ok: true, value: JSON.parse(text.slice(start, i + 1)) as string, end: i + 1 };
      } catch {
        return { ok: false, reason: 'the quoted text has an invalid escape' };
      }
    }
    if (c < 0x20) return { ok: false, reason: 'the quoted text holds a control character' };
    i += c === 0x5c ? 2 : 1;
  }
  return { ok: false, reason: 'the quoted text is not closed' };
}
