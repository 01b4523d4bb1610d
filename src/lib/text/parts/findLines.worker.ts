/// <reference lib="webworker" />
/**
 * Runs one `document.read {find, regex: true}` off every thread that matters: the page that
 * started it terminates this worker when the time limit passes, so no pattern can stall the app.
 */
import { compilePattern, findLines } from './findLines';

self.onmessage = (event: MessageEvent<{ text: string; source: string }>) => {
  const pattern = compilePattern(event.data.source);
  self.postMessage(
    pattern instanceof RegExp ? findLines(event.data.text, pattern) : { error: pattern.error },
  );
};
