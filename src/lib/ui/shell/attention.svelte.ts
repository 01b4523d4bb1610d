/**
 * An AI client asked for this window (`workspace.focus_window`) and the browser kept it in the
 * background, as browsers do without the person's own gesture. The window then says so where the
 * person can see it: its title (in the taskbar and the browser's tab strip) calls them until the
 * window gets focus, and a notice inside says who asked until they close it.
 */

class Attention {
  /** The client that asked, named by the notice until the person closes it. */
  client = $state<string | null>(null);
  /** Whether the title still calls the person: until the window gets focus. */
  calling = $state(false);

  ask(client: string): void {
    this.client = client;
    this.calling = true;
  }

  /** The window has focus: the person is here, so the title stops calling. */
  answered(): void {
    this.calling = false;
  }

  dismiss(): void {
    this.client = null;
    this.calling = false;
  }
}

export const attention = new Attention();

/**
 * Tries to bring the window to the front and reads back whether it has focus; when it has not,
 * asks for the person's attention on the client's behalf.
 */
export function raiseWindow(client: string): { focused: boolean; attention: boolean } {
  window.focus();
  const focused = document.hasFocus();
  if (focused) attention.answered();
  else attention.ask(client);
  return { focused, attention: !focused };
}
