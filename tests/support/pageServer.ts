/**
 * Local web pages for the browser tests: a small HTTP server on 127.0.0.1 that serves files from
 * tests/fixtures/pages (or routes given by the test). Start two to get two origins.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const ROOT = new URL('../fixtures/pages/', import.meta.url).pathname;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/** A route's answer: a body (HTML by default), or a handler that writes the response itself. */
export type Route =
  | string
  | { body: string; type?: string; status?: number; delayMs?: number }
  | ((req: IncomingMessage, res: ServerResponse) => void);

export interface PageServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  url(path: string): string;
  close(): Promise<void>;
}

export async function startPageServer(routes: Record<string, Route> = {}): Promise<PageServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const route = routes[path];
    if (typeof route === 'function') return route(req, res);
    if (route !== undefined) {
      const r = typeof route === 'string' ? { body: route } : route;
      const send = () => {
        res.writeHead(r.status ?? 200, { 'content-type': r.type ?? TYPES['.html'] });
        res.end(r.body);
      };
      if (r.delayMs) setTimeout(send, r.delayMs);
      else send();
      return;
    }
    const file = normalize(join(ROOT, path === '/' ? 'index.html' : path));
    if (!file.startsWith(ROOT)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (data) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(data);
      },
      () => res.writeHead(404, { 'content-type': 'text/plain' }).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => origin + path,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Idle keep-alive sockets of the browser would hold the close open.
        server.closeAllConnections();
      }),
  };
}
