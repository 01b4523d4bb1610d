/**
 * A person's input method (IME) as Chromium's DevTools emulate it: `Input.imeSetComposition`
 * shows the text being composed (compositionstart, then compositionupdate), `Input.insertText`
 * commits it (compositionend), exactly as an operating system's input method drives the page.
 */
import { expect, type Page } from '@playwright/test';

export interface InputMethod {
  /** The input method shows each of `steps` in turn, such as ㅎ, 하, 한 or z, zh, zhong. */
  compose(...steps: string[]): Promise<void>;
  /** The person picks `text` (a syllable, a character): the composition ends with it. */
  commit(text: string): Promise<void>;
}

export async function inputMethod(page: Page): Promise<InputMethod> {
  const cdp = await page.context().newCDPSession(page);
  return {
    async compose(...steps) {
      for (const text of steps) {
        await cdp.send('Input.imeSetComposition', {
          text,
          selectionStart: text.length,
          selectionEnd: text.length,
        });
      }
    },
    async commit(text) {
      await cdp.send('Input.insertText', { text });
    },
  };
}

/** Korean syllables and Chinese pinyin, each as its input method shows it on the way. */
export const HANGUL = [
  { steps: ['ㅎ', '하', '한'], commit: '한' },
  { steps: ['ㄱ', '그', '글'], commit: '글' },
];
export const PINYIN = [
  { steps: ['z', 'zh', 'zho', 'zhon', 'zhong'], commit: '中' },
  { steps: ['w', 'we', 'wen'], commit: '文' },
];

/** A refusal because the person is composing: BUSY, with how long to wait. */
export function expectBusy(answer: { isError: boolean; data: Record<string, unknown> }): void {
  expect(answer.isError).toBe(true);
  expect(answer.data).toMatchObject({
    error: 'BUSY',
    message: expect.stringMatching(/input method/),
    retry_after_ms: expect.any(Number),
  });
  expect(answer.data.retry_after_ms as number).toBeGreaterThan(0);
}
