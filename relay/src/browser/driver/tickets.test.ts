import { describe, expect, it } from 'vitest';
import { Ticket, gotoFailure } from './tickets.js';

describe('navigation tickets', () => {
  it('settle once and wake their waiters', async () => {
    const t = new Ticket('nav-1');
    expect(await t.wait(10)).toBe(false);
    const waiting = t.wait(1000);
    t.settle('loaded');
    t.settle('failed', { code: 'NAVIGATION_FAILED', message: 'x' });
    expect(await waiting).toBe(true);
    expect(t.state).toBe('loaded');
  });
  it('read goto failures without repeating addresses', () => {
    expect(
      gotoFailure('page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:1/?token=x'),
    ).toEqual({
      code: 'NAVIGATION_FAILED',
      message: 'The page did not load (net::ERR_CONNECTION_REFUSED).',
    });
    expect(gotoFailure('Navigation to "a" is interrupted by another navigation to "b"')).toBe(
      'superseded',
    );
  });
});
