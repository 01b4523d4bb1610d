/**
 * Where the Chromium for AI tabs is: `VMARK_CHROMIUM`, else the usual system locations. The hub
 * never downloads a browser.
 */
import { existsSync } from 'node:fs';

const CANDIDATES: Record<string, string[]> = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
    '/snap/bin/chromium',
    '/usr/bin/microsoft-edge',
  ],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
    '/Applications/Microsoft Edge.app/Contents/MacOS/Microsoft Edge',
  ],
  win32: [
    'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe',
    'C:\\Program Files (x86)\\Microsoft\\Edge\\Application\\msedge.exe',
  ],
};

export type ChromiumLookup = { ok: true; path: string } | { ok: false; message: string };

export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
  platform: string = process.platform,
): ChromiumLookup {
  const configured = env.VMARK_CHROMIUM?.trim();
  if (configured) {
    if (exists(configured)) return { ok: true, path: configured };
    return { ok: false, message: `VMARK_CHROMIUM names ${configured}, but nothing is there.` };
  }
  const found = (CANDIDATES[platform] ?? []).find((p) => exists(p));
  if (found) return { ok: true, path: found };
  return {
    ok: false,
    message:
      'No Chromium or Chrome was found for AI tabs. Install one (Debian/Ubuntu: apt-get install chromium) or set VMARK_CHROMIUM to its executable, then restart the hub.',
  };
}

/**
 * Flags for the AI's Chromium: no background traffic, no QUIC; headless without the GPU; without
 * the sandbox where it cannot run (headless in containers, or as root).
 */
export function chromiumArgs(headless: boolean, root = process.getuid?.() === 0): string[] {
  const args = [
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  if (headless) args.unshift('--disable-gpu');
  if (headless || root) args.unshift('--no-sandbox');
  return args;
}
