/**
 * HTML blocks (CommonMark kinds 1–7): which kind a line opens, and whether a line holds the end
 * marker of kinds 1–5. A port of micromark's `html-flow` state machine, so the scanner agrees
 * with the parser on exactly where raw HTML starts and stops.
 */

import {
  APOSTROPHE,
  BACKTICK,
  COLON,
  DASH,
  DOT,
  EQUALS,
  EXCLAMATION,
  GREATER_THAN,
  LEFT_BRACKET,
  LESS_THAN,
  QUESTION,
  QUOTE,
  RIGHT_BRACKET,
  SLASH,
  UNDERSCORE,
  isAsciiAlpha,
  isAsciiAlphanumeric,
  isBlankRange,
  isSpaceOrTab,
} from './charCodes';

/** 1 raw (`<script>`…), 2 comment, 3 processing instruction, 4 declaration, 5 CDATA, 6 block tag, 7 any complete tag. */
export type HtmlKind = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** Where the end-marker search resumes on the opening line, and in which state. */
export interface HtmlStart {
  kind: HtmlKind;
  resumeAt: number;
  state: EndState;
}

/** State of the end-marker search (see `htmlEndsOnLine`). */
export type EndState = 'text' | 'declaration';

const RAW_NAMES = new Set(['pre', 'script', 'style', 'textarea']);
const BLOCK_NAMES = new Set([
  'address',
  'article',
  'aside',
  'base',
  'basefont',
  'blockquote',
  'body',
  'caption',
  'center',
  'col',
  'colgroup',
  'dd',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'frame',
  'frameset',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'head',
  'header',
  'hr',
  'html',
  'iframe',
  'legend',
  'li',
  'link',
  'main',
  'menu',
  'menuitem',
  'nav',
  'noframes',
  'ol',
  'optgroup',
  'option',
  'p',
  'param',
  'search',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'title',
  'tr',
  'track',
  'ul',
]);
const CDATA = 'CDATA[';

/**
 * The HTML block a line opens at `from` (its `<`), or null. `interrupt` is set when the line
 * would otherwise continue a paragraph: kind 7 cannot do that, except on a lazy line.
 */
export function htmlBlockStart(
  src: string,
  from: number,
  to: number,
  interrupt: boolean,
  lazy: boolean,
): HtmlStart | null {
  const at = (index: number): number => (index < to ? src.charCodeAt(index) : -1);
  let index = from + 1;
  let closing = false;
  const first = at(index);
  if (first === EXCLAMATION) {
    index += 1;
    const next = at(index);
    if (next === DASH) {
      if (at(index + 1) !== DASH) return null;
      return { kind: 2, resumeAt: index + 2, state: 'declaration' };
    }
    if (next === LEFT_BRACKET) {
      if (src.slice(index + 1, index + 1 + CDATA.length) !== CDATA || index + CDATA.length >= to) {
        return null;
      }
      return { kind: 5, resumeAt: index + 1 + CDATA.length, state: 'text' };
    }
    if (isAsciiAlpha(next)) return { kind: 4, resumeAt: index + 1, state: 'declaration' };
    return null;
  }
  if (first === QUESTION) return { kind: 3, resumeAt: index + 1, state: 'declaration' };
  if (first === SLASH) {
    closing = true;
    index += 1;
  }
  if (!isAsciiAlpha(at(index))) return null;
  const nameStart = index;
  while (isAsciiAlphanumeric(at(index)) || at(index) === DASH) index += 1;
  const after = at(index);
  if (!(after === -1 || after === SLASH || after === GREATER_THAN || isSpaceOrTab(after))) {
    return null;
  }
  const name = src.slice(nameStart, index).toLowerCase();
  const slash = after === SLASH;
  if (!slash && !closing && RAW_NAMES.has(name)) return { kind: 1, resumeAt: index, state: 'text' };
  if (BLOCK_NAMES.has(name)) {
    if (slash && at(index + 1) !== GREATER_THAN) return null;
    return { kind: 6, resumeAt: to, state: 'text' };
  }
  if (interrupt && !lazy) return null;
  const end = closing ? completeClosingTag(at, index) : completeOpeningTag(at, index);
  if (end === -1 || !isBlankRange(src, end, to)) return null;
  return { kind: 7, resumeAt: to, state: 'text' };
}

/**
 * Whether `src[from, to)` contains the end marker of an HTML block of kind 1–5, scanning the
 * way micromark does (`state` is where the opening line left off; later lines start in `text`).
 */
