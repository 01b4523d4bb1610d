import { describe, expect, it } from 'vitest';
import { parseOriginPattern, patternMatches, patternText } from './originPattern.js';

function parsed(text: string) {
  const r = parseOriginPattern(text);
  if (!r.ok) throw new Error(r.reason);
  return r.pattern;
}

describe('origin patterns', () => {
  it('reads exact origins and canonicalises them', () => {
    expect(patternText(parsed('https://Example.COM'))).toBe('https://example.com');
    expect(patternText(parsed('https://example.com:443'))).toBe('https://example.com');
    expect(patternText(parsed('http://127.0.0.1:8080'))).toBe('http://127.0.0.1:8080');
  });
  it('rejects userinfo, paths, queries, fragments and other schemes', () => {
    for (const bad of [
      'https://user@example.com',
      'https://u:p@example.com',
      'https://example.com/',
      'https://example.com/path',
      'https://example.com?x=1',
      'https://example.com#x',
      'ftp://example.com',
      'example.com',
      'https://*.com',
      'https://a.*.example.com',
      'https://*example.com',
      'https://*.1.2.3.4',
      'https://exa mple.com',
    ]) {
      expect(parseOriginPattern(bad).ok, bad).toBe(false);
    }
  });
  it('matches an exact origin only', () => {
    const p = parsed('https://example.com');
    expect(patternMatches(p, 'https://example.com')).toBe(true);
    expect(patternMatches(p, 'http://example.com')).toBe(false);
    expect(patternMatches(p, 'https://example.com:8443')).toBe(false);
    expect(patternMatches(p, 'https://www.example.com')).toBe(false);
  });
  it('matches strict subdomains for a wildcard, never the apex or a look-alike', () => {
    const p = parsed('https://*.example.com');
    expect(patternText(p)).toBe('https://*.example.com');
    expect(patternMatches(p, 'https://a.example.com')).toBe(true);
    expect(patternMatches(p, 'https://a.b.example.com')).toBe(true);
    expect(patternMatches(p, 'https://example.com')).toBe(false);
    expect(patternMatches(p, 'https://evilexample.com')).toBe(false);
    expect(patternMatches(p, 'https://example.com.evil.net')).toBe(false);
    expect(patternMatches(p, 'http://a.example.com')).toBe(false);
    expect(patternMatches(p, 'https://a.example.com:8443')).toBe(false);
    expect(patternMatches(parsed('https://*.example.com:8443'), 'https://a.example.com:8443')).toBe(
      true,
    );
  });
  it('matches only canonical origins', () => {
    const p = parsed('https://example.com');
    expect(patternMatches(p, 'https://example.com/')).toBe(false);
    expect(patternMatches(p, 'not a url')).toBe(false);
    expect(patternMatches(p, 'null')).toBe(false);
  });
});
