/**
 * Finds a Chromium or Chrome to test and benchmark with: VMARK_CHROMIUM, else the usual system
 * locations. Plain JavaScript, so the benchmarks (Node scripts) share it with the tests.
 */
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
];

/** @returns {string} the path of the browser executable */
export function findChromium() {
  const fromEnv = process.env.VMARK_CHROMIUM;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`VMARK_CHROMIUM is set to ${fromEnv}, but no file is there.`);
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  throw new Error(
    'No Chromium or Chrome found for the end-to-end tests. Install one (Debian/Ubuntu: ' +
      '`sudo apt-get install -y chromium`) or point VMARK_CHROMIUM at a Chrome executable.',
  );
}

/** Flags for a headless Chromium in a container: no sandbox, GPU, QUIC or background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
