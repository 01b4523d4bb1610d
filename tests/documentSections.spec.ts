/**
 * Issue 28 end to end, in both editors: the person types in one section while an AI client, through
 * the SDK client and the relay, loops outline → section read → section write on another. Every
 * keystroke survives, every accepted write is in the text once, every refusal is STALE, the editor
 * ends showing the core's text, and the AI's write is one step the person can undo.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument } from './support/app';
import { call, connectClient } from './support/mcp';
import { coreText, editorText, openTypingFile } from './support/typing';

test.describe.configure({ timeout: 120_000 });

const START = '# Notes\n\nAlpha\n\n# Log\n\nStart.\n';
const TYPED = 'the person keeps typing while the log grows';

let client: Client;
test.afterEach(async () => {
  await client?.close();
});

interface Loop {
  accepted: string[];
  refused: Record<string, number>;
}

/** One round of the loop a model follows: outline → section read → section write. */
async function appendToLog(c: Client, tabId: string, marker: string, loop: Loop): Promise<void> {
  const outline = await call(c, 'document', { action: 'read', tabId, view: 'outline' });
  const paths = (outline.data.outline as { path: string }[]).map((s) => s.path);
  expect(paths).toEqual(['Notes', 'Log']);
  const section = await call(c, 'document', { action: 'read', tabId, section: 'Log' });
  expect(section.isError).toBe(false);
  const written = await call(c, 'document', {
    action: 'write',
    tabId,
    section: 'Log',
    content: `${section.data.content as string}\n\n${marker}`,
    expected_revision: section.data.revision,
    save: false,
  });
  if (written.isError) {
    const code = String(written.data.error);
    loop.refused[code] = (loop.refused[code] ?? 0) + 1;
  } else loop.accepted.push(marker);
}

/** The person types TYPED at the cursor while the AI appends to the log, until both are done. */
async function typeWhileAiEdits(page: Page, tabId: string): Promise<Loop> {
  const loop: Loop = { accepted: [], refused: {} };
  let typing = true;
  const person = page.keyboard.type(TYPED, { delay: 25 }).finally(() => (typing = false));
  let n = 0;
  while (typing || loop.accepted.length === 0) {
    await appendToLog(client, tabId, `AI ${++n}`, loop);
  }
  await person;
  return loop;
}

/** What the core holds: the person's line whole, each accepted marker once, no other marker. */
function checkText(text: string, loop: Loop) {
  const lines = text.split('\n');
  expect(lines[2]).toBe(`Alpha${TYPED}`);
  const markers = lines.filter((l) => l.startsWith('AI '));
  expect(markers).toEqual(loop.accepted);
  expect(Object.keys(loop.refused).filter((code) => code !== 'STALE')).toEqual([]);
  expect(loop.accepted.length).toBeGreaterThan(0);
}

/** A section write with a revision the person has typed past: STALE, and nothing written. */
async function staleSectionWrite(page: Page, tabId: string) {
  const before = await call(client, 'document', { action: 'read', tabId, section: 'Log' });
  await page.keyboard.type('!');
  await expect.poll(() => coreText(client, tabId)).toContain(`Alpha${TYPED}!`);
  const stale = await call(client, 'document', {
    action: 'write',
    tabId,
    section: 'Log',
    content: '# Log\n\nLost.',
    expected_revision: before.data.revision,
  });
  expect(stale.isError).toBe(true);
  expect(stale.data).toMatchObject({ error: 'STALE' });
  expect(await coreText(client, tabId)).not.toContain('Lost.');
}

/** One more section write, then the person's Ctrl+Z takes exactly that write back. */
async function undoSectionWrite(page: Page, tabId: string) {
  const text = await coreText(client, tabId);
  const section = await call(client, 'document', { action: 'read', tabId, section: 'Log' });
  const written = await call(client, 'document', {
    action: 'write',
    tabId,
    section: 'Log',
    content: '# Log\n\nRewritten by the AI.',
    expected_revision: section.data.revision,
    save: false,
  });
  expect(written.isError).toBe(false);
  await expect.poll(async () => (await editorText(page, tabId))?.text).toContain('Rewritten');
  await page.keyboard.press('Control+z');
  await expect.poll(() => coreText(client, tabId)).toBe(text);
}

/** The loop, the text it leaves and the editor showing it, a stale write, and the undo. */
async function sectionsWhileTyping(page: Page, tabId: string, mode: 'wysiwyg' | 'source') {
  const loop = await typeWhileAiEdits(page, tabId);
  const text = await coreText(client, tabId);
  checkText(text, loop);
  await expect.poll(() => editorText(page, tabId)).toEqual({ mode, text });
  await staleSectionWrite(page, tabId);
  await undoSectionWrite(page, tabId);
}

test('WYSIWYG: the person types in one section while an AI edits another by its path', async ({
  page,
}) => {
  const tabId = await openTypingFile(page, 'sections.md', START);
  client = await connectClient('sections-wysiwyg');
  await activeDocument(page).locator('.ProseMirror > p').first().click();
  await page.keyboard.press('End');
  await sectionsWhileTyping(page, tabId, 'wysiwyg');
});

test('source mode: the person types in one section while an AI edits another by its path', async ({
  page,
}) => {
  const tabId = await openTypingFile(page, 'sections-source.md', START);
  client = await connectClient('sections-source');
  await page.keyboard.press('Control+/');
  await expect(activeDocument(page)).toHaveAttribute('data-mode', 'source');
  await activeDocument(page).locator('.cm-line').nth(2).click();
  await page.keyboard.press('End');
  await sectionsWhileTyping(page, tabId, 'source');
});
