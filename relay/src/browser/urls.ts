/**
 * URLs as the model may see them. A page's URL can carry secrets the person never meant to share
 * (a password in the userinfo, a token in the query or fragment), so everything the hub returns to
 * an AI client goes through one of these. Both are pure, never throw, and fail closed: what cannot
 * be parsed comes back as a fixed placeholder, never as the input.
 */

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Scheme, host, port and path; no userinfo, query or fragment. A URL without an origin of its own
 * (`data:`, `file:`, `javascript:`…) becomes `<scheme>(opaque)`, except the two blank documents
 * `about:blank` and `about:srcdoc`; what cannot be parsed becomes `(unparseable url)`.
 */
export function urlForAgent(url: string): string {
  const parsed = parse(url);
  if (!parsed) return '(unparseable url)';
  if (parsed.protocol === 'about:' && ['blank', 'srcdoc'].includes(parsed.pathname)) {
    return `about:${parsed.pathname}`;
  }
  if (parsed.origin === 'null') return `${parsed.protocol}(opaque)`;
  // A blob: URL's path is the creator's URL plus an id; the creator's origin is what matters.
  if (parsed.protocol === 'blob:') return `blob:${parsed.origin}`;
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

/** The origin alone (`https://host[:port]`); opaque → `<scheme>(opaque)`; bad → `(unknown origin)`. */
export function originForAgent(url: string): string {
  const parsed = parse(url);
  if (!parsed) return '(unknown origin)';
  if (parsed.origin === 'null') return `${parsed.protocol}(opaque)`;
  return parsed.origin;
}
