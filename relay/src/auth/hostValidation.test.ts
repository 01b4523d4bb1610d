import { describe, expect, it } from 'vitest';
import { hostIsOwn, originIsOwn, ownHosts } from './hostValidation.js';

const PORT = 7331;

describe('the hub answers to 127.0.0.1 and localhost on its own port', () => {
  it('accepts 127.0.0.1:PORT and localhost:PORT', () => {
    expect(hostIsOwn('127.0.0.1:7331', PORT)).toBe(true);
    expect(hostIsOwn('localhost:7331', PORT)).toBe(true);
  });

  it('ignores the case of the name, as DNS does', () => {
    expect(hostIsOwn('LocalHost:7331', PORT)).toBe(true);
  });

  it('accepts the names without a port only on port 80, where browsers leave it out', () => {
    expect(hostIsOwn('localhost', PORT)).toBe(false);
    expect(hostIsOwn('127.0.0.1', PORT)).toBe(false);
    expect(hostIsOwn('localhost', 80)).toBe(true);
    expect(hostIsOwn('127.0.0.1', 80)).toBe(true);
    expect(ownHosts(80)).toEqual(['127.0.0.1:80', 'localhost:80', '127.0.0.1', 'localhost']);
  });
});

describe('every other Host is foreign', () => {
  it('refuses other names, even ones that resolve to 127.0.0.1 (DNS rebinding)', () => {
    for (const host of [
      'evil.example:7331',
      'evil.example',
      '127.0.0.1.nip.io:7331',
      'localhost.:7331',
      'sub.localhost:7331',
      'vmark.test:7331',
    ]) {
      expect(hostIsOwn(host, PORT), host).toBe(false);
    }
  });

  it('refuses other ports and other loopback spellings', () => {
    for (const host of [
      '127.0.0.1:7332',
      'localhost:80',
      '[::1]:7331',
      '127.0.0.2:7331',
      '0.0.0.0:7331',
      '2130706433:7331',
    ]) {
      expect(hostIsOwn(host, PORT), host).toBe(false);
    }
  });

  it('refuses a missing or empty Host, and one with anything around the name', () => {
    for (const host of [
      undefined,
      '',
      ' 127.0.0.1:7331',
      '127.0.0.1:7331 ',
      'user@127.0.0.1:7331',
    ]) {
      expect(hostIsOwn(host, PORT), String(host)).toBe(false);
    }
  });
});

describe('the app’s own origin', () => {
  it('is http:// and an own host', () => {
    expect(originIsOwn('http://127.0.0.1:7331', PORT)).toBe(true);
    expect(originIsOwn('http://localhost:7331', PORT)).toBe(true);
    expect(originIsOwn('HTTP://LOCALHOST:7331', PORT)).toBe(true);
  });

  it('is nothing else: other schemes, names, ports, opaque or missing origins', () => {
    for (const origin of [
      undefined,
      'null',
      'https://127.0.0.1:7331',
      'http://127.0.0.1:7332',
      'http://evil.example:7331',
      'http://127.0.0.1:7331/',
      'ws://127.0.0.1:7331',
    ]) {
      expect(originIsOwn(origin, PORT), String(origin)).toBe(false);
    }
  });
});
