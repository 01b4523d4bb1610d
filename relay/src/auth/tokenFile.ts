/**
 * The token file `$VMARK_HOME/token`: 32 random bytes as 64 hex digits, mode 0600. The hub makes
 * it (or reuses a valid one); stdio relays read it on every connection attempt and present it on
 * `/ai`.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const TOKEN = /^[0-9a-f]{64}$/;
const POSIX = process.platform !== 'win32';

export function tokenPath(home: string): string {
  return join(home, 'token');
}

export function isValidToken(text: string): boolean {
  return TOKEN.test(text);
}

/** The token in the file, or null when the file is missing or does not hold one. */
export async function readToken(home: string): Promise<string | null> {
  try {
    const text = (await readFile(tokenPath(home), 'utf8')).trim();
    return isValidToken(text) ? text : null;
  } catch {
    return null;
  }
}

function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** Replaces the file in one step (write a private temporary file, then rename over). */
async function replaceToken(path: string): Promise<string> {
  const token = newToken();
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, `${token}\n`, { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
  } catch (e) {
    await unlink(temporary).catch(() => undefined);
    throw e;
  }
  return token;
}

/**
 * The hub's token: the file's when it is valid and private, otherwise a fresh one written to the
 * file. `home` must exist (see `ensureVmarkHome`). `warn` hears why a file was replaced.
 */
export async function ensureToken(
  home: string,
  warn: (message: string) => void = () => {},
): Promise<string> {
  const path = tokenPath(home);
  for (let attempt = 0; attempt < 20; attempt++) {
    let text: string | null = null;
    try {
      text = (await readFile(path, 'utf8')).trim();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    if (text === null) {
      // Exclusive create: when two hubs start at once, one writes and the other reads its token.
      const token = newToken();
      try {
        const file = await open(path, 'wx', 0o600);
        try {
          await file.writeFile(`${token}\n`);
        } finally {
          await file.close();
        }
        return token;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        continue;
      }
    }
    if (!isValidToken(text)) {
      // Possibly another hub between creating and writing the file: look again shortly.
      if (text === '' && attempt < 19) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        continue;
      }
      warn(`${path} did not hold a valid token; wrote a new one.`);
      return replaceToken(path);
    }
    if (POSIX && ((await stat(path)).mode & 0o077) !== 0) {
      warn(`${path} was readable by other users; wrote a new token with mode 0600.`);
      return replaceToken(path);
    }
    return text;
  }
  return replaceToken(path);
}
