/**
 * Starts a hub in the background for a stdio relay that found none: `node relay/dist/main.js`,
 * detached so it outlives the relay, with its output appended to `$VMARK_HOME/logs/hub.log`.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureLogDir, ensureVmarkHome } from '../vmarkHome.js';

/** The hub's entry point, main.js, one folder up from this file. */
export const HUB_ENTRY = fileURLToPath(new URL('../main.js', import.meta.url));

/** Spawns the hub and lets go of it; returns where its log goes. */
export async function launchHub(
  home: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  await ensureVmarkHome(home);
  const logPath = join(await ensureLogDir(home), 'hub.log');
  const fd = openSync(logPath, 'a', 0o600);
  try {
    const child = spawn(process.execPath, [HUB_ENTRY], {
      detached: true,
      stdio: ['ignore', fd, fd],
      // The hub must find the same home (and so the same token) as this relay.
      env: { ...env, VMARK_HOME: home },
      windowsHide: true,
    });
    child.on('error', () => undefined);
    child.unref();
  } finally {
    closeSync(fd);
  }
  return logPath;
}
