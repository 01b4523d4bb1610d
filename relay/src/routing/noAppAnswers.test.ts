import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FakeAi,
  INITIALIZE_PARAMS,
  startTestHub,
  TEST_MANIFEST,
  type TestHub,
} from '../../test/harness.js';
import { LATEST_PROTOCOL_VERSION } from '../framing/protocolVersions.js';
import { RELAY_VERSION } from '../version.js';

let t: TestHub;
let client: FakeAi;

beforeAll(async () => {
  t = await startTestHub();
  client = await FakeAi.connect(t.hub, t.token);
});
afterAll(async () => {
  client.close();
  await t.stop();
});

describe('with no app connected, the hub answers by itself', () => {
  it('answers initialize with the requested version, capabilities, serverInfo and instructions', async () => {
    const answer = await client.request('initialize', INITIALIZE_PARAMS);
    expect(answer.result).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: {
        tools: { listChanged: false },
        resources: { subscribe: true, listChanged: true },
      },
      serverInfo: { name: 'vmark-web', version: RELAY_VERSION },
      instructions: TEST_MANIFEST.instructions,
    });
  });

  it('answers an unknown protocol version with the latest one', async () => {
    const answer = await client.request('initialize', {
      ...INITIALIZE_PARAMS,
      protocolVersion: '1999-01-01',
    });
    expect(answer.result?.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('lists the manifest’s tools', async () => {
    const answer = await client.request('tools/list');
    expect(answer.result).toEqual({ tools: TEST_MANIFEST.tools });
  });

  it('answers ping', async () => {
    expect((await client.request('ping')).result).toEqual({});
  });

  it('answers tools/call at once with isError and the URL to open', async () => {
    const started = performance.now();
    const answer = await client.request('tools/call', {
      name: 'session',
      arguments: { action: 'get_state' },
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(answer.result).toEqual({
      content: [
        {
          type: 'text',
          text: `VMark Web is not open. Open ${t.hub.url} in Chrome or Edge, then try again.`,
        },
      ],
      isError: true,
    });
  });

  it('answers other requests with a JSON-RPC error naming the URL', async () => {
    const answer = await client.request('resources/list');
    expect(answer.error?.code).toBe(-32000);
    expect(answer.error?.message).toContain(t.hub.url);
  });

  it('drops notifications without answering them', async () => {
    client.notify('notifications/initialized');
    client.notify('notifications/cancelled', { requestId: 99 });
    // The next thing the client hears is the answer to this ping, not a reply to the above.
    expect((await client.request('ping')).result).toEqual({});
  });
});
