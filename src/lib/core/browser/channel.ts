/**
 * Driver commands over the hub's `/app` socket: `{t: 'browser', id, cmd}` out, one
 * `{t: 'browser-result', id, result}` back. Every call is answered: by the driver, or with a
 * refusal when the link is not there, when it closes first, or when no answer comes in time.
 */
import type { DriverCommand, DriverResult } from '../../browserPanel/protocol';
import { REFUSALS } from '../../refusals';

/**
 * Longer than the longest command (a 12 s load plus its setup), shorter than the hub's own 25 s
 * limit on a tool call, so the model gets this refusal rather than a bare timeout.
 */
export const CHANNEL_TIMEOUT_MS = 20_000;

/** What a call answers when the hub never did: a clear refusal, never a call left hanging. */
export function unanswered(reason: string): DriverResult {
  return {
    ok: false,
    error: 'BROWSER_UNAVAILABLE',
    message: reason || REFUSALS.BROWSER_UNAVAILABLE.message,
  };
}

interface Waiting {
  resolve(result: DriverResult): void;
  timer: ReturnType<typeof setTimeout>;
}

export class BrowserChannel {
  private readonly waiting = new Map<string, Waiting>();
  private seq = 0;

  constructor(
    /** Sends a frame to the hub; false when there is no active link to send it on. */
    private readonly send: (frame: object) => boolean,
    private readonly timeoutMs = CHANNEL_TIMEOUT_MS,
  ) {}

  get pending(): number {
    return this.waiting.size;
  }

  call(cmd: DriverCommand): Promise<DriverResult> {
    const id = `b${++this.seq}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(unanswered('The hub did not answer the browser command in time.'));
      }, this.timeoutMs);
      this.waiting.set(id, { resolve, timer });
      if (!this.send({ t: 'browser', id, cmd })) {
        this.settle(
          id,
          unanswered(
            'VMark Web is not connected to its hub as the app that serves AI clients, so the browser cannot be reached.',
          ),
        );
      }
    });
  }

  /** The driver's answer; one for a call that is no longer waiting is dropped. */
  settle(id: string, result: DriverResult): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.waiting.delete(id);
    clearTimeout(w.timer);
    w.resolve(result);
  }

  /** The link went away: every waiting call is answered now. */
  dropAll(reason: string): void {
    for (const id of [...this.waiting.keys()]) this.settle(id, unanswered(reason));
  }
}
