/**
 * A person composes Korean syllables and Chinese pinyin with an input method (Chromium's DevTools
 * IME emulation) while two AI clients write the same document through the SDK, the relay and the
 * app: every write that lands mid-composition is refused with BUSY and retry_after_ms, every
 * committed character is in the text exactly once (nothing the input method showed on the way
 * stays), every accepted write once, and the editors end showing the core's text.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument } from './support/app';
import { HANGUL, PINYIN, expectBusy, inputMethod, type InputMethod } from './support/inputMethod';
import { call, connectClient } from './support/mcp';
import { aiLoop } from './support/race.mjs';
import {
  checkWrites,
  coreText,
  editorText,
  endOfParagraph,
  expectWysiwygShows,
  openTypingFile,
  secondWindow,
} from './support/typing';

test.describe.configure({ timeout: 120_000 });

let clients: Client[] = [];
/** Stops the running write loops (so a failed test's loops do not outlive their clients). */
let stopLoops: (() => Promise<unknown>) | null = null;
test.afterEach(async () => {
  await stopLoops?.();
  stopLoops = null;
  await Promise.all(clients.map((c) => c.close()));
  clients = [];
});

async function twoClients(): Promise<Client[]> {
  clients = [await connectClient('ime-a'), await connectClient('ime-b')];
  return clients;
}

/** Both clients write the tab in loops (read → write with the revision read) until stopped. */
function writeInLoops(a: Client, b: Client, tabId: string) {
  let going = true;
  const loops = Promise.all([
    aiLoop(a, 'A', tabId, () => going),
    aiLoop(b, 'B', tabId, () => going),
  ]);
  const stop = async () => {
    going = false;
    const done = await loops;
    const refused: Record<string, number> = {};
    for (const loop of done) {
      for (const [code, n] of Object.entries(loop.refused))
        refused[code] = (refused[code] ?? 0) + n;
    }
    return { accepted: done.flatMap((l) => l.accepted), refused };
  };
  stopLoops = stop;
  return stop;
}

/**
 * Mid-composition, both clients write the tab (one with the revision it just read, one without):
 * both are BUSY and nothing changes.
 */
async function expectWritesBusy(a: Client, b: Client, tabId: string): Promise<void> {
  const read = await call(a, 'document', { action: 'read', tabId });
  expect(read.isError).toBe(false);
  const [guarded, blind] = await Promise.all([
    call(a, 'document', {
      action: 'write',
      tabId,
      content: `${read.data.content as string}mid-composition\n`,
      expected_revision: read.data.revision,
      save: false,
    }),
    call(b, 'document', { action: 'write', tabId, content: 'replaced\n', save: false }),
  ]);
  expectBusy(guarded);
  expectBusy(blind);
}

/** Waits until the loops have written the tab again (after the last composition). */
async function writtenSince(client: Client, tabId: string) {
  const markers = async () => (await coreText(client, tabId)).match(/^AI /gm)?.length ?? 0;
  const now = await markers();
  await expect.poll(markers).toBeGreaterThan(now);
}

/** Composes each syllable; mid-way through each, the clients' writes are BUSY. */
async function composeAll(
  ime: InputMethod,
  syllables: readonly { steps: string[]; commit: string }[],
  check: () => Promise<unknown>,
) {
  for (const { steps, commit } of syllables) {
    await ime.compose(steps[0]);
    await check();
    await ime.compose(...steps.slice(1));
    await check();
    await ime.commit(commit);
  }
}

