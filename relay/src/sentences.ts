/**
 * Every sentence the relay answers with on its own, in one place. They are read by a model and
 * passed on to a person, so each says what happened and what to do.
 */
import type { JsonRpcRequest } from './framing/jsonRpc.js';

/** No app is connected to the hub. */
export function notOpen(appUrl: string): string {
  return `VMark Web is not open. Open ${appUrl} in Chrome or Edge, then try again.`;
}

/** The active app disconnected while a request waited for its answer. */
export function appWentAway(appUrl: string): string {
  return (
    `VMark Web went away before answering (its tab was closed or reloaded); the request may or ` +
    `may not have taken effect. Open ${appUrl}, check, then try again.`
  );
}

/** The app did not answer in time. */
export function appTimedOut(request: JsonRpcRequest, timeoutMs: number): string {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return (
    `VMark Web did not answer ${describeRequest(request)} within ${seconds} s. It may still ` +
    `finish in the app: check its state before trying again.`
  );
}

/** The stdio relay cannot reach the hub. */
export function hubUnreachable(hubUrl: string, appUrl: string): string {
  return (
    `The VMark Web hub at ${hubUrl} is not reachable; the relay keeps trying to reconnect. ` +
    `Run \`npm start\` in the VMark Web folder (or open ${appUrl} once it runs), then try again.`
  );
}

/** The stdio relay lost the hub while a request waited for its answer. */
export function hubWentAway(appUrl: string): string {
  return (
    `The connection to the VMark Web hub broke before the answer came; the request may or may ` +
    `not have taken effect. Check ${appUrl}, then try again.`
  );
}

/** The body of a plain HTTP answer to a request whose Host is not the hub's (421). */
export function foreignHost(port: number): string {
  return (
    `Misdirected Request: this is VMark Web, which answers only at http://127.0.0.1:${port}/ ` +
    `and http://localhost:${port}/.\n`
  );
}

function describeRequest(request: JsonRpcRequest): string {
  const { params } = request;
  if (request.method === 'tools/call' && params && !Array.isArray(params)) {
    if (typeof params.name === 'string') return `the ${params.name.slice(0, 60)} tool call`;
  }
  return request.method.slice(0, 60);
}

// ── Refusals on `/mcp` (Streamable HTTP) ────────────────────────────────────

export const HTTP_SENTENCES = {
  foreignOrigin:
    'Forbidden: /mcp answers programs on this computer and pages on localhost, 127.0.0.1 or ' +
    '[::1] only; this request came from another web site.',
  unauthorized:
    'Unauthorized: send the VMark Web token as "Authorization: Bearer <token>". The token is in ' +
    '$VMARK_HOME/token (~/.vmark-web/token); Settings → AI clients in VMark Web shows the ' +
    'configuration with it filled in.',
  malformedCredential:
    'Bad Request: X-VMark-Client-Token is not a VMark Web client credential (32 to 128 letters, ' +
    'digits, "-" or "_"); copy the configuration again from Settings → AI clients.',
  otherCredential:
    'Forbidden: this MCP session was started with another X-VMark-Client-Token (or none); ' +
    'start a new session.',
  methodNotAllowed: 'Method Not Allowed: /mcp takes POST, GET and DELETE.',
  notJson: 'Unsupported Media Type: POST a JSON-RPC message with "Content-Type: application/json".',
  postAccept:
    'Not Acceptable: a POST to /mcp must accept both application/json and text/event-stream.',
  getAccept: 'Not Acceptable: a GET on /mcp opens an event stream; accept text/event-stream.',
  noSession:
    'Bad Request: send the Mcp-Session-Id header from the initialize answer; only initialize ' +
    'starts a session.',
  unknownSession:
    'Not Found: this MCP session has ended (closed, idle too long, or the hub restarted); ' +
    'initialize a new one.',
  initializeInSession:
    'Bad Request: initialize starts a new session; send it without an Mcp-Session-Id header.',
  streamOpen: 'Conflict: this session already has its GET event stream open.',
} as const;

/** The protocol version header names a version the hub does not speak, or not the session's. */
export function badProtocolVersion(given: string, negotiated: string | null): string {
  return negotiated === null
    ? `Bad Request: MCP-Protocol-Version ${JSON.stringify(given.slice(0, 40))} is not supported.`
    : `Bad Request: MCP-Protocol-Version ${JSON.stringify(given.slice(0, 40))} is not the ` +
        `version this session agreed on (${negotiated}).`;
}

/** Too many sessions over HTTP at once. */
export function tooManySessions(limit: number): string {
  return (
    `Service Unavailable: ${limit} MCP sessions over HTTP are open, the most the hub keeps. ` +
    `End one (DELETE /mcp, or quit a client), or wait for an idle one to expire, then try again.`
  );
}

/** A body over the size limit. */
export function bodyTooLarge(limitBytes: number): string {
  return `Payload Too Large: a message to /mcp may be ${limitBytes / 1024 / 1024} MiB at most.`;
}
