/**
 * The names the hub answers to. It listens on 127.0.0.1 only, so a browser reaches it honestly
 * only as `127.0.0.1:PORT` or `localhost:PORT`. Any other Host means a foreign name resolved to
 * 127.0.0.1 (DNS rebinding): a page on that name would count as the same origin as the app.
 * `[::1]` is not among them: nothing listens there.
 */

/** The Host values (lower case) a request to the hub on `port` may carry. */
export function ownHosts(port: number): string[] {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  // On port 80 browsers leave the port out of Host and Origin.
  return port === 80 ? [...hosts, '127.0.0.1', 'localhost'] : hosts;
}

/** Whether a Host header names the hub on `port` (host names are case-insensitive). */
export function hostIsOwn(host: string | undefined, port: number): boolean {
  return host !== undefined && ownHosts(port).includes(host.toLowerCase());
}

/** Whether an Origin header is the app's own origin, `http://` and an own host. */
export function originIsOwn(origin: string | undefined, port: number): boolean {
  return (
    origin !== undefined && ownHosts(port).some((host) => origin.toLowerCase() === `http://${host}`)
  );
}

/** The loopback names an Origin may carry on `/mcp` (lower case, IPv6 in brackets). */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether an Origin header is a loopback origin, `http://` or `https://`, any port: the local
 * tools (an inspector page on localhost, say) that may talk to `/mcp` with the token. `null`,
 * `file://` and every other name are not.
 */
export function originIsLoopback(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // An Origin is exactly scheme://host[:port], as the URL parser would write it: nothing else,
  // and no other spelling of an address (`http://0x7f.1` parses as 127.0.0.1).
  if (origin.toLowerCase() !== url.origin) return false;
  return LOOPBACK_NAMES.includes(url.hostname.toLowerCase());
}
