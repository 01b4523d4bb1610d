/** `npm start`: runs the hub on 127.0.0.1:$VMARK_PORT (7331) and opens the app unless VMARK_OPEN=0. */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHub } from './hub.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..', 'build');

function portFromEnv(): number {
  const raw = process.env.VMARK_PORT ?? '7331';
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    console.error(`VMARK_PORT must be a port number from 1 to 65535, not "${raw}".`);
    process.exit(2);
  }
  return port;
}

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

const port = portFromEnv();
try {
  const hub = await startHub({ port, root });
  console.log(`VMark Web is running at ${hub.url}`);
  if (process.env.VMARK_OPEN !== '0') openBrowser(hub.url);
  const stop = () => void hub.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  const err = e as NodeJS.ErrnoException;
  if (err.code === 'EADDRINUSE') {
    console.error(
      `Port ${port} on 127.0.0.1 is in use. Set VMARK_PORT to another port, or stop what uses it.`,
    );
  } else console.error('VMark Web could not start:', err.message);
  process.exit(1);
}
