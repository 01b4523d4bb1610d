/**
 * What the relay answers by itself when no app can: `initialize`, `tools/list` and `ping` from the
 * manifest, so an AI client starts and sees the tools; everything else with a sentence naming the
 * URL to open. Tool calls are answered at once, never queued.
 */
import {
  ErrorCode,
  resultResponse,
  unavailableAnswer,
  type JsonRpcRequest,
  type JsonRpcResponse,
} from '../framing/jsonRpc.js';
import type { Manifest } from '../manifest.js';
import { negotiateProtocolVersion } from '../framing/protocolVersions.js';

export interface NoAppContext {
  manifest: Manifest;
  /** serverInfo.version */
  version: string;
  /** The sentence every other request is answered with. */
  unavailable: string;
}

function paramsObject(request: JsonRpcRequest): Record<string, unknown> {
  const { params } = request;
  return params && !Array.isArray(params) ? params : {};
}

export function initializeResult(
  params: Record<string, unknown>,
  context: NoAppContext,
): Record<string, unknown> {
  const result: Record<string, unknown> = {
    protocolVersion: negotiateProtocolVersion(params.protocolVersion),
    // The app serves documents as resources; a client that began before the app opened must know
    // so, since it will not initialize again (resources/list answers "open the app" meanwhile).
    capabilities: {
      tools: { listChanged: false },
      resources: { subscribe: true, listChanged: true },
    },
    serverInfo: { name: 'vmark-web', version: context.version },
  };
  if (context.manifest.instructions !== '') result.instructions = context.manifest.instructions;
  return result;
}

export function answerWithoutApp(request: JsonRpcRequest, context: NoAppContext): JsonRpcResponse {
  switch (request.method) {
    case 'initialize':
      return resultResponse(request.id, initializeResult(paramsObject(request), context));
    case 'tools/list':
      return resultResponse(request.id, { tools: context.manifest.tools });
    case 'ping':
      return resultResponse(request.id, {});
    default:
      return unavailableAnswer(request, context.unavailable, ErrorCode.Unavailable);
  }
}
