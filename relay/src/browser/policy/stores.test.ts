import { describe, expect, it } from 'vitest';
import { AttachmentStore } from './attachments.js';
import { OneShotStore, type Binding } from './oneShots.js';
import { PendingPrompts } from './pendingPrompts.js';

const b = (n: number, tabId = 'btab-1'): Binding => ({
  tabId,
  generation: 1,
  origin: 'https://example.com',
  operation: 'click',
  target: `button\u0000B${n}`,
});

const draft = {
  operation: 'click' as const,
  origin: 'https://example.com',
  tabId: 'btab-1',
  generation: 1,
  grantable: true,
};

describe('one-shots', () => {
  it('are consumed once and only by an equal binding', () => {
    const s = new OneShotStore();
    s.mint(b(1));
    expect(s.consume(b(2))).toBe(false);
    expect(s.consume({ ...b(1), generation: 2 })).toBe(false);
    expect(s.consume(b(1))).toBe(true);
    expect(s.consume(b(1))).toBe(false);
  });
  it('keep at most 256, evicting the oldest', () => {
    const s = new OneShotStore();
    for (let i = 0; i < 300; i++) s.mint(b(i));
    expect(s.size).toBe(256);
    expect(s.has(b(43))).toBe(false);
    expect(s.has(b(44))).toBe(true);
  });
  it('lapse with their tab', () => {
    const s = new OneShotStore();
    s.mint(b(1));
    s.mint(b(2, 'btab-2'));
    s.lapse('btab-1');
    expect(s.has(b(1))).toBe(false);
    expect(s.has(b(2, 'btab-2'))).toBe(true);
  });
});

describe('pending prompts', () => {
  it('give the same request for the same binding', () => {
    const p = new PendingPrompts();
    const first = p.ask(b(1), draft).request;
    expect(p.ask(b(1), draft).request.requestId).toBe(first.requestId);
    expect(p.ask(b(2), draft).request.requestId).not.toBe(first.requestId);
    expect(p.size).toBe(2);
  });
  it('keep at most 64, withdrawing the oldest', () => {
    const p = new PendingPrompts();
    const first = p.ask(b(0), draft).request.requestId;
    for (let i = 1; i < 64; i++) p.ask(b(i), draft);
    const { evicted } = p.ask(b(64), draft);
    expect(evicted).toEqual([first]);
    expect(p.size).toBe(64);
  });
  it('are taken once and withdrawn with their tab', () => {
    const p = new PendingPrompts();
    const one = p.ask(b(1), draft).request.requestId;
    const two = p.ask(b(2, 'btab-2'), draft).request.requestId;
    expect(p.take(one)?.binding).toEqual(b(1));
    expect(p.take(one)).toBeNull();
    expect(p.withdrawTab('btab-2')).toEqual([two]);
    expect(p.size).toBe(0);
  });
});

describe('attachments', () => {
  it('hold for their generation; once is spent, navigation stays', () => {
    const a = new AttachmentStore();
    a.grant('t', 'once', 1);
    expect(a.get('t', 2)).toBeNull();
    a.spend('t');
    expect(a.get('t', 1)).toBeNull();
    a.grant('t', 'navigation', 1);
    a.spend('t');
    expect(a.get('t', 1)).toBe('navigation');
    a.grant('t', 'once', 1);
    expect(a.get('t', 1)).toBe('navigation');
    a.lapse('t');
    expect(a.get('t', 1)).toBeNull();
  });
});
