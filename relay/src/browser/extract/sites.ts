/**
 * Site readers: a reader for one site (or a family of sites) that knows its page structure better
 * than the generic reader. Each declares origin patterns — an exact origin (`https://host[:port]`)
 * or a wildcard (`https://*.host`, any subdomain) — and a `match` for the URLs it really handles.
 * For a URL, the candidates are ordered: an exact origin before any wildcard, a longer wildcard host
 * before a shorter one, then registration order; the first whose `match` says yes reads the page.
 * A matcher that throws does not match.
 */
import type { Reading } from './generic.js';

export interface SiteReader {
  id: string;
  origins: readonly string[];
  match(url: URL): boolean;
  read(doc: Document, url: string): Reading;
}

/** How well `pattern` fits `url`'s origin: 0 not at all, higher is more specific. */
function fit(pattern: string, url: URL): number {
  if (pattern === url.origin) return Number.MAX_SAFE_INTEGER;
  const m = /^([a-z][a-z0-9+.-]*:)\/\/\*\.([^/:]+)(:\d+)?$/i.exec(pattern);
  if (!m || m[1].toLowerCase() !== url.protocol) return 0;
  if ((m[3] ?? '') !== (url.port ? `:${url.port}` : '')) return 0;
  const base = m[2].toLowerCase();
  return url.hostname.endsWith(`.${base}`) ? base.length : 0;
}

function safeMatch(reader: SiteReader, url: URL): boolean {
  try {
    return reader.match(url) === true;
  } catch {
    return false;
  }
}

/** The site reader for `url` among `readers`, or null for the generic reader. */
export function pickSiteReader(readers: readonly SiteReader[], url: string): SiteReader | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const ranked = readers
    .map((reader, order) => ({
      reader,
      order,
      fit: Math.max(0, ...reader.origins.map((p) => fit(p, parsed))),
    }))
    .filter((c) => c.fit > 0)
    .sort((a, b) => b.fit - a.fit || a.order - b.order);
  return ranked.find((c) => safeMatch(c.reader, parsed))?.reader ?? null;
}
