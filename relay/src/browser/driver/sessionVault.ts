/**
 * Saved browser sessions (cookies and localStorage of one origin), kept by the hub and encrypted
 * at rest: AES-256-GCM with a random key in `$VMARK_HOME/browser-sessions.key` (mode 0600), one
 * file per handle in `$VMARK_HOME/browser-sessions/` named by the handle's SHA-256 (so no handle
 * can name a path), the handle bound as associated data (a file moved under another name does not
 * open). The model only ever sees handles and counts.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SavedCookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: 'Strict' | 'Lax' | 'None';
}

export interface SavedSession {
  origin: string;
  savedAt: string;
  localStorage: [string, string][];
  cookies: SavedCookie[];
}

const VERSION = 1;
const KEY_FILE = 'browser-sessions.key';
const DIR = 'browser-sessions';

export class SessionVault {
  #key: Promise<Buffer> | null = null;

  constructor(private readonly home: string) {}

  async save(handle: string, session: SavedSession): Promise<void> {
    const key = await this.#keyBytes();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(handle, 'utf8'));
    const body = Buffer.concat([cipher.update(JSON.stringify(session), 'utf8'), cipher.final()]);
    const blob = Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    const dir = join(this.home, DIR);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const path = this.#path(handle);
    const temp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(temp, blob, { mode: 0o600 });
    await rename(temp, path);
  }

  /** The saved session, or null when there is none (or it cannot be opened). */
  async load(handle: string): Promise<SavedSession | null> {
    let blob: Buffer;
    try {
      blob = await readFile(this.#path(handle));
    } catch {
      return null;
    }
    if (blob.length < 29 || blob[0] !== VERSION) return null;
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        await this.#keyBytes(),
        blob.subarray(1, 13),
      );
      decipher.setAAD(Buffer.from(handle, 'utf8'));
      decipher.setAuthTag(blob.subarray(13, 29));
      const text = Buffer.concat([decipher.update(blob.subarray(29)), decipher.final()]);
      return JSON.parse(text.toString('utf8')) as SavedSession;
    } catch {
      return null;
    }
  }

  #path(handle: string): string {
    const name = createHash('sha256').update(handle, 'utf8').digest('hex');
    return join(this.home, DIR, `${name}.session`);
  }

  #keyBytes(): Promise<Buffer> {
    this.#key ??= this.#readOrMakeKey();
    this.#key.catch(() => (this.#key = null));
    return this.#key;
  }

  async #readOrMakeKey(): Promise<Buffer> {
    const path = join(this.home, KEY_FILE);
    try {
      const hex = (await readFile(path, 'utf8')).trim();
      if (/^[0-9a-f]{64}$/.test(hex)) {
        await chmod(path, 0o600).catch(() => undefined);
        return Buffer.from(hex, 'hex');
      }
    } catch {
      // No key yet.
    }
    await mkdir(this.home, { recursive: true, mode: 0o700 });
    const key = randomBytes(32);
    await writeFile(path, `${key.toString('hex')}\n`, { mode: 0o600 });
    return key;
  }
}
