import { describe, expect, it } from 'vitest';
import {
  CAUSE_CODES,
  PANEL_REFUSALS,
  REFUSALS,
  WIRE_CODES,
  wireCode,
  type RefusalCode,
} from './refusals';

/** The seeds' codes (their error table); a client written from the seeds branches on these. */
const SEED_CODES = [
  'STALE',
  'INVALID_PATCH',
  'INVALID_TAB',
  'INVALID_PATH',
  'APPROVAL_REQUIRED',
  'NOT_WORKFLOW',
  'READ_ONLY',
  'NO_EDITOR',
  'INTERNAL',
];

describe('wireCode', () => {
  it('sends an unreadable path as INVALID_PATH and an unknown window as INVALID_TAB, the cause as reason', () => {
    expect(wireCode('NOT_FOUND')).toEqual({ error: 'INVALID_PATH', reason: 'NOT_FOUND' });
    expect(wireCode('PERMISSION')).toEqual({ error: 'INVALID_PATH', reason: 'PERMISSION' });
    expect(wireCode('TOO_LARGE')).toEqual({ error: 'INVALID_PATH', reason: 'TOO_LARGE' });
    expect(wireCode('NAME_CLASH')).toEqual({ error: 'INVALID_PATH', reason: 'NAME_CLASH' });
    expect(wireCode('INVALID_WINDOW')).toEqual({ error: 'INVALID_TAB', reason: 'INVALID_WINDOW' });
  });

  it("keeps the seeds' codes and the browser's as they are", () => {
    for (const code of [...SEED_CODES, 'TAB_NOT_FOUND', 'DIALOG_OPEN', 'INVALID_ARGUMENT']) {
      expect(wireCode(code as RefusalCode)).toEqual({ error: code });
    }
  });

  it('maps every cause to a code a client sees, never to another cause', () => {
    for (const code of Object.keys(REFUSALS) as RefusalCode[]) {
      expect(WIRE_CODES).toContain(wireCode(code).error);
    }
    expect([...WIRE_CODES, ...CAUSE_CODES].sort()).toEqual(Object.keys(REFUSALS).sort());
    expect(CAUSE_CODES.sort()).toEqual(
      ['INVALID_WINDOW', 'NAME_CLASH', 'NOT_FOUND', 'PERMISSION', 'TOO_LARGE'].sort(),
    );
    for (const seed of SEED_CODES) expect(WIRE_CODES).toContain(seed);
  });
});

describe('the driver codes', () => {
  it("are the browser driver's refusals and the two it shares with the app", () => {
    const driver = (Object.keys(REFUSALS) as RefusalCode[]).filter(
      (code) => 'driver' in REFUSALS[code],
    );
    expect(driver).toContain('INVALID_ARGUMENT');
    expect(driver).toContain('INTERNAL');
    expect(driver).toHaveLength(23);
    for (const code of driver) expect(wireCode(code)).toEqual({ error: code });
  });
});

describe('the panel refusals', () => {
  it('are codes of their own, none of them a code an AI client may get', () => {
    for (const code of Object.keys(PANEL_REFUSALS))
      expect(Object.hasOwn(REFUSALS, code)).toBe(false);
    expect(Object.keys(PANEL_REFUSALS)).toEqual(['NOT_ALLOWED']);
  });
});
