import { describe, expect, it } from 'vitest';
import type { DriverResult } from '#shared/wire/driverProtocol.js';
import { actAttempt, extractAttempt, navigationAttempt } from './attempts.js';
import { decideAfterResult } from '#shared/browserWorkflow/decide.js';

const ok = (data: Record<string, unknown>): DriverResult => ({ ok: true, data });
const refused = (error: string, message = 'm'): DriverResult =>
  ({ ok: false, error, message }) as DriverResult;

describe('actAttempt', () => {
  it('maps each act answer to what the run then does', () => {
    const decisions = (r: DriverResult) => {
      const a = actAttempt(r);
      return a.stop
        ? `stop:${a.stop.reasonCode}`
        : decideAfterResult('action', a.outcome, a.postconditionMet);
    };
    expect(decisions(ok({ found: true, clicked: true }))).toBe('done');
    expect(decisions(ok({ found: true, typed: true }))).toBe('done');
    expect(decisions(ok({ found: true, reason: 'obscured', by: 'div.cookie-banner' }))).toBe(
      'retry',
    );
    expect(decisions(ok({ found: true, reason: 'hidden' }))).toBe('retry');
    expect(decisions(ok({ found: false }))).toBe('retry');
    expect(decisions(ok({ found: true, reason: 'disabled' }))).toBe('stop-and-ask');
    expect(decisions(ok({ found: true, reason: 'ambiguous' }))).toBe('stop-and-ask');
    expect(decisions(ok({ found: true, reason: 'upload' }))).toBe('stop-and-ask');
    expect(decisions(ok({ found: true }))).toBe('stop-and-ask');
    expect(decisions(refused('STALE_REF'))).toBe('retry');
    expect(decisions(refused('INTERNAL'))).toBe('stop-and-ask');
    expect(decisions(refused('TAB_NOT_FOUND'))).toBe('stop:lease-lost');
    expect(decisions(refused('BROWSER_DISABLED'))).toBe('stop:needs-human');
  });

  it('says what covered the target, and marks a missing one for self-heal', () => {
    expect(
      actAttempt(ok({ found: true, reason: 'obscured', by: 'div.cookie-banner' })).reason,
    ).toBe('obscured by div.cookie-banner');
    expect(actAttempt(ok({ found: false }))).toMatchObject({ notFound: true, reason: 'not-found' });
    expect(actAttempt(ok({ found: true, reason: 'hidden' })).notFound).toBeUndefined();
  });
});

describe('navigationAttempt', () => {
  it('loaded, failed (retried), blocked (stops), anything else unknown', () => {
    expect(
      navigationAttempt(ok({ title: 'x', gate: { kind: 'login-required', hint: 'h' } })),
    ).toEqual({
      outcome: 'success',
      postconditionMet: true,
      data: { gate: { kind: 'login-required', hint: 'h' } },
    });
    expect(navigationAttempt(refused('NAVIGATION_FAILED', '404'))).toEqual({
      outcome: 'failed',
      postconditionMet: false,
      reason: '404',
    });
    expect(navigationAttempt(refused('NAVIGATION_BLOCKED', 'private address')).stop).toEqual({
      status: 'paused',
      reasonCode: 'needs-human',
      reason: 'private address',
    });
    expect(navigationAttempt(refused('NAVIGATION_SUPERSEDED')).outcome).toBe('unknown');
  });
});

describe('extractAttempt', () => {
  it('keeps title and size, never the text', () => {
    const a = extractAttempt(
      ok({ title: 'T', markdown: 'secret body', textLength: 11, truncated: false }),
    );
    expect(a).toEqual({
      outcome: 'success',
      data: { title: 'T', textLength: 11, truncated: false },
    });
    expect(JSON.stringify(a)).not.toContain('secret');
    expect(extractAttempt(refused('TIMEOUT', 'slow'))).toEqual({
      outcome: 'failed',
      reason: 'slow',
    });
  });
});
