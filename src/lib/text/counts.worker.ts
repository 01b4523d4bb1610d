/// <reference lib="webworker" />
/** Counts words and characters off the page's thread (a long document takes tens of ms). */
import { countMarkdown } from './textCounts';

self.onmessage = (event: MessageEvent<{ id: number; text: string }>) => {
  const { id, text } = event.data;
  self.postMessage({ id, counts: countMarkdown(text) });
};
