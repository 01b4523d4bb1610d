/**
 * One attempt by a stdio relay to open its socket on the hub's `/ai`: with the bearer token, no
 * Origin, and the hub's frame limit. The answer says why an attempt failed, because the relay
 * reacts differently to "nobody listens" (start a hub) and "wrong token" (say so).
 */
import { WebSocket } from 'ws';
import { MAX_FRAME_BYTES } from './limits.js';

export type ConnectResult =
  | { ok: true; ws: WebSocket }
  | { ok: false; kind: 'refused' | 'unauthorized' | 'other'; detail: string };

export function connectToHub(url: string, token: string | null): Promise<ConnectResult> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    const ws = new WebSocket(url, {
      headers,
      maxPayload: MAX_FRAME_BYTES,
      handshakeTimeout: 5000,
      perMessageDeflate: false,
    });
    const settle = (result: ConnectResult) => {
      ws.removeAllListeners('open');
      ws.removeAllListeners('unexpected-response');
      resolve(result);
    };
    ws.once('open', () => settle({ ok: true, ws }));
    ws.once('unexpected-response', (req, res) => {
      const status = res.statusCode ?? 0;
      req.destroy();
      res.resume();
      settle({
        ok: false,
        kind: status === 401 ? 'unauthorized' : 'other',
        detail: `the hub answered HTTP ${status}`,
      });
    });
    ws.on('error', (error: NodeJS.ErrnoException) => {
      if (ws.readyState === WebSocket.OPEN) return; // Errors after opening are the owner's.
      settle({
        ok: false,
        kind: error.code === 'ECONNREFUSED' ? 'refused' : 'other',
        detail: error.message,
      });
    });
  });
}
