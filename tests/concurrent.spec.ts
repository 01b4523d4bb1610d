/**
 * A person types while AI clients write the same document at the same moment: nothing typed is
 * lost or doubled, every accepted write is in the text once, every refusal is STALE, the editors
 * end showing the core's text, and a save writes that text.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { activeDocument, openApp, readOpfs, writeOpfs } from './support/app';
import { call, connectClient } from './support/mcp';
import { installProbe, race } from './support/race.mjs';
import {
  checkWrites,
  coreText,
  editorText,
  endOfParagraph,
  expectWysiwygShows,
  openTypingFile as openRaceFile,
  secondWindow,
} from './support/typing';

const SEED = Number(process.env.FUZZ_SEED ?? 20261203);
const RACE_MS = Number(process.env.VMARK_RACE_MS ?? 20_000);

test.describe.configure({ timeout: 180_000 });

let clients: Client[] = [];
test.afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()));
  clients = [];
});

async function twoClients(): Promise<Client[]> {
  clients = [await connectClient('race-a'), await connectClient('race-b')];
  return clients;
}

/** Saves from the window and checks the file holds the core's text. */
async function expectSaveWrites(page: Page, name: string, text: string) {
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  expect((await readOpfs(page, name))?.toString('utf8')).toBe(text);
}

test('WYSIWYG: typing while two AI clients loop read → write loses no keystroke', async ({
  page,
}) => {
  const tabId = await openRaceFile(page, 'race.md', 'Alpha\n\nThe end.\n');
  await activeDocument(page).locator('.ProseMirror > p').first().click();
  await page.keyboard.press('End');
  const [a, b] = await twoClients();
  const result = await race({
    typists: [page],
    clients: [a, b],
    tabId,
    durationMs: RACE_MS,
    seed: SEED,
  });
  const text = await coreText(a, tabId);
  expect(text.split('\n')[0]).toBe(`Alpha${result.typed[0]}`);
  expect(result.typed[0].length).toBeGreaterThan(100);
  checkWrites(text, result);
  await expectWysiwygShows(page, tabId, text);
  await expectSaveWrites(page, 'race.md', text);
});

test('source mode: typing while two AI clients loop read → write loses no keystroke', async ({
  page,
}) => {
  const tabId = await openRaceFile(page, 'race-source.md', 'Alpha\n\nThe end.\n');
  await page.keyboard.press('Control+/');
  await expect(activeDocument(page)).toHaveAttribute('data-mode', 'source');
  await activeDocument(page).locator('.cm-line').first().click();
  await page.keyboard.press('End');
  const [a, b] = await twoClients();
  const result = await race({
    typists: [page],
    clients: [a, b],
    tabId,
    durationMs: RACE_MS,
    seed: SEED + 1,
  });
  const text = await coreText(a, tabId);
  expect(text.split('\n')[0]).toBe(`Alpha${result.typed[0]}`);
  checkWrites(text, result);
  expect(await editorText(page, tabId)).toEqual({ mode: 'source', text });
  await expectSaveWrites(page, 'race-source.md', text);
});

test('two windows show one tab: both type while two AI clients write; all four agree', async ({
  page,
}) => {
  const tabId = await openRaceFile(page, 'race-two.md', 'Alpha\n\nBeta\n\nThe end.\n');
  const second = await secondWindow(page, 'race-two.md', tabId);
  await endOfParagraph(page, 0);
  await endOfParagraph(second, 1);
  const [a, b] = await twoClients();
  const result = await race({
    typists: [page, second],
    clients: [a, b],
    tabId,
    durationMs: RACE_MS,
    seed: SEED + 2,
  });
  const text = await coreText(a, tabId);
  const lines = text.split('\n');
  expect(lines[0]).toBe(`Alpha${result.typed[0]}`);
  expect(lines[2]).toBe(`Beta${result.typed[1]}`);
  checkWrites(text, result);
  await expectWysiwygShows(page, tabId, text);
  await expectWysiwygShows(second, tabId, text);
  // Closing the tab in one window keeps it in the other.
  await second.locator(`.tab[data-tab-id="${tabId}"] button[aria-label^="Close"]`).click();
  await expect(second.locator('.tab')).toHaveCount(0);
  await expect(page.locator(`.tab[data-tab-id="${tabId}"]`)).toHaveCount(1);
  await expectSaveWrites(page, 'race-two.md', text);
});

