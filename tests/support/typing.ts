/**
 * What the tests of a person typing while AI clients write share (tests/concurrent.spec.ts,
 * tests/ime.spec.ts): a file opened with the timing probe, the text the core and an editor hold,
 * and the check of the AI side.
 */
import { expect, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp, openFromTree, writeOpfs } from './app';
import { call } from './mcp';
import { installProbe } from './race.mjs';

/** Writes `name` into /notes, opens it from the tree with the probe installed; gives its tab id. */
export async function openTypingFile(
  page: Page,
  name: string,
  text: string,
  holdLoading = false,
): Promise<string> {
  await installProbe(page);
  if (holdLoading) {
    await page.addInitScript(() =>
      Object.assign((globalThis as unknown as { __vmarkProbe: object }).__vmarkProbe, {
        holdLoading: true,
      }),
    );
  }
  await openApp(page);
  await writeOpfs(page, name, text);
  await page.reload();
  await openFromTree(page, name);
  return (await activeDocument(page).getAttribute('data-tab-id')) as string;
}

/** The text the core holds, read as an AI client reads it. */
export async function coreText(client: Client, tabId: string): Promise<string> {
  const r = await call(client, 'document', { action: 'read', tabId });
  return r.data.content as string;
}

/**
 * Checks the AI side: accepted markers once each, no other markers, refusals of the `allowed`
 * codes only, and at least one write accepted.
 */
export function checkWrites(
  text: string,
  result: { accepted: string[]; refused: object },
  allowed: readonly string[] = ['STALE'],
) {
  const lines = text.split('\n');
  for (const marker of result.accepted) {
    expect(
      lines.filter((l) => l === marker),
      marker,
    ).toHaveLength(1);
  }
  const markers = lines.filter((l) => l.startsWith('AI '));
  expect(markers.sort()).toEqual([...result.accepted].sort());
  expect(Object.keys(result.refused).filter((code) => !allowed.includes(code))).toEqual([]);
  expect(result.accepted.length).toBeGreaterThan(0);
}

/** What the tab's live editor holds as text (through the test probe, see race.mjs). */
export function editorText(page: Page, tabId: string) {
  return page.evaluate(
    (id) =>
      (
        globalThis as unknown as {
          __vmarkProbe: { editorText(tabId: string): { mode: string; text: string } | null };
        }
      ).__vmarkProbe.editorText(id),
    tabId,
  );
}

/** The WYSIWYG editor holds exactly the core's text, and shows its paragraphs. */
export async function expectWysiwygShows(page: Page, tabId: string, text: string, plain = true) {
  await expect.poll(() => editorText(page, tabId)).toEqual({ mode: 'wysiwyg', text });
  if (plain) {
    await expect
      .poll(() => activeDocument(page).locator('.ProseMirror > p').allTextContents())
      .toEqual(text.trim().split('\n\n'));
  }
}

/** A second window that shows the tab of `/notes/<name>` too (opened from its file tree). */
export async function secondWindow(page: Page, name: string, tabId: string): Promise<Page> {
  const second = await page.context().newPage();
  await installProbe(second);
  await openApp(second);
  await expect(second.locator('.app')).toHaveAttribute('data-window-id', 'doc-2');
  // Opening the file in the second window shows the same tab there too.
  await openFromTree(second, name);
  expect(await activeDocument(second).getAttribute('data-tab-id')).toBe(tabId);
  return second;
}

/** Puts the cursor at the end of the `n`th paragraph of the WYSIWYG editor on screen. */
export async function endOfParagraph(page: Page, n: number): Promise<void> {
  await activeDocument(page).locator('.ProseMirror > p').nth(n).click();
  await page.keyboard.press('End');
}
