import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpAsk, startTestHub, type HttpAnswer, type TestHub } from '../../test/harness.js';
import { contentSecurityPolicy, NONCE_PLACEHOLDER } from './securityHeaders.js';

/** The policy's directives by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('the policy', () => {
  const policy = directives(contentSecurityPolicy(7331));

  it('runs scripts only from the app itself, plus WebAssembly compilation; never eval or inline', () => {
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy(7331, 'abc')).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  });

  it('connects only to the app itself and to the hub’s own WebSocket origins', () => {
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'ws://127.0.0.1:7331',
      'ws://localhost:7331',
    ]);
  });

  it('refuses every framer, plugins, <base>, and form submissions', () => {
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'none'"]);
  });

  it('loads workers from the app, images from the app, data: URLs and its own blob: URLs', () => {
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('admits one style attribute, SvelteKit’s route announcer, by its hash', () => {
    expect(policy.get('style-src-attr')).toEqual([
      "'unsafe-hashes'",
      "'sha256-S8qMpvofolR8Mpjy4kQvEm7m1q8clzU4dfDH0AmvZjo='",
    ]);
  });

  it('admits inline style elements only with the page’s nonce', () => {
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(directives(contentSecurityPolicy(7331, 'n0nce+/=')).get('style-src')).toEqual([
      "'self'",
      "'nonce-n0nce+/='",
    ]);
  });
});

describe('every HTTP answer of the hub carries the policy and refuses framing', () => {
  let t: TestHub;
  let unbuilt: TestHub;
  let root: string;
  const page = `<!doctype html><html><head><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}" /></head><body><div class="app"></div></body></html>`;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'vmark-build-'));
    await mkdir(join(root, '_app/immutable'), { recursive: true });
    await writeFile(join(root, 'index.html'), page);
    await writeFile(join(root, '_app/immutable/start.js'), 'export {};\n');
    await writeFile(join(root, 'sw.js'), 'self.skipWaiting();\n');
    await writeFile(join(root, 'manifest.webmanifest'), '{}\n');
    await writeFile(join(root, 'main.wasm'), Buffer.from([0, 97, 115, 109, 1, 0, 0, 0]));
    t = await startTestHub({ root });
    unbuilt = await startTestHub();
  });
  afterAll(async () => {
    await t.stop();
    await unbuilt.stop();
    await rm(root, { recursive: true, force: true });
  });

  function expectGuarded(answer: HttpAnswer, what: string): void {
    const policy = directives(String(answer.headers['content-security-policy']));
    expect(policy.get('frame-ancestors'), what).toEqual(["'none'"]);
    expect(policy.get('script-src'), what).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(answer.headers['x-frame-options'], what).toBe('DENY');
    expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  }

  it('on the app’s page, its files, the service worker, the manifest and the wasm', async () => {
    for (const path of [
      '/',
      '/index.html',
      '/some/route',
      '/_app/immutable/start.js',
      '/sw.js',
      '/manifest.webmanifest',
      '/main.wasm',
      '/vmark/info.json',
    ]) {
      const answer = await httpAsk(t.hub.port, path);
      expect(answer.status, path).toBe(200);
      expectGuarded(answer, path);
    }
  });

  it('on errors: a missing file, a wrong method, a foreign Host, an unbuilt app', async () => {
    const answers = {
      404: await httpAsk(t.hub.port, '/missing.js'),
      405: await httpAsk(t.hub.port, '/', { method: 'POST' }),
      421: await httpAsk(t.hub.port, '/', { host: 'evil.example' }),
      503: await httpAsk(unbuilt.hub.port, '/'),
    };
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.status).toBe(Number(status));
      expectGuarded(answer, status);
    }
  });

  it('on HEAD as on GET', async () => {
    const answer = await httpAsk(t.hub.port, '/', { method: 'HEAD' });
    expect(answer.status).toBe(200);
    expectGuarded(answer, 'HEAD /');
  });

  it('gives each page a fresh style nonce, the same in its policy and in its HTML', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const answer = await httpAsk(t.hub.port, '/');
      const styleSrc = directives(String(answer.headers['content-security-policy'])).get(
        'style-src',
      );
      const nonce = /^'nonce-([A-Za-z0-9+/]{22}==)'$/.exec(styleSrc?.[1] ?? '')?.[1];
      expect(nonce).toBeDefined();
      expect(answer.body).toContain(`nonce="${nonce}"`);
      expect(answer.body).not.toContain(NONCE_PLACEHOLDER);
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(3);
  });

  it('gives files other than pages no nonce', async () => {
    const answer = await httpAsk(t.hub.port, '/_app/immutable/start.js');
    const policy = directives(String(answer.headers['content-security-policy']));
    expect(policy.get('style-src')).toEqual(["'self'"]);
  });
});
