/**
 * open, navigate and wait: the navigation rules first, then (shared posture) the destination
 * approval, then a navigation followed by a ticket. open and navigate share one budget (12 s by
 * default) with the load; past it they answer TIMEOUT with the ticket, which `wait` can follow.
 * A loaded page is checked for gates (advisory: `data.gate`).
 */
import { checkNavigation } from '../../policy/navigationPolicy.js';
import { classifyGate } from '../../policy/gates.js';
import { urlForAgent } from '../../policy/urls.js';
import type { DriverCommand, DriverResult } from '#shared/wire/driverProtocol.js';
import { isResult, type DriverCore, type Tab } from '../core.js';
import { readableTab } from './readCommands.js';
import type { DialogInfo } from '../pages/pageDialogs.js';
import { dialogOpen, done, fail } from '../results.js';
import type { Ticket } from '../tickets.js';

type Cmd<O extends DriverCommand['op']> = Extract<DriverCommand, { op: O }>;

export const NAVIGATION_BUDGET_MS = 12_000;
const GATE_PROBE_MS = 2_000;

function rules(core: DriverCore) {
  return { allowLoopback: core.settings.allowLoopback, hubPort: core.hubPort };
}

async function titleOf(tab: Tab): Promise<string> {
  try {
    tab.title = await tab.page.title();
  } catch {
    // The page is between documents; the last title stands.
  }
  return tab.title;
}

async function gateOf(tab: Tab): Promise<{ kind: string; hint: string } | null> {
  try {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>(
      (resolve) => (timer = setTimeout(() => resolve(null), GATE_PROBE_MS)),
    );
    const signals = await Promise.race([tab.agent.gateSignals(), timeout]);
    clearTimeout(timer);
    return signals ? classifyGate({ ...signals, url: tab.page.url() }) : null;
  } catch {
    return null; // Advisory: any failure is "no gate".
  }
}

/** The answer for a loaded page. */
export async function loadedAnswer(tab: Tab, navigationId: string | null): Promise<DriverResult> {
  const title = await titleOf(tab);
  const gate = await gateOf(tab);
  const data: Record<string, unknown> = {
    tabId: tab.id,
    url: urlForAgent(tab.page.url()),
    title,
    navigationId,
    generation: tab.generation,
    loading: false,
    untrusted: true,
  };
  if (gate) data.gate = gate;
  return done(data);
}

/**
 * Waits for a ticket within `ms` and answers its outcome. A page dialog that opens meanwhile (a
 * `beforeunload` that holds the navigation, an `alert` of the new page) blocks the page: the
 * answer is DIALOG_OPEN at once, with the ticket to `wait` on once the dialog is answered.
 */
export async function settle(tab: Tab, ticket: Ticket, ms: number): Promise<DriverResult> {
  const watch = tab.dialogs.opening();
  let ended: boolean | DialogInfo;
  try {
    ended = await Promise.race([ticket.wait(Math.max(0, ms)), watch.opened]);
  } finally {
    watch.cancel();
  }
  const ids = { tabId: tab.id, navigationId: ticket.id };
  if (typeof ended === 'object') {
    const blocked = dialogOpen(tab.id, ended);
    if (blocked.ok || !('details' in blocked)) return blocked;
    return {
      ...blocked,
      message: `${blocked.message} Then wait with navigationId ${ticket.id}.`,
      details: { ...blocked.details, navigationId: ticket.id },
    };
  }
  if (!ended) {
    return fail(
      'TIMEOUT',
      `The page is still loading; wait with navigationId ${ticket.id} for the result.`,
      ids,
    );
  }
  if (ticket.state === 'superseded') {
    return fail('NAVIGATION_SUPERSEDED', 'Another navigation of the tab replaced this one.', ids);
  }
  if (ticket.state === 'failed' && ticket.failure) {
    return fail(ticket.failure.code, ticket.failure.message, ids);
  }
  return loadedAnswer(tab, ticket.id);
}

export async function open(core: DriverCore, cmd: Cmd<'open'>): Promise<DriverResult> {
  const started = Date.now();
  const budget = cmd.timeoutMs ?? NAVIGATION_BUDGET_MS;
  const verdict = checkNavigation(cmd.url, rules(core));
  if (!verdict.ok) return fail(verdict.code, verdict.message);
  const denied = core.authorizeDestination(null, verdict.url);
  if (denied) return denied;
  const tab = await core.newTab();
  if (isResult(tab)) return tab;
  if (core.settings.posture === 'shared') tab.approvedOrigins.add(new URL(verdict.url).origin);
  tab.lastAction = `opened ${urlForAgent(verdict.url)}`;
  core.focus(tab);
  const ticket = core.navigate(tab, verdict.url);
  return settle(tab, ticket, budget - (Date.now() - started));
}

export async function navigate(core: DriverCore, cmd: Cmd<'navigate'>): Promise<DriverResult> {
  const started = Date.now();
  const budget = cmd.timeoutMs ?? NAVIGATION_BUDGET_MS;
  const tab = core.tab(cmd.tabId);
  if (isResult(tab)) return tab;
  const verdict = checkNavigation(cmd.url, rules(core));
  if (!verdict.ok) return fail(verdict.code, verdict.message);
  if (tab.human) {
    // The person's tab: only with their leave, as for any use of it.
    const denied = core.authorize(tab, { operation: 'read' });
    if (denied) return denied;
  }
  const denied = core.authorizeDestination(tab, verdict.url);
  if (denied) return denied;
  if (!tab.human) core.focus(tab);
  tab.lastAction = `went to ${urlForAgent(verdict.url)}`;
  const ticket = core.navigate(tab, verdict.url);
  return settle(tab, ticket, budget - (Date.now() - started));
}

export async function wait(core: DriverCore, cmd: Cmd<'wait'>): Promise<DriverResult> {
  const tab = readableTab(core, cmd.tabId);
  if (isResult(tab)) return tab;
  const budget = cmd.timeoutMs ?? NAVIGATION_BUDGET_MS;
  let ticket = tab.ticket;
  if (cmd.navigationId !== undefined) {
    ticket = [tab.ticket, ...tab.pastTickets].find((t) => t?.id === cmd.navigationId) ?? null;
    if (!ticket) {
      return fail('INVALID_ARGUMENT', `No navigation ${cmd.navigationId} is known on ${tab.id}.`);
    }
  }
  if (ticket) return settle(tab, ticket, budget);
  try {
    await tab.page.waitForLoadState('load', { timeout: budget });
  } catch {
    return fail('TIMEOUT', 'The page is still loading.', { tabId: tab.id });
  }
  return loadedAnswer(tab, null);
}
