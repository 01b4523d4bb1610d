/**
 * The one place that knows which DOM implementation the hub uses (linkedom). Everything else in
 * the reader is written against standard DOM interfaces, so it would run as well on a browser's
 * `DOMParser` document.
 */
import { parseHTML } from 'linkedom';

/** Parses a page's HTML into a document; a fragment without `<body>` is placed in one. */
export function parseDocument(html: string): Document {
  const whole = /<body[\s>]/i.test(html)
    ? html
    : `<!DOCTYPE html><html><body>${html}</body></html>`;
  return parseHTML(whole).document as unknown as Document;
}
