import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionVault, type SavedSession } from './sessionVault.js';

const session: SavedSession = {
  origin: 'https://example.com',
  savedAt: '2026-01-01T00:00:00.000Z',
  localStorage: [['token', 'secret-value-123']],
  cookies: [
    {
      name: 'sid',
      value: 'cookie-secret-456',
      domain: 'example.com',
      path: '/',
      expires: -1,
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    },
  ],
};

describe('session vault', () => {
  it('round-trips, encrypted at rest, with a private key file', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vault-'));
    const vault = new SessionVault(home);
    await vault.save('my.site', session);
    expect(await vault.load('my.site')).toEqual(session);
    const files = readdirSync(join(home, 'browser-sessions'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(home, 'browser-sessions', files[0]));
    expect(raw.toString('latin1')).not.toMatch(/secret|example\.com|my\.site/);
    if (process.platform !== 'win32') {
      expect(statSync(join(home, 'browser-sessions.key')).mode & 0o777).toBe(0o600);
    }
    expect(await new SessionVault(home).load('my.site')).toEqual(session);
  });
  it('answers null for unknown handles, and for a file moved under another handle', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vault-'));
    const vault = new SessionVault(home);
    expect(await vault.load('nothing')).toBeNull();
    await vault.save('a', session);
    await vault.save('b', { ...session, origin: 'https://other.example' });
    const dir = join(home, 'browser-sessions');
    const [fa, fb] = ['a', 'b'].map((h) =>
      readdirSync(dir).find((f) => f.startsWith(createHash('sha256').update(h).digest('hex'))),
    );
    renameSync(join(dir, fa!), join(dir, fb!));
    expect(await vault.load('b')).toBeNull();
  });
  it('names files by hash, so a handle like .. stays inside the folder', async () => {
    const home = mkdtempSync(join(tmpdir(), 'vault-'));
    await new SessionVault(home).save('..', session);
    expect(readdirSync(join(home, 'browser-sessions'))).toHaveLength(1);
  });
});
