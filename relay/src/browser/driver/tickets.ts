/**
 * Navigation tickets: each navigation the driver starts gets an id (`nav-N`) that `wait` can
 * follow after `open` or `navigate` timed out. A ticket ends loaded, failed (with a refusal code)
 * or superseded by the tab's next navigation; until then any number of waiters may wait on it.
 */
import type { DriverErrorCode } from '#shared/wire/driverProtocol.js';

export type TicketState = 'loading' | 'loaded' | 'failed' | 'superseded';

export class Ticket {
  state: TicketState = 'loading';
  failure: { code: DriverErrorCode; message: string } | null = null;
  readonly #settled: Promise<void>;
  #resolve!: () => void;

  constructor(readonly id: string) {
    this.#settled = new Promise((resolve) => (this.#resolve = resolve));
  }

  settle(
    state: Exclude<TicketState, 'loading'>,
    failure?: { code: DriverErrorCode; message: string },
  ): void {
    if (this.state !== 'loading') return;
    this.state = state;
    this.failure = failure ?? null;
    this.#resolve();
  }

  /** Waits up to `ms`; says whether the ticket ended. */
  async wait(ms: number): Promise<boolean> {
    if (this.state !== 'loading') return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    await Promise.race([this.#settled, timeout]);
    clearTimeout(timer);
    return this.state !== 'loading';
  }
}

/** Which refusal a failed `page.goto` stands for, with a message free of addresses. */
export function gotoFailure(
  message: string,
): { code: DriverErrorCode; message: string } | 'superseded' {
  if (
    /interrupted by another navigation|frame was detached|navigation.*aborted by/i.test(message)
  ) {
    return 'superseded';
  }
  const net = /net::ERR_[A-Z_]+/.exec(message);
  if (net) return { code: 'NAVIGATION_FAILED', message: `The page did not load (${net[0]}).` };
  if (/Timeout/i.test(message)) {
    return { code: 'NAVIGATION_FAILED', message: 'The page did not finish loading in 60 s.' };
  }
  if (/Target page, context or browser has been closed|Target closed/i.test(message)) {
    return { code: 'TAB_NOT_FOUND', message: 'The tab closed while it was loading.' };
  }
  return { code: 'NAVIGATION_FAILED', message: 'The page did not load.' };
}
