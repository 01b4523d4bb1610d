/** Serves the built app: files from the build folder, `index.html` for every other route. */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { contentSecurityPolicy, freshNonce, NONCE_PLACEHOLDER } from '../auth/securityHeaders.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Files that must be checked on every load so an update reaches the person. */
const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/** Resolves a URL path inside `root`, or null when it would leave it. */
export function safeJoin(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  return full === root || full.startsWith(root.endsWith(sep) ? root : root + sep) ? full : null;
}

async function fileAt(path: string | null): Promise<string | null> {
  if (!path) return null;
  try {
    return (await stat(path)).isFile() ? path : null;
  } catch {
    return null;
  }
}

/**
 * Serves an HTML page with a nonce of its own, in its policy and in place of the placeholder, so
 * only the style elements the app makes with it apply.
 */
async function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  headers: Record<string, string>,
  port: number,
): Promise<void> {
  const nonce = freshNonce();
  const html = Buffer.from((await readFile(file, 'utf8')).replaceAll(NONCE_PLACEHOLDER, nonce));
  res.writeHead(200, {
    ...headers,
    'Content-Security-Policy': contentSecurityPolicy(port, nonce),
    'Content-Length': String(html.length),
  });
  res.end(req.method === 'HEAD' ? undefined : html);
}

/**
 * Answers GET and HEAD from `root`. `port` is the hub's, for the policy of HTML pages; the headers
 * common to every response (securityHeaders.ts) are the caller's to set.
 */
export function staticHandler(root: string, port: number) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    let path = url.pathname;
    let file = await fileAt(safeJoin(root, path));
    if (!file) {
      // Unknown routes get the app shell; missing assets get a 404.
      if (extname(path) !== '' && !path.endsWith('.html')) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      path = '/index.html';
      file = await fileAt(join(root, 'index.html'));
      if (!file) {
        res
          .writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' })
          .end('The app is not built yet: run npm run build.\n');
        return;
      }
    }
    const headers: Record<string, string> = {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': NO_CACHE.has(path)
        ? 'no-cache'
        : path.startsWith('/_app/immutable/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
    };
    if (extname(file) === '.html') {
      await sendPage(req, res, file, headers, port);
      return;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}
