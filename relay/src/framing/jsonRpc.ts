/**
 * JSON-RPC 2.0, read only as far as the relay needs: to tell requests, notifications and responses
 * apart, to route by id, and to build the answers the relay gives itself.
 */

export type JsonRpcId = string | number;
export type JsonRpcParams = Record<string, unknown> | unknown[];

export interface JsonRpcRequest {
  jsonrpc: '2.0';
  id: JsonRpcId;
  method: string;
  params?: JsonRpcParams;
}

export interface JsonRpcNotification {
  jsonrpc: '2.0';
  method: string;
  params?: JsonRpcParams;
}

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

export interface JsonRpcSuccess {
  jsonrpc: '2.0';
  id: JsonRpcId;
  result: unknown;
}

export interface JsonRpcFailure {
  jsonrpc: '2.0';
  id: JsonRpcId | null;
  error: JsonRpcError;
}

export type JsonRpcResponse = JsonRpcSuccess | JsonRpcFailure;
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** What a frame turned out to be. `invalid` keeps the id when one could be read, to answer it. */
export type Classified =
  | { kind: 'request'; message: JsonRpcRequest }
  | { kind: 'notification'; message: JsonRpcNotification }
  | { kind: 'response'; message: JsonRpcResponse }
  | { kind: 'invalid'; id: JsonRpcId | null; reason: string }
  | { kind: 'parse-error'; reason: string };

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InternalError: -32603,
  /** The editor (or the hub) is not reachable. */
  Unavailable: -32000,
  /** Same code as the MCP SDK's RequestTimeout. */
  RequestTimeout: -32001,
} as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A usable id: a string, or a finite number (JSON may decode `1e999` as Infinity). */
export function isJsonRpcId(value: unknown): value is JsonRpcId {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Sorts an already decoded value into request, notification, response or invalid. */
export function classify(value: unknown): Classified {
  if (Array.isArray(value))
    return { kind: 'invalid', id: null, reason: 'batches are not supported' };
  if (!isPlainObject(value)) return { kind: 'invalid', id: null, reason: 'not a JSON object' };
  const id = isJsonRpcId(value.id) ? value.id : null;
  if (value.jsonrpc !== '2.0') return { kind: 'invalid', id, reason: 'jsonrpc must be "2.0"' };
  if ('params' in value && !(isPlainObject(value.params) || Array.isArray(value.params))) {
    return { kind: 'invalid', id, reason: 'params must be an object or an array' };
  }
  if ('method' in value) {
    if (typeof value.method !== 'string' || value.method === '') {
      return { kind: 'invalid', id, reason: 'method must be a non-empty string' };
    }
    if (!('id' in value))
      return { kind: 'notification', message: value as unknown as JsonRpcNotification };
    if (id === null) return { kind: 'invalid', id, reason: 'id must be a string or a number' };
    return { kind: 'request', message: value as unknown as JsonRpcRequest };
  }
  const hasResult = 'result' in value;
  const hasError = 'error' in value;
  if (hasResult === hasError) {
    return { kind: 'invalid', id, reason: 'a message needs a method, a result or an error' };
  }
  if (hasError) {
    const error = value.error;
    if (
      !isPlainObject(error) ||
      typeof error.code !== 'number' ||
      typeof error.message !== 'string'
    ) {
      return { kind: 'invalid', id, reason: 'error must have a numeric code and a message' };
    }
    if (id === null && value.id !== null) {
      return { kind: 'invalid', id, reason: 'id must be a string, a number or null' };
    }
  } else if (id === null) {
    return { kind: 'invalid', id, reason: 'id must be a string or a number' };
  }
  return { kind: 'response', message: value as unknown as JsonRpcResponse };
}

/** Deeper JSON is refused: re-encoding it could exhaust the stack (V8 stops near 5,000). */
export const MAX_JSON_DEPTH = 512;

/** Whether JSON text nests arrays and objects deeper than `max`; a linear scan, no recursion. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Decodes one frame's text and classifies it; never throws. */
export function parseJsonRpc(text: string): Classified {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return { kind: 'invalid', id: null, reason: `nested deeper than ${MAX_JSON_DEPTH} levels` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'parse-error', reason: 'not valid JSON' };
  }
  return classify(value);
}

export function errorResponse(
  id: JsonRpcId | null,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcFailure {
  const error: JsonRpcError = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: '2.0', id, error };
}

export function resultResponse(id: JsonRpcId, result: unknown): JsonRpcSuccess {
  return { jsonrpc: '2.0', id, result };
}

/** The answer to a malformed frame: a parse error or an invalid request, as JSON-RPC says. */
export function answerToMalformed(
  classified: Extract<Classified, { kind: 'invalid' | 'parse-error' }>,
): JsonRpcFailure {
  return classified.kind === 'parse-error'
    ? errorResponse(null, ErrorCode.ParseError, `Parse error: ${classified.reason}.`)
    : errorResponse(
        classified.id,
        ErrorCode.InvalidRequest,
        `Invalid request: ${classified.reason}.`,
      );
}

/**
 * How the relay says "this cannot be done now": a tool call gets a tool result with `isError`, so
 * the model reads the sentence; any other request gets a JSON-RPC error.
 */
export function unavailableAnswer(
  request: JsonRpcRequest,
  sentence: string,
  code: number = ErrorCode.Unavailable,
): JsonRpcResponse {
  if (request.method === 'tools/call') {
    return resultResponse(request.id, {
      content: [{ type: 'text', text: sentence }],
      isError: true,
    });
  }
  return errorResponse(request.id, code, sentence);
}

/** A map key for an id: `1` and `"1"` are different ids. */
export function idKey(id: JsonRpcId): string {
  return typeof id === 'number' ? `n:${id}` : `s:${id}`;
}
