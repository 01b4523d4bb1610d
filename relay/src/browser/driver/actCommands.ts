/**
 * browser: act, style and execute_js. Each is authorised against the exact target and payload
 * the person would see; a click passes the agent's checks in the page, then the driver clicks
 * with a trusted mouse click at the point the agent verified.
 */
import type { DriverCommand, DriverResult, Modifiers } from '../protocol.js';
import { urlForAgent } from '../policy/urls.js';
import { isResult, type AuthRequest, type DriverCore, type Tab } from './core.js';
import { withDriverInput } from './driverInput.js';
import { evaluateIsolated, ScriptError } from './pageIo.js';
import { agentCall } from './readCommands.js';
import { handsOutRefs, noteRefs, staleRef } from './refGenerations.js';
import { done, errorText, fail } from './results.js';

type Cmd<O extends DriverCommand['op']> = Extract<DriverCommand, { op: O }>;

const MAX_RESULT_CHARS = 256 * 1024;
/** The most an act waits for the popups it opened to appear and be closed. */
const POPUP_SETTLE_MS = 2000;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function keyChord(key: string, m: Modifiers | undefined): string {
  const parts = [m?.ctrl && 'Ctrl', m?.alt && 'Alt', m?.shift && 'Shift', m?.meta && 'Meta'];
  return [...parts.filter(Boolean), key].join('+');
}

/** What the act is authorised against: the target and, for payload-bound operations, the payload. */
function actRequest(cmd: Cmd<'act'>): AuthRequest {
  const target =
    cmd.ref !== undefined
      ? { ref: cmd.ref }
      : cmd.role !== undefined
        ? { role: cmd.role, name: cmd.name ?? '' }
        : undefined;
  const request: AuthRequest = { operation: cmd.operation, target };
  if (cmd.operation === 'type') {
    const text = cmd.text ?? '';
    request.payload = { text, summary: `Text: ${JSON.stringify(clip(text, 120))}` };
  } else if (cmd.operation === 'key') {
    const chord = keyChord(cmd.key ?? '', cmd.modifiers);
    request.payload = { text: `key:${chord}`, summary: `Key: ${chord}` };
  } else if (cmd.operation === 'scroll' && cmd.dy !== undefined) {
    request.payload = { text: `dy:${cmd.dy}`, summary: `Scroll: ${cmd.dy} px` };
  }
  return request;
}

const HINTS: Record<string, (r: Record<string, unknown>) => string> = {
  obscured: (r) =>
    `covered by ${String(r.by ?? 'another element')} (page data) — dismiss or hide the overlay (style), then retry`,
  hidden: (r) =>
    `matched ${String(r.matchedTotal)} element(s), none visibly rendered — it may still be loading (wait_for), or lives in a collapsed section`,
  ambiguous: (r) =>
    `${String(r.matchedVisible)} visible elements share this role and name — read and act by ref under a standing grant, or narrow the name`,
  offscreen: () => 'the element cannot be scrolled into view',
  disabled: () => 'the element is disabled',
  upload: () => 'file uploads are never done for an AI; ask the person',
  'no-such-option': () => 'no option has that label or value',
  'rejected-value': () => 'the field refused that value',
  readonly: () => 'the field is read-only',
  'not-editable': () => 'that element does not take text',
};

function describeAction(cmd: Cmd<'act'>, answer: Record<string, unknown>): string {
  const what =
    cmd.role !== undefined
      ? `${cmd.role} ${JSON.stringify(clip(cmd.name ?? '', 60))}`
      : (cmd.ref ?? '');
  switch (cmd.operation) {
    case 'click':
      return `clicked ${what}`;
    case 'type':
      return `typed into ${what}`;
    case 'scroll':
      return cmd.dy !== undefined ? `scrolled ${cmd.dy} px` : `scrolled to ${what}`;
    default:
      return `pressed ${keyChord(cmd.key ?? '', cmd.modifiers)}${answer.ref ? ` on ${what}` : ''}`;
  }
}

function resultData(
  tab: Tab,
  data: Record<string, unknown>,
  popupMark?: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    tabId: tab.id,
    ...data,
    url: urlForAgent(tab.page.url()),
    generation: tab.generation,
    untrusted: true,
  };
  const popup = popupMark === undefined ? undefined : tab.popups.latestSince(popupMark);
  if (popup !== undefined) out.popup = { url: urlForAgent(popup), blocked: true };
  return out;
}

/**
 * `fresh`: a standing grant is not enough, the person answers this very act (a workflow step
 * healed to a renamed control). Only the hub's own workflow runs set it; no command carries it.
 */
