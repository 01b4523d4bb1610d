/**
 * browser_read: read, screenshot, query, extract, console, wait_for, and console_clear. Each is
 * authorised as `read`; page content in the answers is marked untrusted.
 */
import type { DriverCommand, DriverResult } from '#shared/wire/driverProtocol.js';
import { HTML_CAP } from '../../extract/cap.js';
import { urlForAgent } from '../../policy/urls.js';
import { isResult, type DriverCore, type Tab } from '../core.js';
import { captureJpeg, evaluateIsolated } from '../pages/pageIo.js';
import { readAnswer, READ_WINDOW, type ReadWindow } from '../readAnswers/readPaging.js';
import { handsOutRefs, noteRefs, staleRef } from '../pages/refGenerations.js';
import { done, errorText, fail } from '../results.js';
import { agentCall } from '../agentCalls.js';
import { checkAcross, composedSnapshot, queryAcross } from '../frames/frameReads.js';

type Cmd<O extends DriverCommand['op']> = Extract<DriverCommand, { op: O }>;

/**
 * What the page hands over for extract: outerHTML cut one unit past the extractor's cap, which
 * then knows the page was longer (and cuts it cleanly itself).
 */
export const MAX_CAPTURE = HTML_CAP + 1;
export const WAIT_FOR_DEFAULT_MS = 12_000;
const POLL_MS = 150;

/** The tab, authorised for a read; or the refusal. */
export function readableTab(
  core: DriverCore,
  tabId: string | undefined,
  polling = false,
): Tab | DriverResult {
  const tab = core.tab(tabId);
  if (isResult(tab)) return tab;
  return core.authorize(tab, { operation: 'read', polling }) ?? tab;
}

function pageData(tab: Tab, data: Record<string, unknown>): Record<string, unknown> {
  return {
    tabId: tab.id,
    ...data,
    url: urlForAgent(tab.page.url()),
    generation: tab.generation,
    untrusted: true,
  };
}

/**
 * The page's nodes from `offset` (among those the filters keep), as many as one answer holds
 * (readPaging.ts), with `nextOffset` when more follow. Each call walks the page again; refs
 * stay those of the generation, so the pages of one read join up.
 */
export async function read(core: DriverCore, cmd: Cmd<'read'>): Promise<DriverResult> {
  const tab = readableTab(core, cmd.tabId);
  if (isResult(tab)) return tab;
  const generation = tab.generation;
  const offset = cmd.offset ?? 0;
  const filters = { generation, role: cmd.role, nameContains: cmd.nameContains };
  let window: ReadWindow;
  if (tab.frames.any()) {
    const all = await composedSnapshot(tab, filters);
    if (isResult(all)) return all;
    window = {
      ...all,
      offset,
      nodes: all.nodes.slice(offset, offset + READ_WINDOW),
      clipped: all.clipped.filter((i) => i >= offset).map((i) => i - offset),
    };
  } else {
    const snap = await agentCall(tab, 'snapshot', { ...filters, offset, limit: READ_WINDOW });
    if (isResult(snap)) return snap;
    window = { ...(snap as unknown as Omit<ReadWindow, 'offset'>), offset };
  }
  noteRefs(tab, generation);
  return done(readAnswer(window, cmd.format ?? 'page', (fields) => pageData(tab, fields)));
}

export async function screenshot(core: DriverCore, cmd: Cmd<'screenshot'>): Promise<DriverResult> {
  const tab = readableTab(core, cmd.tabId);
  if (isResult(tab)) return tab;
  try {
    const shot = await captureJpeg(await tab.cdp);
    return done(pageData(tab, { width: shot.width, height: shot.height }), shot.base64);
  } catch (e) {
    return fail('INTERNAL', `The screenshot failed: ${errorText(e)}`);
  }
}

export async function query(core: DriverCore, cmd: Cmd<'query'>): Promise<DriverResult> {
  const tab = readableTab(core, cmd.tabId);
  if (isResult(tab)) return tab;
  const generation = tab.generation;
  const args = { selector: cmd.selector, generation, fields: cmd.fields };
  const answer = await queryAcross(tab, args);
  if (isResult(answer)) return answer;
  noteRefs(tab, generation);
  return done(pageData(tab, answer));
}