export function htmlEndsOnLine(
  kind: HtmlKind,
  src: string,
  from: number,
  to: number,
  state: EndState = 'text',
): boolean {
  type State = 'text' | 'commentDash' | 'rawOpen' | 'rawName' | 'cdataBracket' | 'declaration';
  let current: State = state;
  let buffer = '';
  let index = from;
  while (index < to) {
    const code = src.charCodeAt(index);
    switch (current) {
      case 'text':
        if (code === DASH && kind === 2) current = 'commentDash';
        else if (code === LESS_THAN && kind === 1) current = 'rawOpen';
        else if (code === GREATER_THAN && kind === 4) return true;
        else if (code === QUESTION && kind === 3) current = 'declaration';
        else if (code === RIGHT_BRACKET && kind === 5) current = 'cdataBracket';
        index += 1;
        continue;
      case 'commentDash':
        if (code === DASH) {
          current = 'declaration';
          index += 1;
        } else current = 'text';
        continue;
      case 'rawOpen':
        if (code === SLASH) {
          current = 'rawName';
          buffer = '';
          index += 1;
        } else current = 'text';
        continue;
      case 'rawName':
        if (code === GREATER_THAN) {
          if (RAW_NAMES.has(buffer.toLowerCase())) return true;
          current = 'text';
        } else if (isAsciiAlpha(code) && buffer.length < 8) {
          buffer += src[index];
          index += 1;
        } else current = 'text';
        continue;
      case 'cdataBracket':
        if (code === RIGHT_BRACKET) {
          current = 'declaration';
          index += 1;
        } else current = 'text';
        continue;
      case 'declaration':
        if (code === GREATER_THAN) return true;
        if (code === DASH && kind === 2) index += 1;
        else current = 'text';
        continue;
    }
  }
  return false;
}

type At = (index: number) => number;

/** End of `</name   >` after the tag name, or -1. */
function completeClosingTag(at: At, from: number): number {
  let index = from;
  while (isSpaceOrTab(at(index))) index += 1;
  return at(index) === GREATER_THAN ? index + 1 : -1;
}

/** End of an opening tag's attributes and `>` (or `/>`) after the tag name, or -1. */
function completeOpeningTag(at: At, from: number): number {
  let index = from;
  let afterName = false;
  for (;;) {
    const code = at(index);
    if (afterName) {
      if (isSpaceOrTab(code)) {
        index += 1;
        continue;
      }
      afterName = false;
      if (code !== EQUALS) continue;
      index += 1;
      while (isSpaceOrTab(at(index))) index += 1;
      const valueStart = at(index);
      if (
        valueStart === -1 ||
        valueStart === LESS_THAN ||
        valueStart === EQUALS ||
        valueStart === GREATER_THAN ||
        valueStart === BACKTICK
      ) {
        return -1;
      }
      if (valueStart === QUOTE || valueStart === APOSTROPHE) {
        index += 1;
        while (at(index) !== valueStart) {
          if (at(index) === -1) return -1;
          index += 1;
        }
        index += 1;
        const afterQuote = at(index);
        if (!(afterQuote === SLASH || afterQuote === GREATER_THAN || isSpaceOrTab(afterQuote))) {
          return -1;
        }
      } else {
        while (isUnquotedValueChar(at(index))) index += 1;
        afterName = true;
      }
      continue;
    }
    if (code === SLASH) return at(index + 1) === GREATER_THAN ? index + 2 : -1;
    if (isSpaceOrTab(code)) {
      index += 1;
    } else if (code === COLON || code === UNDERSCORE || isAsciiAlpha(code)) {
      index += 1;
      while (isAttributeNameChar(at(index))) index += 1;
      afterName = true;
    } else {
      return code === GREATER_THAN ? index + 1 : -1;
    }
  }
}

function isAttributeNameChar(code: number): boolean {
  return (
    code === DASH ||
    code === DOT ||
    code === COLON ||
    code === UNDERSCORE ||
    isAsciiAlphanumeric(code)
  );
}

function isUnquotedValueChar(code: number): boolean {
  return !(
    code === -1 ||
    code === QUOTE ||
    code === APOSTROPHE ||
    code === SLASH ||
    code === LESS_THAN ||
    code === EQUALS ||
    code === GREATER_THAN ||
    code === BACKTICK ||
    isSpaceOrTab(code)
  );
}
