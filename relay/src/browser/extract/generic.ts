/**
 * The generic reader, for any page no site reader claims: byline first, then the page's chrome and
 * hidden parts go, the main content is found by paragraph mass (density.ts), and the title comes
 * from the main content's `<h1>`, else the page's `<h1>`, else `<title>` without its site suffix.
 */
import { documentTitle, findByline, firstHeading, removeChrome, removeNonText } from './clean.js';
import { measure, pickMain, prune } from './density.js';
import { toMarkdown } from './markdown.js';
import { collapse } from './nodes.js';

/** What a reader makes of a page (extract adds the URL and the capture's `truncated`). */
export interface Reading {
  title: string;
  byline: string | null;
  markdown: string;
  /** Whitespace-collapsed text length of the main content. */
  textLength: number;
}

/** Reads `doc` (which it changes) as an article; `url` is the page's address, for links. */
export function readGeneric(doc: Document, url: string): Reading {
  removeNonText(doc);
  const byline = findByline(doc);
  removeChrome(doc);
  const body = doc.body ?? doc.documentElement;
  const stats = measure(body);
  const main = pickMain(body, stats);
  prune(main, stats);
  const title = firstHeading(main) ?? firstHeading(doc) ?? documentTitle(doc);
  return {
    title,
    byline,
    markdown: toMarkdown(main, url),
    textLength: collapse(main.textContent ?? '').trim().length,
  };
}
