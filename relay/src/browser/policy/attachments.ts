/**
 * Attachments: the person's leave for the AI to use a tab they opened themselves. "once" covers
 * one successful read or act; "navigation" lasts until the tab's next navigation (of any kind),
 * its closing, or the tools being turned off. Both are bound to the generation they were given at.
 */

export type AttachmentKind = 'once' | 'navigation';

export class AttachmentStore {
  readonly #byTab = new Map<string, { kind: AttachmentKind; generation: number }>();

  grant(tabId: string, kind: AttachmentKind, generation: number): void {
    const current = this.#byTab.get(tabId);
    // "until navigation" is never narrowed to "once" by a later answer for the same page.
    if (current?.kind === 'navigation' && current.generation === generation && kind === 'once') {
      return;
    }
    this.#byTab.set(tabId, { kind, generation });
  }

  /** The attachment valid for this tab at this generation, if any. */
  get(tabId: string, generation: number): AttachmentKind | null {
    const a = this.#byTab.get(tabId);
    return a && a.generation === generation ? a.kind : null;
  }

  /** Uses up a once-attachment; an until-navigation one stays. */
  spend(tabId: string): void {
    if (this.#byTab.get(tabId)?.kind === 'once') this.#byTab.delete(tabId);
  }

  lapse(tabId: string): void {
    this.#byTab.delete(tabId);
  }

  clear(): void {
    this.#byTab.clear();
  }
}
