// The hub as the browser benchmarks (bench/browser.mjs, bench/browserTasks.mjs) start it: a child
// process of relay/dist (so `npm run build` first) with a home of its own and the AI's browser as
// the tests run it; and the hub's app in the benchmark's Chromium, which the AI clients need.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;

/**
 * Starts the hub on `port` with a fresh VMARK_HOME (`vmark-bench-<name>-…` in the temp folder).
 * Gives the hub's process, the environment its vmark-relay clients take, `ready()` (resolves once
 * the hub serves its app) and `stop()` (ends the hub and removes its home).
 */
export function startBrowserHub(executablePath, port, name) {
  const home = mkdtempSync(join(tmpdir(), `vmark-bench-${name}-`));
  const env = {
    ...process.env,
    VMARK_PORT: String(port),
    VMARK_HOME: home,
    VMARK_OPEN: '0',
    // The AI's browser as the tests run it: no window, local pages allowed, the system Chromium.
    VMARK_BROWSER_HEADLESS: '1',
    VMARK_BROWSER_ALLOW_LOOPBACK: '1',
    VMARK_CHROMIUM: executablePath,
  };
  const child = spawn(process.execPath, [join(root, 'relay/dist/main.js')], {
    env,
    stdio: 'ignore',
  });
  return {
    child,
    env,
    ready: () => waitFor(() => fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok)),
    stop() {
      child.kill();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Opens the hub's app in `browser` and waits until it serves AI clients; gives its page. */
export async function openHubApp(browser, port) {
  const app = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await app.goto(`http://127.0.0.1:${port}/`);
  await app.locator('.statusbar .ai[data-ai-state="active"]').waitFor();
  return app;
}
