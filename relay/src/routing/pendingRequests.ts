/**
 * Requests sent on and not yet answered, by id, each with its own deadline. Whoever takes an entry
 * out answers it; an answer for an id that is no longer here is dropped by the caller.
 */
import { idKey, type JsonRpcId, type JsonRpcRequest } from '../framing/jsonRpc.js';

export class PendingRequests {
  readonly #entries = new Map<string, { request: JsonRpcRequest; timer: NodeJS.Timeout }>();

  /** `onTimeout` gets the request after it has been taken out. */
  constructor(
    private readonly timeoutMs: number,
    private readonly onTimeout: (request: JsonRpcRequest) => void,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  has(id: JsonRpcId): boolean {
    return this.#entries.has(idKey(id));
  }

  add(request: JsonRpcRequest): void {
    const key = idKey(request.id);
    const timer = setTimeout(() => {
      if (this.#entries.get(key)?.request !== request) return;
      this.#entries.delete(key);
      this.onTimeout(request);
    }, this.timeoutMs);
    timer.unref();
    this.#entries.set(key, { request, timer });
  }

  /** Removes and returns the request with this id, if it is waiting. */
  take(id: JsonRpcId): JsonRpcRequest | undefined {
    const key = idKey(id);
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    this.#entries.delete(key);
    return entry.request;
  }

  /** Removes and returns every waiting request, oldest first. */
  drain(): JsonRpcRequest[] {
    const requests = [...this.#entries.values()].map((entry) => {
      clearTimeout(entry.timer);
      return entry.request;
    });
    this.#entries.clear();
    return requests;
  }
}