const CAPTURE_SCRIPT = `(() => {
  const html = document.documentElement ? document.documentElement.outerHTML : '';
  return { html: html.length > ${MAX_CAPTURE} ? html.slice(0, ${MAX_CAPTURE}) : html };
})()`;

export async function extract(core: DriverCore, cmd: Cmd<'extract'>): Promise<DriverResult> {
  const tab = readableTab(core, cmd.tabId);
  if (isResult(tab)) return tab;
  if (!core.extractor) return fail('INTERNAL', 'Reader extraction is not available in this hub.');
  const url = tab.page.url();
  let captured: { html: string };
  try {
    captured = (await evaluateIsolated(await tab.cdp, CAPTURE_SCRIPT)) as typeof captured;
  } catch (e) {
    return fail('INTERNAL', `The page could not be captured: ${errorText(e)}`);
  }
  try {
    const article = await core.extractor(captured.html, url);
    return done(pageData(tab, { ...article, url: urlForAgent(url) }));
  } catch (e) {
    return fail('INTERNAL', `The page could not be extracted: ${errorText(e)}`);
  }
}

function consoleTab(core: DriverCore, tabId: string | undefined): Tab | DriverResult {
  const tab = readableTab(core, tabId);
  if (isResult(tab)) return tab;
  if (tab.human || core.settings.posture !== 'sandbox') {
    return fail('INVALID_ARGUMENT', 'The console is kept for AI tabs in the sandbox posture only.');
  }
  return tab;
}

export function consoleRead(core: DriverCore, cmd: Cmd<'console'>): DriverResult {
  const tab = consoleTab(core, cmd.tabId);
  if (isResult(tab)) return tab;
  return done(pageData(tab, { entries: tab.console.entries() }));
}

export function consoleClear(core: DriverCore, cmd: Cmd<'console_clear'>): DriverResult {
  const tab = consoleTab(core, cmd.tabId);
  if (isResult(tab)) return tab;
  return done(pageData(tab, { entries: tab.console.drain() }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(core: DriverCore, cmd: Cmd<'wait_for'>): Promise<DriverResult> {
  const tab = readableTab(core, cmd.tabId, true);
  if (isResult(tab)) return tab;
  const stale = cmd.ref !== undefined ? staleRef(tab) : null;
  if (stale) return stale;
  const deadline = Date.now() + (cmd.timeoutMs ?? WAIT_FOR_DEFAULT_MS);
  const generation = tab.generation;
  for (;;) {
    if (tab.closed) return done({ tabId: tab.id, matched: false, reason: 'tab-gone' });
    if (cmd.urlContains !== undefined) {
      if (urlForAgent(tab.page.url()).includes(cmd.urlContains)) {
        return done(pageData(tab, { matched: true }));
      }
    } else {
      if (cmd.ref !== undefined && tab.generation !== generation) {
        return fail(
          'STALE_REF',
          'The page navigated while waiting; the ref is from the earlier page. Read again.',
        );
      }
      if (tab.human && tab.generation !== generation) {
        const again = core.authorize(tab, { operation: 'read', polling: true });
        if (again) return again;
      }
      const args = {
        generation: tab.generation,
        ref: cmd.ref,
        role: cmd.role,
        name: cmd.name,
        text: cmd.text,
      };
      const answer = await checkAcross(tab, args);
      // A page between documents answers nothing for a moment; the next poll asks again.
      if (!isResult(answer) && answer.matched === true) {
        if (handsOutRefs(answer)) noteRefs(tab, args.generation);
        return done(pageData(tab, { matched: true, ...(answer.ref ? { ref: answer.ref } : {}) }));
      }
      if (isResult(answer) && !answer.ok && answer.error === 'STALE_REF' && cmd.ref !== undefined) {
        return answer;
      }
    }
    const left = deadline - Date.now();
    if (left <= 0) return done(pageData(tab, { matched: false, reason: 'timeout' }));
    await sleep(Math.min(POLL_MS, left));
  }
}
