/**
 * `$VMARK_HOME` (default `~/.vmark-web`): the user's private folder for the token, logs and the
 * browser profile. It must not be writable by anyone else, or they could swap the token.
 */
import { chmod, mkdir, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const POSIX = process.platform !== 'win32';

/** The folder `VMARK_HOME` names, or `~/.vmark-web`. */
export function vmarkHomePath(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.VMARK_HOME?.trim();
  return resolve(configured ? configured : join(homedir(), '.vmark-web'));
}

/** Creates the folder with mode 0700, or makes an existing one of ours private. */
export async function ensureVmarkHome(home: string): Promise<void> {
  await mkdir(home, { recursive: true, mode: 0o700 });
  const info = await stat(home);
  if (!info.isDirectory()) throw new Error(`VMARK_HOME ${home} is not a folder.`);
  if (!POSIX || (info.mode & 0o077) === 0) return;
  if (typeof process.getuid === 'function' && info.uid !== process.getuid()) {
    throw new Error(
      `VMARK_HOME ${home} belongs to another user and is open to others; set VMARK_HOME to a ` +
        `private folder.`,
    );
  }
  await chmod(home, 0o700);
}

/** `$VMARK_HOME/logs`, created on demand. */
export async function ensureLogDir(home: string): Promise<string> {
  const dir = join(home, 'logs');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}
