import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ClientCredentials,
  credentialHash,
  principalOf,
  principalProblem,
  type StoredCredential,
} from './clientCredentials';

/** Storage in memory that keeps what was saved, as JSON (as IndexedDB would clone it). */
function memoryStorage(initial: unknown = undefined) {
  let saved: unknown = initial;
  return {
    load: async () => saved,
    save: async (list: StoredCredential[]) => void (saved = JSON.parse(JSON.stringify(list))),
    get saved() {
      return saved as StoredCredential[];
    },
  };
}

async function fresh() {
  const storage = memoryStorage();
  const credentials = new ClientCredentials(storage, { now: () => 1_700_000_000_000 });
  await credentials.load();
  return { storage, credentials };
}

async function issued(credentials: ClientCredentials, name: string) {
  const r = await credentials.issue(name);
  if (!r.ok) throw new Error(r.message);
  return r;
}

describe('issuing a credential', () => {
  it('makes a 32-byte base64url secret and stores its SHA-256, never the secret', async () => {
    const { storage, credentials } = await fresh();
    const r = await issued(credentials, 'Claude Code on laptop');
    expect(r.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(r.secret, 'base64url')).toHaveLength(32);
    expect(r.credential).toEqual({
      id: expect.any(String),
      name: 'Claude Code on laptop',
      createdAt: 1_700_000_000_000,
      lastUsedAt: null,
    });
    const sha256 = createHash('sha256').update(r.secret).digest('hex');
    expect(storage.saved).toEqual([{ ...r.credential, hash: sha256 }]);
    expect(JSON.stringify(storage.saved)).not.toContain(r.secret);
    expect(credentials.list()).toEqual([r.credential]);
    expect(JSON.stringify(credentials.list())).not.toContain(sha256);
  });

  it('makes a different secret each time', async () => {
    const { credentials } = await fresh();
    const a = await issued(credentials, 'a');
    const b = await issued(credentials, 'b');
    expect(a.secret).not.toBe(b.secret);
  });

  it('refuses names outside the rules, and a name already in use', async () => {
    const { credentials } = await fresh();
    await issued(credentials, 'Codex');
    for (const [name, error] of [
      ['', 'INVALID_ARGUMENT'],
      ['   ', 'INVALID_ARGUMENT'],
      ['x'.repeat(65), 'INVALID_ARGUMENT'],
      ['a/b', 'INVALID_ARGUMENT'],
      ['<script>', 'INVALID_ARGUMENT'],
      ['tab\there', 'INVALID_ARGUMENT'],
      ['codex', 'NAME_CLASH'],
      [' Codex ', 'NAME_CLASH'],
    ]) {
      const r = await credentials.issue(name);
      expect(r.ok ? null : r.error, JSON.stringify(name)).toBe(error);
    }
    expect((await credentials.issue(42)).ok).toBe(false);
    expect(credentials.list().map((c) => c.name)).toEqual(['Codex']);
  });
});

describe('principalProblem', () => {
  it('takes letters, digits, spaces, "-", "_" and "." up to 64 characters', () => {
    for (const name of ['Claude Code on laptop', 'cursor-2.0_beta', '写作助手', 'x'.repeat(64)]) {
      expect(principalProblem(name, []), name).toBeNull();
    }
    expect(principalProblem('x'.repeat(65), [])?.error).toBe('INVALID_ARGUMENT');
    expect(principalProblem('a:b', [])?.error).toBe('INVALID_ARGUMENT');
    expect(principalProblem('Laptop', ['laptop'])?.error).toBe('NAME_CLASH');
  });
});

describe('principalFor', () => {
  it('names the principal for the right secret, nobody for a wrong one or none', async () => {
    const { credentials } = await fresh();
    const r = await issued(credentials, 'Claude Desktop');
    expect(await credentials.principalFor(r.secret)).toBe('Claude Desktop');
    // One character off (never the same one: a secret may well end in "A").
    const wrong = `${r.secret.slice(0, -1)}${r.secret.endsWith('A') ? 'B' : 'A'}`;
    expect(await credentials.principalFor(wrong)).toBeNull();
    expect(await credentials.principalFor('')).toBeNull();
    expect(await credentials.principalFor(null)).toBeNull();
    expect(credentials.principalForHash(await credentialHash(r.secret))).toBe('Claude Desktop');
    expect(credentials.principalForHash(null)).toBeNull();
  });

  it('names nobody once the credential is revoked, and the others still', async () => {
    const { storage, credentials } = await fresh();
    const a = await issued(credentials, 'a');
    const b = await issued(credentials, 'b');
    expect(await credentials.revoke(a.credential.id)).toEqual({ ok: true });
    expect(await credentials.principalFor(a.secret)).toBeNull();
    expect(await credentials.principalFor(b.secret)).toBe('b');
    expect(storage.saved.map((c) => c.name)).toEqual(['b']);
    expect((await credentials.revoke(a.credential.id)).ok).toBe(false);
  });

  it('survives a reload from storage; malformed stored entries identify nobody', async () => {
    const { storage, credentials } = await fresh();
    const r = await issued(credentials, 'kept');
    const broken = { id: 'x', name: 'broken', hash: 'not-a-hash', createdAt: 1, lastUsedAt: null };
    const reloaded = new ClientCredentials(memoryStorage([...storage.saved, broken, 'junk']));
    await reloaded.load();
    expect(reloaded.list().map((c) => c.name)).toEqual(['kept']);
    expect(await reloaded.principalFor(r.secret)).toBe('kept');
    const empty = new ClientCredentials(memoryStorage({ not: 'a list' }));
    await empty.load();
    expect(empty.list()).toEqual([]);
  });
});

describe('last used', () => {
  it('records when a session presented the credential', async () => {
    let now = 1000;
    const storage = memoryStorage();
    const credentials = new ClientCredentials(storage, { now: () => now });
    const r = await issued(credentials, 'a');
    now = 5000;
    await credentials.used(await credentialHash(r.secret));
    await credentials.used(await credentialHash('someone else'));
    expect(credentials.list()[0]).toMatchObject({ createdAt: 1000, lastUsedAt: 5000 });
    expect(storage.saved[0].lastUsedAt).toBe(5000);
  });
});

describe("a session's principal (what a tool handler asks)", () => {
  it('is looked up at each question, so a revocation counts for a session already open', async () => {
    const { credentials } = await fresh();
    const r = await issued(credentials, 'Cursor at work');
    const lookup = (hash: string | null) => credentials.principalForHash(hash);
    const identified = principalOf(credentialHash(r.secret), lookup);
    const wrong = principalOf(credentialHash(`${r.secret}x`), lookup);
    const anonymous = principalOf(Promise.resolve(null), lookup);
    expect(await identified()).toBe('Cursor at work');
    expect(await wrong()).toBeNull();
    expect(await anonymous()).toBeNull();
    await credentials.revoke(r.credential.id);
    expect(await identified()).toBeNull();
  });
});
