/**
 * A browser workflow file (`*.workflow.md`) in the real app with real OPFS: it opens in source
 * mode with the workflow checks' diagnostics inline and in the Problems list, and its bytes
 * survive a save, with or without an edit, and a trip through the WYSIWYG editor.
 */
import { expect, test, type Page } from '@playwright/test';
import { activeDocument, openApp, openFromTree, readOpfs, writeOpfs } from './support/app';

const BROKEN = [
  '---',
  'site: blog',
  'inputs: [title]',
  'colour: blue',
  '---',
  '1. action: navigate to https://blog.example/new',
  '2. action: type {title} into "Title" (textbox)',
  '3. action: click "Save (button)',
  '4. action: click the blue thing',
  '5. wait: a bit',
  '6. extract: content',
  '',
].join('\n');

/** Twelve steps with inputs, quoted names with escapes, CRLF line endings and a BOM. */
const STEPS = [
  '1. action: navigate to https://blog.example/new',
  '2. action: type {title} into "Title" (textbox)',
  '3. action: type "Hello {not an input}" into "Body" (textbox)',
  '4. action: click "Save \\"now\\"" (button)',
  '5. goal: check that {title} reads well',
  '6. confirm: enter "Password"',
  '7. api: POST /posts',
  '8. action: click "Publish" (button)',
  '9. extract: content',
  '10. action: navigate to https://blog.example/posts',
  '11. action: click "Back \\\\ forth"',
  '12. extract: content',
];
const CLEAN_LF = ['---', 'site: blog', 'inputs: [title]', '---', ...STEPS, ''].join('\n');
const CLEAN = '\uFEFF' + CLEAN_LF.replace(/\n/g, '\r\n');

async function openWorkflowFile(page: Page, name: string, text: string) {
  await openApp(page);
  await writeOpfs(page, name, text);
  await page.reload();
  await openFromTree(page, name);
  const doc = activeDocument(page);
  await expect(doc).toHaveAttribute('data-mode', 'source');
  return doc;
}

async function save(page: Page) {
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
}

/** [line, kind, severity] of each entry of the Problems list. */
async function entries(page: Page) {
  const list = activeDocument(page).getByTestId('problem-entry');
  return list.evaluateAll((buttons) =>
    buttons.map((b) => [
      Number(b.getAttribute('data-line')),
      b.getAttribute('data-kind'),
      b.getAttribute('data-severity'),
    ]),
  );
}

test('a workflow file opens as source with the checks inline; a fix by typing clears its entry; a click jumps', async ({
  page,
}) => {
  const doc = await openWorkflowFile(page, 'broken.workflow.md', BROKEN);
  const panel = doc.getByTestId('problems-panel');
  await expect(panel.getByTestId('problem-entry')).toHaveCount(4);
  expect(await entries(page)).toEqual([
    [4, 'unknown-front-matter-key', 'warning'],
    [8, 'malformed-target', 'error'],
    [9, 'not-executable', 'info'],
    [10, 'unknown-step-kind', 'error'],
  ]);
  await expect(panel).toContainText('Step 3 (line 8) cannot run');
  await expect(panel).toContainText('the run will pause here');
  // Underlines and gutter markers in the editor, one for each error. (Lines are counted: the
  // editor splits an underline into several spans where syntax highlighting starts and ends.)
  const underlined = (severity: string) => doc.locator(`.cm-line:has(.cm-lintRange-${severity})`);
  await expect(underlined('error')).toHaveCount(2);
  await expect(underlined('warning')).toHaveCount(1);
  await expect(underlined('info')).toHaveCount(1);
  await expect(doc.locator('.cm-lint-marker-error')).toHaveCount(2);
  await doc.locator('.cm-lintRange-error').first().hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText('cannot run');

  // The person renames the unknown step kind: its entry goes, the others stay.
  await doc.locator('.cm-line').nth(9).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type('5. goal: wait a bit');
  await expect(panel.getByTestId('problem-entry')).toHaveCount(3);
  expect(await entries(page)).toEqual([
    [4, 'unknown-front-matter-key', 'warning'],
    [8, 'malformed-target', 'error'],
    [9, 'not-executable', 'info'],
  ]);
  await expect(underlined('error')).toHaveCount(1);

  // A click on an entry puts the cursor on its line.
  await doc.locator('.cm-line').first().click();
  await panel.locator('[data-testid="problem-entry"][data-line="8"]').click();
  await expect(doc.locator('.cm-activeLine')).toHaveText('3. action: click "Save (button)');

  // Saved, the file changed in exactly the retyped line.
  await save(page);
  expect((await readOpfs(page, 'broken.workflow.md'))?.toString('utf8')).toBe(
    BROKEN.replace('5. wait: a bit', '5. goal: wait a bit'),
  );
});

