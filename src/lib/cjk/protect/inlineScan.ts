/**
 * The inline half of finding protected regions: code spans, math, raw HTML, autolinks, link
 * destinations, reference labels, backslash escapes and entities inside one paragraph, heading
 * or table row. Bare URLs and e-mail addresses are found afterwards in what is left
 * (`urls.ts`), so a URL inside code or a link destination is not found twice.
 */

import type { InlineGroup } from './blockScan';
import { linkTailEnd, looseLabelKey } from './links';
import type { ProtectedKind, ProtectedRange } from './ranges';

const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]$/;
const ENTITY = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/y;
const AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/y;
const EMAIL_AUTOLINK =
  /<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>/y;
const OPEN_TAG =
  /<([A-Za-z][A-Za-z0-9-]*)(?:\s+[A-Za-z_:][A-Za-z0-9_.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*(\/?)>/y;
const CLOSE_TAG = /<\/[A-Za-z][A-Za-z0-9-]*\s*>/y;
const FOOTNOTE_REFERENCE = /\[\^[^\]\s]+\]/y;
// Full-width forms count too: `cjk-format` turns them into ASCII, which must not make math
// found before formatting disappear after it.
const WORD = /^[A-Za-z0-9\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]$/;
const DIGIT = /^[0-9\uFF10-\uFF19]$/;
/** Elements whose content is code or otherwise not prose: protected up to the closing tag. */
const RAW_CONTENT = new Set(['code', 'pre', 'kbd', 'samp', 'var', 'script', 'style', 'textarea']);

/** Adds the protected regions of one inline group to `out`. */
export function scanInline(
  source: string,
  group: InlineGroup,
  labels: ReadonlySet<string>,
  out: ProtectedRange[],
): void {
  const end = group.end;
  const openBrackets: number[] = [];
  const protect = (from: number, to: number, kind: ProtectedKind): number => {
    out.push({ start: from, end: to, kind });
    return to;
  };
  let index = group.start;
  while (index < end) {
    const ch = source[index];
    let next = index + 1;
    if (ch === '\\') {
      if (index + 1 < end && ASCII_PUNCTUATION.test(source[index + 1])) {
        next = protect(index, index + 2, 'escape');
      }
    } else if (ch === '`') {
      next = codeSpan(source, index, end, protect);
    } else if (ch === '$') {
      next = math(source, index, end, protect);
    } else if (ch === '<') {
      next = html(source, index, end, protect);
    } else if (ch === '&') {
      const match = sticky(ENTITY, source, index, end);
      if (match) next = protect(index, match, 'entity');
    } else if (ch === '[') {
      const special =
        source[index + 1] === '['
          ? wikiLinkEnd(source, index, end)
          : sticky(FOOTNOTE_REFERENCE, source, index, end);
      if (special) next = protect(index, special, 'reference');
      else openBrackets.push(index);
    } else if (ch === ']') {
      next = closeBracket(source, index, end, openBrackets.pop(), labels, protect);
    }
    index = next;
  }
}

type Protect = (from: number, to: number, kind: ProtectedKind) => number;

/** A backtick run opens a code span closed by the next run of the same length. */
function codeSpan(source: string, index: number, end: number, protect: Protect): number {
  const size = runLength(source, index, '`', end);
  let search = index + size;
  while (search < end) {
    const found = source.indexOf('`', search);
    if (found < 0 || found >= end) break;
    const closing = runLength(source, found, '`', end);
    if (closing === size) return protect(index, found + size, 'code-span');
    search = found + closing;
  }
  return index + size;
}

/**
 * `$$…$$` anywhere, and `$…$` when the opening `$` is followed by a non-space and not preceded
 * by a letter or digit, and the closing `$` is preceded by a non-space and not followed by a
 * digit (Pandoc's rule). So `$5 and $6` and `US$5` are prices, not math.
 */
function math(source: string, index: number, end: number, protect: Protect): number {
  if (source[index + 1] === '$') {
    const close = source.indexOf('$$', index + 2);
    return close >= 0 && close + 2 <= end ? protect(index, close + 2, 'math') : index + 2;
  }
  const after = source[index + 1];
  if (after === undefined || /\s/.test(after) || WORD.test(source[index - 1] ?? '')) {
    return index + 1;
  }
  for (let close = index + 1; close < end; close += 1) {
    const ch = source[close];
    if (ch === '\\') close += 1;
    else if (ch === '$' && !/\s/.test(source[close - 1]) && !DIGIT.test(source[close + 1] ?? '')) {
      return protect(index, close + 1, 'math');
    }
  }
  return index + 1;
}

/** Comments, processing instructions, declarations, CDATA, autolinks and tags. */
function html(source: string, index: number, end: number, protect: Protect): number {
  const closeAt = (marker: string, from: number) => {
    const found = source.indexOf(marker, from);
    return found >= 0 && found + marker.length <= end ? found + marker.length : 0;
  };
  let stop: number;
  let kind: ProtectedKind = 'html';
  if (source.startsWith('<!--', index)) stop = closeAt('-->', index + 2);
  else if (source.startsWith('<![CDATA[', index)) stop = closeAt(']]>', index + 9);
  else if (source.startsWith('<?', index)) stop = closeAt('?>', index + 2);
  else if (/^<![A-Za-z]/.test(source.slice(index, index + 3))) stop = closeAt('>', index + 2);
  else {
    stop = sticky(AUTOLINK, source, index, end) || sticky(EMAIL_AUTOLINK, source, index, end);
    if (stop) kind = 'autolink';
    else stop = sticky(CLOSE_TAG, source, index, end) || openTag(source, index, end);
  }
  return stop ? protect(index, stop, kind) : index + 1;
}

/** An opening tag; for elements such as `<code>` and `<pre>`, through the closing tag. */
function openTag(source: string, index: number, end: number): number {
  OPEN_TAG.lastIndex = index;
  const match = OPEN_TAG.exec(source);
  if (!match || OPEN_TAG.lastIndex > end) return 0;
  const tagEnd = OPEN_TAG.lastIndex;
  const name = match[1].toLowerCase();
  if (match[2] || !RAW_CONTENT.has(name)) return tagEnd;
  const closing = new RegExp(`</${name}\\s*>`, 'ig');
  closing.lastIndex = tagEnd;
  const found = closing.exec(source);
  return found && closing.lastIndex <= end ? closing.lastIndex : tagEnd;
}

/** `[[wiki link]]` on one line. */
function wikiLinkEnd(source: string, index: number, end: number): number {
  const close = source.indexOf(']]', index + 2);
  if (close < 0 || close + 2 > end || source.slice(index, close).includes('\n')) return 0;
  return close + 2;
}

/**
 * At a `]`: protects an inline link's `(destination "title")`, a full reference's `[label]`,
 * or the whole `[text]` of a collapsed or shortcut reference whose label is defined.
 */
function closeBracket(
  source: string,
  index: number,
  end: number,
  open: number | undefined,
  labels: ReadonlySet<string>,
  protect: Protect,
): number {
  const after = source[index + 1];
  if (after === '(') {
    const tail = linkTailEnd(source, index + 1, end);
    if (tail > 0) return protect(index + 1, tail, 'link-destination');
  }
  if (after === '[') {
    const close = source.indexOf(']', index + 2);
    const label = close >= 0 && close < end ? source.slice(index + 2, close) : null;
    if (label !== null && !/[[\n]/.test(label)) {
      if (label.trim() !== '') return protect(index + 1, close + 1, 'reference');
      if (open !== undefined) return protect(open, close + 1, 'reference');
    }
  }
  if (open !== undefined && labels.has(looseLabelKey(source.slice(open + 1, index)))) {
    return protect(open, index + 1, 'reference');
  }
  return index + 1;
}

function runLength(source: string, index: number, ch: string, end: number): number {
  let length = 0;
  while (index + length < end && source[index + length] === ch) length += 1;
  return length;
}

/** Runs a sticky regex at `index`; returns where the match ends, or 0 (also past `end`). */
function sticky(pattern: RegExp, source: string, index: number, end: number): number {
  pattern.lastIndex = index;
  return pattern.test(source) && pattern.lastIndex <= end ? pattern.lastIndex : 0;
}
