/**
 * Calls into the page's agents, with what every call shares: the refusals an agent's error or
 * a failure turns into, and a page dialog that blocks the call.
 */
import type { DriverResult } from '#shared/wire/driverProtocol.js';
import { isResult, type Tab } from './core.js';
import type { PageAgent } from './pageAgent.js';
import { dialogOpen, errorText, fail } from './results.js';

/**
 * What an agent call answered (the page's own agent, or a frame's), or a refusal for an agent
 * error or a failure. A page dialog that opens meanwhile blocks the page, and so the call: it is
 * answered DIALOG_OPEN at once.
 */
export async function agentCall(
  tab: Tab,
  method: string,
  args: object,
  agent: PageAgent = tab.agent,
): Promise<Record<string, unknown> | DriverResult> {
  const watch = tab.dialogs.opening();
  try {
    const call = agent.call(method, args);
    const blocked = watch.opened.then((dialog) => dialogOpen(tab.id, dialog));
    const value = (await Promise.race([call, blocked])) as Record<string, unknown> | null;
    if (isResult(value)) {
      call.catch(() => undefined);
      return value;
    }
    if (!value || typeof value !== 'object')
      return fail('INTERNAL', `The page agent gave no answer to ${method}.`);
    if (typeof value.error === 'string') {
      const stale = /generation|stale|ref/i.test(value.error);
      return fail(stale ? 'STALE_REF' : 'INVALID_ARGUMENT', value.error.slice(0, 500));
    }
    return value;
  } catch (e) {
    if (tab.closed) return fail('TAB_NOT_FOUND', 'The tab closed.');
    if (e instanceof Error && e.name === 'AgentWorldLostError') {
      return fail(
        'STALE_REF',
        'The page changed while acting on it (it navigated); read it again.',
      );
    }
    return fail('INTERNAL', `The page could not be read: ${errorText(e)}`);
  } finally {
    watch.cancel();
  }
}
