/**
 * Every sentence the relay answers with on its own, in one place. They are read by a model and
 * passed on to a person, so each says what happened and what to do.
 */
import type { JsonRpcRequest } from './jsonRpc.js';

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
