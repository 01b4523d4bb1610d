/**
 * Who may use `/mcp` (MCP's Streamable HTTP transport) and with which headers. Pure: it reads a
 * request's method and headers and says yes, or which status and sentence refuse it. The Host
 * rule (421) is the hub's, checked before any request reaches this module.
 *
 * Order: Origin (403), method (405), token (401), client credential (400), then what the method
 * needs: a JSON body and both answer types accepted for POST, an event stream for GET.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { checkClientCredential, CLIENT_CREDENTIAL_HEADER } from './clientCredential.js';
import { originIsLoopback } from './hostValidation.js';
import { ErrorCode, errorResponse, type JsonRpcFailure } from '../framing/jsonRpc.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../framing/protocolVersions.js';
import { badProtocolVersion, HTTP_SENTENCES } from '../sentences.js';
import { bearerMatches } from './upgradeChecks.js';

export type McpMethod = 'POST' | 'GET' | 'DELETE';

export interface Refusal {
  status: number;
  message: string;
  /** Headers the status calls for (`Allow` with 405, `WWW-Authenticate` with 401). */
  headers?: Record<string, string>;
  /** The JSON-RPC code of the body; -32000 unless the refusal is about the message itself. */
  code?: number;
}

export type HeadVerdict =
  { ok: true; method: McpMethod; credential: string | null } | { ok: false; refusal: Refusal };

const METHODS: readonly string[] = ['POST', 'GET', 'DELETE'];

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The media types an Accept header lists, lower case, without parameters. */
function acceptedTypes(accept: string | undefined): string[] {
  return (accept ?? '')
    .split(',')
    .map((part) => part.split(';')[0].trim().toLowerCase())
    .filter((type) => type !== '');
}

/** Whether an Accept header admits `type` (itself, `major/*` or `*\/*`). */
export function acceptAllows(accept: string | undefined, type: string): boolean {
  const major = type.split('/')[0];
  return acceptedTypes(accept).some(
    (listed) => listed === type || listed === `${major}/*` || listed === '*/*',
  );
}

/** Whether a Content-Type header says JSON (parameters such as charset allowed). */
export function isJsonContentType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

/** Decides a request's method and headers; `token` is the hub's token. */
export function checkMcpHead(
  method: string | undefined,
  headers: IncomingHttpHeaders,
  token: string,
): HeadVerdict {
  const origin = single(headers.origin);
  if (origin !== undefined && !originIsLoopback(origin)) {
    return { ok: false, refusal: { status: 403, message: HTTP_SENTENCES.foreignOrigin } };
  }
  if (method === undefined || !METHODS.includes(method)) {
    return {
      ok: false,
      refusal: {
        status: 405,
        message: HTTP_SENTENCES.methodNotAllowed,
        headers: { Allow: METHODS.join(', ') },
      },
    };
  }
  if (!bearerMatches(single(headers.authorization), token)) {
    return {
      ok: false,
      refusal: {
        status: 401,
        message: HTTP_SENTENCES.unauthorized,
        headers: { 'WWW-Authenticate': 'Bearer' },
      },
    };
  }
  const presented = checkClientCredential(headers[CLIENT_CREDENTIAL_HEADER]);
  if (!presented.ok) {
    return { ok: false, refusal: { status: 400, message: HTTP_SENTENCES.malformedCredential } };
  }
  const accept = single(headers.accept);
  if (method === 'POST') {
    if (!isJsonContentType(single(headers['content-type']))) {
      return { ok: false, refusal: { status: 415, message: HTTP_SENTENCES.notJson } };
    }
    if (!acceptAllows(accept, 'application/json') || !acceptAllows(accept, 'text/event-stream')) {
      return { ok: false, refusal: { status: 406, message: HTTP_SENTENCES.postAccept } };
    }
  } else if (method === 'GET' && !acceptAllows(accept, 'text/event-stream')) {
    return { ok: false, refusal: { status: 406, message: HTTP_SENTENCES.getAccept } };
  }
  return { ok: true, method: method as McpMethod, credential: presented.credential };
}

/**
 * The `MCP-Protocol-Version` rule: absent is accepted (MCP says to assume 2025-03-26, which the
 * hub speaks); a version the hub does not speak, or not the one the session agreed on, is 400.
 */
export function checkProtocolVersion(
  header: string | string[] | undefined,
  negotiated: string | null,
): Refusal | null {
  const given = single(header);
  if (given === undefined) return null;
  const unsupported = !SUPPORTED_PROTOCOL_VERSIONS.includes(given);
  if (unsupported || (negotiated !== null && given !== negotiated)) {
    return { status: 400, message: badProtocolVersion(given, unsupported ? null : negotiated) };
  }
  return null;
}

/** The body of a refusal: a JSON-RPC error without an id, as MCP suggests. */
export function refusalBody(refusal: Refusal): JsonRpcFailure {
  return errorResponse(null, refusal.code ?? ErrorCode.Unavailable, refusal.message);
}
