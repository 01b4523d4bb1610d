/**
 * Highlight (`==…==`) and GFM footnotes in the WYSIWYG editor: shown as a highlight and as notes,
 * edited like other text, saved byte for byte, and exported as `<mark>` and linked notes.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { failureKey, sweepActiveDocument } from './support/fidelitySweep.mjs';
import { openNoteInWysiwyg, saveAndRead } from './support/app';

/** Selects the `count` characters before the caret, from the end of the block minus `skip`. */
async function selectBeforeEnd(page: Page, skip: number, count: number) {
  await page.keyboard.press('End');
  for (let i = 0; i < skip; i++) await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < count; i++) await page.keyboard.press('Shift+ArrowLeft');
}

const FIXTURE = readFileSync(
  new URL('./fixtures/markdown/marks-footnotes.md', import.meta.url),
  'utf8',
);

test('highlights and footnotes render, the file saves unchanged, and replacing any word changes only that word', async ({
  page,
}) => {
  const doc = await openNoteInWysiwyg(page, 'marks-footnotes.md', FIXTURE);
  await expect(page.locator('.document:not(.hidden)[data-complete="true"]')).toBeVisible();
  const editor = doc.locator('.ProseMirror');
  await expect(editor.locator('mark').first()).toHaveText('tide tables');
  // In a list, a quote, a table, CJK text, a note and next to emphasis, strong and a link.
  await expect(editor.locator('li mark').first()).toHaveText('06:30');
  await expect(editor.locator('blockquote mark')).toHaveText([
    'had not been dredged since 2019',
    'permission',
  ]);
  await expect(editor.locator('td mark')).toHaveText(['shallowest', 'repeat']);
  await expect(editor.locator('p mark', { hasText: '淺得多' })).toBeVisible();
  await expect(editor.locator('p mark', { hasText: '「回聲測深儀」' })).toBeVisible();
  await expect(editor.locator('em > mark')).toHaveText('highlight');
  await expect(editor.locator('strong > mark')).toHaveText('strong one');
  await expect(editor.locator('a > mark')).toHaveText('linked');
  await expect(editor.locator('dl mark')).toHaveText(['12 cm higher', 'B-2', 'five every day']);
  await expect(editor.locator('mark')).toHaveCount(20);
  // What only looks like a highlight stays text.
  await expect(editor.locator('code', { hasText: '==inside code==' })).toBeVisible();
  await expect(editor).toContainText('===three=== is text, and ==escaped== too');
  await expect(editor).toContainText('a == b in a formula');

  // Footnote references: small superscript labels with the note as tooltip.
  const refs = editor.locator('sup[data-type="footnote_reference"]');
  await expect(refs).toHaveText(['tides', 'boat', 'weather', 'quote', 'cjk', 'crew']);
  await expect(refs.first()).toHaveAttribute(
    'title',
    'The printed tables were for the old gauge, which was moved in 2021.\n' +
      'The new gauge reads about 12 cm higher, so every depth logged in the first two days has to be corrected by that much.',
  );
  await expect(refs.nth(4)).toHaveAttribute('title', '浮標編號為 B-2，位置在航道東側。');
  const fontSize = (l: typeof refs) => l.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(await fontSize(refs.first())).toBeLessThan(await fontSize(editor.locator('p').first()));
  // Definitions: notes with their label in front (not editable) and their paragraphs inside.
  const notes = editor.locator('dl[data-type="footnote_definition"]');
  await expect(notes.locator('dt')).toHaveText([
    'tides',
    'boat',
    'weather',
    'quote',
    'cjk',
    'crew',
  ]);
  await expect(notes.first().locator('dt')).toHaveAttribute('contenteditable', 'false');
  await expect(notes.first().locator('dd > p')).toHaveCount(2);

  expect(await saveAndRead(page, 'marks-footnotes.md')).toBe(FIXTURE);
  const results = await sweepActiveDocument(page);
  expect(results.length).toBeGreaterThan(30);
  // Highlighted words (in a list, a table, a quote, CJK text and a note) are among those replaced.
  const words = results.flatMap((r) => r.words);
  expect(words).toEqual(
    expect.arrayContaining(['check', 'shallowest', 'repeat', 'permission', '校準', 'day']),
  );
  expect(results.filter((r) => !r.exact).map((r) => failureKey('marks-footnotes.md', r))).toEqual(
    [],
  );
});

const NOTE = 'A ==bright idea== here.\n\nSecond paragraph.\n';

