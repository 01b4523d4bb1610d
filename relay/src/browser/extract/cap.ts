/**
 * How much of a page the driver captures for `extract`: `document.documentElement.outerHTML`, cut
 * at this many UTF-16 code units (JavaScript string length). The markdown is built from what is
 * left, and `truncated` tells the model the page was longer.
 */
export const HTML_CAP = 2_000_000;

/**
 * Cuts `html` at `HTML_CAP` code units. A cut between the two halves of a surrogate pair drops the
 * lone first half, so the result is always well-formed text. The driver may already cut in the page
 * at `HTML_CAP + 1` units (to spare the transfer) and still get `truncated: true` here.
 */
export function capHtml(html: string): { html: string; truncated: boolean } {
  if (html.length <= HTML_CAP) return { html, truncated: false };
  let end = HTML_CAP;
  const last = html.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { html: html.slice(0, end), truncated: true };
}
