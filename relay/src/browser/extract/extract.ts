/**
 * `extract`: a captured page as markdown for the model. Runs in the hub on the HTML the driver
 * captured — never in the page — so nothing the page does can change how it is read.
 */
import { capHtml } from './cap.js';
import { parseDocument } from './dom.js';
import { readGeneric } from './generic.js';
import { type SiteReader, pickSiteReader } from './sites.js';
import { wikipedia } from './wikipedia.js';
import { urlForAgent } from '../policy/urls.js';

export interface Extracted {
  title: string;
  byline: string | null;
  /** The page's URL as the model may see it (no userinfo, query or fragment). */
  url: string;
  markdown: string;
  /** Whitespace-collapsed text length of the main content. */
  textLength: number;
  /** The captured HTML was longer than the cap and was cut (the markdown is of what is left). */
  truncated: boolean;
}

/** HTML cut at the cap without the tag the cut went through (`<a hre`), which would read as text. */
function dropCutTag(html: string): string {
  const open = html.lastIndexOf('<');
  return open > html.lastIndexOf('>') ? html.slice(0, open) : html;
}

/** The built-in site readers, in registration order. */
export const SITE_READERS: readonly SiteReader[] = Object.freeze([wikipedia]);

/** Whether `url` is a page extract reads (http and https only). */
export function isReadableUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/**
 * Reads `html` (the page's `outerHTML` as captured; cut here at the cap) from `url`. The driver
 * should refuse a URL that is not `isReadableUrl` before capturing anything.
 */
export function extract(
  html: string,
  url: string,
  readers: readonly SiteReader[] = SITE_READERS,
): Extracted {
  const captured = capHtml(html);
  const doc = parseDocument(captured.truncated ? dropCutTag(captured.html) : captured.html);
  const reader = pickSiteReader(readers, url);
  const reading = reader ? reader.read(doc, url) : readGeneric(doc, url);
  return { ...reading, url: urlForAgent(url), truncated: captured.truncated };
}
