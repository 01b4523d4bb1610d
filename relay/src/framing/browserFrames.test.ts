import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseAppFrame } from './appFrames.js';
import { FakeApp, startTestHub, type TestHub } from '../../test/harness.js';

let t: TestHub;
const apps: FakeApp[] = [];

beforeEach(async () => {
  t = await startTestHub({ home: await mkdtemp(join(tmpdir(), 'vmark-browser-frames-')) });
});
afterEach(async () => {
  for (const a of apps.splice(0)) a.ws.terminate();
  await t.stop();
});

async function app(): Promise<FakeApp> {
  const a = await FakeApp.connect(t.hub);
  apps.push(a);
  await a.expect('role');
  return a;
}

const send = (a: FakeApp, frame: unknown) => a.ws.send(JSON.stringify(frame));
const CONFIG = {
  enabled: true,
  posture: 'sandbox',
  headless: true,
  allowLoopback: false,
  grants: [],
};

describe('browser frames on /app', () => {
  it('parses the three app frames and refuses a browser frame without an id', () => {
    expect(parseAppFrame('{"t":"browser","id":3,"cmd":{"op":"tabs"}}')).toEqual({
      ok: true,
      frame: { t: 'browser', id: 3, cmd: { op: 'tabs' } },
    });
    expect(parseAppFrame('{"t":"browser","cmd":{}}').ok).toBe(false);
    expect(parseAppFrame('{"t":"browser","id":1.5,"cmd":{}}').ok).toBe(false);
    expect(parseAppFrame('{"t":"browser-config","config":{}}').ok).toBe(true);
    expect(parseAppFrame('{"t":"browser-answer","answer":{}}').ok).toBe(true);
  });

  it('answers every command, refusing while the tools are off, without starting a browser', async () => {
    const a = await app();
    send(a, { t: 'browser', id: 'x1', cmd: { op: 'tabs' } });
    expect(await a.expect('browser-result')).toMatchObject({
      id: 'x1',
      result: { ok: false, error: 'BROWSER_DISABLED' },
    });
    send(a, { t: 'browser-config', config: CONFIG });
    send(a, { t: 'browser', id: 2, cmd: { op: 'tabs' } });
    expect(await a.expect('browser-result')).toEqual({
      t: 'browser-result',
      id: 2,
      result: { ok: true, data: { tabs: [] } },
    });
    send(a, { t: 'browser', id: 3, cmd: { op: 'nonsense' } });
    expect(await a.expect('browser-result')).toMatchObject({
      id: 3,
      result: { error: 'INVALID_ARGUMENT' },
    });
    send(a, { t: 'browser', id: 4, cmd: { op: 'open', url: 'http://127.0.0.1:1/' } });
    expect(await a.expect('browser-result')).toMatchObject({
      id: 4,
      result: { error: 'NAVIGATION_BLOCKED' },
    });
    expect(t.hub.browser.running).toBe(false);
  });

  it('takes commands, settings and answers from the active app only', async () => {
    const active = await app();
    const standby = await app();
    send(standby, { t: 'browser-config', config: CONFIG });
    send(standby, { t: 'browser', id: 1, cmd: { op: 'tabs' } });
    expect(await standby.expect('browser-result')).toMatchObject({
      id: 1,
      result: { ok: false, error: 'BROWSER_UNAVAILABLE' },
    });
    // The standby's settings were ignored: the tools are still off for the active app.
    send(active, { t: 'browser', id: 1, cmd: { op: 'tabs' } });
    expect(await active.expect('browser-result')).toMatchObject({
      result: { error: 'BROWSER_DISABLED' },
    });
  });
});
