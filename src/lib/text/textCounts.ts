/**
 * Word and character counts of a markdown document, as the status bar shows them. Counted is the
 * text a reader sees: front matter, markup (heading marks, emphasis, list and quote markers, link
 * targets, HTML tags, fence lines) is left out; code and formulas count as written.
 *
 * Words follow the language. Chinese and Japanese are written without spaces, so every Han
 * ideograph and every kana counts as one word (as Typora and desktop VMark count them); Korean,
 * Latin, Cyrillic and the rest are split into words by Intl.Segmenter (Korean separates its words
 * with spaces). Characters are grapheme clusters (an emoji with its modifiers, or a letter with
 * its combining accent, is one); `charactersNoSpaces` leaves out white space.
 */

export interface TextCounts {
  words: number;
  characters: number;
  charactersNoSpaces: number;
}

/** Han ideographs (with extensions and compatibility forms), hiragana, katakana. */
const PER_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u30FC]/u;
const PER_CHARACTER_ALL = new RegExp(PER_CHARACTER.source, 'gu');
const SPACE = /^\s+$/u;

const FRONT_MATTER = /^(?:\uFEFF)?---[ \t]*\r?\n[\s\S]*?\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const FENCE_LINE = /^[ \t]{0,3}(?:`{3,}|~{3,}).*$/gm;
const HEADING_MARK = /^[ \t]{0,3}#{1,6}(?=[ \t]|$)[ \t]*/gm;
const SETEXT_LINE = /^[ \t]{0,3}(?:=+|-+)[ \t]*$/gm;
const THEMATIC_BREAK = /^[ \t]{0,3}(?:(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/gm;
const BLOCK_MARKS = /^(?:[ \t]*(?:>[ \t]?|[-+*][ \t]+(?:\[[ xX]\][ \t]+)?|\d{1,9}[.)][ \t]+))+/gm;
const IMAGE_OR_LINK = /!?\[([^\]\n]*)\]\((?:[^()\n]|\([^()\n]*\))*\)/g;
const REFERENCE_LINK = /\[([^\]\n]+)\]\[[^\]\n]*\]/g;
const DEFINITION = /^[ \t]{0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm;
const AUTOLINK = /<((?:https?|mailto):[^>\s]*)>/g;
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<!--[\s\S]*?-->/g;
const EMPHASIS = /(\*{1,3}|_{1,3}|~~|==)(?=\S)([\s\S]*?\S)\1/g;
const CODE_TICKS = /(`+)([^`]|[^`][\s\S]*?[^`])\1/g;
const TABLE_RULE = /^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*\|?[ \t]*$/gm;
const TABLE_PIPE = /(^|[^\\])\|/g;

/** The text a reader sees of a markdown document (an approximation, never longer than it). */
export function readableText(markdown: string): string {
  return markdown
    .replace(FRONT_MATTER, '')
    .replace(FENCE_LINE, '')
    .replace(DEFINITION, '')
    .replace(TABLE_RULE, '')
    .replace(SETEXT_LINE, '')
    .replace(THEMATIC_BREAK, '')
    .replace(HEADING_MARK, '')
    .replace(BLOCK_MARKS, '')
    .replace(CODE_TICKS, '$2')
    .replace(IMAGE_OR_LINK, '$1')
    .replace(REFERENCE_LINK, '$1')
    .replace(AUTOLINK, '$1')
    .replace(HTML_TAG, '')
    .replace(EMPHASIS, '$2')
    .replace(EMPHASIS, '$2')
    .replace(TABLE_PIPE, '$1 ');
}

let words: Intl.Segmenter | null = null;
let graphemes: Intl.Segmenter | null = null;

/** Counts of plain text (no markup is removed). */
export function countPlain(text: string): TextCounts {
  words ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let wordCount = 0;
  for (const s of words.segment(text)) {
    if (!s.isWordLike) continue;
    if (!PER_CHARACTER.test(s.segment)) {
      wordCount += 1;
      continue;
    }
    // Each Han or kana character is a word; letters or digits around them form one more.
    const each = s.segment.match(PER_CHARACTER_ALL)?.length ?? 0;
    const rest = s.segment.replace(PER_CHARACTER_ALL, ' ').trim();
    wordCount += each + (rest === '' ? 0 : rest.split(/\s+/u).length);
  }
  let characters = 0;
  let spaces = 0;
  for (const g of graphemes.segment(text)) {
    characters += 1;
    if (SPACE.test(g.segment)) spaces += 1;
  }
  return { words: wordCount, characters, charactersNoSpaces: characters - spaces };
}

/** Counts of what a reader sees of a markdown document. */
export function countMarkdown(markdown: string): TextCounts {
  return countPlain(readableText(markdown));
}
