/**
 * The frames between the hub and the app core on `/app`: one JSON object per text frame, told
 * apart by `t`. See docs/relay.md for the full protocol.
 */
import type { DriverEvent, DriverResult } from '#shared/wire/driverProtocol.js';
import { MAX_JSON_DEPTH, nestsDeeperThan, type JsonRpcMessage } from './jsonRpc.js';

/** Who is on the other end of a session, from its `initialize` `clientInfo`. */
export interface ClientInfo {
  name: string;
  version: string;
}

/** A browser command's id, chosen by the app and echoed in its result. */
export type BrowserCallId = string | number;

export type AppToHub =
  | { t: 'hello'; instance: string }
  | { t: 'msg'; sid: string; data: Record<string, unknown> }
  // The browser driver's frames (src/shared/wire/driverProtocol.ts), checked by the driver.
  | { t: 'browser'; id: BrowserCallId; cmd: unknown }
  | { t: 'browser-config'; config: unknown }
  | { t: 'browser-answer'; answer: unknown };

/**
 * A session as the app learns of it. `credential` is the secret the client presented
 * (`VMARK_CLIENT_TOKEN`), left out when it presented none; only the app can tell whose it is.
 */
export interface SessionInfo {
  sid: string;
  client: ClientInfo | null;
  credential?: string;
}

export type HubToApp =
  /** `answer_within_ms`, with active: how long the hub waits for an answer to a request. */
  | { t: 'role'; active: boolean; answer_within_ms?: number }
  | ({ t: 'open' } & SessionInfo)
  | { t: 'msg'; sid: string; data: JsonRpcMessage }
  | { t: 'close'; sid: string }
  | { t: 'sessions'; list: SessionInfo[] }
  | { t: 'browser-result'; id: BrowserCallId; result: DriverResult }
  | { t: 'browser-event'; event: DriverEvent };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Decodes an app frame; never throws. */
export function parseAppFrame(
  text: string,
): { ok: true; frame: AppToHub } | { ok: false; reason: string } {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return { ok: false, reason: `nested deeper than ${MAX_JSON_DEPTH} levels` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  if (!isRecord(value)) return { ok: false, reason: 'not a JSON object' };
  if (value.t === 'hello') {
    if (
      typeof value.instance !== 'string' ||
      value.instance === '' ||
      value.instance.length > 200
    ) {
      return { ok: false, reason: 'hello needs an "instance" string of 1 to 200 characters' };
    }
    return { ok: true, frame: { t: 'hello', instance: value.instance } };
  }
  if (value.t === 'msg') {
    if (typeof value.sid !== 'string') return { ok: false, reason: 'msg needs a "sid" string' };
    if (!isRecord(value.data)) return { ok: false, reason: 'msg needs a "data" object' };
    return { ok: true, frame: { t: 'msg', sid: value.sid, data: value.data } };
  }
  if (value.t === 'browser') {
    const { id } = value;
    const idOk =
      (typeof id === 'string' && id.length > 0 && id.length <= 100) ||
      (typeof id === 'number' && Number.isSafeInteger(id));
    if (!idOk) return { ok: false, reason: 'browser needs an "id" (a string or an integer)' };
    return { ok: true, frame: { t: 'browser', id: id as BrowserCallId, cmd: value.cmd } };
  }
  if (value.t === 'browser-config')
    return { ok: true, frame: { t: 'browser-config', config: value.config } };
  if (value.t === 'browser-answer')
    return { ok: true, frame: { t: 'browser-answer', answer: value.answer } };
  const t = typeof value.t === 'string' ? ` "${value.t.slice(0, 40)}"` : '';
  return { ok: false, reason: `unknown frame type${t}` };
}

/** The client's name and version from `initialize` params, or null when it sent none. */
export function clientInfoFrom(params: unknown): ClientInfo | null {
  if (!isRecord(params) || !isRecord(params.clientInfo)) return null;
  const { name, version } = params.clientInfo;
  if (typeof name !== 'string') return null;
  return { name, version: typeof version === 'string' ? version : '' };
}
