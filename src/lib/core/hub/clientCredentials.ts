/**
 * Per-client credentials: how the app knows which AI client is calling, by something the client
 * cannot fake with a tool argument. The person issues one in Settings → AI clients under a name
 * of their choosing (the principal); the app makes a secret, shows it once (inside the client's
 * configuration, as `VMARK_CLIENT_TOKEN`) and keeps only its SHA-256. The relay presents the
 * secret when it connects, the hub hands it to the core with the session, and the core looks its
 * hash up among the live credentials each time it asks, so a revoked credential names nobody
 * from that moment on, sessions already connected included.
 */
import { refuse, type Refusal, type Result } from '../../result';

/** A credential as the person sees it: never its secret, never its hash. */
export interface CredentialInfo {
  id: string;
  /** The principal: who a client presenting this credential is. */
  name: string;
  createdAt: number;
  /** When a session last presented it, or null. */
  lastUsedAt: number | null;
}

/** As kept in the core's settings storage: the secret's SHA-256 (hex), never the secret. */
export interface StoredCredential extends CredentialInfo {
  hash: string;
}

export interface CredentialStorage {
  load(): Promise<unknown>;
  save(list: StoredCredential[]): Promise<void>;
}

export const PRINCIPAL_MAX = 64;
export const MAX_CREDENTIALS = 100;
const SECRET_BYTES = 32;
const NAME_SHAPE = /^[\p{L}\p{N} ._-]+$/u;
const HASH_SHAPE = /^[0-9a-f]{64}$/;

/** Why a principal name cannot be used (null: it can); `taken` are the names in use. */
export function principalProblem(name: string, taken: readonly string[]): Refusal | null {
  if (name.length === 0) return refuse('INVALID_ARGUMENT', 'Give the client a name.');
  if (name.length > PRINCIPAL_MAX) {
    return refuse('INVALID_ARGUMENT', `A name has at most ${PRINCIPAL_MAX} characters.`);
  }
  if (!NAME_SHAPE.test(name)) {
    return refuse('INVALID_ARGUMENT', 'A name has letters, digits, spaces, "-", "_" and "." only.');
  }
  const key = sameNameKey(name);
  if (taken.some((t) => sameNameKey(t) === key)) {
    return refuse('NAME_CLASH', `"${name}" already has a credential.`);
  }
  return null;
}

/** Names that differ only in case or Unicode form are the same principal to the person. */
function sameNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** SHA-256 of the secret's UTF-8 bytes, as 64 hex digits. */
export async function credentialHash(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function base64url(bytes: Uint8Array): string {
  const text = btoa(String.fromCharCode(...bytes));
  return text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function isStored(value: unknown): value is StoredCredential {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.id === 'string' &&
    typeof c.name === 'string' &&
    typeof c.hash === 'string' &&
    HASH_SHAPE.test(c.hash) &&
    typeof c.createdAt === 'number' &&
    (c.lastUsedAt === null || typeof c.lastUsedAt === 'number')
  );
}

export interface ClientCredentialsOptions {
  now?: () => number;
}

export class ClientCredentials {
  #list: StoredCredential[] = [];
  readonly #now: () => number;

  constructor(
    private readonly storage: CredentialStorage,
    options: ClientCredentialsOptions = {},
  ) {
    this.#now = options.now ?? Date.now;
  }

  /** Reads the stored credentials; malformed entries are dropped (they identify nobody). */
  async load(): Promise<void> {
    const stored = await this.storage.load();
    this.#list = Array.isArray(stored) ? stored.filter(isStored).map((c) => ({ ...c })) : [];
  }

  list(): CredentialInfo[] {
    return this.#list.map(({ id, name, createdAt, lastUsedAt }) => ({
      id,
      name,
      createdAt,
      lastUsedAt,
    }));
  }

  /**
   * A new credential for `name` (trimmed). The answer carries the secret: the only time it
   * exists outside the client's configuration. Nothing here keeps it.
   */
  async issue(name: unknown): Promise<Result<{ secret: string; credential: CredentialInfo }>> {
    const given = typeof name === 'string' ? name.trim() : '';
    const problem = principalProblem(
      given,
      this.#list.map((c) => c.name),
    );
    if (problem) return problem;
    if (this.#list.length >= MAX_CREDENTIALS) {
      return refuse('INVALID_ARGUMENT', `At most ${MAX_CREDENTIALS} credentials; revoke one.`);
    }
    const secret = base64url(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
    const stored: StoredCredential = {
      id: crypto.randomUUID(),
      name: given,
      hash: await credentialHash(secret),
      createdAt: this.#now(),
      lastUsedAt: null,
    };
    await this.#save([...this.#list, stored]);
    const { hash: _hash, ...credential } = stored;
    return { ok: true, secret, credential };
  }

  /** Revokes a credential: from now on it identifies nobody. */
  async revoke(id: string): Promise<Result> {
    const next = this.#list.filter((c) => c.id !== id);
    if (next.length === this.#list.length) return refuse('NOT_FOUND', 'No such credential.');
    await this.#save(next);
    return { ok: true };
  }

  /** The principal of a live credential with this hash, or null. */
  principalForHash(hash: string | null): string | null {
    if (hash === null) return null;
    return this.#list.find((c) => c.hash === hash)?.name ?? null;
  }

  /** The principal of a live credential with this secret, or null (no secret, wrong, revoked). */
  async principalFor(secret: string | null): Promise<string | null> {
    if (secret === null || secret === '') return null;
    return this.principalForHash(await credentialHash(secret));
  }

  /** A session presented the credential with this hash: its "last used" becomes now. */
  async used(hash: string | null): Promise<void> {
    const index = this.#list.findIndex((c) => c.hash === hash);
    if (index === -1) return;
    const next = [...this.#list];
    next[index] = { ...next[index], lastUsedAt: this.#now() };
    await this.#save(next);
  }

  async #save(next: StoredCredential[]): Promise<void> {
    this.#list = next;
    await this.storage.save(next);
  }
}

/** Asks, each time, whose live credential has the session's hash (null: none is). */
export function principalOf(
  credentialHash: Promise<string | null>,
  principalForHash: (hash: string | null) => string | null,
): () => Promise<string | null> {
  return async () => principalForHash(await credentialHash.catch(() => null));
}
