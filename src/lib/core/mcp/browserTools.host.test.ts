/**
 * The browser handlers against the in-memory host with a fake driver: what the AI client gets
 * back for each kind of driver result, and what reaches the driver.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest, DriverResult } from '../../browserPanel/protocol';
import { callContext, type CallContext } from '../../mcp';
import { browserReadTool } from './browserReadTool';
import { browserTool } from './browserTool';
import { createTestHost } from './testHost';

const quiet: CallContext = { progress: () => undefined };

function body(r: CallToolResult): Record<string, unknown> {
  const [block] = r.content;
  if (block.type !== 'text') throw new Error(`expected text, got ${block.type}`);
  const parsed = JSON.parse(block.text) as Record<string, unknown>;
  expect(r.structuredContent).toEqual(parsed);
  return { isError: r.isError === true, ...parsed };
}

const REQUEST: ApprovalRequest = {
  requestId: 'r-7',
  operation: 'click',
  origin: 'http://127.0.0.1:4100',
  tabId: 't1',
  generation: 3,
  target: { role: 'button', name: 'Publish' },
  grantable: true,
};

afterEach(() => vi.useRealTimers());

describe('browser handlers', () => {
  it('refuse every action with BROWSER_DISABLED while the setting is off, sending nothing', async () => {
    const t = createTestHost();
    t.settings.browser = { ...t.settings.browser, enabled: false };
    const calls = [
      browserTool(t.host, { action: 'open', url: 'https://a.example' }, 'c', quiet),
      browserTool(t.host, { action: 'execute_js', script: 'return 1' }, 'c', quiet),
      browserReadTool(t.host, { action: 'read' }, 'c', quiet),
      browserReadTool(t.host, { action: 'wait_for', text: 'x' }, 'c', quiet),
    ];
    for (const r of await Promise.all(calls)) {
      expect(body(r)).toMatchObject({ isError: true, error: 'BROWSER_DISABLED' });
      expect(body(r).message).toMatch(/Settings → Browser/);
    }
    expect(t.browserCalls).toEqual([]);
  });

  it('send the driver command and answer its data as compact JSON, untrusted kept', async () => {
    const t = createTestHost();
    const data = {
      page: 'e1 button: Go\ne2 link [disabled]: Help',
      total: 2,
      url: 'http://127.0.0.1:4100/',
      untrusted: true,
    };
    t.driver = () => ({ ok: true, data });
    const r = await browserReadTool(t.host, { action: 'read', tabId: 't1' }, 'Claude', quiet);
    expect(r.isError).toBeFalsy();
    expect(r.content).toEqual([{ type: 'text', text: JSON.stringify(data) }]);
    expect(r.structuredContent).toEqual(data);
    expect(t.browserCalls).toEqual([{ cmd: { op: 'read', tabId: 't1' }, client: 'Claude' }]);
  });

  it('answer a screenshot as a line naming the page and a JPEG image', async () => {
    const t = createTestHost();
    t.driver = () => ({
      ok: true,
      data: { url: 'http://127.0.0.1:4100/page' },
      image: { base64: '/9j/AAAA', mimeType: 'image/jpeg' },
    });
    const r = await browserReadTool(t.host, { action: 'screenshot' }, 'c', quiet);
    expect(r.isError).toBeFalsy();
    expect(r.content).toEqual([
      { type: 'text', text: 'Screenshot of http://127.0.0.1:4100/page' },
      { type: 'image', data: '/9j/AAAA', mimeType: 'image/jpeg' },
    ]);
  });

  it('answer a driver refusal as its envelope, with its details', async () => {
    const t = createTestHost();
    t.driver = () => ({
      ok: false,
      error: 'NAVIGATION_BLOCKED',
      message: 'Loopback addresses are not allowed.',
      details: { url: 'http://127.0.0.1/' },
    });
    const r = await browserTool(t.host, { action: 'open', url: 'http://127.0.0.1/' }, 'c', quiet);
    expect(body(r)).toEqual({
      isError: true,
      error: 'NAVIGATION_BLOCKED',
      message: 'Loopback addresses are not allowed.',
      url: 'http://127.0.0.1/',
    });
  });

  it('answer an unknown driver code as INTERNAL, naming it', async () => {
    const t = createTestHost();
    t.driver = () => ({ ok: false, error: 'WEIRD', message: 'odd' }) as unknown as DriverResult;
    const r = await browserReadTool(t.host, { action: 'read' }, 'c', quiet);
    expect(body(r)).toMatchObject({ error: 'INTERNAL', message: 'WEIRD: odd' });
  });

  it('answer APPROVAL_REQUIRED with needsApproval, the origin only, tab and generation', async () => {
    const t = createTestHost();
    t.driver = () => ({
      ok: false,
      error: 'APPROVAL_REQUIRED',
      message: "approval required: 'click' on http://127.0.0.1:4100",
      approval: { ...REQUEST, origin: 'http://user:pw@127.0.0.1:4100/reset/abc?access_token=x#f' },
    });
    const r = await browserTool(
      t.host,
      { action: 'act', operation: 'click', role: 'button', name: 'Publish' },
      'c',
      quiet,
    );
    const envelope = body(r);
    expect(envelope).toEqual({
      isError: true,
      error: 'APPROVAL_REQUIRED',
      needsApproval: true,
      message: expect.stringMatching(
        /^approval required: 'click' on http:\/\/127\.0\.0\.1:4100\. The person is being asked .* retry the same call once they answer\.$/,
      ),
      operation: 'click',
      url: 'http://127.0.0.1:4100',
      tabId: 't1',
      generation: 3,
    });
    expect(JSON.stringify(r)).not.toMatch(/access_token|reset|user:pw/);
  });

  it('mark an attachment request with needsApproval under its own code', async () => {
    const t = createTestHost();
    t.driver = () =>
      ({
        ok: false,
        error: 'ATTACHMENT_REQUIRED',
        message: 'The person opened this tab.',
        details: { approval: { ...REQUEST, operation: 'attach', grantable: true } },
      }) as DriverResult;
    const r = await browserReadTool(t.host, { action: 'read' }, 'c', quiet);
    expect(body(r)).toEqual({
      isError: true,
      error: 'ATTACHMENT_REQUIRED',
      needsApproval: true,
      message: expect.stringContaining('The person opened this tab.'),
      operation: 'attach',
      url: 'http://127.0.0.1:4100',
      tabId: 't1',
      generation: 3,
    });
    // The request itself (its id, what the app answers with) never reaches the client.
    expect(JSON.stringify(r)).not.toContain(REQUEST.requestId);
  });

  it('answer an argument mistake with a plain sentence, sending nothing', async () => {
    const t = createTestHost();
    const r = await browserTool(
      t.host,
      { action: 'act', operation: 'type', ref: 'e1' },
      'c',
      quiet,
    );
    expect(r).toEqual({
      isError: true,
      content: [
        { type: 'text', text: 'act type needs text: the text to put in the field ("" clears it).' },
      ],
    });
    expect(t.browserCalls).toEqual([]);
  });

  it('tell a client that asked how a long wait goes, every second', async () => {
    vi.useFakeTimers();
    const t = createTestHost();
    let finish: (r: DriverResult) => void = () => undefined;
    t.driver = () => new Promise((resolve) => (finish = resolve));
    const sent: unknown[] = [];
    const context = callContext({
      _meta: { progressToken: 'p1' },
      sendNotification: async (n) => void sent.push(n.params),
    });
    const pending = browserReadTool(
      t.host,
      { action: 'wait_for', text: 'Done', timeoutMs: 3000 },
      'c',
      context,
    );
    await vi.advanceTimersByTimeAsync(2_100);
    finish({ ok: true, data: { matched: true, url: 'http://x/' } });
    expect(body(await pending)).toMatchObject({ matched: true });
    expect(sent).toEqual([
      {
        progressToken: 'p1',
        progress: 1000,
        total: 3000,
        message: 'Waiting for the condition: 1 s of 3 s',
      },
      {
        progressToken: 'p1',
        progress: 2000,
        total: 3000,
        message: 'Waiting for the condition: 2 s of 3 s',
      },
    ]);
  });

  it('stop waiting when the client cancels', async () => {
    const t = createTestHost();
    t.driver = () => new Promise(() => undefined);
    const controller = new AbortController();
    const pending = browserTool(
      t.host,
      { action: 'navigate', url: 'https://a.example' },
      'c',
      callContext({ signal: controller.signal }),
    );
    controller.abort();
    expect(body(await pending)).toMatchObject({
      error: 'INTERNAL',
      message: 'The call was cancelled.',
    });
  });
});
