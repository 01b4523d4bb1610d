/**
 * Sizes of text as MCP answers carry it: UTF-8 bytes, and bytes inside a JSON string literal
 * (JSON.stringify's escapes), with cuts that fall between code points so that a UTF-16 pair is
 * never split.
 */

/** UTF-8 byte length without encoding the string (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Raw UTF-8 bytes of one code point. */
function codePointBytes(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/** Bytes each ASCII character takes inside a JSON string literal (`"` → `\"`, U+0001 → `\u0001`). */
const ASCII_ESCAPED_BYTES = Array.from(
  { length: 0x80 },
  (_, code) => JSON.stringify(String.fromCharCode(code)).length - 2,
);

/** Bytes one code point takes inside a JSON string literal, as JSON.stringify writes it. */
function escapedBytes(codePoint: number): number {
  if (codePoint < 0x80) return ASCII_ESCAPED_BYTES[codePoint];
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 6; // a lone surrogate becomes \udXXX
  return codePointBytes(codePoint);
}

/**
 * The end of the longest slice `text[start, e)`, `e ≤ end`, cut between code points, whose
 * escaped form inside a JSON string fits `budget` bytes.
 */
export function jsonFittingEnd(text: string, start: number, end: number, budget: number): number {
  let used = 0;
  let i = start;
  while (i < end) {
    const codePoint = text.codePointAt(i) ?? 0;
    const width = codePoint > 0xffff ? 2 : 1;
    if (i + width > end) break;
    const cost = escapedBytes(codePoint);
    if (used + cost > budget) break;
    used += cost;
    i += width;
  }
  return i;
}
