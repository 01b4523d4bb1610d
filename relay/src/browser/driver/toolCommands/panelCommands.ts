/**
 * The app's Browser panel: tabs, thumbnail, close and front. They come from the person's own
 * window, never from an AI client, so they need no approval; they never start the browser.
 */
import type { BrowserTabInfo, DriverCommand, DriverResult } from '#shared/wire/driverProtocol.js';
import { originForAgent, urlForAgent } from '../../policy/urls.js';
import type { DriverCore, Tab } from '../core.js';
import { captureJpeg, THUMBNAIL_WIDTH } from '../pages/pageIo.js';
import { done, errorText, fail } from '../results.js';

type Cmd<O extends DriverCommand['op']> = Extract<DriverCommand, { op: O }>;

export function tabInfo(tab: Tab): BrowserTabInfo {
  const url = tab.page.url();
  return {
    tabId: tab.id,
    title: tab.title,
    url: urlForAgent(url),
    origin: originForAgent(url),
    generation: tab.generation,
    loading: tab.ticket?.state === 'loading',
    human: tab.human,
    lastAction: tab.lastAction,
  };
}

/** Every tab, AI and human, as the Browser panel lists them. */
export function tabList(core: DriverCore): DriverResult {
  return done({ tabs: core.allTabs().map(tabInfo) });
}

export async function thumbnail(
  tab: Tab | undefined,
  cmd: Cmd<'thumbnail'>,
): Promise<DriverResult> {
  if (!tab) return fail('TAB_NOT_FOUND', `No browser tab ${cmd.tabId}.`);
  try {
    const shot = await captureJpeg(await tab.cdp, THUMBNAIL_WIDTH, 60);
    return done({ tabId: tab.id, width: shot.width, height: shot.height }, shot.base64);
  } catch (e) {
    return fail('INTERNAL', `No thumbnail: ${errorText(e)}`);
  }
}

export async function close(tab: Tab | undefined, cmd: Cmd<'close'>): Promise<DriverResult> {
  if (!tab) return fail('TAB_NOT_FOUND', `No browser tab ${cmd.tabId}.`);
  await tab.page.close().catch(() => undefined);
  return done({ tabId: tab.id, closed: true });
}

export async function front(tab: Tab | undefined, cmd: Cmd<'front'>): Promise<DriverResult> {
  if (!tab) return fail('TAB_NOT_FOUND', `No browser tab ${cmd.tabId}.`);
  await tab.page.bringToFront().catch(() => undefined);
  return done({ tabId: tab.id, front: true });
}
