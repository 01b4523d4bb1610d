/**
 * One attempt by a stdio relay to open its socket on the hub's `/ai`: with the bearer token, no
 * Origin, and the hub's frame limit. The answer says why an attempt failed, because the relay
 * reacts differently to "nobody listens" (start a hub) and "wrong token" (say so).
 */
import { WebSocket } from 'ws';
import { CLIENT_CREDENTIAL_HEADER } from '../auth/clientCredential.js';
import { MAX_FRAME_BYTES } from '../framing/limits.js';

export type ConnectResult =
  | { ok: true; ws: WebSocket }
  | { ok: false; kind: 'refused' | 'unauthorized' | 'other'; detail: string };

/** `credential`: the client's own secret (`VMARK_CLIENT_TOKEN`), already checked for shape. */
export function connectToHub(
  url: string,
  token: string | null,
  credential: string | null = null,
): Promise<ConnectResult> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (credential) headers[CLIENT_CREDENTIAL_HEADER] = credential;
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
        detail:
          status === 400
            ? 'the hub answered HTTP 400 (it found VMARK_CLIENT_TOKEN malformed)'
            : `the hub answered HTTP ${status}`,
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
