/**
 * browser: act, style and execute_js. Each is authorised against the exact target and payload
 * the person would see; an act passes the agent's checks in the page, then the driver sends the
 * input through the browser's own mouse and keyboard (pageInput.ts), so the page gets trusted
 * events; a page dialog it opens is reported at once and answered with the `dialog` operation.
 */
import type { TypePlan } from '../../agent/agentTypes.js';
import { chordLabel, keyChord } from '#shared/keyChord.js';
import type { DriverCommand, DriverResult } from '#shared/wire/driverProtocol.js';
import { originForAgent, urlForAgent } from '../../policy/urls.js';
import { isResult, type AuthRequest, type DriverCore, type Tab } from '../core.js';
import type { PageAgent } from '../pageAgent.js';
import type { DialogInfo } from '../pages/pageDialogs.js';
import { typeText, untilDoneOrDialog, wheel, type Point } from '../pages/pageInput.js';
import { withDriverInput } from '../pages/driverInput.js';
import { evaluateIsolated, ScriptError } from '../pages/pageIo.js';
import { agentCall } from '../agentCalls.js';
import { frameOrigin } from '../frames/frameRefs.js';
import { documentOf, markRefs, refTarget } from '../frames/frameReads.js';
import { handsOutRefs, noteRefs, staleRef } from '../pages/refGenerations.js';
import { done, errorText, fail } from '../results.js';

type Cmd<O extends DriverCommand['op']> = Extract<DriverCommand, { op: O }>;

