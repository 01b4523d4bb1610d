/**
 * The line rules an edited piece of workflow text must keep to be read alone as it reads in
 * place (see pieces.ts): checked on the text, before any parse.
 */

/**
 * Whether an edited piece still starts with an entry at `column` on its first line, keeps every
 * other non-blank line at or past that column (comments aside), has no tab where indentation
 * is, no document marker, directive or explicit key, no line that could run on into the line
 * after the piece, and ends with a line break unless it ends the text.
 */
export function wellShaped(piece: string, column: number, atEnd: boolean): boolean {
  if (!atEnd && !piece.endsWith('\n')) return false;
  const lines = piece.split('\n');
  let unbounded = false;
  for (const [index, line] of lines.entries()) {
    const indent = line.length - line.trimStart().length;
    const rest = line.slice(indent).replace(/\r$/, '');
    if (line.slice(0, indent).includes('\t')) return false;
    if (rest === '') {
      if (index === 0) return false;
      if (/^[^ \t\r]/.test(lines[index + 1] ?? '')) unbounded = true;
      continue;
    }
    // Document markers and directives: the piece would read as another document.
    if (indent === 0 && /^(---|\.\.\.)([ \t]|$)|^%/.test(rest)) return false;
    // Explicit keys and values (`? key`, `: value`) pair up across lines with what follows.
    if (/^(- +)*[?:]([ \t]|$)/.test(rest)) return false;
    if (rest.startsWith('#')) {
      if (index === 0) return false;
      if (indent <= column && /^#[^ \t]/.test(rest)) unbounded = true;
      continue;
    }
    if (index === 0 ? indent !== column : indent < column) return false;
    if (unbounded && !startsEntry(rest)) return false;
    unbounded = false;
  }
  return true;
}

/**
 * Whether a line starts a sequence item or a key: both set how deep the lines after them must
 * be to continue a plain scalar. The `yaml` lexer stops checking that depth after a blank line
 * followed by a line that starts at column 0, or after a comment with no space after its `#` at
 * or left of the piece's column; a plain scalar that starts a line after that runs on into any
 * line that follows, the first line after the piece included, which a piece read alone cannot
 * show. Such a line must not come before the next key or item.
 */
function startsEntry(rest: string): boolean {
  if (/^-( |$)/.test(rest)) return true;
  if (!/^[^\s"'[\]{}|>&*!%@`#,?:-]/.test(rest)) return false;
  const comment = rest.search(/ #/);
  const text = comment < 0 ? rest : rest.slice(0, comment);
  return /: /.test(text) || /:\s*$/.test(text);
}
