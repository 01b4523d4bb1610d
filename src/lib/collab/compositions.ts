/**
 * Which windows are composing text with an input method (IME) in which tab, as the core hears it
 * from the windows. While any window that shows a tab composes in it, an AI's change of that tab
 * is refused with BUSY (a write landing between compositionstart and compositionend would break
 * the character being composed or double it). Other tabs are not affected.
 *
 * A window says when a composition starts, says again now and then while it goes on, and says
 * when it ends. News older than `lapseAfterMs` counts as over, so a window that froze or lost its
 * compositionend cannot hold AI clients off a tab for ever; the window itself still holds incoming
 * changes until its composition really ends (see CollabClient.setComposing), so a lapse is safe.
 */

/** What a refused AI client is told to wait before it tries again. */
export const COMPOSING_RETRY_AFTER_MS = 500;
/** A composition without news for this long is taken to be over. */
export const COMPOSITION_LAPSE_MS = 10_000;
/** How often a window renews its news while a composition goes on (well inside the lapse). */
export const COMPOSITION_RENEW_MS = 3_000;

export class Compositions {
  /** Tab id → window id → when the window last said it composes there. */
  private readonly byTab = new Map<string, Map<string, number>>();

  constructor(private readonly lapseAfterMs = COMPOSITION_LAPSE_MS) {}

  /** A window's news: it composes in the tab (started or still going on), or it stopped. */
  set(tabId: string, windowId: string, composing: boolean, now: number): void {
    if (composing) {
      let windows = this.byTab.get(tabId);
      if (!windows) this.byTab.set(tabId, (windows = new Map()));
      windows.set(windowId, now);
    } else {
      this.forget(tabId, windowId);
    }
  }

  /** The windows composing in the tab at `now`, in the order they began. */
  composingIn(tabId: string, now: number): string[] {
    const windows = this.byTab.get(tabId);
    if (!windows) return [];
    for (const [windowId, at] of windows) {
      if (now - at >= this.lapseAfterMs) this.forget(tabId, windowId);
    }
    return [...windows.keys()];
  }

  /** The window no longer shows the tab: whatever it composed there is over. */
  forget(tabId: string, windowId: string): void {
    const windows = this.byTab.get(tabId);
    windows?.delete(windowId);
    if (windows?.size === 0) this.byTab.delete(tabId);
  }

  /** The window is gone (closed, reloaded, crashed). */
  dropWindow(windowId: string): void {
    for (const tabId of [...this.byTab.keys()]) this.forget(tabId, windowId);
  }
}
