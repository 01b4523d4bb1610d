/** An MCP transport for one AI session, carried over the core's WebSocket to the hub. */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export type SendFrame = (frame: { t: 'msg'; sid: string; data: JSONRPCMessage }) => void;

export class HubSessionTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private closed = false;

  constructor(
    readonly sessionId: string,
    private readonly sendFrame: SendFrame,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error(`Session ${this.sessionId} is closed.`);
    this.sendFrame({ t: 'msg', sid: this.sessionId, data: message });
  }

  /** A message from the AI client, routed here by the hub. */
  deliver(message: JSONRPCMessage): void {
    if (!this.closed) this.onmessage?.(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}
