import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpAsk, startTestHub, type TestHub } from '../../test/harness.js';

let t: TestHub;
let root: string;
let port: number;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'vmark-build-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><div class="app"></div>');
  await writeFile(join(root, 'app.js'), 'export {};\n');
  t = await startTestHub({ root });
  port = t.hub.port;
});
afterAll(async () => {
  await t.stop();
  await rm(root, { recursive: true, force: true });
});

describe('plain HTTP requests are answered only for the hub’s own name', () => {
  it('serves the app to 127.0.0.1:PORT and localhost:PORT', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`]) {
      const answer = await httpAsk(port, '/', { host });
      expect(answer.status, host).toBe(200);
      expect(answer.body, host).toContain('class="app"');
    }
  });

  it('refuses other names with 421 and a short plain-text sentence, never the app', async () => {
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `[::1]:${port}`,
      `127.0.0.1:${port + 1}`,
      `localhost.:${port}`,
    ]) {
      for (const path of ['/', '/index.html', '/app.js', '/vmark/info.json', '/nowhere']) {
        const answer = await httpAsk(port, path, { host });
        expect(answer.status, `${host} ${path}`).toBe(421);
        expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(answer.body).toBe(
          `Misdirected Request: this is VMark Web, which answers only at ` +
            `http://127.0.0.1:${port}/ and http://localhost:${port}/.\n`,
        );
      }
    }
  });

  it('refuses a foreign Host whatever the method', async () => {
    for (const method of ['HEAD', 'POST', 'OPTIONS']) {
      const answer = await httpAsk(port, '/', { method, host: 'evil.example' });
      expect(answer.status, method).toBe(421);
    }
  });

  it('keeps serving its own name after refusals', async () => {
    expect((await httpAsk(port, '/app.js')).status).toBe(200);
  });
});
