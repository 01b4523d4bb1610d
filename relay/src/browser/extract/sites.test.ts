import { describe, expect, it } from 'vitest';
import type { Reading } from './generic.js';
import { type SiteReader, pickSiteReader } from './sites.js';

function reader(
  id: string,
  origins: string[],
  match: (url: URL) => boolean = () => true,
): SiteReader {
  return {
    id,
    origins,
    match,
    read: (): Reading => ({ title: id, byline: null, markdown: '', textLength: 0 }),
  };
}

const idFor = (readers: SiteReader[], url: string) => pickSiteReader(readers, url)?.id ?? null;

describe('picking a site reader', () => {
  it('prefers an exact origin to a wildcard, whatever the registration order', () => {
    const readers = [
      reader('wild', ['https://*.example.org']),
      reader('exact', ['https://docs.example.org']),
    ];
    expect(idFor(readers, 'https://docs.example.org/a')).toBe('exact');
    expect(idFor(readers, 'https://blog.example.org/a')).toBe('wild');
  });

  it('prefers the longer wildcard, then the first registered', () => {
    const readers = [
      reader('short', ['https://*.example.org']),
      reader('long', ['https://*.docs.example.org']),
      reader('short-too', ['https://*.example.org']),
    ];
    expect(idFor(readers, 'https://en.docs.example.org/')).toBe('long');
    expect(idFor(readers, 'https://en.example.org/')).toBe('short');
  });

  it('matches scheme and port exactly, and a wildcard only below its host', () => {
    const readers = [reader('wild', ['https://*.example.org'])];
    expect(idFor(readers, 'http://en.example.org/')).toBeNull();
    expect(idFor(readers, 'https://en.example.org:8443/')).toBeNull();
    expect(idFor(readers, 'https://example.org/')).toBeNull();
    expect(idFor(readers, 'https://badexample.org/')).toBeNull();
  });

  it("falls through to the next candidate when a reader's match says no or throws", () => {
    const readers = [
      reader('throws', ['https://a.example'], () => {
        throw new Error('boom');
      }),
      reader('declines', ['https://a.example'], () => false),
      reader('accepts', ['https://*.example'], () => true),
    ];
    expect(idFor(readers, 'https://a.example/')).toBe('accepts');
    expect(idFor(readers.slice(0, 2), 'https://a.example/')).toBeNull();
  });

  it('gives no reader for a URL that cannot be parsed', () => {
    expect(idFor([reader('any', ['https://a.example'])], 'not a url')).toBeNull();
  });
});
