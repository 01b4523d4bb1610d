import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, DriverResult } from '../../shared/wire/driverProtocol';
import { promptOf } from './promptOf';

const REQUEST: ApprovalRequest = {
  requestId: 'apr-1',
  operation: 'attach',
  origin: 'http://127.0.0.1:4100',
  tabId: 'btab-2',
  generation: 1,
  grantable: true,
};

describe('promptOf', () => {
  it('finds the prompt of APPROVAL_REQUIRED at the top', () => {
    const click = { ...REQUEST, operation: 'click' as const };
    expect(
      promptOf({ ok: false, error: 'APPROVAL_REQUIRED', message: 'ask', approval: click }),
    ).toBe(click);
  });

  it('finds the prompt of ATTACHMENT_REQUIRED in details, where the driver puts it', () => {
    const result: DriverResult = {
      ok: false,
      error: 'ATTACHMENT_REQUIRED',
      message: 'The person opened this tab.',
      details: { approval: REQUEST },
    };
    expect(promptOf(result)).toBe(REQUEST);
  });

  it('finds none in a success, a plain refusal, or a malformed request', () => {
    expect(promptOf({ ok: true, data: { approval: REQUEST } })).toBeNull();
    expect(promptOf({ ok: false, error: 'TAB_NOT_FOUND', message: 'gone' })).toBeNull();
    const malformed: DriverResult = {
      ok: false,
      error: 'ATTACHMENT_REQUIRED',
      message: 'x',
      details: { approval: { ...REQUEST, requestId: 7 } },
    };
    expect(promptOf(malformed)).toBeNull();
  });
});
