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
