import { describe, expect, it } from 'vitest';
import { AttachmentStore } from './attachments.js';
import { decide, decideDestination, type DecisionInput } from './decide.js';
import { parseGrants } from './grants.js';
import { OneShotStore } from './oneShots.js';

const URL_WITH_SECRETS = 'http://127.0.0.1:5000/reset/tok123?access_token=sekrit#frag';
const ORIGIN = 'http://127.0.0.1:5000';

function input(over: Partial<DecisionInput> = {}): DecisionInput {
  return {
    enabled: true,
    posture: 'sandbox',
    grants: [],
    oneShots: new OneShotStore(),
    attachments: new AttachmentStore(),
    tab: {
      tabId: 'btab-1',
      human: false,
      generation: 3,
      url: URL_WITH_SECRETS,
      approvedOrigins: new Set(),
    },
    generation: 3,
    operation: 'read',
    ...over,
  };
}

const click = { operation: 'click' as const, target: { role: 'button', name: 'Publish' } };

describe('decide', () => {
  it('refuses everything while disabled, first of all', () => {
    expect(decide(input({ enabled: false, generation: 1 }))).toMatchObject({
      code: 'BROWSER_DISABLED',
    });
  });
  it('refuses a stale generation', () => {
    expect(decide(input({ generation: 2 }))).toMatchObject({ kind: 'refuse', code: 'STALE_REF' });
  });
  it('grants nothing on a page that is not a committed web page', () => {
    const i = input();
    i.tab = { ...i.tab, url: 'about:blank' };
    expect(decide(i)).toMatchObject({ kind: 'refuse', code: 'INVALID_ARGUMENT' });
  });
  it('lets the AI read its own sandbox tab freely', () => {
    expect(decide(input())).toEqual({ kind: 'allow', origin: ORIGIN });
  });
  it('asks for an act, with the origin only and the element', () => {
    const d = decide(input(click));
    expect(d.kind).toBe('ask');
    if (d.kind !== 'ask') return;
    expect(d.code).toBe('APPROVAL_REQUIRED');
    expect(d.draft).toEqual({
      operation: 'click',
      origin: ORIGIN,
      tabId: 'btab-1',
      generation: 3,
      target: { role: 'button', name: 'Publish' },
      grantable: true,
    });
    expect(JSON.stringify(d)).not.toMatch(/tok123|sekrit|frag|reset/);
  });
  it('spends an Allow once exactly once, and only on its own target', () => {
    const i = input(click);
    const asked = decide(i);
    if (asked.kind !== 'ask') throw new Error('expected a prompt');
    i.oneShots.mint(asked.binding);
    expect(decide({ ...i, target: { role: 'button', name: 'Delete' } }).kind).toBe('ask');
    expect(decide({ ...i, operation: 'type', payload: { text: 'x' } }).kind).toBe('ask');
    expect(decide(i).kind).toBe('allow');
    expect(decide(i).kind).toBe('ask');
  });
  it('binds a type approval to its exact text', () => {
    const i = input({
      operation: 'type',
      target: { role: 'textbox', name: 'Title' },
      payload: { text: 'A', summary: 'Text: "A"' },
    });
    const asked = decide(i);
    if (asked.kind !== 'ask') throw new Error('expected a prompt');
    expect(asked.draft.payloadSummary).toBe('Text: "A"');
    i.oneShots.mint(asked.binding);
    expect(decide({ ...i, payload: { text: 'B' } }).kind).toBe('ask');
    expect(decide(i).kind).toBe('allow');
  });
  it('does not let a one-shot outlive its generation', () => {
    const i = input(click);
    const asked = decide(i);
    if (asked.kind !== 'ask') throw new Error('expected a prompt');
    i.oneShots.mint(asked.binding);
    const next = { ...i, tab: { ...i.tab, generation: 4 }, generation: 4 };
    expect(decide(next).kind).toBe('ask');
  });
  it('honours a standing grant for that operation and origin only', () => {
    const grants = parseGrants([{ origin: ORIGIN, operations: ['click'] }]).grants;
    expect(decide(input({ ...click, grants })).kind).toBe('allow');
    expect(
      decide(input({ ...click, grants, operation: 'type', payload: { text: 'x' } })).kind,
    ).toBe('ask');
    const other = input({ ...click, grants });
    other.tab = { ...other.tab, url: 'http://127.0.0.1:5001/' };
    expect(decide(other).kind).toBe('ask');
  });
  it('grants and asks an act inside a frame for the frame’s origin, not the page’s', () => {
    const FRAME = 'http://pay.test:8080';
    const pageGrant = parseGrants([{ origin: ORIGIN, operations: ['click'] }]).grants;
    const asked = decide(input({ ...click, grants: pageGrant, frameOrigin: FRAME }));
    expect(asked.kind).toBe('ask');
    if (asked.kind === 'ask') {
      expect(asked.draft.origin).toBe(FRAME);
      expect(asked.binding.origin).toBe(FRAME);
      expect(asked.message).toContain(FRAME);
    }
    const frameGrant = parseGrants([{ origin: FRAME, operations: ['click'] }]).grants;
    expect(decide(input({ ...click, grants: frameGrant, frameOrigin: FRAME })).kind).toBe('allow');
    // The page's own acts are not covered by the frame's grant.
    expect(decide(input({ ...click, grants: frameGrant })).kind).toBe('ask');
    // A ref inside the frame needs the standing grant of the frame's origin.
    const byRef = { operation: 'click' as const, target: { ref: 'f1e2' } };
    const refused = decide(input({ ...byRef, grants: pageGrant, frameOrigin: FRAME }));
    expect(refused.kind).toBe('refuse');
    expect(decide(input({ ...byRef, grants: frameGrant, frameOrigin: FRAME })).kind).toBe('allow');
  });
  it('a fresh act asks even under a standing grant, and an Allow once lets it through', () => {
    const grants = parseGrants([{ origin: ORIGIN, operations: ['click'] }]).grants;
    const oneShots = new OneShotStore();
    const first = decide(input({ ...click, grants, oneShots, fresh: true }));
    expect(first).toMatchObject({ kind: 'ask', draft: { operation: 'click' } });
    if (first.kind !== 'ask') return;
    oneShots.mint(first.binding);
    expect(decide(input({ ...click, grants, oneShots, fresh: true })).kind).toBe('allow');
    expect(decide(input({ ...click, grants, oneShots, fresh: true })).kind).toBe('ask');
  });
  it('never lets a grant cover eval or session', () => {
    const grants = parseGrants([
      { origin: ORIGIN, operations: ['eval', 'session', 'click'] },
    ]).grants;
    const d = decide(
      input({ grants, operation: 'eval', payload: { text: 'return 1', script: 'return 1' } }),
    );
    expect(d).toMatchObject({ kind: 'ask', draft: { grantable: false, script: 'return 1' } });
  });
  it('refuses a ref act without a standing grant, pointing at role and name', () => {
    const d = decide(input({ operation: 'click', target: { ref: 'e5' } }));
    expect(d).toMatchObject({ kind: 'refuse', code: 'INVALID_ARGUMENT' });
    if (d.kind === 'refuse') expect(d.message).toMatch(/role and name/);
    const grants = parseGrants([{ origin: ORIGIN, operations: ['click'] }]).grants;
    expect(decide(input({ grants, operation: 'click', target: { ref: 'e5' } })).kind).toBe('allow');
  });
  it('never automates uploads', () => {
    const grants = parseGrants([{ origin: ORIGIN, operations: ['upload'] }]).grants;
    expect(decide(input({ grants, operation: 'upload' }))).toMatchObject({ kind: 'refuse' });
  });
  describe('human tabs', () => {
    const human = (over: Partial<DecisionInput> = {}) => {
      const i = input(over);
      i.tab = { ...i.tab, human: true };
      return i;
    };
    it('need an attachment for a read, even under a grant', () => {
      const grants = parseGrants([{ origin: ORIGIN, operations: ['read', 'click'] }]).grants;
      const d = decide(human({ grants }));
      expect(d).toMatchObject({
        kind: 'ask',
        code: 'ATTACHMENT_REQUIRED',
        draft: { operation: 'attach', origin: ORIGIN },
      });
    });
    it('spend a once-attachment on one read', () => {
      const i = human();
      i.attachments.grant('btab-1', 'once', 3);
      expect(decide(i).kind).toBe('allow');
      expect(decide(i)).toMatchObject({ code: 'ATTACHMENT_REQUIRED' });
    });
    it('keep an until-navigation attachment for the generation', () => {
      const i = human();
      i.attachments.grant('btab-1', 'navigation', 3);
      expect(decide(i).kind).toBe('allow');
      expect(decide(i).kind).toBe('allow');
      const moved = { ...i, tab: { ...i.tab, generation: 4 }, generation: 4 };
      expect(decide(moved)).toMatchObject({ code: 'ATTACHMENT_REQUIRED' });
    });
    it('refuse polling under a once-attachment', () => {
      const i = human({ polling: true });
      i.attachments.grant('btab-1', 'once', 3);
      expect(decide(i)).toMatchObject({ code: 'ATTACHMENT_ONCE_INSUFFICIENT' });
    });
    it('spend nothing when the act itself is refused', () => {
      const i = human(click);
      i.attachments.grant('btab-1', 'once', 3);
      expect(decide(i)).toMatchObject({ kind: 'ask', code: 'APPROVAL_REQUIRED' });
      expect(i.attachments.get('btab-1', 3)).toBe('once');
    });
  });
  describe('shared posture', () => {
    it('confines reads to approved origins and asks for the destination', () => {
      const i = input({ posture: 'shared' });
      const d = decide(i);
      expect(d).toMatchObject({ kind: 'ask', draft: { operation: 'navigate', origin: ORIGIN } });
      if (d.kind !== 'ask') return;
      i.oneShots.mint(d.binding);
      expect(decide(i)).toEqual({ kind: 'allow', origin: ORIGIN, approveOrigin: ORIGIN });
    });
    it('lets a navigate grant cover the origin', () => {
      const grants = parseGrants([{ origin: ORIGIN, operations: ['navigate'] }]).grants;
      expect(decide(input({ posture: 'shared', grants })).kind).toBe('allow');
    });
    it('reads freely on an approved origin', () => {
      const i = input({ posture: 'shared' });
      i.tab = { ...i.tab, approvedOrigins: new Set([ORIGIN]) };
      expect(decide(i)).toEqual({ kind: 'allow', origin: ORIGIN });
    });
  });
});