test('workflow patches without a revision apply while the person types; the typing is rebased', async ({
  page,
}) => {
  const name = '.github/workflows/race.yml';
  const yaml =
    '# notes:\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo hi\n';
  await installProbe(page);
  await openApp(page);
  await writeOpfs(page, name, yaml);
  const a = await connectClient('race-patch');
  clients = [a];
  const opened = await call(a, 'workspace', { action: 'open', filePath: `/notes/${name}` });
  const tabId = opened.data.tabId as string;
  await call(a, 'workspace', { action: 'switch_tab', tabId });
  await expect(activeDocument(page)).toHaveAttribute('data-mode', 'source');
  await activeDocument(page).locator('.cm-line').first().click();
  await page.keyboard.press('End');
  const patching = (async () => {
    const until = Date.now() + 8_000;
    let n = 0;
    while (Date.now() < until) {
      const r = await call(a, 'workflow', {
        action: 'apply_patch',
        tabId,
        patches: [{ kind: 'workflow.set', path: 'env.COUNTER', value: ++n }],
      });
      expect(r.isError, r.text).toBe(false);
    }
    return n;
  })();
  let typed = '';
  const until = Date.now() + 8_000;
  while (Date.now() < until) {
    const letter = 'abcdefghij'[typed.length % 10];
    await page.keyboard.type(letter);
    typed += letter;
    await page.waitForTimeout(15 + (typed.length % 5) * 10);
  }
  const patches = await patching;
  await page.waitForFunction(() => {
    const probe = (
      globalThis as unknown as {
        __vmarkProbe: { edited: { count: number }[]; confirmed: { count: number }[] };
      }
    ).__vmarkProbe;
    return (probe.confirmed.at(-1)?.count ?? 0) >= (probe.edited.at(-1)?.count ?? 0);
  });
  const text = await coreText(a, tabId);
  expect(text.split('\n')[0]).toBe(`# notes:${typed}`);
  expect(text).toContain(`COUNTER: ${patches}\n`);
  expect(patches).toBeGreaterThan(10);
});

test('a long document still loading: typing at the top and AI writes at the end both land', async ({
  page,
}) => {
  // Under 75,000 bytes, so the AI clients can read it whole; the test holds its loading back
  // until the race is half over, so edits meet a document only partly in the editor.
  const body = Array.from(
    { length: 750 },
    (_, i) => `Paragraph ${i} with *emphasis*, **strong** and a [link](https://example.com/${i}).`,
  ).join('\n\n');
  const [a, b] = await twoClients();
  const tabId = await openRaceFile(page, 'race-long.md', `Alpha\n\n${body}\n`, true);
  await activeDocument(page).locator('.ProseMirror > p').first().click();
  await page.keyboard.press('End');
  await expect(activeDocument(page)).toHaveAttribute('data-complete', 'false');
  setTimeout(() => {
    void page.evaluate(() =>
      Object.assign((globalThis as unknown as { __vmarkProbe: object }).__vmarkProbe, {
        holdLoading: false,
      }),
    );
  }, 4_000);
  const result = await race({
    typists: [page],
    clients: [a, b],
    tabId,
    durationMs: 8_000,
    seed: SEED + 3,
  });
  await expect(activeDocument(page)).toHaveAttribute('data-complete', 'true');
  const text = await coreText(a, tabId);
  expect(text.split('\n')[0]).toBe(`Alpha${result.typed[0]}`);
  checkWrites(text, result);
  await expectWysiwygShows(page, tabId, text, false);
});