test('typing inside a highlight keeps it highlighted and changes only that word', async ({
  page,
}) => {
  const doc = await openNoteInWysiwyg(page, 'typing.md', NOTE);
  const mark = doc.locator('.ProseMirror mark');
  await expect(mark).toHaveText('bright idea');
  await doc.locator('.ProseMirror > p').first().click();
  await selectBeforeEnd(page, ' here.'.length, 'idea'.length);
  await page.keyboard.type('plan');
  await expect(mark).toHaveText('bright plan');
  // Right at its end, as after bold, typing goes on highlighted.
  await page.keyboard.type(' now');
  await expect(mark).toHaveText('bright plan now');
  expect(await saveAndRead(page, 'typing.md')).toBe(NOTE.replace('idea', 'plan now'));
});

test('typing ==word== makes a highlight, and the file gets exactly those marks', async ({
  page,
}) => {
  const doc = await openNoteInWysiwyg(page, 'typed.md', NOTE);
  await doc.locator('.ProseMirror > p').nth(1).click();
  await selectBeforeEnd(page, 0, 0);
  await page.keyboard.type(' with ==new words==');
  await expect(doc.locator('.ProseMirror > p').nth(1).locator('mark')).toHaveText('new words');
  expect(await saveAndRead(page, 'typed.md')).toBe(
    NOTE.replace('Second paragraph.', 'Second paragraph. with ==new words=='),
  );
});

test('the HTML export shows highlights as <mark> and links footnotes to their notes', async ({
  page,
  browser,
}) => {
  const text = 'A ==marked== claim[^src].\n\n[^src]: Where it ==comes from==.\n';
  const doc = await openNoteInWysiwyg(page, 'export-marks.md', text);
  await expect(doc.locator('.ProseMirror mark')).toHaveCount(2);
  await page.keyboard.press('ControlOrMeta+Shift+P');
  await page.getByRole('combobox', { name: 'Command' }).fill('export html');
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const html = readFileSync((await (await downloading).path())!, 'utf8');
  expect(html).not.toMatch(/data-|vmark-|contenteditable/);
  expect(html).toContain('<mark>marked</mark>');
  const reader = await browser.newPage();
  await reader.setContent(html);
  await expect(reader.locator('article > p mark')).toHaveText('marked');
  await expect(reader.locator('sup > a')).toHaveText('src');
  await expect(reader.locator('sup > a')).toHaveAttribute('href', '#fn-src');
  await expect(reader.locator('sup')).toHaveAttribute('title', 'Where it comes from.');
  await expect(reader.locator('dl.footnote#fn-src dd mark')).toHaveText('comes from');
  await expect(reader.locator('dl.footnote dt a')).toHaveAttribute('href', '#fnref-src');
  await expect(reader.locator('#fnref-src')).toHaveText('src');
  await reader.close();
});

test('a click on a footnote reference goes to its note, a click on the note’s label comes back', async ({
  page,
}) => {
  const filler = Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of the report.`);
  const text =
    [
      'The depth was wrong[^depth] and the tide late[^Tide].',
      ...filler,
      '[^depth]: Measured at the second buoy.',
      '[^tide]: Forty minutes late.',
      '[^orphan]: Nothing calls this note.',
    ].join('\n\n') + '\n';
  const doc = await openNoteInWysiwyg(page, 'jump.md', text);
  const editor = doc.locator('.ProseMirror');
  const refs = editor.locator('sup[data-type="footnote_reference"]');
  const notes = editor.locator('dl[data-type="footnote_definition"]');
  await expect(refs).toHaveCount(2);
  await expect(notes.nth(1)).not.toBeInViewport();

  // `[^Tide]` calls `[^tide]`: the cursor lands at the start of that note's text.
  await refs.nth(1).click();
  await expect(notes.nth(1)).toBeInViewport();
  await page.keyboard.type('About ');
  await expect(notes.nth(1).locator('dd')).toHaveText('About Forty minutes late.');

  // A note nothing calls keeps the usual click on its label: the view stays at the notes.
  await notes.nth(2).locator('dt').click();
  await expect(refs.first()).not.toBeInViewport();

  // The note's label goes back to the reference; the cursor sits just after it.
  await notes.nth(1).locator('dt').click();
  await expect(refs.nth(1)).toBeInViewport();
  await page.keyboard.type(' (2 days)');
  await expect(editor.locator('p').first()).toHaveText(
    'The depth was wrongdepth and the tide lateTide (2 days).',
  );
  expect(await saveAndRead(page, 'jump.md')).toBe(
    text
      .replace('late[^Tide]', 'late[^Tide] (2 days)')
      .replace('[^tide]: Forty', '[^tide]: About Forty'),
  );
});
