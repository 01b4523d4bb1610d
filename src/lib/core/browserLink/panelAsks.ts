/**
 * The person's own requests from the Workflows panel that the driver answers with a prompt (open
 * a page, start a recording): the panel's call waits for the person's answer to that prompt, and
 * only then is the request sent again, once. So a click in the panel and one answer in the dialog
 * do what the person asked, and a Deny, or a prompt that went away, ends it with a message.
 */

export type PanelAskOutcome = 'once' | 'site' | 'deny' | 'gone';

export class PanelAsks {
  private readonly waiting = new Map<string, (outcome: PanelAskOutcome) => void>();

  /** Waits for the answer to the prompt `requestId`. */
  wait(requestId: string): Promise<PanelAskOutcome> {
    // A second wait for the same prompt (a double click) ends the first as gone.
    this.settle(requestId, 'gone');
    return new Promise((resolve) => this.waiting.set(requestId, resolve));
  }

  /** The person answered, or the prompt went away ('gone'). */
  settle(requestId: string, outcome: PanelAskOutcome): void {
    const resolve = this.waiting.get(requestId);
    if (!resolve) return;
    this.waiting.delete(requestId);
    resolve(outcome);
  }

  /** Every prompt not in `pending` is gone (dropped to make room, or all cleared). */
  keepOnly(pending: ReadonlySet<string>): void {
    for (const id of [...this.waiting.keys()]) if (!pending.has(id)) this.settle(id, 'gone');
  }

  get size(): number {
    return this.waiting.size;
  }
}
