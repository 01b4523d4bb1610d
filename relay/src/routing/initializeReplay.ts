/**
 * What a client said when its MCP session began (`initialize` and `notifications/initialized`),
 * kept so it can be said again to a server that did not hear it: an app that connected later, or
 * a hub the stdio relay reconnected to. Replayed requests carry ids of their own, and their
 * answers are recognised and swallowed.
 */
import {
  idKey,
  type Classified,
  type JsonRpcId,
  type JsonRpcMessage,
  type JsonRpcParams,
} from '../framing/jsonRpc.js';

export class InitializeReplay {
  #params: JsonRpcParams | null = null;
  #initialized = false;
  #replayIds = new Set<string>();
  #count = 0;

  /** `prefix` makes replay ids unlike any id a client would pick. */
  constructor(private readonly prefix: string) {}

  /** Whether the client has sent `initialize`, so there is something to replay. */
  get known(): boolean {
    return this.#params !== null;
  }

  /** Looks at a message from the client; says whether it was `initialize` or `initialized`. */
  note(classified: Classified): 'initialize' | 'initialized' | null {
    if (classified.kind === 'request' && classified.message.method === 'initialize') {
      this.#params = classified.message.params ?? {};
      this.#initialized = false;
      return 'initialize';
    }
    if (
      classified.kind === 'notification' &&
      classified.message.method === 'notifications/initialized'
    ) {
      this.#initialized = true;
      return 'initialized';
    }
    return null;
  }

  /** The messages that begin the session again, each `initialize` with a fresh id. */
  replay(): JsonRpcMessage[] {
    if (this.#params === null) return [];
    const id = `${this.prefix}${++this.#count}`;
    this.#replayIds.add(idKey(id));
    const messages: JsonRpcMessage[] = [
      { jsonrpc: '2.0', id, method: 'initialize', params: this.#params },
    ];
    if (this.#initialized) messages.push({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return messages;
  }

  /** Whether `id` answers a replay (and forgets it, as each is answered once). */
  takeReplayAnswer(id: JsonRpcId): boolean {
    return this.#replayIds.delete(idKey(id));
  }

  /** The server that would answer the replays is gone. */
  forgetReplays(): void {
    this.#replayIds.clear();
  }
}
