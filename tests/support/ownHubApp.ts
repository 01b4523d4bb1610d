/**
 * The usual start of a spec with a hub of its own: the hub, the app on it with local test pages
 * allowed (as the person allows them in Settings), and an SDK client through vmark-relay; and the
 * matching end.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { closeAiApp, openAiApp } from './aiBrowser';
import { connectClientTo, startOwnHub, type OwnHub, type OwnHubOptions } from './ownHub';

export interface OwnHubApp {
  own: OwnHub;
  page: Page;
  client: Client;
}

/** Settings → Browser → allow addresses on this computer (the local test pages are). */
export async function setLoopback(page: Page, allowed: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const box = page.locator('input[name="browser-loopback"]');
  await box.setChecked(allowed);
  await expect(box).toBeChecked({ checked: allowed });
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.locator('.browser-settings')).toHaveCount(0);
}

export async function openOwnHubApp(
  browser: Browser,
  clientName: string,
  options: OwnHubOptions = {},
): Promise<OwnHubApp> {
  const own = await startOwnHub(options);
  const page = await openAiApp(browser, own.url);
  await setLoopback(page, true);
  const client = await connectClientTo(own, clientName);
  return { own, page, client };
}

export async function closeOwnHubApp(app: OwnHubApp | undefined): Promise<void> {
  if (!app) return;
  await closeAiApp(app.page, app.client);
  await app.own.close();
}

/** SDK clients of one own hub, each with its own environment, all closed together at the end. */
export function clientsOf(hub: () => OwnHub) {
  const clients: Client[] = [];
  return {
    async connect(name: string, env: Record<string, string> = {}): Promise<Client> {
      const client = await connectClientTo(hub(), name, env);
      clients.push(client);
      return client;
    },
    async closeAll(): Promise<void> {
      for (const client of clients.splice(0)) await client.close().catch(() => undefined);
    },
  };
}