const MAX_RESULT_CHARS = 256 * 1024;
/** The most an act waits for the popups it opened to appear and be closed. */
const POPUP_SETTLE_MS = 2000;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
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
    const then = cmd.submit ? ', then Enter' : '';
    request.payload = {
      text: cmd.submit ? `${text}\n[submit]` : text,
      summary: `Text: ${JSON.stringify(clip(text, 120))}${then}`,
    };
  } else if (cmd.operation === 'key') {
    const chord = chordLabel(cmd.key ?? '', cmd.modifiers);
    request.payload = { text: `key:${chord}`, summary: `Key: ${chord}` };
  } else if (cmd.operation === 'scroll' && cmd.dy !== undefined) {
    request.payload = { text: `dy:${cmd.dy}`, summary: `Scroll: ${cmd.dy} px` };
  } else if (cmd.operation === 'dialog') {
    const answer = cmd.accept ? 'accept' : 'dismiss';
    const text = cmd.text !== undefined ? `, answering ${JSON.stringify(clip(cmd.text, 120))}` : '';
    request.payload = {
      text: `dialog:${answer}:${cmd.text ?? ''}`,
      summary: `${cmd.accept ? 'Accept' : 'Dismiss'} the page's dialog${text}`,
    };
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
    case 'hover':
      return `pointed at ${what}`;
    case 'type':
      return `typed into ${what}${answer.submitted ? ' and pressed Enter' : ''}`;
    case 'scroll':
      return cmd.dy !== undefined ? `scrolled ${cmd.dy} px` : `scrolled to ${what}`;
    case 'dialog':
      return `${cmd.accept ? 'accepted' : 'dismissed'} a page dialog`;
    default:
      return `pressed ${chordLabel(cmd.key ?? '', cmd.modifiers)}${answer.ref ? ` on ${what}` : ''}`;
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

/** `act {operation: "dialog"}`: answers the dialog that blocks the tab's page. */
async function answerDialog(core: DriverCore, cmd: Cmd<'act'>): Promise<DriverResult> {
  const tab = core.tab(cmd.tabId, { dialog: true });
  if (isResult(tab)) return tab;
  const open = tab.dialogs.current;
  if (!open) {
    return done(
      resultData(tab, {
        answered: false,
        hint: 'no dialog is open on this tab; nothing was answered',
      }),
    );
  }
  if (cmd.text !== undefined && open.type !== 'prompt') {
    return fail('INVALID_ARGUMENT', `text answers a prompt; this dialog is a ${open.type}.`);
  }
  const denied = core.authorize(tab, actRequest(cmd));
  if (denied) return denied;
  const answered = await tab.dialogs.answer(cmd.accept === true, cmd.text);
  if (!answered) return done(resultData(tab, { answered: false, hint: 'the dialog had closed' }));
  tab.lastAction = describeAction(cmd, {});
  core.changed();
  return done(resultData(tab, { answered: true, accepted: cmd.accept === true, dialog: answered }));
}

/**
 * Sends the input the agent checked through the browser's own input, and says what it did in
 * `answer`. A dialog that the input opens ends the wait: the act answers with it.
 */
async function sendInput(
  core: DriverCore,
  tab: Tab,
  cmd: Cmd<'act'>,
  answer: Record<string, unknown>,
  input: AgentInput,
  agent: PageAgent,
): Promise<void> {
  const page = tab.page;
  const log = (message: string) => core.log(`${tab.id}: ${message}`);
  // Marked as the driver's own, so that a run's watch never takes it for the person's.
  const send = (fn: () => Promise<unknown>) =>
    untilDoneOrDialog(tab.dialogs, () => withDriverInput(tab, fn), log);
  let dialog: DialogInfo | null = null;
  if (input.clickAt) {
    const at = input.clickAt;
    dialog = await send(() => page.mouse.click(at.x, at.y));
    answer.clicked = true;
  } else if (input.hoverAt) {
    const at = input.hoverAt;
    dialog = await send(() => page.mouse.move(at.x, at.y));
    answer.hovered = true;
  } else if (input.wheelAt) {
    const at = input.wheelAt;
    const position = async () => {
      const now = await agentCall(tab, 'scrollPosition', {}, agent);
      return isResult(now) || typeof now.position !== 'number' ? null : now.position;
    };
    const from = input.scrollFrom ?? 0;
    const moved = await withDriverInput(tab, () => wheel(page, at, cmd.dy ?? 0, from, position));
    answer.scrolled = moved;
    if (!moved) answer.detail = 'at-edge';
  } else if (input.keyReady) {
    const chord = keyChord(cmd.key ?? '', cmd.modifiers);
    if (!chord.ok) throw new Error(chord.message);
    dialog = await send(() => page.keyboard.press(chord.chord));
    answer.pressed = true;
  } else if (input.typePlan) {
    const plan = input.typePlan;
    dialog = await send(() => typeText(page, plan));
    if (!dialog) {
      const finished = await agentCall(tab, 'finishType', { token: plan.token }, agent);
      if (isResult(finished)) throw new Error('the typing could not be checked');
      Object.assign(answer, finished);
    } else answer.typed = true;
    if (!dialog && answer.typed === true && cmd.submit) {
      dialog = await send(() => page.keyboard.press('Enter'));
      answer.submitted = true;
    }
  }
  if (dialog) answer.dialog = dialog;
}

/** What the agent asked the driver to send; taken out of the answer the model sees. */
interface AgentInput {
  clickAt?: Point;
  hoverAt?: Point;
  wheelAt?: Point;
  scrollFrom?: number;
  keyReady?: boolean;
  typePlan?: TypePlan;
  typeAt?: Point;
}

function takeInput(answer: Record<string, unknown>): AgentInput {
  const input: AgentInput = {};
  for (const key of [
    'clickAt',
    'hoverAt',
    'wheelAt',
    'scrollFrom',
    'keyReady',
    'typePlan',
    'typeAt',
  ]) {
    if (key in answer) {
      (input as Record<string, unknown>)[key] = answer[key];
      delete answer[key];
    }
  }
  return input;
}

/**
 * The document the act's target is in: the page's own (0) or a frame's, with the target's ref
 * there and the frame's origin, for which the act is approved.
 */
async function targetDocument(
  tab: Tab,
  cmd: Cmd<'act'>,
  generation: number,
): Promise<{ n: number; local?: string; frameOrigin?: string } | DriverResult> {
  let n = 0;
  let local: string | undefined;
  if (cmd.ref !== undefined) {
    const target = refTarget(tab, cmd.ref, generation);
    if (isResult(target)) return target;
    ({ n, local } = target);
  } else if (cmd.role !== undefined || cmd.name !== undefined) {
    const found = await documentOf(tab, { role: cmd.role, name: cmd.name }, generation);
    if (isResult(found)) return found;
    n = found;
  }
  if (n === 0) return { n, local };
  const agent = tab.frames.agentOf(n);
  const where = agent ? await agentCall(tab, 'where', {}, agent) : null;
  if (!where || isResult(where)) {
    return where ?? fail('STALE_REF', 'The frame is gone from the page; read again.');
  }
  const pageOrigin = originForAgent(tab.page.url());
  return {
    n,
    local,
    frameOrigin: frameOrigin(where as { url: string; origin: string }, pageOrigin),
  };
}

/**
 * The input's points, from the frame's viewport into the page's, checked at every frame level
 * (../frames/frameAgents.ts); the refusal when a frame around the target is hidden, covered or out of view.
 */
async function intoPage(
  tab: Tab,
  n: number,
  input: AgentInput,
): Promise<Record<string, unknown> | null> {
  for (const key of ['clickAt', 'hoverAt', 'typeAt'] as const) {
    const point = input[key];
    if (!point) continue;
    const at = await tab.frames.toPage(n, point);
    if ('reason' in at) return { ...at };
    input[key] = at;
  }
  return null;
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
  if (cmd.operation === 'dialog') return answerDialog(core, cmd);
  const tab = core.tab(cmd.tabId);
  if (isResult(tab)) return tab;
  const stale = cmd.ref !== undefined ? staleRef(tab) : null;
  if (stale) return stale;
  const generation = tab.generation;
  const doc = await targetDocument(tab, cmd, generation);
  if (isResult(doc)) return doc;
  const request = { ...actRequest(cmd), fresh: opts.fresh === true, frameOrigin: doc.frameOrigin };
  const denied = core.authorize(tab, request);
  if (denied) return denied;
  core.focus(tab);
  const agent = tab.frames.agentOf(doc.n);
  if (!agent) return fail('STALE_REF', 'The frame is gone from the page; read again.');
  const popupMark = await tab.popups.mark();
  const answer = await agentCall(
    tab,
    'act',
    {
      operation: cmd.operation,
      generation,
      ref: doc.local,
      role: cmd.role,
      name: cmd.name,
      text: cmd.text,
      dy: cmd.dy,
    },
    agent,
  );
  if (isResult(answer)) return answer;
  markRefs(answer, doc.n);
  if (handsOutRefs(answer)) noteRefs(tab, generation);
  const input = takeInput(answer);
  if (doc.n > 0 && answer.found === true && !answer.reason) {
    try {
      const refused = await intoPage(tab, doc.n, input);
      if (refused) Object.assign(answer, refused);
    } catch (e) {
      if (tab.closed) return fail('TAB_NOT_FOUND', 'The tab closed.');
      return fail('INTERNAL', `The frame around the target could not be checked: ${errorText(e)}`);
    }
  }
  if (answer.found === true && !answer.reason && Object.keys(input).length > 0) {
    if (tab.generation !== generation) {
      return fail(
        'STALE_REF',
        'The page navigated before the input; nothing was sent. Read again.',
      );
    }
    try {
      await sendInput(core, tab, cmd, answer, input, agent);
    } catch (e) {
      if (tab.closed) return fail('TAB_NOT_FOUND', 'The tab closed.');
      return fail('INTERNAL', `The ${cmd.operation} failed: ${errorText(e)}`);
    }
  }
  // A popup the input opened was announced before the input returned; its window comes later.
  if (!answer.dialog) await tab.popups.settled(popupMark, POPUP_SETTLE_MS);
  const effect =
    answer.clicked ?? answer.hovered ?? answer.typed ?? answer.scrolled ?? answer.pressed;
  if (effect === true) {
    tab.lastAction = describeAction(cmd, answer);
    core.changed();
  } else {
    const reason = typeof answer.reason === 'string' ? answer.reason : null;
    const hint =
      reason && HINTS[reason]
        ? HINTS[reason](answer)
        : answer.detail === 'at-edge'
          ? 'the page is already at that edge'
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
