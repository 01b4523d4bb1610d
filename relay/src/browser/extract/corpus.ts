/**
 * Scoring `extract` on a saved page against a reference reading (the corpus test and the extract
 * benchmark share this). Pure: the callers read the files.
 */
import { extract } from './extract.js';
import { type F1, htmlText, markdownText, wordF1, wordsOf } from './wordF1.js';

/** Addresses of saved pages that do not name their own canonical URL. */
const KNOWN_URLS: Record<string, string> = {
  'wikipedia-4': 'https://en.wikipedia.org/wiki/List_of_films_featuring_time_loops',
};

/** Where a saved page was read from: its canonical link, a known address, or a stand-in. */
export function pageUrl(name: string, source: string): string {
  const link = /<link\b[^>]*\brel="canonical"[^>]*>/i.exec(source)?.[0];
  const href = link && /\bhref="([^"]+)"/i.exec(link)?.[1];
  return KNOWN_URLS[name] ?? href ?? `https://example.com/${name}/`;
}

export interface PageScore extends F1 {
  name: string;
  /** Milliseconds `extract` took. */
  ms: number;
}

/** Extracts `source` and scores its words against the text of `expected` (an HTML reading). */
export function scorePage(name: string, source: string, expected: string): PageScore {
  const started = performance.now();
  const read = extract(source, pageUrl(name, source));
  const ms = performance.now() - started;
  const score = wordF1(wordsOf(markdownText(read.markdown)), wordsOf(htmlText(expected)));
  return { name, ms, ...score };
}

/** The middle value (the mean of the two middle values for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
