import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chromium';

/** The hub the tests run against; a port of its own so a running `npm start` is left alone. */
export const TEST_PORT = Number(process.env.VMARK_TEST_PORT ?? 7391);

export default defineConfig({
  testDir: 'tests',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${TEST_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: 'node relay/dist/main.js',
    url: `http://127.0.0.1:${TEST_PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      VMARK_PORT: String(TEST_PORT),
      VMARK_OPEN: '0',
      VMARK_HOME: mkdtempSync(join(tmpdir(), 'vmark-test-home-')),
    },
  },
});
