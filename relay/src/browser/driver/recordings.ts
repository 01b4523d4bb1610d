/**
 * Recordings of a chore the person does in an AI tab (browser.workflow_record), one per tab at
 * most. Start needs the person's approval every time (the `record` operation is never granted
 * for a site); stop turns what was captured into a workflow text (workflow/recording.ts).
 *
 * What is kept: the page-side recorder's reports (a role, a name, whether a field looks secret;
 * never a value), checked here again; and the navigations of the tab, seen by the driver (a page
 * cannot report one). A navigation that follows a recorded click or field within
 * `CAUSED_WITHIN_MS` is taken as its effect, not a step of its own. At most 200 events are kept
 * for each page (the newest), and 1,000 for the whole recording, past which it is `capped`.
 */
import { recordingToSource, type RecordedEvent } from '../workflow/recording.js';

export const PAGE_EVENT_CAP = 200;
export const SESSION_EVENT_CAP = 1_000;
export const CAUSED_WITHIN_MS = 1_500;

interface Entry {
  event: RecordedEvent;
  page: number;
}

class Recording {
  readonly entries: Entry[] = [];
  page = 0;
  /** Entries kept of the current page: the last ones, since pages only move on. */
  onPage = 0;
  seen = 0;
  capped = false;
  lastActAt = 0;

  constructor(readonly site: string | undefined) {}

  add(event: RecordedEvent, now: number): void {
    if (this.seen >= SESSION_EVENT_CAP) {
      this.capped = true;
      return;
    }
    this.seen++;
    if (event.type !== 'navigate') this.lastActAt = now;
    this.entries.push({ event, page: this.page });
    if (++this.onPage > PAGE_EVENT_CAP) {
      this.entries.splice(this.entries.length - this.onPage, 1);
      this.onPage--;
    }
  }

  nextPage(): void {
    this.page++;
    this.onPage = 0;
  }
}

/** A report from the page, as far as it can be trusted to be one; null when malformed. */
export function parseReport(json: string): RecordedEvent | null {
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  const role = r.role === null || typeof r.role === 'string' ? r.role : undefined;
  if (role === undefined || typeof r.name !== 'string') return null;
  const name = r.name.slice(0, 400);
  const shortRole = role === null ? null : role.slice(0, 64);
  if (r.type === 'click') return { type: 'click', role: shortRole, name };
  if (r.type === 'type') {
    return { type: 'type', role: shortRole, name, sensitive: r.sensitive === true };
  }
  // Navigations come from the driver only; anything else is not a report.
  return null;
}

export class Recordings {
  readonly #byTab = new Map<string, Recording>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  has(tabId: string): boolean {
    return this.#byTab.has(tabId);
  }

  /** A recording starts on the page the tab shows: that page is its first step. */
  start(tabId: string, url: string, site: string | undefined): void {
    const recording = new Recording(site);
    recording.add({ type: 'navigate', url }, this.now());
    this.#byTab.set(tabId, recording);
  }

  /** A report from the page-side recorder. */
  report(tabId: string, json: string): void {
    const recording = this.#byTab.get(tabId);
    const event = recording && parseReport(json);
    if (recording && event) recording.add(event, this.now());
  }

  /** The tab went to a new document. */
  navigated(tabId: string, url: string): void {
    const recording = this.#byTab.get(tabId);
    if (!recording) return;
    recording.nextPage();
    if (this.now() - recording.lastActAt < CAUSED_WITHIN_MS) return;
    recording.add({ type: 'navigate', url }, this.now());
  }

  /** Ends the recording: its workflow text, and how much it saw. */
  stop(tabId: string): {
    source: string;
    inputs: string[];
    eventCount: number;
    capped: boolean;
  } | null {
    const recording = this.#byTab.get(tabId);
    if (!recording) return null;
    this.#byTab.delete(tabId);
    const events = recording.entries.map((e) => e.event);
    const { source, inputs } = recordingToSource(events, recording.site);
    return { source, inputs, eventCount: events.length, capped: recording.capped };
  }

  /** The tab closed: its recording is gone. */
  drop(tabId: string): void {
    this.#byTab.delete(tabId);
  }
}
