/**
 * The status bar's counts for each open tab, kept off the keystroke path: a count starts once the
 * text has been still for a moment, runs in a worker (in the page where there is no Worker), and
 * an answer older than the newest request for its tab is dropped.
 */
import { countMarkdown, type TextCounts } from './textCounts';

/** How long the text must be still before it is counted again. */
export const COUNT_DELAY_MS = 300;

type Listener = (tabId: string, counts: TextCounts) => void;

let worker: Worker | null = null;
let nextId = 1;
const latest = new Map<string, number>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const replies = new Map<number, string>();
let listener: Listener = () => {};

function start(): Worker | null {
  if (worker || typeof Worker === 'undefined') return worker;
  worker = new Worker(new URL('./counts.worker.ts', import.meta.url), {
    type: 'module',
    name: 'counts',
  });
  worker.onmessage = (e: MessageEvent<{ id: number; counts: TextCounts }>) => {
    const tabId = replies.get(e.data.id);
    replies.delete(e.data.id);
    if (tabId !== undefined && latest.get(tabId) === e.data.id) listener(tabId, e.data.counts);
  };
  worker.onerror = () => {
    worker?.terminate();
    worker = null;
  };
  return worker;
}

/** Where counts go (the window's state). */
export function onCounts(fn: Listener): void {
  listener = fn;
}

/** Counts the tab's text after it has been still for COUNT_DELAY_MS (or now, with `now`). */
export function countSoon(tabId: string, text: () => string, now = false): void {
  clearTimeout(timers.get(tabId));
  const run = () => {
    timers.delete(tabId);
    const id = nextId++;
    latest.set(tabId, id);
    const w = start();
    if (!w) return listener(tabId, countMarkdown(text()));
    replies.set(id, tabId);
    w.postMessage({ id, text: text() });
  };
  if (now) run();
  else timers.set(tabId, setTimeout(run, COUNT_DELAY_MS));
}

/** A tab closed: nothing more is counted for it. */
export function forgetCounts(tabId: string): void {
  clearTimeout(timers.get(tabId));
  timers.delete(tabId);
  latest.delete(tabId);
}
