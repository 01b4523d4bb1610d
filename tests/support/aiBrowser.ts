/**
 * The AI's browser as the end-to-end tests drive it: local pages, the app's prompt answered as a
 * person answers it, and the AI's tabs closed from the Browser panel between tests.
 */
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { openApp } from './app';
import { startPageServer, type PageServer } from './pageServer';

/** A page with a counter button, a text field and a heading, for acts the tests can verify. */
export const PUBLISH_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>Drafts</title>
  </head>
  <body>
    <h1>Drafts</h1>
    <button onclick="count.textContent = String(Number(count.textContent) + 1)">Publish</button>
    <button onclick="deleted.textContent = 'yes'">Delete</button>
    <label>Title <input id="title" /></label>
    <p>Published: <output id="count">0</output></p>
    <p>Deleted: <output id="deleted">no</output></p>
  </body>
</html>
`;

/** A page of `count` buttons named "Action 0", "Action 1"…, for reads past the answer bound. */
export function controlsPage(count: number): string {
  const buttons = Array.from({ length: count }, (_, i) => `<button>Action ${i}</button>`);
  return `<!doctype html><html lang="en"><title>Controls</title><body>${buttons.join('')}</body></html>`;
}

export function startAiPages(): Promise<PageServer> {
  return startPageServer({ '/publish.html': PUBLISH_PAGE, '/controls.html': controlsPage(2_000) });
}

/** The browser prompt card in the app. */
export function promptCard(page: Page): Locator {
  return page.locator('[data-approval-kind="browser"]');
}

/**
 * Answers the prompt as a person would: waits until the card takes clicks (clicks in its first
 * half second are ignored on purpose), then clicks the button.
 */
export async function answerPrompt(
  page: Page,
  button: 'Deny' | 'Allow once' | 'Allow on this site',
): Promise<void> {
  const card = promptCard(page);
  await expect(card).toHaveAttribute('data-armed', 'true');
  await card.getByRole('button', { name: button, exact: true }).click();
  await expect(card).toHaveCount(0);
}

/** Closes every AI tab from the Browser panel, so tests do not reach the tab limit. */
export async function closeAiTabs(page: Page): Promise<void> {
  const toggle = page.locator('.toolbar .browser-toggle');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  const rows = page.locator('.browser-panel [data-browser-tab]');
  for (let left = await rows.count(); left > 0; left = await rows.count()) {
    await rows.first().getByRole('button', { name: 'Close' }).click();
    await expect(rows).toHaveCount(left - 1);
  }
  await toggle.click();
}

/** The app in a browser context of its own, serving AI clients (at `url`, else the test hub). */
export async function openAiApp(browser: Browser, url?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openApp(page, url);
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  return page;
}

/** Between tests: no question left open (it would cover the panel), no AI tab left over. */
export async function settleAiBrowser(page: Page): Promise<void> {
  while (await promptCard(page).isVisible()) await answerPrompt(page, 'Deny');
  await closeAiTabs(page);
}

/** After a file: its client and its app's context closed. */
export async function closeAiApp(
  page: Page | undefined,
  client: Client | undefined,
): Promise<void> {
  await client?.close().catch(() => undefined);
  await page?.context().close();
}
