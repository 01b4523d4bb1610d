import { describe, expect, it } from 'vitest';
import { classifyGate, type GateSignals } from './gates.js';

const page = (over: Partial<GateSignals>): GateSignals => ({
  url: 'https://example.com/',
  title: 'Example',
  textHead: 'Hello',
  challengeWidget: false,
  passwordField: false,
  ...over,
});
const kind = (over: Partial<GateSignals>) => classifyGate(page(over))?.kind ?? null;

describe('gate classifier', () => {
  it('finds a login wall only with a visible password field', () => {
    expect(kind({ title: 'Sign in', passwordField: true })).toBe('login-required');
    expect(
      kind({ url: 'https://example.com/account/login', title: 'Example', passwordField: true }),
    ).toBe('login-required');
    expect(kind({ title: 'Sign in', passwordField: false })).toBeNull();
    expect(
      kind({ title: 'How to sign in safely', textHead: 'Sign in with care. '.repeat(200) }),
    ).toBeNull();
  });
  it('finds consent on a consent path with consent words', () => {
    expect(kind({ url: 'https://example.com/consent/x', textHead: 'Accept all' })).toBe('consent');
    expect(kind({ url: 'https://consent.example.com/', textHead: 'Before you continue' })).toBe(
      'consent',
    );
    expect(
      kind({ url: 'https://example.com/news', textHead: 'We use cookies. Accept all' }),
    ).toBeNull();
  });
  it('finds a challenge by its widget, or by title and text on a terse page', () => {
    expect(kind({ challengeWidget: true })).toBe('challenge');
    expect(
      kind({
        title: 'Just a moment...',
        textHead: 'Verify you are human by completing the action below.',
      }),
    ).toBe('challenge');
    const article = `Verify you are human. ${'Captchas are a long story. '.repeat(120)}`;
    expect(kind({ title: 'Just a moment...', textHead: article })).toBeNull();
    expect(kind({ title: 'News', textHead: 'Verify you are human' })).toBeNull();
  });
  it('finds a rate limit from two signals, never from a price', () => {
    expect(
      kind({ title: '429 Too Many Requests', textHead: 'Too many requests, try again later.' }),
    ).toBe('rate-limited');
    expect(
      kind({ title: 'Shop', textHead: 'Now only $429! Too many requests for this item' }),
    ).toBeNull();
    expect(kind({ title: 'Price $429', textHead: 'Buy now' })).toBeNull();
  });
  it('gives hints that point at the person', () => {
    for (const over of [{ challengeWidget: true }, { title: 'Sign in', passwordField: true }]) {
      expect(classifyGate(page(over))?.hint).toMatch(/person/);
    }
  });
});
