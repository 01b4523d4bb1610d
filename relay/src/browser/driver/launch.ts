/**
 * Starting the AI's Chromium. playwright-core is imported here, on the first browser command and
 * never before, so an idle hub does not carry it.
 * - sandbox: a launched browser and one fresh, non-persistent context for every AI tab;
 * - shared: a persistent profile under `$VMARK_HOME/browser-profile`.
 * Downloads are refused and service workers blocked (they would bypass the navigation rules).
 */
import type { BrowserContext } from 'playwright-core';
import { chromiumArgs } from './chromiumPath.js';

export interface LaunchOptions {
  posture: 'sandbox' | 'shared';
  headless: boolean;
  executablePath: string;
  profileDir: string;
}

export interface Launched {
  context: BrowserContext;
  /** Closes the browser (and every page in it). */
  close(): Promise<void>;
  /** Called once when the browser goes away, whoever closed it. */
  onGone(listener: () => void): void;
}

/** The viewport headless pages get; a visible window keeps its own size. */
export const HEADLESS_VIEWPORT = { width: 1280, height: 800 };

export async function launchBrowser(options: LaunchOptions): Promise<Launched> {
  const { chromium } = await import('playwright-core');
  const common = {
    executablePath: options.executablePath,
    headless: options.headless,
    args: chromiumArgs(options.headless),
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  };
  const contextOptions = {
    viewport: options.headless ? HEADLESS_VIEWPORT : null,
    acceptDownloads: false,
    serviceWorkers: 'block' as const,
  };
  if (options.posture === 'shared') {
    const context = await chromium.launchPersistentContext(options.profileDir, {
      ...common,
      ...contextOptions,
    });
    return {
      context,
      close: () => context.close(),
      onGone: (listener) => context.once('close', () => listener()),
    };
  }
  const browser = await chromium.launch(common);
  try {
    const context = await browser.newContext(contextOptions);
    return {
      context,
      close: () => browser.close(),
      onGone: (listener) => browser.once('disconnected', () => listener()),
    };
  } catch (e) {
    await browser.close().catch(() => undefined);
    throw e;
  }
}
