/**
 * Where an AI tab may go. http and https only; no userinfo, no backslash; never the hub itself;
 * never loopback (unless allowed), private, link-local or otherwise special addresses, v4 or v6;
 * never names that stand for the local network (`localhost`, `metadata`, `*.local`,
 * `*.home.arpa`, `*.internal`). Judged on the address as written: a public name that resolves to
 * a private address is not caught here.
 */

export interface NavigationRules {
  /** Loopback addresses and `localhost` are allowed (local development, tests). */
  allowLoopback: boolean;
  /** The hub's own port on 127.0.0.1: never a destination, whatever else is allowed. */
  hubPort?: number;
}

export type NavigationVerdict =
  | { ok: true; url: string }
  | { ok: false; code: 'NAVIGATION_BLOCKED' | 'INVALID_URL'; message: string };

const MAX_URL_LENGTH = 8192;

function invalid(message: string): NavigationVerdict {
  return { ok: false, code: 'INVALID_URL', message };
}

function blocked(message: string): NavigationVerdict {
  return { ok: false, code: 'NAVIGATION_BLOCKED', message };
}

function v4Octets(host: string): number[] | null {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (!m) return null;
  const octets = m.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** 'loopback', 'special' (private, link-local, reserved…) or null for a public IPv4 address. */
function classifyV4([a, b]: number[]): 'loopback' | 'special' | null {
  if (a === 127) return 'loopback';
  if (a === 0 || a === 10 || a >= 224) return 'special';
  if (a === 169 && b === 254) return 'special';
  if (a === 172 && b >= 16 && b <= 31) return 'special';
  if (a === 192 && b === 168) return 'special';
  if (a === 100 && b >= 64 && b <= 127) return 'special';
  if (a === 192 && b === 0) return 'special';
  if (a === 198 && (b === 18 || b === 19)) return 'special';
  return null;
}

/** The eight 16-bit groups of an IPv6 address as URL serialises it (compressed, lowercase). */
function v6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const groups: string[] =
    halves.length === 2
      ? [...head, ...Array<string>(8 - head.length - tail.length).fill('0'), ...tail]
      : head;
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function classifyV6(g: number[]): 'loopback' | 'special' | null {
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  if (zeroUpTo(8)) return 'special';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible and NAT64 (64:ff9b::/96) carry a v4 address.
  const embedded = [g[6] >> 8, g[6] & 255, g[7] >> 8, g[7] & 255];
  if (zeroUpTo(5) && (g[5] === 0xffff || g[5] === 0)) return classifyV4(embedded) ?? 'special';
  if (g[0] === 0x64 && g[1] === 0xff9b) return classifyV4(embedded) ?? 'special';
  if ((g[0] & 0xfe00) === 0xfc00) return 'special'; // unique local
  if ((g[0] & 0xffc0) === 0xfe80 || (g[0] & 0xffc0) === 0xfec0) return 'special'; // link/site-local
  if ((g[0] & 0xff00) === 0xff00) return 'special'; // multicast
  if (g[0] === 0x2001 && g[1] === 0xdb8) return 'special'; // documentation
  return null;
}

const LOCAL_SUFFIXES = ['local', 'home.arpa', 'internal', 'localdomain', 'lan'];

function classifyName(host: string): 'loopback' | 'special' | null {
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (host === 'metadata') return 'special';
  for (const suffix of LOCAL_SUFFIXES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return 'special';
  }
  return null;
}

/** Decides whether an AI tab may navigate to `input`; the verdict's url is the parsed address. */
export function checkNavigation(input: unknown, rules: NavigationRules): NavigationVerdict {
  if (typeof input !== 'string' || input.trim() === '') return invalid('The address is empty.');
  if (input.length > MAX_URL_LENGTH) return invalid('The address is too long.');
  if (input.includes('\\')) return invalid('The address contains a backslash.');
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return invalid('The address is not a valid URL (write it in full, with http:// or https://).');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return blocked(`Only http and https addresses may be visited, not ${url.protocol}.`);
  }
  if (url.username || url.password) {
    return invalid('The address carries a user name or password; those are never sent.');
  }
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  let kind: 'loopback' | 'special' | null;
  if (host.startsWith('[')) {
    const groups = v6Groups(host.slice(1, -1));
    if (!groups) return invalid('The address has an unreadable IPv6 host.');
    kind = classifyV6(groups);
  } else {
    const octets = v4Octets(host);
    kind = octets ? classifyV4(octets) : classifyName(host);
  }
  if (kind === 'special') {
    return blocked(
      `${url.hostname} is a local-network or special address; AI tabs may not visit it.`,
    );
  }
  if (kind === 'loopback') {
    if (!rules.allowLoopback) {
      return blocked(`${url.hostname} is this computer (loopback); AI tabs may not visit it.`);
    }
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    if (rules.hubPort !== undefined && port === rules.hubPort) {
      return blocked('That address is VMark Web itself; AI tabs may not open it.');
    }
  }
  return { ok: true, url: url.href };
}
