/** A workflow source as lines: CRLF, CR and LF all end a line (U+2028/2029 do not); a BOM is dropped. */

export function sourceLines(source: string): string[] {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  return text.split(/\r\n|\r|\n/);
}

/** The 1-based number of the last line, not counting the empty one after a final line break. */
export function lastLine(lines: readonly string[]): number {
  return Math.max(1, lines.length - (lines.length > 1 && lines[lines.length - 1] === '' ? 1 : 0));
}
