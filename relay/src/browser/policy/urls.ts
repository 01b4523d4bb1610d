/**
 * URL redaction: what of an address the model, a prompt or a saved file may see. Every function
 * fails closed: what it cannot read it does not repeat.
 * - `urlForAgent` (answers after authorisation): scheme, host, port and path; no userinfo, query
 *   or fragment.
 * - `originForAgent` (prompts, refusals, anything before authorisation): the origin alone.
 * - `credentialPath`: whether a path looks like it carries a credential (a reset link, a token).
 * - `urlForPersistence` (what may be written down): no password, no credential-like parameters,
 *   and only `origin/` when the path itself looks like a credential.
 */

const KEEP_WHOLE = new Set(['about:blank', 'about:srcdoc']);
const WEB = new Set(['http:', 'https:']);

function parse(url: string): URL | null {
  if (typeof url !== 'string') return null;
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function opaque(url: URL): string {
  return `${url.protocol}(opaque)`;
}

export function urlForAgent(url: string): string {
  const u = parse(url);
  if (!u) return '(unparseable url)';
  if (KEEP_WHOLE.has(`${u.protocol}${u.pathname}`) && !u.search && !u.hash) {
    return `${u.protocol}${u.pathname}`;
  }
  if (!WEB.has(u.protocol) || u.origin === 'null') return opaque(u);
  return `${u.origin}${u.pathname}`;
}

export function originForAgent(url: string): string {
  const u = parse(url);
  if (!u) return '(unknown origin)';
  if (!WEB.has(u.protocol) || u.origin === 'null') return opaque(u);
  return u.origin;
}

const CREDENTIAL_SEGMENTS = new Set([
  'reset',
  'reset-password',
  'magic',
  'magic-link',
  'magic-login',
  'token',
  'verify',
  'confirm',
  'invite',
  'activate',
  'auth',
  'callback',
  'sso',
]);

/** Whether some segment of `path` names a credential flow or looks like a token. */
export function credentialPath(path: string): boolean {
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    let segment = raw;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      // A malformed escape is judged as written.
    }
    if (CREDENTIAL_SEGMENTS.has(segment.toLowerCase())) return true;
    if (/^[A-Za-z0-9_-]{20,}$/.test(segment) && /[A-Za-z]/.test(segment) && /\d/.test(segment)) {
      return true;
    }
  }
  return false;
}

const CREDENTIAL_PARAMS = new Set([
  'code',
  'sid',
  'sessid',
  'jsessionid',
  'phpsessid',
  'session',
  'sessionid',
  'session_id',
  'api_key',
  'apikey',
  'key',
  'sig',
  'signature',
  'ticket',
  'nonce',
  'password',
  'passwd',
  'pwd',
  'pass',
  'otp',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'state',
]);

/** Whether a query or fragment parameter's name looks like it carries a credential. */
export function credentialParam(name: string): boolean {
  const n = name.toLowerCase();
  return (
    CREDENTIAL_PARAMS.has(n) ||
    /token|secret|passw|signature|session|credential|api[-_]?key/.test(n) ||
    n.startsWith('x-amz-')
  );
}

function keptParams(text: string): string {
  const params = new URLSearchParams(text);
  for (const name of [...new Set(params.keys())]) if (credentialParam(name)) params.delete(name);
  return params.toString();
}

export function urlForPersistence(url: string): string {
  const u = parse(url);
  if (!u) return '(unparseable url)';
  if (!WEB.has(u.protocol) || u.origin === 'null') return opaque(u);
  if (credentialPath(u.pathname)) return `${u.origin}/`;
  u.password = '';
  const search = keptParams(u.search.slice(1));
  u.search = search ? `?${search}` : '';
  const hash = u.hash.slice(1);
  if (hash.includes('=')) {
    const kept = keptParams(hash);
    u.hash = kept ? `#${kept}` : '';
  }
  return u.href;
}
