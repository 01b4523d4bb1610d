import { describe, expect, it } from 'vitest';
import { addGrant, canonicalOrigin, parseGrants, revokeGrant } from './grants';

describe('canonicalOrigin', () => {
  it.each([
    ['https://Example.COM', 'https://example.com'],
    ['https://example.com:443', 'https://example.com'],
    ['http://127.0.0.1:80', 'http://127.0.0.1'],
    ['http://127.0.0.1:4100', 'http://127.0.0.1:4100'],
    ['https://*.example.com', 'https://*.example.com'],
    ['https://[::1]:8443', 'https://[::1]:8443'],
  ])('%s → %s', (given, canonical) => {
    expect(canonicalOrigin(given)).toBe(canonical);
  });

  it.each([
    'https://example.com/',
    'https://example.com/path',
    'https://user@example.com',
    'https://example.com?q',
    'https://example.com#f',
    'ftp://example.com',
    'https://*.com',
    'https://*.[::1]',
    'https://a.*.example.com',
    'https://example.com:0',
    'https://example.com:70000',
    'example.com',
    '',
  ])('refuses %j (rejected, never stripped)', (given) => {
    expect(canonicalOrigin(given)).toBeNull();
  });
});

describe('grants', () => {
  it('adds exactly the operation asked, merging by origin in a fixed order', () => {
    let g = addGrant([], 'https://a.example', 'type');
    g = addGrant(g, 'https://A.example:443', 'click');
    g = addGrant(g, 'https://a.example', 'click');
    expect(g).toEqual([{ origin: 'https://a.example', operations: ['click', 'type'] }]);
  });

  it('never adds an operation that may not be standing', () => {
    for (const op of ['eval', 'session', 'record', 'upload', 'attach'] as const) {
      expect(addGrant([], 'https://a.example', op)).toEqual([]);
    }
  });

  it('revokes a site, or one operation there', () => {
    const g = [
      { origin: 'https://a.example', operations: ['click', 'type'] as ('click' | 'type')[] },
      { origin: 'https://b.example', operations: ['read'] as 'read'[] },
    ];
    expect(revokeGrant(g, 'https://a.example')).toEqual([g[1]]);
    expect(revokeGrant(g, 'https://a.example', 'type')).toEqual([
      { origin: 'https://a.example', operations: ['click'] },
      g[1],
    ]);
    expect(revokeGrant(g, 'https://b.example', 'read')).toEqual([g[0]]);
  });

  it('reads stored grants back checked: bad entries and operations dropped', () => {
    expect(
      parseGrants([
        { origin: 'https://a.example', operations: ['click', 'eval', 'bogus', 'click'] },
        { origin: 'https://a.example/x', operations: ['click'] },
        { origin: 'https://b.example', operations: 'click' },
        null,
        'x',
        { origin: 'http://127.0.0.1:4100', operations: ['navigate'] },
      ]),
    ).toEqual([
      { origin: 'https://a.example', operations: ['click'] },
      { origin: 'http://127.0.0.1:4100', operations: ['navigate'] },
    ]);
    expect(parseGrants('nope')).toEqual([]);
  });
});
