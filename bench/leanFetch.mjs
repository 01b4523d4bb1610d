// A `fetch` for the SDK's StreamableHTTPClientTransport built on `http.request` with a keep-alive
// agent, so the benchmark can split what a call over HTTP costs into the hub's part and the
// client's fetch (Node 20's built-in fetch). Enough for MCP's use: one request body, answers of
// JSON (read whole) or an event stream (passed on as it comes).
import http from 'node:http';
import { Readable } from 'node:stream';

export function leanFetch() {
  const agent = new http.Agent({ keepAlive: true });
  const fetchLike = (url, init = {}) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const headers = {};
      new Headers(init.headers).forEach((value, name) => {
        headers[name] = value;
      });
      if (typeof init.body === 'string') headers['content-length'] = Buffer.byteLength(init.body);
      const req = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: init.method ?? 'GET',
          headers,
          agent,
        },
        (res) => {
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            answerHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
          }
          const init = { status: res.statusCode, headers: answerHeaders };
          if (String(res.headers['content-type']).startsWith('text/event-stream')) {
            resolve(new Response(Readable.toWeb(res), init));
            return;
          }
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const empty = res.statusCode === 202 || res.statusCode === 204;
            resolve(new Response(empty ? null : Buffer.concat(chunks), init));
          });
        },
      );
      // The SDK passes one signal to every request; a listener per request must not stay on it.
      const abort = () => req.destroy();
      init.signal?.addEventListener('abort', abort, { once: true });
      req.on('close', () => init.signal?.removeEventListener('abort', abort));
      req.on('error', reject);
      req.end(init.body);
    });
  return { fetch: fetchLike, close: () => agent.destroy() };
}
