/**
 * The popups an AI tab's page opens (window.open, with or without `noopener`; target=_blank links
 * and forms). Chromium announces each one on the tab's own DevTools session (`Page.windowOpen`,
 * with the address it is for) while the click or key press that opened it is still being handled,
 * so before the act's input returns; the window appears only later, as a page whose opener is the
 * tab, and the driver closes it. Meanwhile its first request is stopped, matched by address.
 *
 * An act takes a mark before its input, reports the last popup announced since, and waits (within
 * a bound) until each of those has appeared and been closed, so no timing guess is involved.
 * A popup opened by a cross-origin frame is announced on that frame's session instead: it is
 * recorded when it appears, with the address it committed.
 */
import type { CDPSession } from 'playwright-core';

type State = 'announced' | 'requested' | 'closed';

interface Popup {
  url: string;
  state: State;
}

/** How many popups a tab remembers. */
const KEEP = 32;

function withoutHash(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

/** A committed address that says nothing about where the popup meant to go. */
const NO_ADDRESS = /^(about:blank|chrome-error:)/i;

export class PopupLog {
  readonly #popups: Popup[] = [];
  /** How many older popups were forgotten: marks count from the first ever. */
  #dropped = 0;
  readonly #waiters = new Set<() => void>();
  #ready: Promise<void> = Promise.resolve();

  /** Follows the announcements on the tab's own DevTools session. */
  watch(cdp: Promise<CDPSession>): void {
    this.#ready = cdp
      .then(async (session) => {
        session.on('Page.windowOpen', (event) => this.announced(event.url));
        await session.send('Page.enable');
      })
      .catch(() => undefined);
  }

  /** Where the log stands, once announcements are followed: popups after this are new. */
  async mark(): Promise<number> {
    await this.#ready;
    return this.#dropped + this.#popups.length;
  }

  /** The address of the last popup after `mark`, if any. */
  latestSince(mark: number): string | undefined {
    return this.#since(mark).at(-1)?.url;
  }

  announced(url: string): void {
    this.#popups.push({ url, state: 'announced' });
    this.#trim();
  }

  /** A window's first request, before its page exists: true when it is an announced popup's. */
  claim(url: string): boolean {
    const target = withoutHash(url);
    const popup = this.#popups.find(
      (p) => p.state === 'announced' && withoutHash(p.url) === target,
    );
    if (!popup) return false;
    popup.state = 'requested';
    return true;
  }

  /** A popup's page appeared and was closed: the oldest one still open, or one never announced. */
  closed(committedUrl: string): void {
    const popup = this.#popups.find((p) => p.state !== 'closed');
    if (popup) popup.state = 'closed';
    else if (!NO_ADDRESS.test(committedUrl)) {
      this.#popups.push({ url: committedUrl, state: 'closed' });
      this.#trim();
    }
    for (const wake of [...this.#waiters]) wake();
  }

  /** Resolves once every popup after `mark` has been closed, or after `maxMs`. */
  async settled(mark: number, maxMs: number): Promise<void> {
    const open = () => this.#since(mark).some((p) => p.state !== 'closed');
    if (!open()) return;
    await new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      const check = () => {
        if (!open()) finish();
      };
      const timer = setTimeout(finish, maxMs);
      this.#waiters.add(check);
    });
  }

  #since(mark: number): Popup[] {
    return this.#popups.slice(Math.max(0, mark - this.#dropped));
  }

  #trim(): void {
    const extra = this.#popups.length - KEEP;
    if (extra <= 0) return;
    this.#popups.splice(0, extra);
    this.#dropped += extra;
  }
}
