import { describe, expect, it } from 'vitest';
import { checkNavigation } from './navigationPolicy.js';

const strict = { allowLoopback: false, hubPort: 7331 };
const loose = { allowLoopback: true, hubPort: 7331 };

function code(url: unknown, rules = strict) {
  const v = checkNavigation(url, rules);
  return v.ok ? 'ok' : v.code;
}

describe('navigation policy', () => {
  it('allows public http and https addresses', () => {
    expect(code('https://example.com/a?b=1')).toBe('ok');
    expect(code('http://93.184.216.34/')).toBe('ok');
    expect(code('https://[2606:4700::1111]/')).toBe('ok');
  });
  it('refuses malformed addresses, userinfo and backslashes as invalid', () => {
    expect(code('not a url')).toBe('INVALID_URL');
    expect(code('')).toBe('INVALID_URL');
    expect(code(42)).toBe('INVALID_URL');
    expect(code('https://user:pw@example.com/')).toBe('INVALID_URL');
    expect(code('https://user@example.com/')).toBe('INVALID_URL');
    expect(code('https://example.com\\@evil.com/')).toBe('INVALID_URL');
    expect(code(`https://example.com/${'a'.repeat(9000)}`)).toBe('INVALID_URL');
  });
  it('blocks other schemes', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://example.com/',
      'chrome://settings',
    ]) {
      expect(code(url), url).toBe('NAVIGATION_BLOCKED');
    }
  });
  it('blocks loopback unless allowed, and the hub itself always', () => {
    for (const url of [
      'http://127.0.0.1:5000/',
      'http://127.1.2.3/',
      'http://localhost:3000/',
      'http://a.localhost/',
      'http://[::1]/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(code(url), url).toBe('NAVIGATION_BLOCKED');
      expect(code(url, loose), url).toBe('ok');
    }
    expect(code('http://127.0.0.1:7331/', loose)).toBe('NAVIGATION_BLOCKED');
    expect(code('http://localhost:7331/x', loose)).toBe('NAVIGATION_BLOCKED');
  });
  it('blocks private, link-local and special ranges, v4 and v6, even with loopback allowed', () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://100.64.0.1/',
      'http://224.0.0.1/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://[fe80::1]/',
      'http://[::]/',
      'http://[::ffff:192.168.0.1]/',
      'http://[64:ff9b::a00:1]/',
      'http://metadata/',
      'http://metadata.google.internal/',
      'http://x.local/',
      'http://printer.local./',
      'http://router.home.arpa/',
      'http://db.internal/',
    ]) {
      expect(code(url, loose), url).toBe('NAVIGATION_BLOCKED');
    }
    expect(code('http://172.32.0.1/')).toBe('ok');
    expect(code('http://11.0.0.1/')).toBe('ok');
  });
  it('returns the parsed address', () => {
    const v = checkNavigation(' https://Example.com/a ', strict);
    expect(v).toEqual({ ok: true, url: 'https://example.com/a' });
  });
});
