import { describe, expect, it } from 'vitest';
import { OPERATIONS, PAYLOAD_BOUND, isGrantable, isOperation, payloadHash } from './operations.js';

describe('operations', () => {
  it('is a closed, case-sensitive set', () => {
    expect(OPERATIONS).toHaveLength(14);
    expect(isOperation('click')).toBe(true);
    expect(isOperation('Click')).toBe(false);
    expect(isOperation('publish')).toBe(false);
    expect(isOperation(undefined)).toBe(false);
  });
  it('never grants upload, eval, session or record', () => {
    for (const op of ['upload', 'eval', 'session', 'record'] as const)
      expect(isGrantable(op)).toBe(false);
    for (const op of ['read', 'click', 'hover', 'type', 'dialog', 'style', 'navigate'] as const) {
      expect(isGrantable(op)).toBe(true);
    }
  });
  it('binds payloads of style, eval, session, type, key, scroll and dialog, not click', () => {
    expect([...PAYLOAD_BOUND].sort()).toEqual([
      'dialog',
      'eval',
      'key',
      'scroll',
      'session',
      'style',
      'type',
    ]);
    expect(PAYLOAD_BOUND.has('click')).toBe(false);
    expect(PAYLOAD_BOUND.has('hover')).toBe(false);
  });
  it('hashes the exact payload', () => {
    expect(payloadHash('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(payloadHash('abc ')).not.toBe(payloadHash('abc'));
  });
});
