/**
 * A `browser_read` extract answer within SPEC §2's byte bound. Page markdown can run far past
 * 75,000 bytes; rather than the generic preview (not valid JSON, and cut before the fields that
 * follow the markdown), the answer stays the extract shape: its small fields whole and first, the
 * markdown last and cut at a clean boundary, with `truncated: true`, how long the markdown was,
 * how much of it is given, and a note.
 */
import { MAX_RESULT_BYTES } from './envelopes';
import { jsonBytes, longestFittingPrefix } from './listCut';

/** The longest title or byline given, in UTF-16 code units (the reader's own title cap). */
export const SMALL_FIELD_CAP = 500;

/** How far back from the longest cut that fits a paragraph or line break is looked for. */
const BREAK_WINDOW = 2_000;
/** How far back a space is looked for, when there is no break near. */
const WORD_WINDOW = 200;

const WHERE = {
  paragraph: 'a paragraph break',
  line: 'a line break',
  word: 'a space between words',
  character: 'a character boundary',
} as const;
type Where = keyof typeof WHERE;

/** The longest description of a cut, assumed while searching so the real one always fits. */
const WIDEST_WHERE = Object.values(WHERE).reduce((a, b) => (a.length >= b.length ? a : b));

const ZERO_WIDTH_JOINER = '\u200d';

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** `end`, moved back by one when it would split a surrogate pair. */
function codePointEnd(text: string, end: number): number {
  if (end <= 0 || end >= text.length) return Math.max(0, Math.min(end, text.length));
  const splits = isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end));
  return splits ? end - 1 : end;
}

/** `text` cut to at most `max` UTF-16 units between code points, with "…" when it was cut. */
export function capText(text: string, max: number = SMALL_FIELD_CAP): string {
  if (text.length <= max) return text;
  return `${text.slice(0, codePointEnd(text, max))}…`;
}

/**
 * Where to end a cut that may go up to `end`: a paragraph or line break not far before it, else a
 * space between words, else `end` itself (between code points, a dangling joiner dropped).
 */
export function cleanCut(text: string, end: number): { end: number; where: Where } {
  const paragraph = text.lastIndexOf('\n\n', end);
  if (paragraph > 0 && paragraph >= end - BREAK_WINDOW)
    return { end: paragraph, where: 'paragraph' };
  const line = text.lastIndexOf('\n', end);
  if (line > 0 && line >= end - BREAK_WINDOW) return { end: line, where: 'line' };
  for (let i = Math.min(end, text.length - 1); i > 0 && i >= end - WORD_WINDOW; i--) {
    if (text[i] === ' ' || text[i] === '\t') return { end: i, where: 'word' };
  }
  return { end: characterCut(text, end), where: 'character' };
}

/** `end` between code points, a joiner left dangling before it dropped. */
function characterCut(text: string, end: number): number {
  let at = codePointEnd(text, end);
  while (at > 0 && text[at - 1] === ZERO_WIDTH_JOINER) at--;
  return at;
}

/** Whether `data` is an extract answer: it has markdown as a string. */
function isExtractAnswer(
  data: Record<string, unknown>,
): data is Record<string, unknown> & { markdown: string } {
  return typeof data.markdown === 'string';
}

/** The answer with title and byline capped, and `markdown` moved after every other field. */
function smallFirst(data: Record<string, unknown> & { markdown: string }): Record<string, unknown> {
  const { markdown, ...rest } = data;
  if (typeof rest.title === 'string') rest.title = capText(rest.title);
  if (typeof rest.byline === 'string') rest.byline = capText(rest.byline);
  return { ...rest, markdown };
}

function note(shown: number, total: number, where: string, maxBytes: number, htmlCut: boolean) {
  const page = htmlCut
    ? " The page's HTML was also longer than the capture cap, so even the whole markdown would cover only its start."
    : '';
  return (
    `Gave the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} characters of markdown, ending at ${where}, to keep this answer within ${maxBytes.toLocaleString('en-US')} bytes: the page is longer than one answer, and extract cannot give the rest.` +
    ` For a later section, query it with a CSS selector, or screenshot it.${page}`
  );
}

/**
 * The extract answer with its small fields before the markdown (title and byline capped at
 * `SMALL_FIELD_CAP`), as it is otherwise when it fits `maxBytes`; else with the longest start of
 * the markdown that fits, cut at a clean boundary, `truncated: true`, `markdownLength` and
 * `markdownShown` (UTF-16 units) and a `truncation_note`. When not even an empty markdown fits,
 * the ordered answer is returned and the generic bound (`limitSize`) is the last resort.
 */
export function extractAnswer(
  data: Record<string, unknown>,
  maxBytes: number = MAX_RESULT_BYTES,
): Record<string, unknown> {
  if (!isExtractAnswer(data)) return data;
  const whole = smallFirst(data);
  const markdown = data.markdown;
  if (markdown.length === 0 || jsonBytes(whole) <= maxBytes) return whole;

  const htmlCut = data.truncated === true;
  const small: Record<string, unknown> = { ...whole };
  delete small.markdown;
  const render = (end: number, where: string): Record<string, unknown> => {
    const shown = markdown.slice(0, end);
    return {
      ...small,
      truncated: true,
      markdownLength: markdown.length,
      markdownShown: shown.length,
      truncation_note: note(shown.length, markdown.length, where, maxBytes, htmlCut),
      markdown: shown,
    };
  };
  // Every unit costs at least a byte, so no more than maxBytes units can fit.
  const most = Math.min(markdown.length - 1, maxBytes);
  const longest = (where: string) =>
    codePointEnd(
      markdown,
      longestFittingPrefix(most, (n) => render(codePointEnd(markdown, n), where), maxBytes),
    );
  const cut = cleanCut(markdown, longest(WIDEST_WHERE));
  // With no boundary near, the cut is wherever the bytes run out: search again with its own words.
  const end =
    cut.where === 'character' ? characterCut(markdown, longest(WHERE.character)) : cut.end;
  const answer = render(end, WHERE[cut.where]);
  return jsonBytes(answer) <= maxBytes ? answer : whole;
}
