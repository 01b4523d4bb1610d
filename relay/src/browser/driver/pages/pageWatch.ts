/**
 * Following the pages of the AI's browser: every page becomes a tab record whose generation moves
 * with each main-frame navigation; AI tabs keep their console; navigations of AI tabs (main frame
 * and subframes) pass the navigation rules at the network layer; popups an AI tab tries to open
 * are stopped before they load anything (popupLog.ts); page dialogs wait for the AI's answer
 * (pageDialogs.ts).
 */
import type { BrowserContext, Page, Route } from 'playwright-core';
import { ConsoleRing, consoleLevel, exceptionText } from '../../consoleRing.js';
import { checkNavigation, type NavigationRules } from '../../policy/navigationPolicy.js';
import type { Tab } from '../core.js';
import type { AgentFactory } from '../pageAgent.js';
import { FrameAgents } from '../frames/frameAgents.js';
import { DialogWatch } from './pageDialogs.js';
import { PopupLog } from './popupLog.js';
import { errorText } from '../results.js';

export interface WatchHooks {
  rules(): NavigationRules;
  tabOf(page: Page): Tab | undefined;
  /** A new window's first request: true when it is a popup an AI tab announced (it is stopped). */
  claimPopup(url: string): boolean;
  navigated(tab: Tab): void;
  closed(tab: Tab): void;
  changed(): void;
  /** Whether the person is being asked something about this tab (a dialog's clock stops). */
  asking(tabId: string): boolean;
  /** How long a page dialog may wait for an answer before it is dismissed. */
  dialogMs?: number;
  log(message: string): void;
}

/** Subframes may show these without a network request (nothing to protect). */
const LOCAL_SCHEMES = /^(about|data|blob):/i;

/** Makes a page a tab record and follows it. */
export function watchPage(
  context: BrowserContext,
  page: Page,
  id: string,
  human: boolean,
  createAgent: AgentFactory,
  hooks: WatchHooks,
): Tab {
  const agent = createAgent(page);
  const tab: Tab = {
    id,
    page,
    human,
    agent,
    frames: new FrameAgents(page, agent, createAgent, () => tab.generation),
    cdp: context.newCDPSession(page),
    console: new ConsoleRing(),
    approvedOrigins: new Set(),
    generation: 0,
    refGeneration: null,
    title: '',
    ticket: null,
    pastTickets: [],
    lastAction: null,
    popups: new PopupLog(),
    dialogs: new DialogWatch(page, {
      timeoutMs: hooks.dialogMs,
      asking: () => hooks.asking(id),
      log: (message) => hooks.log(`${id}: ${message}`),
    }),
    blocked: null,
    closed: false,
  };
  tab.cdp.catch(() => undefined);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) hooks.navigated(tab);
  });
  page.on('close', () => hooks.closed(tab));
  page.on('load', () => {
    page.title().then(
      (title) => {
        tab.title = title;
        hooks.changed();
      },
      () => undefined,
    );
  });
  if (!human) {
    tab.popups.watch(tab.cdp);
    page.on('console', (message) => {
      const level = consoleLevel(message.type());
      if (level) tab.console.push(level, message.text());
    });
    void tab.cdp
      .then(async (cdp) => {
        cdp.on('Runtime.exceptionThrown', (event) => {
          const details = event.exceptionDetails;
          const description = details.exception?.description ?? details.text ?? '';
          const inPromise = /in promise/i.test(details.text ?? '');
          tab.console.push(
            'error',
            exceptionText(inPromise ? 'Unhandled rejection: ' : 'Uncaught ', description),
          );
        });
        await cdp.send('Runtime.enable');
      })
      .catch(() => undefined);
    // A redirect is not seen by routing: its hops are judged here, and a blocked one is left.
    page.on('request', (request) => {
      if (!request.redirectedFrom() || !request.isNavigationRequest()) return;
      if (request.frame() !== page.mainFrame()) return;
      const verdict = checkNavigation(request.url(), hooks.rules());
      if (verdict.ok) return;
      tab.blocked = { url: request.url(), message: verdict.message };
      tab.ticket?.settle('failed', {
        code: verdict.code,
        message: `A redirect was stopped: ${verdict.message}`,
      });
      page.goto('about:blank').catch(() => undefined);
    });
  }
  return tab;
}

async function routeRequest(route: Route, hooks: WatchHooks): Promise<void> {
  const request = route.request();
  if (!request.isNavigationRequest()) return route.continue();
  let page: Page;
  try {
    page = request.frame().page();
  } catch {
    // A window a page opens navigates before its page exists. An AI tab announced its popups:
    // theirs load nothing. Any other (a cross-origin frame's popup, the person's) passes the
    // rules; an AI tab's popup is closed as soon as it appears.
    if (hooks.claimPopup(request.url())) return route.abort('blockedbyclient');
    const verdict = checkNavigation(request.url(), hooks.rules());
    return verdict.ok ? route.continue() : route.abort('blockedbyclient');
  }
  const tab = hooks.tabOf(page);
  if (!tab) {
    // A page not yet taken in: an AI tab's popup (about to be closed) goes nowhere meanwhile.
    const opener = await page.opener().catch(() => null);
    const openerTab = opener ? hooks.tabOf(opener) : undefined;
    return openerTab && !openerTab.human ? route.abort('blockedbyclient') : route.continue();
  }
  if (tab.human) return route.continue();
  const main = request.frame() === page.mainFrame();
  if (!main && LOCAL_SCHEMES.test(request.url())) return route.continue();
  const verdict = checkNavigation(request.url(), hooks.rules());
  if (verdict.ok) return route.continue();
  if (main) {
    tab.blocked = { url: request.url(), message: verdict.message };
    tab.ticket?.settle('failed', { code: verdict.code, message: verdict.message });
  }
  return route.abort('blockedbyclient');
}

/** Applies the navigation rules to every navigation of AI tabs in the context. */
export async function guardNavigations(context: BrowserContext, hooks: WatchHooks): Promise<void> {
  await context.route('**/*', (route) =>
    routeRequest(route, hooks).catch((e: unknown) => {
      // The page went away in between; nothing to answer.
      hooks.log(`route: ${errorText(e)}`);
    }),
  );
}
