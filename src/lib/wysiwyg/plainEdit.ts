/**
 * Whether replacing stretches of a markdown text can only change its words, never how it parses.
 * Typing in the middle of a long list changes a few letters; recognising that saves parsing the
 * whole block again to check the result (parsing a big list costs milliseconds per keystroke).
 */

/** `[from, to)` of the text becomes `insert`. */
export interface TextEdit {
  from: number;
  to: number;
  insert: string;
}

/** Letters, digits and spaces: what a plain edit may remove and insert. */
const PLAIN = /^[\p{L}\p{N} ]*$/u;
const LETTER = /\p{L}/u;
const WORD = /[\p{L}\p{N}]/u;
/**
 * Characters a word next to a plain edit may hold: none of them starts or ends a construct by
 * itself (URLs need `://`, `www.` or `@`, which are checked apart; entities `&`, HTML `<`,
 * labels `[`, escapes `\`, code `` ` ``, tables `|`, headings `#` are not here).
 */
const TOKEN = /^[\p{L}\p{N} *_~'",;:!?.()/-]*$/u;

type Kind = 'word' | 'space' | 'line' | 'mark' | 'other';

/**
 * Characters whose meaning depends on what is next to them: emphasis and strikethrough
 * delimiters flank, a backslash escapes or breaks a line, dashes, colons and backticks make rules,
 * underlines, table delimiter rows and fences.
 */
const MARK = /[*_~\\`:-]/;

function kindOf(c: string | undefined): Kind {
  if (c === undefined || c === '\n' || c === '\r') return 'line';
  if (c === ' ' || c === '\t') return 'space';
  if (WORD.test(c)) return 'word';
  return MARK.test(c) ? 'mark' : 'other';
}

/** Whether a run of spaces or tabs from `at` going `step` reaches a character on the same line. */
function spacesLeadToText(text: string, at: number, step: 1 | -1): boolean {
  let i = at;
  while (text[i] === ' ' || text[i] === '\t') i += step;
  return kindOf(text[i]) !== 'line';
}

/** The whitespace-free stretch around `[from, to)` once `insert` replaces it. */
function wordAround(text: string, from: number, to: number, insert: string): string {
  const a = wordStart(text, from);
  let b = to;
  while (b < text.length && !/\s/.test(text[b])) b++;
  return text.slice(a, from) + insert + text.slice(to, b);
}

/**
 * Whether `open` is the nearest of `open` and `close` before `at` in its paragraph (back to a blank
 * line): the edit is inside a bracket that a change of letters could spoil (a reference label,
 * an HTML tag).
 */
function insideOpen(text: string, at: number, open: string, close: string): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i];
    if (c === open) return true;
    if (c === close) return false;
    if (c === '\n' && /^\n[ \t]*(\n|$)/.test(text.slice(i, i + 80))) return false;
  }
  return false;
}

function safeWord(word: string): boolean {
  const lower = word.toLowerCase();
  return TOKEN.test(word) && !lower.includes('www.') && !lower.includes('://');
}

/**
 * Whether one edit can only change words: it removes and inserts letters, digits and spaces;
 * what sits next to it keeps seeing the same kind of character (so emphasis delimiters flank as
 * before, and no indentation, trailing spaces or line-start marker changes); and the words around
 * it hold nothing that letters could turn into a link, entity, tag or label.
 */
function plainOne(text: string, e: TextEdit): boolean {
  const old = text.slice(e.from, e.to);
  if (old === e.insert || !PLAIN.test(old) || !PLAIN.test(e.insert)) return false;
  const before = text[e.from - 1];
  const after = e.to < text.length ? text[e.to] : undefined;
  // Words must not split, join, appear or vanish: that could make another word the first of a
  // line or of a list item, where it might be a marker. So spaces change only between letters,
  // and a word emptied or made from nothing must lean on a character next to it.
  const inWord = (k: Kind) => k !== 'space' && k !== 'line';
  const leans = inWord(kindOf(before)) || inWord(kindOf(after));
  if (
    (old.includes(' ') || e.insert.includes(' ')) &&
    !(kindOf(before) === 'word' && kindOf(after) === 'word')
  )
    return false;
  if ((!WORD.test(old) || !WORD.test(e.insert)) && !leans) return false;
  const firstOld = old[0] ?? after;
  const firstNew = e.insert[0] ?? after;
  const lastOld = old[old.length - 1] ?? before;
  const lastNew = e.insert[e.insert.length - 1] ?? before;
  switch (kindOf(before)) {
    case 'line':
      // At the start of a line only letters: digits could become a list marker, spaces indent.
      if (!LETTER.test(firstOld ?? '') || !LETTER.test(firstNew ?? '')) return false;
      break;
    case 'space':
      if (!spacesLeadToText(text, e.from - 1, -1)) return false;
      break;
    case 'mark':
      if (kindOf(firstOld) !== kindOf(firstNew)) return false;
      break;
  }
  switch (kindOf(after)) {
    case 'line': {
      // At the end of a line: no trailing spaces (a hard break), no mark that ends it changed.
      const ends = (k: Kind) => k === 'word' || k === 'other';
      if (!ends(kindOf(lastOld)) || !ends(kindOf(lastNew))) return false;
      break;
    }
    case 'space':
      if (!spacesLeadToText(text, e.to, 1)) return false;
      break;
    case 'mark':
      if (kindOf(lastOld) !== kindOf(lastNew)) return false;
      break;
  }
  const words = [wordAround(text, e.from, e.to, old), wordAround(text, e.from, e.to, e.insert)];
  // A word that begins with a digit could become an ordered list marker.
  if (words.some((w) => /^\p{N}/u.test(w))) return false;
  if (insideOpen(text, e.from, '[', ']') || insideOpen(text, e.from, '<', '>')) return false;
  return words.every(safeWord);
}

function wordStart(text: string, at: number): number {
  while (at > 0 && !/\s/.test(text[at - 1])) at--;
  return at;
}

/**
 * Whether the edits (sorted, not touching one another) can only change the words of `text`:
 * parsing the result gives the same blocks and inline structure with other words in them.
 */
export function isPlainEdit(text: string, edits: readonly TextEdit[]): boolean {
  if (edits.length === 0) return false;
  for (let i = 0; i < edits.length; i++) {
    if (i > 0 && edits[i].from <= edits[i - 1].to) return false;
    if (!plainOne(text, edits[i])) return false;
  }
  return true;
}