export async function act(
  core: DriverCore,
  cmd: Cmd<'act'>,
  opts: { fresh?: boolean } = {},
): Promise<DriverResult> {
  const tab = core.tab(cmd.tabId);
  if (isResult(tab)) return tab;
  const stale = cmd.ref !== undefined ? staleRef(tab) : null;
  if (stale) return stale;
  const denied = core.authorize(tab, { ...actRequest(cmd), fresh: opts.fresh === true });
  if (denied) return denied;
  core.focus(tab);
  const generation = tab.generation;
  const popupMark = await tab.popups.mark();
  const answer = await agentCall(tab, 'act', {
    operation: cmd.operation,
    generation,
    ref: cmd.ref,
    role: cmd.role,
    name: cmd.name,
    text: cmd.text,
    dy: cmd.dy,
    key: cmd.key,
    modifiers: cmd.modifiers,
  });
  if (isResult(answer)) return answer;
  if (handsOutRefs(answer)) noteRefs(tab, generation);
  const clickAt = answer.clickAt as { x: number; y: number } | undefined;
  delete answer.clickAt;
  if (cmd.operation === 'click' && answer.found === true && clickAt && !answer.reason) {
    if (tab.generation !== generation) {
      return fail(
        'STALE_REF',
        'The page navigated before the click; nothing was clicked. Read again.',
      );
    }
    try {
      await withDriverInput(tab, () => tab.page.mouse.click(clickAt.x, clickAt.y));
    } catch (e) {
      return fail('INTERNAL', `The click failed: ${errorText(e)}`);
    }
    answer.clicked = true;
  }
  // A popup the input opened was announced before the input returned; its window comes later.
  await tab.popups.settled(popupMark, POPUP_SETTLE_MS);
  const effect = answer.clicked ?? answer.typed ?? answer.scrolled ?? answer.pressed;
  if (effect === true) {
    tab.lastAction = describeAction(cmd, answer);
    core.changed();
  } else {
    const reason = typeof answer.reason === 'string' ? answer.reason : null;
    const hint =
      reason && HINTS[reason]
        ? HINTS[reason](answer)
        : 'nothing on the page has that target; read the page again';
    answer.hint = `${cmd.operation} did not affect the target: ${hint}`;
  }
  return done(resultData(tab, answer, popupMark));
}

export async function style(core: DriverCore, cmd: Cmd<'style'>): Promise<DriverResult> {
  const tab = core.tab(cmd.tabId);
  if (isResult(tab)) return tab;
  const stale = cmd.ref !== undefined ? staleRef(tab) : null;
  if (stale) return stale;
  const change = {
    ref: cmd.ref,
    selector: cmd.selector,
    set: cmd.set,
    addClasses: cmd.addClasses,
    removeClasses: cmd.removeClasses,
    injectCss: cmd.injectCss,
  };
  const text = JSON.stringify(change);
  const denied = core.authorize(tab, {
    operation: 'style',
    target: cmd.ref !== undefined ? { ref: cmd.ref } : undefined,
    payload: { text, summary: `Style: ${clip(text, 200)}` },
  });
  if (denied) return denied;
  core.focus(tab);
  const answer = await agentCall(tab, 'style', { ...change, generation: tab.generation });
  if (isResult(answer)) return answer;
  tab.lastAction = 'changed the page style';
  core.changed();
  return done(resultData(tab, answer));
}

export async function executeJs(core: DriverCore, cmd: Cmd<'execute_js'>): Promise<DriverResult> {
  const tab = core.tab(cmd.tabId);
  if (isResult(tab)) return tab;
  const denied = core.authorize(tab, {
    operation: 'eval',
    payload: { text: cmd.script, script: cmd.script, summary: 'Run this script in the page' },
  });
  if (denied) return denied;
  core.focus(tab);
  let result: unknown;
  try {
    result = await evaluateIsolated(await tab.cdp, `(async () => {\n${cmd.script}\n})()`);
  } catch (e) {
    if (e instanceof ScriptError) {
      return fail('INVALID_ARGUMENT', `The script threw (page data): ${clip(e.message, 500)}`);
    }
    return fail('INTERNAL', `The script could not run: ${errorText(e)}`);
  }
  tab.lastAction = 'ran a script';
  core.changed();
  const text = JSON.stringify(result) ?? 'null';
  if (text.length > MAX_RESULT_CHARS) {
    return done(resultData(tab, { result: null, resultTruncated: true, resultChars: text.length }));
  }
  return done(resultData(tab, { result }));
}
