/**
 * `npm start`: runs the hub on 127.0.0.1:$VMARK_PORT (7331) and opens the app unless VMARK_OPEN=0.
 * Diagnostics go to stderr; the URL goes to stdout.
 */
import { spawn } from 'node:child_process';
import { unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHub } from './hub.js';
import { loadManifest } from './manifest.js';
import { portFromEnv } from './port.js';
import { ensureToken } from './auth/tokenFile.js';
import { ensureVmarkHome, vmarkHomePath } from './vmarkHome.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', 'build');
const log = (message: string) => console.error(`vmark hub: ${message}`);

function openBrowser(url: string): void {
  const command =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => console.error(`Open ${url} in Chrome or Edge.`));
    child.unref();
  } catch {
    console.error(`Open ${url} in Chrome or Edge.`);
  }
}

/** `$VMARK_HOME/hub-PORT.pid` names the running hub, so it can be found and stopped. */
function writePidFile(home: string, port: number): () => void {
  const path = join(home, `hub-${port}.pid`);
  try {
    writeFileSync(path, `${process.pid}\n`, { mode: 0o600 });
  } catch (e) {
    log(`could not write ${path}: ${(e as Error).message}`);
  }
  return () => {
    try {
      unlinkSync(path);
    } catch {
      // Already gone.
    }
  };
}

const port = portFromEnv(process.env.VMARK_PORT);
if (!port.ok) {
  console.error(port.message);
  process.exit(2);
}
process.on('unhandledRejection', (reason) => log(`unhandled rejection: ${String(reason)}`));
try {
  const home = vmarkHomePath();
  await ensureVmarkHome(home);
  const token = await ensureToken(home, log);
  const { manifest, warning } = await loadManifest(join(root, 'mcp-manifest.json'));
  if (warning) log(warning);
  const hub = await startHub({ port: port.port, root, token, manifest, log, home });
  const removePidFile = writePidFile(home, hub.port);
  process.on('exit', removePidFile);
  console.log(`VMark Web is running at ${hub.url}`);
  log(`AI clients connect with \`npx vmark-relay\` (token in ${join(home, 'token')}).`);
  if (process.env.VMARK_OPEN !== '0') openBrowser(hub.url);
  const stop = () => void hub.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EADDRINUSE') {
    console.error(
      `Port ${port.port} on 127.0.0.1 is in use (by another VMark Web hub, or something else). ` +
        `Set VMARK_PORT to another port, or stop what uses it.`,
    );
  } else console.error('VMark Web could not start:', err.message);
  process.exit(1);
}
