import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest, DriverResult } from '../../browserPanel/protocol';
import { Approvals } from '../approvals';
import { DEFAULT_SETTINGS, type Settings } from '../types';
import { BrowserSide, configOf } from './browserSide';
import { BrowserChannel, CHANNEL_TIMEOUT_MS } from './channel';

const REQUEST: ApprovalRequest = {
  requestId: 'r1',
  operation: 'click',
  origin: 'http://127.0.0.1:4100',
  tabId: 't1',
  generation: 2,
  target: { role: 'button', name: 'Publish' },
  grantable: true,
};

function setup() {
  let settings: Settings = structuredClone(DEFAULT_SETTINGS);
  const frames: Record<string, unknown>[] = [];
  const approvals = new Approvals();
  let changes = 0;
  let linked = true;
  const side = new BrowserSide({
    settings: () => settings,
    storeBrowser: async (browser) => void (settings = { ...settings, browser }),
    approvals,
    promptWindow: () => 'main',
    changed: () => void changes++,
    send: (frame) => {
      if (linked) frames.push(frame as Record<string, unknown>);
      return linked;
    },
  });
  return {
    side,
    frames,
    approvals,
    settings: () => settings,
    setSettings: (s: Settings) => (settings = s),
    changes: () => changes,
    unlink: () => (linked = false),
    /** Answers the last `browser` frame sent. */
    reply(result: DriverResult) {
      const frame = [...frames].reverse().find((f) => f.t === 'browser');
      side.result(frame?.id as string, result);
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('BrowserSide', () => {
  it('pushes the settings as the driver config when the link becomes active, then asks for tabs', async () => {
    const s = setup();
    expect(s.frames).toEqual([]);
    s.side.linkChanged(true);
    expect(s.frames[0]).toEqual({
      t: 'browser-config',
      config: {
        enabled: true,
        posture: 'sandbox',
        headless: false,
        allowLoopback: false,
        grants: [],
      },
    });
    expect(s.frames[1]).toMatchObject({ t: 'browser', cmd: { op: 'tabs' } });
    s.reply({
      ok: true,
      data: {
        tabs: [
          {
            tabId: 't1',
            title: 'A',
            url: 'http://a/',
            origin: 'http://a',
            generation: 1,
            loading: false,
            human: false,
            lastAction: null,
          },
        ],
      },
    });
    await new Promise((resolve) => setTimeout(resolve));
    expect(s.side.tabs.map((t) => t.tabId)).toEqual(['t1']);
  });

  it('pushes the config again only when it changed', () => {
    const s = setup();
    s.side.linkChanged(true);
    const count = () => s.frames.filter((f) => f.t === 'browser-config').length;
    s.side.configChanged();
    expect(count()).toBe(1);
    s.setSettings({ ...s.settings(), browser: { ...s.settings().browser, posture: 'shared' } });
    s.side.configChanged();
    expect(count()).toBe(2);
    expect(s.frames.at(-1)).toMatchObject({ config: { posture: 'shared' } });
  });

  it('sends nothing while the link is not active, and answers calls with a refusal at once', async () => {
    const s = setup();
    s.side.configChanged();
    const r = await s.side.call({ op: 'read' }, 'c');
    expect(r).toMatchObject({ ok: false, error: 'BROWSER_UNAVAILABLE' });
    expect(s.frames).toEqual([]);
  });

  it('queues the prompt of an approval result before answering the call', async () => {
    const s = setup();
    s.side.linkChanged(true);
    const pending = s.side.call(
      { op: 'act', operation: 'click', role: 'button', name: 'Publish' },
      'Claude',
    );
    s.reply({ ok: false, error: 'APPROVAL_REQUIRED', message: 'ask', approval: REQUEST });
    await pending;
    expect(s.approvals.pending).toEqual([
      { id: 'browser-r1', windowId: 'main', kind: 'browser', client: 'Claude', request: REQUEST },
    ]);
  });

  it('queues the prompt of an attachment, which the driver sends in details', async () => {
    const s = setup();
    s.side.linkChanged(true);
    const attach = { ...REQUEST, operation: 'attach' as const, target: undefined };
    const pending = s.side.call({ op: 'read', tabId: 't1' }, 'Claude');
    s.reply({
      ok: false,
      error: 'ATTACHMENT_REQUIRED',
      message: 'The person opened this tab.',
      details: { approval: attach },
    });
    await pending;
    expect(s.approvals.pending).toEqual([
      { id: 'browser-r1', windowId: 'main', kind: 'browser', client: 'Claude', request: attach },
    ]);
  });

  it('sends the answer; "Allow on this site" first stores and pushes exactly that grant', async () => {
    const s = setup();
    s.side.linkChanged(true);
    s.approvals.askBrowser(REQUEST, 'main', 'c');
    await s.side.answer('browser-r1', 'site');
    const tail = s.frames.slice(-2);
    expect(tail[0]).toMatchObject({
      t: 'browser-config',
      config: { grants: [{ origin: 'http://127.0.0.1:4100', operations: ['click'] }] },
    });
    expect(tail[1]).toEqual({ t: 'browser-answer', answer: { requestId: 'r1', answer: 'site' } });
    expect(s.settings().browser.grants).toEqual([
      { origin: 'http://127.0.0.1:4100', operations: ['click'] },
    ]);
    expect(s.approvals.pending).toEqual([]);
    // A second answer to the same prompt sends nothing.
    const before = s.frames.length;
    await s.side.answer('browser-r1', 'once');
    expect(s.frames.length).toBe(before);
  });

  it('never grants a site for an operation that cannot be granted: it is allowed once', async () => {
    const s = setup();
    s.side.linkChanged(true);
    s.approvals.askBrowser(
      { ...REQUEST, requestId: 'r2', operation: 'eval', grantable: true },
      'main',
      'c',
    );
    await s.side.answer('browser-r2', 'site');
    expect(s.frames.at(-1)).toEqual({
      t: 'browser-answer',
      answer: { requestId: 'r2', answer: 'once' },
    });
    expect(s.settings().browser.grants).toEqual([]);
  });

  it('revokes a site and pushes the config', async () => {
    const s = setup();
    s.setSettings({
      ...s.settings(),
      browser: {
        ...s.settings().browser,
        grants: [{ origin: 'https://a.example', operations: ['click', 'type'] }],
      },
    });
    s.side.linkChanged(true);
    await s.side.revoke('https://a.example');
    expect(s.settings().browser.grants).toEqual([]);
    expect(s.frames.at(-1)).toMatchObject({ t: 'browser-config', config: { grants: [] } });
  });

  it('follows the driver events: tabs, a withdrawn prompt, Chromium stopping', () => {
    const s = setup();
    s.side.linkChanged(true);
    s.approvals.askBrowser(REQUEST, 'main', 'c');
    s.side.event({
      type: 'tabs',
      tabs: [
        {
          tabId: 't9',
          title: 'T',
          url: 'http://b/',
          origin: 'http://b',
          generation: 1,
          loading: false,
          human: false,
          lastAction: 'opened http://b/',
        },
      ],
    });
    expect(s.side.tabs.map((t) => t.tabId)).toEqual(['t9']);
    s.side.event({ type: 'approval-withdrawn', requestId: 'r1' });
    expect(s.approvals.pending).toEqual([]);
    s.side.event({ type: 'browser-state', running: false });
    expect(s.side.running).toBe(false);
    expect(s.side.tabs).toEqual([]);
  });

  it('answers every waiting call and drops tabs and prompts when the link goes', async () => {
    const s = setup();
    s.side.linkChanged(true);
    s.approvals.askBrowser(REQUEST, 'main', 'c');
    s.side.event({
      type: 'tabs',
      tabs: [
        {
          tabId: 't9',
          title: 'T',
          url: 'http://b/',
          origin: 'http://b',
          generation: 1,
          loading: false,
          human: false,
          lastAction: null,
        },
      ],
    });
    const pending = s.side.call({ op: 'extract' }, 'c');
    s.side.linkChanged(false);
    expect(await pending).toMatchObject({
      ok: false,
      error: 'BROWSER_UNAVAILABLE',
      message: 'The connection to the hub closed before the browser answered.',
    });
    expect(s.side.tabs).toEqual([]);
    expect(s.approvals.pending).toEqual([]);
    // Back again: the config goes out once more.
    s.side.linkChanged(true);
    expect(s.frames.filter((f) => f.t === 'browser-config')).toHaveLength(2);
  });

  it('lets the panel send only its four commands, and keeps the list after a close', async () => {
    const s = setup();
    s.side.linkChanged(true);
    const bad = await s.side.panel({ op: 'execute_js', script: 'x' } as never);
    expect(bad).toMatchObject({ ok: false, error: 'INVALID_ARGUMENT' });
    s.side.event({
      type: 'tabs',
      tabs: [
        {
          tabId: 't1',
          title: 'T',
          url: 'http://b/',
          origin: 'http://b',
          generation: 1,
          loading: false,
          human: false,
          lastAction: null,
        },
      ],
    });
    const closing = s.side.panel({ op: 'close', tabId: 't1' });
    s.reply({ ok: true, data: {} });
    expect(await closing).toEqual({ ok: true, data: {} });
    expect(s.side.tabs).toEqual([]);
  });

  it('maps the settings to the config exactly', () => {
    expect(
      configOf({
        enabled: false,
        posture: 'shared',
        headless: true,
        allowLoopback: true,
        grants: [{ origin: 'https://a.example', operations: ['read'] }],
      }),
    ).toEqual({
      enabled: false,
      posture: 'shared',
      headless: true,
      allowLoopback: true,
      grants: [{ origin: 'https://a.example', operations: ['read'] }],
    });
  });
});

describe('BrowserChannel', () => {
  it('answers a call the hub never answers with a refusal after the timeout', async () => {
    vi.useFakeTimers();
    const channel = new BrowserChannel(() => true);
    const pending = channel.call({ op: 'read' });
    await vi.advanceTimersByTimeAsync(CHANNEL_TIMEOUT_MS);
    expect(await pending).toMatchObject({ ok: false, error: 'BROWSER_UNAVAILABLE' });
    expect(channel.pending).toBe(0);
  });

  it('drops a late or unknown answer', async () => {
    const channel = new BrowserChannel(() => true);
    const pending = channel.call({ op: 'read' });
    channel.settle('b1', { ok: true, data: { n: 1 } });
    channel.settle('b1', { ok: true, data: { n: 2 } });
    channel.settle('nope', { ok: true, data: {} });
    expect(await pending).toEqual({ ok: true, data: { n: 1 } });
  });
});
