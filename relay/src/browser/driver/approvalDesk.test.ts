import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, DriverEvent } from '#shared/wire/driverProtocol.js';
import { ApprovalDesk } from './approvalDesk.js';
import type { Settings, Tab } from './core.js';

const settings: Settings = {
  enabled: true,
  posture: 'sandbox',
  headless: true,
  allowLoopback: true,
};

function tab(id = 'btab-1'): Tab {
  return {
    id,
    human: false,
    generation: 1,
    approvedOrigins: new Set(),
    page: { url: () => 'http://127.0.0.1:5000/form' },
  } as unknown as Tab;
}

function desk() {
  const events: DriverEvent[] = [];
  return {
    desk: new ApprovalDesk(
      (e) => events.push(e),
      () => undefined,
    ),
    events,
  };
}

function ask(d: ApprovalDesk, t: Tab, name = 'Save'): ApprovalRequest {
  const r = d.authorize(settings, [], t, {
    operation: 'click',
    target: { role: 'button', name },
  });
  if (!r || r.ok || !('approval' in r)) throw new Error('expected a prompt');
  return r.approval;
}

describe('ApprovalDesk.waitForAnswer', () => {
  it('resolves with the answer, and the approval lets exactly one retry through', async () => {
    const { desk: d } = desk();
    const t = tab();
    const request = ask(d, t);
    const outcome = d.waitForAnswer(request.requestId, new AbortController().signal);
    d.answer({ requestId: request.requestId, answer: 'once' });
    expect(await outcome).toBe('once');
    expect(
      d.authorize(settings, [], t, {
        operation: 'click',
        target: { role: 'button', name: 'Save' },
      }),
    ).toBeNull();
    expect(ask(d, t).requestId).not.toBe(request.requestId);
  });

  it('resolves deny on a denial', async () => {
    const { desk: d } = desk();
    const request = ask(d, tab());
    const outcome = d.waitForAnswer(request.requestId, new AbortController().signal);
    d.answer({ requestId: request.requestId, answer: 'deny' });
    expect(await outcome).toBe('deny');
  });

  it('resolves withdrawn when the tab navigates, when taken back, when aborted, or when not waiting', async () => {
    const { desk: d, events } = desk();
    const t = tab();
    const a = ask(d, t, 'A');
    const navigated = d.waitForAnswer(a.requestId, new AbortController().signal);
    d.lapseTab(t.id);
    expect(await navigated).toBe('withdrawn');
    const b = ask(d, t, 'B');
    const taken = d.waitForAnswer(b.requestId, new AbortController().signal);
    d.withdraw(b.requestId);
    expect(await taken).toBe('withdrawn');
    expect(events).toEqual([
      { type: 'approval-withdrawn', requestId: a.requestId },
      { type: 'approval-withdrawn', requestId: b.requestId },
    ]);
    const c = ask(d, t, 'C');
    const abort = new AbortController();
    const aborted = d.waitForAnswer(c.requestId, abort.signal);
    abort.abort();
    expect(await aborted).toBe('withdrawn');
    expect(await d.waitForAnswer('apr-unknown', new AbortController().signal)).toBe('withdrawn');
    // The aborted wait took nothing away: the prompt still waits for the person.
    const later = d.waitForAnswer(c.requestId, new AbortController().signal);
    d.answer({ requestId: c.requestId, answer: 'site' });
    expect(await later).toBe('site');
  });
});
