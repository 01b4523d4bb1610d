/**
 * A page's dialogs (`alert`, `confirm`, `prompt`, `beforeunload`). One blocks its page: nothing
 * runs there until it is answered, so the driver follows each tab's and answers every call on
 * that tab at once while one is open (DIALOG_OPEN), until the AI answers it with
 * `act {operation: "dialog"}`. One left unanswered is dismissed after a while (30 s), a clock
 * that stops while the person is being asked to approve something on the tab; the next call on
 * the tab is told so.
 */
import type { Dialog, Page } from 'playwright-core';
import { errorText } from '../results.js';

export const DIALOG_TIMEOUT_MS = 30_000;
const TICK_MS = 250;
/** The most of a dialog's message the AI is shown (page data). */
const MAX_MESSAGE = 1_000;

export type DialogType = 'alert' | 'confirm' | 'prompt' | 'beforeunload';

/** What the AI is told of a dialog. */
export interface DialogInfo {
  type: DialogType;
  message: string;
  /** A prompt's default answer. */
  defaultValue?: string;
}

export interface DialogOptions {
  timeoutMs?: number;
  /** Whether the person is being asked something on this tab now (the clock stops). */
  asking(): boolean;
  log(message: string): void;
}

function infoOf(dialog: Dialog): DialogInfo {
  const type = dialog.type() as DialogType;
  const message = dialog.message();
  const info: DialogInfo = {
    type,
    message: message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message,
  };
  if (type === 'prompt') info.defaultValue = dialog.defaultValue().slice(0, MAX_MESSAGE);
  return info;
}

export class DialogWatch {
  #open: { dialog: Dialog; info: DialogInfo; waited: number; timer: NodeJS.Timeout } | null = null;
  #notice: (DialogInfo & { dismissed: true; reason: string }) | null = null;
  #waiters: ((info: DialogInfo) => void)[] = [];

  constructor(
    page: Page,
    private readonly options: DialogOptions,
  ) {
    page.on('dialog', (dialog) => this.#opened(dialog));
    page.on('close', () => this.#stop());
  }

  /** The dialog open now, if any. */
  get current(): DialogInfo | null {
    return this.#open?.info ?? null;
  }

  /** Resolves when a dialog opens (at once if one is open); `cancel` stops waiting. */
  opening(): { opened: Promise<DialogInfo>; cancel(): void } {
    let resolve!: (info: DialogInfo) => void;
    const opened = new Promise<DialogInfo>((r) => (resolve = r));
    if (this.#open) resolve(this.#open.info);
    else this.#waiters.push(resolve);
    return {
      opened,
      cancel: () => (this.#waiters = this.#waiters.filter((w) => w !== resolve)),
    };
  }

  /** Answers the open dialog; a prompt's text is given only when it is accepted. */
  async answer(accept: boolean, text?: string): Promise<DialogInfo | null> {
    const open = this.#open;
    if (!open) return null;
    this.#stop();
    try {
      if (accept) await open.dialog.accept(text);
      else await open.dialog.dismiss();
    } catch (e) {
      this.options.log(`a dialog could not be answered: ${errorText(e)}`);
    }
    return open.info;
  }

  /** A dialog dismissed for want of an answer since the last call, told once. */
  takeNotice(): (DialogInfo & { dismissed: true; reason: string }) | null {
    const notice = this.#notice;
    this.#notice = null;
    return notice;
  }

  #opened(dialog: Dialog): void {
    if (this.#open) {
      void dialog.dismiss().catch(() => undefined);
      return;
    }
    const info = infoOf(dialog);
    const timeout = this.options.timeoutMs ?? DIALOG_TIMEOUT_MS;
    const timer = setInterval(() => {
      const open = this.#open;
      if (!open || this.options.asking()) return;
      open.waited += TICK_MS;
      if (open.waited < timeout) return;
      const seconds = Math.round(timeout / 1000);
      this.#notice = { ...open.info, dismissed: true, reason: `unanswered for ${seconds} s` };
      void this.answer(false);
    }, TICK_MS);
    timer.unref();
    this.#open = { dialog, info, waited: 0, timer };
    this.#notice = null;
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const wake of waiters) wake(info);
  }

  #stop(): void {
    if (this.#open) clearInterval(this.#open.timer);
    this.#open = null;
  }
}