describe('decideDestination', () => {
  const base = { grants: [], oneShots: new OneShotStore(), url: 'http://127.0.0.1:5001/a?x=1' };
  it('needs nothing in the sandbox', () => {
    expect(decideDestination({ ...base, posture: 'sandbox', tab: null }).kind).toBe('allow');
  });
  it('asks for a new origin in the shared posture, once, bound to the destination', () => {
    const oneShots = new OneShotStore();
    const tab = { tabId: 'btab-2', generation: 5, approvedOrigins: new Set([ORIGIN]) };
    const d = decideDestination({ ...base, oneShots, posture: 'shared', tab });
    expect(d).toMatchObject({
      kind: 'ask',
      draft: { operation: 'navigate', origin: 'http://127.0.0.1:5001', tabId: 'btab-2' },
    });
    if (d.kind !== 'ask') return;
    oneShots.mint(d.binding);
    expect(decideDestination({ ...base, oneShots, posture: 'shared', tab })).toMatchObject({
      kind: 'allow',
      approveOrigin: 'http://127.0.0.1:5001',
    });
    expect(decideDestination({ ...base, oneShots, posture: 'shared', tab }).kind).toBe('ask');
    expect(
      decideDestination({ ...base, oneShots, posture: 'shared', tab, url: `${ORIGIN}/other` }).kind,
    ).toBe('allow');
  });
  it('lets a navigate grant cover the destination', () => {
    const grants = parseGrants([
      { origin: 'http://127.0.0.1:5001', operations: ['navigate'] },
    ]).grants;
    expect(decideDestination({ ...base, grants, posture: 'shared', tab: null }).kind).toBe('allow');
  });
});