test('saved with no edit, or after an edit of one step, a workflow file keeps every other byte', async ({
  page,
}) => {
  await openWorkflowFile(page, 'blog.workflow.md', CLEAN);
  const doc = activeDocument(page);
  await expect(doc.getByTestId('problems-empty')).toBeVisible();
  await save(page);
  expect(await readOpfs(page, 'blog.workflow.md')).toEqual(Buffer.from(CLEAN, 'utf8'));

  // Step 8's name changes; nothing else does, CRLF and BOM included.
  await doc.locator('.cm-line', { hasText: '8. action: click "Publish"' }).click();
  await page.keyboard.press('End');
  for (let i = 0; i < '" (button)'.length; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' now');
  await expect(page.locator('.statusbar .state')).toHaveText('Unsaved');
  await save(page);
  expect((await readOpfs(page, 'blog.workflow.md'))?.toString('utf8')).toBe(
    CLEAN.replace('click "Publish" (button)', 'click "Publish now" (button)'),
  );
});

test('a workflow file switched to WYSIWYG and back, then saved, keeps every byte', async ({
  page,
}) => {
  await openWorkflowFile(page, 'trip.workflow.md', CLEAN);
  const doc = activeDocument(page);
  await expect(page.locator('.statusbar .mode')).toBeEnabled();
  await page.keyboard.press('Control+/');
  await expect(doc).toHaveAttribute('data-mode', 'wysiwyg');
  await expect(doc.locator('.ProseMirror')).toContainText('navigate to https://blog.example/posts');
  await expect(doc.locator('.ProseMirror ol li')).toHaveCount(12);
  // No Problems list in WYSIWYG; it comes back with the source editor.
  await expect(doc.getByTestId('problems-panel')).toHaveCount(0);
  await save(page);
  expect(await readOpfs(page, 'trip.workflow.md')).toEqual(Buffer.from(CLEAN, 'utf8'));
  await page.keyboard.press('Control+/');
  await expect(doc).toHaveAttribute('data-mode', 'source');
  await expect(doc.getByTestId('problems-empty')).toBeVisible();
  await save(page);
  expect(await readOpfs(page, 'trip.workflow.md')).toEqual(Buffer.from(CLEAN, 'utf8'));
});

test('a workflow file with bare CR line breaks: the checks name the lines the editor shows, and an edit keeps the CRs', async ({
  page,
}) => {
  const text = BROKEN.replace(/\n/g, '\r');
  const doc = await openWorkflowFile(page, 'cr.workflow.md', text);
  const panel = doc.getByTestId('problems-panel');
  await expect(panel.getByTestId('problem-entry')).toHaveCount(4);
  expect(await entries(page)).toEqual([
    [4, 'unknown-front-matter-key', 'warning'],
    [8, 'malformed-target', 'error'],
    [9, 'not-executable', 'info'],
    [10, 'unknown-step-kind', 'error'],
  ]);
  await panel.locator('[data-testid="problem-entry"][data-line="10"]').click();
  await expect(doc.locator('.cm-activeLine')).toHaveText('5. wait: a bit');
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type('5. goal: wait a bit');
  await expect(panel.getByTestId('problem-entry')).toHaveCount(3);
  await save(page);
  expect((await readOpfs(page, 'cr.workflow.md'))?.toString('utf8')).toBe(
    text.replace('5. wait: a bit', '5. goal: wait a bit'),
  );
});

test('a name changed in WYSIWYG changes only that name in the file', async ({ page }) => {
  const doc = await openWorkflowFile(page, 'word.workflow.md', CLEAN);
  await page.keyboard.press('Control+/');
  await expect(doc).toHaveAttribute('data-mode', 'wysiwyg');
  await doc.locator('.ProseMirror li', { hasText: 'Publish' }).click();
  await page.keyboard.press('End');
  for (let i = 0; i <= ' (button)'.length; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' now');
  await save(page);
  expect((await readOpfs(page, 'word.workflow.md'))?.toString('utf8')).toBe(
    CLEAN.replace('click "Publish" (button)', 'click "Publish now" (button)'),
  );
});