/** The whole scenario in the editor on screen, the cursor at the end of the first line. */
async function composeWhileClientsWrite(page: Page, tabId: string, other: string) {
  const [a, b] = clients;
  const ime = await inputMethod(page);
  const stop = writeInLoops(a, b, tabId);
  // The first syllable: selection.set is BUSY too, while another tab takes writes as ever.
  await ime.compose('ㅎ');
  await expectWritesBusy(a, b, tabId);
  // What is composed reaches the core as it goes (reads are not refused).
  await expect.poll(async () => (await coreText(a, tabId)).split('\n')[0]).toBe('Alphaㅎ');
  expectBusy(await call(a, 'selection', { action: 'set', content: 'X' }));
  const elsewhere = await call(b, 'document', {
    action: 'write',
    tabId: other,
    content: 'Other tab\n',
    save: false,
  });
  expect(elsewhere.isError, elsewhere.text).toBe(false);
  await ime.compose('하', '한');
  await ime.commit('한');
  await composeAll(ime, HANGUL.slice(1), () => expectWritesBusy(a, b, tabId));
  await composeAll(ime, PINYIN, () => expectWritesBusy(a, b, tabId));
  await writtenSince(a, tabId);
  const result = await stop();
  const text = await coreText(a, tabId);
  expect(text.split('\n')[0]).toBe('Alpha한글中文');
  checkWrites(text, result, ['STALE', 'BUSY']);
  expect(await coreText(b, other)).toBe('Other tab\n');
  return text;
}

/** Opens `name` in the window, with another (untitled) tab beside it and the two clients. */
async function openWithAnotherTab(page: Page, name: string) {
  const tabId = await openTypingFile(page, name, 'Alpha\n\nThe end.\n');
  const [a] = await twoClients();
  const other = (await call(a, 'workspace', { action: 'new' })).data.tabId as string;
  await call(a, 'workspace', { action: 'switch_tab', tabId });
  // The window shows the switch when its next snapshot arrives; keys before that go to the other tab.
  await expect(activeDocument(page)).toHaveAttribute('data-tab-id', tabId);
  return { tabId, other };
}

test('WYSIWYG: Korean and Chinese composed while two AI clients write; BUSY mid-composition, nothing lost or doubled', async ({
  page,
}) => {
  const { tabId, other } = await openWithAnotherTab(page, 'ime.md');
  await endOfParagraph(page, 0);
  const text = await composeWhileClientsWrite(page, tabId, other);
  await expectWysiwygShows(page, tabId, text);
});

test('source mode: Korean and Chinese composed while two AI clients write; BUSY mid-composition, nothing lost or doubled', async ({
  page,
}) => {
  const { tabId, other } = await openWithAnotherTab(page, 'ime-source.md');
  await page.keyboard.press('Control+/');
  await expect(activeDocument(page)).toHaveAttribute('data-mode', 'source');
  await activeDocument(page).locator('.cm-line').first().click();
  await page.keyboard.press('End');
  const text = await composeWhileClientsWrite(page, tabId, other);
  await expect.poll(() => editorText(page, tabId)).toEqual({ mode: 'source', text });
});

test('two windows show the tab: one composes while the other types; writes are BUSY, the typing waits and lands around the committed text', async ({
  page,
}) => {
  const tabId = await openTypingFile(page, 'ime-two.md', 'Alpha\n\nBeta\n');
  const second = await secondWindow(page, 'ime-two.md', tabId);
  await endOfParagraph(page, 0);
  await endOfParagraph(second, 1);
  const [a, b] = await twoClients();
  const ime = await inputMethod(page);
  const stop = writeInLoops(a, b, tabId);
  await ime.compose('ㅎ', '하');
  // The other window's typing reaches the core, but not the composing editor until it commits.
  await second.keyboard.type('xyz');
  await expect.poll(() => coreText(a, tabId)).toMatch(/^Alpha하\n\nBetaxyz\n/);
  const composing = await editorText(page, tabId);
  expect(composing?.text.split('\n').slice(0, 3)).toEqual(['Alpha하', '', 'Beta']);
  // Writes are BUSY in both windows' tab, whichever window the person composes in.
  await expectWritesBusy(a, b, tabId);
  await ime.compose('한');
  await ime.commit('한');
  await composeAll(ime, PINYIN.slice(0, 1), () => expectWritesBusy(a, b, tabId));
  await writtenSince(a, tabId);
  const result = await stop();
  const text = await coreText(a, tabId);
  const lines = text.split('\n');
  expect(lines[0]).toBe('Alpha한中');
  expect(lines[2]).toBe('Betaxyz');
  checkWrites(text, result, ['STALE', 'BUSY']);
  await expectWysiwygShows(page, tabId, text);
  await expectWysiwygShows(second, tabId, text);
});
