/**
 * Recordings of a chore the person does in an AI tab (browser.workflow_record), one per tab at
 * most. Start needs the person's approval every time (the `record` operation is never granted
 * for a site); stop turns what was captured into a workflow text (workflow/recording.ts).
 *
 * What is kept: the page-side recorder's reports (a role, a name, whether a field looks secret;
 * never a value), checked here again; and the navigations of the tab, seen by the driver (a page
 * cannot report one). A navigation that follows a recorded click or field within
 * `CAUSED_WITHIN_MS` is taken as its effect, not a step of its own.
 *
 * Bounds: a page's reports are taken in drains, one every `drainMs` (and at a navigation and at
 * stop); of the reports of one page between two drains only the newest `PAGE_EVENT_CAP` are kept,
 * so a page that floods cannot push out what came before. The driver's own navigations are never
 * dropped that way. A recording keeps at most `SESSION_EVENT_CAP` events; what comes after is
 * left out and the recording is `capped`.
 */
import { recordingToSource, type RecordedEvent } from '../../runs/recording.js';

export const PAGE_EVENT_CAP = 200;
export const SESSION_EVENT_CAP = 1_000;
export const CAUSED_WITHIN_MS = 1_500;
/** How often a page's reports are taken into the recording. */
export const DRAIN_MS = 500;

class Recording {
  readonly kept: RecordedEvent[] = [];
  /** The page's reports since the last drain: at most PAGE_EVENT_CAP, the newest. */
  pending: RecordedEvent[] = [];
  drainedAt: number;
  capped = false;
  lastActAt = 0;

  constructor(
    readonly site: string | undefined,
    now: number,
    private readonly drainMs: number,
  ) {
    this.drainedAt = now;
  }

  /** A report from the page. */
  report(event: RecordedEvent, now: number): void {
    if (now - this.drainedAt >= this.drainMs) this.drain(now);
    this.lastActAt = now;
    this.pending.push(event);
    if (this.pending.length > PAGE_EVENT_CAP) this.pending.shift();
  }

  /** A navigation the driver saw: after what the page reported before it. */
  navigated(event: RecordedEvent, now: number): void {
    this.drain(now);
    this.keep([event]);
  }

  drain(now: number): void {
    this.drainedAt = now;
    const taken = this.pending;
    this.pending = [];
    this.keep(taken);
  }

  private keep(events: RecordedEvent[]): void {
    const room = SESSION_EVENT_CAP - this.kept.length;
    if (events.length > room) this.capped = true;
    this.kept.push(...events.slice(0, Math.max(0, room)));
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

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly drainMs: number = DRAIN_MS,
  ) {}

  has(tabId: string): boolean {
    return this.#byTab.has(tabId);
  }

  /** A recording starts on the page the tab shows: that page is its first step. */
  start(tabId: string, url: string, site: string | undefined): void {
    const recording = new Recording(site, this.now(), this.drainMs);
    recording.navigated({ type: 'navigate', url }, this.now());
    this.#byTab.set(tabId, recording);
  }

  /** A report from the page-side recorder. */
  report(tabId: string, json: string): void {
    const recording = this.#byTab.get(tabId);
    const event = recording && parseReport(json);
    if (recording && event) recording.report(event, this.now());
  }

  /** The tab went to a new document. */
  navigated(tabId: string, url: string): void {
    const recording = this.#byTab.get(tabId);
    if (!recording) return;
    const now = this.now();
    if (now - recording.lastActAt < CAUSED_WITHIN_MS) recording.drain(now);
    else recording.navigated({ type: 'navigate', url }, now);
  }

  /** Ends the recording: its workflow text, and how much it kept. */
  stop(tabId: string): {
    source: string;
    inputs: string[];
    eventCount: number;
    capped: boolean;
  } | null {
    const recording = this.#byTab.get(tabId);
    if (!recording) return null;
    this.#byTab.delete(tabId);
    recording.drain(this.now());
    const events = recording.kept;
    const { source, inputs } = recordingToSource(events, recording.site);
    return { source, inputs, eventCount: events.length, capped: recording.capped };
  }

  /** The tab closed: its recording is gone. */
  drop(tabId: string): void {
    this.#byTab.delete(tabId);
  }
}
