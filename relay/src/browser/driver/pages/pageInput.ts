/**
 * The driver's half of an act: the input the agent checked, sent through the browser's own input
 * (playwright-core's mouse and keyboard, the DevTools Input domain), so the page gets trusted
 * events as from a person: Enter submits a form, Tab moves focus, shortcuts work, and editors get
 * `beforeinput` and `input` as from a keyboard.
 *
 * Input that opens a page dialog is blocked by it until the dialog is answered; the act answers
 * as soon as the dialog opens, with the dialog, and the input finishes once the AI answers it.
 */
import type { Page } from 'playwright-core';
import type { TypePlan } from '../../agent/agentTypes.js';
import type { DialogInfo, DialogWatch } from './pageDialogs.js';
import { errorText } from '../results.js';

/** Text up to this many characters is typed key by key; longer text arrives in one insertion. */
export const KEYS_MAX_CHARS = 200;
/** How long a wheel may take to move the page before it counts as at the edge. */
const WHEEL_SETTLE_MS = 600;
const WHEEL_POLL_MS = 40;

export type Point = { x: number; y: number };

/**
 * Runs `input`; answers null once it is done, or the dialog as soon as one opens while it runs
 * (the input then finishes in the background, once the dialog is answered).
 */
export async function untilDoneOrDialog(
  dialogs: DialogWatch,
  input: () => Promise<unknown>,
  log: (message: string) => void,
): Promise<DialogInfo | null> {
  const watch = dialogs.opening();
  const running = input().then(
    () => null,
    (e: unknown) => {
      log(`input failed: ${errorText(e)}`);
      throw e;
    },
  );
  try {
    return await Promise.race([running, watch.opened]);
  } finally {
    watch.cancel();
    running.catch(() => undefined);
  }
}

/** Types text into the focused control, over its selection; "" deletes the selection. */
export async function typeText(page: Page, plan: TypePlan): Promise<void> {
  if (plan.key !== undefined) {
    for (let i = 0; i < (plan.presses ?? 0); i++) await page.keyboard.press(plan.key);
    return;
  }
  const text = plan.text ?? '';
  if (text === '') {
    if (plan.clear) await page.keyboard.press('Delete');
    return;
  }
  if (Array.from(text).length <= KEYS_MAX_CHARS) await page.keyboard.type(text);
  else await page.keyboard.insertText(text);
}

/** A wheel at `at`; whether the page moved, read with `position` until it settles. */
export async function wheel(
  page: Page,
  at: Point,
  dy: number,
  from: number,
  position: () => Promise<number | null>,
): Promise<boolean> {
  await page.mouse.move(at.x, at.y);
  await page.mouse.wheel(0, dy);
  const deadline = Date.now() + WHEEL_SETTLE_MS;
  let last = from;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, WHEEL_POLL_MS));
    const now = await position();
    if (now === null) return last !== from;
    // Moved, and stopped moving: the wheel's scroll has landed.
    if (now !== from && now === last) return true;
    last = now;
    if (Date.now() > deadline) return now !== from;
  }
}
