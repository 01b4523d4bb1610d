import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './tests/support/chromium.mjs';

import { TEST_HOME, TEST_PORT } from './tests/support/hub';

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
      VMARK_HOME: TEST_HOME,
      // The AI's browser in tests: no window, local test pages allowed, the system's Chromium.
      VMARK_BROWSER_HEADLESS: '1',
      VMARK_BROWSER_ALLOW_LOOPBACK: '1',
      VMARK_CHROMIUM: findChromium(),
    },
  },
});
