/**
 * Origin patterns of standing grants: `scheme://host[:port]` (one origin) or `scheme://*.host[:port]`
 * (strict subdomains of host: never host itself, never a look-alike such as `evilhost`). Patterns
 * with userinfo, a path, a query or a fragment are rejected, not stripped. http is accepted beside
 * https, because local pages (and the tests' pages) are http.
 */

export type OriginPattern =
  | { kind: 'exact'; origin: string }
  | { kind: 'subdomains'; scheme: string; base: string; port: string };

export type PatternParse = { ok: true; pattern: OriginPattern } | { ok: false; reason: string };

const SHAPE = /^(https?):\/\/([^/?#@\\\s]+)$/i;
const WILDCARD_LABEL = 'vmark-wildcard-label';

function isIpLiteral(host: string): boolean {
  return host.startsWith('[') || /^\d+(\.\d+){3}$/.test(host);
}

/** Reads a pattern; the result's canonical text is `patternText`. */
export function parseOriginPattern(text: string): PatternParse {
  if (typeof text !== 'string' || text.length > 300) return { ok: false, reason: 'not a pattern' };
  const m = SHAPE.exec(text);
  if (!m) {
    return {
      ok: false,
      reason: 'a pattern is scheme://host[:port] or scheme://*.host, with nothing else',
    };
  }
  const scheme = m[1].toLowerCase();
  const authority = m[2];
  const wildcard = authority.startsWith('*.');
  if (authority.slice(wildcard ? 2 : 0).includes('*')) {
    return { ok: false, reason: 'a wildcard may only be the first label, as in *.example.com' };
  }
  let url: URL;
  try {
    url = new URL(
      `${scheme}://${wildcard ? `${WILDCARD_LABEL}.${authority.slice(2)}` : authority}`,
    );
  } catch {
    return { ok: false, reason: 'the host is not valid' };
  }
  if (url.username || url.password) return { ok: false, reason: 'a pattern has no userinfo' };
  if (!wildcard) return { ok: true, pattern: { kind: 'exact', origin: url.origin } };
  const prefix = `${WILDCARD_LABEL}.`;
  if (!url.hostname.startsWith(prefix)) return { ok: false, reason: 'the host is not valid' };
  const base = url.hostname.slice(prefix.length);
  if (isIpLiteral(base) || !base.includes('.') || base.startsWith('.') || base.endsWith('.')) {
    return { ok: false, reason: 'a wildcard needs a domain of at least two labels' };
  }
  return { ok: true, pattern: { kind: 'subdomains', scheme, base, port: url.port } };
}

/** The canonical text of a pattern (equal patterns give equal text, so grants merge). */
export function patternText(pattern: OriginPattern): string {
  if (pattern.kind === 'exact') return pattern.origin;
  return `${pattern.scheme}://*.${pattern.base}${pattern.port ? `:${pattern.port}` : ''}`;
}

/** Whether a page origin (`URL.origin` form) falls under the pattern. */
export function patternMatches(pattern: OriginPattern, origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === 'null' || url.origin !== origin) return false;
  if (pattern.kind === 'exact') return pattern.origin === origin;
  if (url.protocol !== `${pattern.scheme}:` || url.port !== pattern.port) return false;
  const host = url.hostname;
  return host.length > pattern.base.length + 1 && host.endsWith(`.${pattern.base}`);
}
