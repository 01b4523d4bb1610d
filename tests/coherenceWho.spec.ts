/**
 * Who did what, in the coherence record, against the real app and its folder (OPFS): the
 * Breakdown view asks once for the person's name with a suggestion, in every window; a bad name
 * is refused with its reason and loses nothing; from then on the person's save and grant carry
 * the name while the records made before keep `unknown-human`; Settings → Your name changes it
 * for every window; and what the scan of the folder could not do is shown beside its file.
 */
import { expect, test, type Page } from '@playwright/test';
import { openApp, openFromTree, activeDocument, writeOpfs } from './support/app';
import { ledgerEntries, writeStaleWorkspace, SCENE_TEXT } from './support/coherenceWorkspace';
import { call, connectClient } from './support/mcp';

const panel = (page: Page) => page.locator('.breakdown-panel');
const question = (page: Page) => panel(page).getByTestId('name-question');

/** Delegations → grant a client "accept newer" for the default 7 days, confirmed. */
async function grant(page: Page, client: string) {
  await panel(page).getByRole('tab', { name: 'Delegations' }).click();
  await panel(page).getByLabel('AI client').fill(client);
  await panel(page).getByRole('button', { name: 'Grant…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Grant', exact: true }).click();
  return panel(page).locator(`li[data-principal="${client}"]`);
}

test('the Breakdown view asks for your name once, in every window; your records carry it from then on', async ({
  page,
  context,
}) => {
  await openApp(page);
  await writeStaleWorkspace(page);
  await page.locator('.toolbar .breakdown-toggle').click();

  // The question, with a suggestion that names this browser profile and no one else.
  const suggested = question(page).getByLabel('Your name');
  await expect(suggested).toHaveValue(/^person-[0-9a-f]{4}$/);
  const suggestion = await suggested.inputValue();

  // A second window asks the same question with the same suggestion.
  const [second] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'New window' }).click(),
  ]);
  await expect(second.locator('.app')).toHaveAttribute('data-window-id', 'doc-2');
  await second.locator('.toolbar .breakdown-toggle').click();
  await expect(question(second).getByLabel('Your name')).toHaveValue(suggestion);

  // Unanswered, the person is unknown-human: a grant made now says so, and keeps saying so.
  const before = await grant(page, 'Cursor');
  await expect(before).toContainText('granted by unknown-human');

  // A bad name is refused with its reason; what was typed stays, and so does the question.
  const long = 'Ann Lee of the Northern Marches and the Long Coast, Keeper of Scenes';
  await suggested.fill(long);
  await question(page).getByRole('button', { name: 'Use this name' }).click();
  await expect(question(page).getByRole('alert')).toHaveText(
    'A name is at most 64 characters. Not saved: the record still names you “unknown-human”.',
  );
  await expect(suggested).toHaveValue(long);
  await suggested.fill('Ann\u200bLee');
  await suggested.press('Enter');
  await expect(question(page).getByRole('alert')).toHaveText(
    /^A name cannot hold line breaks, tabs or other invisible characters\./,
  );

  // A good one is kept: the question leaves both windows, and Settings there shows the name.
  await suggested.fill('  Ann Lee ');
  await question(page).getByRole('button', { name: 'Use this name' }).click();
  await expect(question(page)).toHaveCount(0);
  await expect(question(second)).toHaveCount(0);
  await second.getByRole('button', { name: 'Settings' }).click();
  await expect(second.getByRole('dialog').getByLabel('Your name')).toHaveValue('Ann Lee');
  await second.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

  // The person's next grant names them; the earlier one still names unknown-human.
  const after = await grant(page, 'Claude Code');
  await expect(after).toContainText('granted by Ann Lee');
  await expect(before).toContainText('granted by unknown-human');

  // An AI client reads the same name in the record's status, through the relay.
  await expect(page.locator('.statusbar .ai')).toHaveAttribute('data-ai-state', 'active');
  const client = await connectClient('Who Test');
  try {
    const status = await call(client, 'coherence', { action: 'status', workspace_root: '/notes' });
    expect(status.data, status.text).toMatchObject({ person: 'Ann Lee' });
  } finally {
    await client.close();
  }

  // The person edits the scene in the other window and saves it: recorded as Ann Lee's save.
  await openFromTree(second, 'scene-01.md');
  await activeDocument(second).locator('.ProseMirror').click();
  await second.keyboard.press('ControlOrMeta+End');
  await second.keyboard.type(' The umbrella stays home.');
  await second.keyboard.press('ControlOrMeta+s');
  await expect
    .poll(async () =>
      (await ledgerEntries(page)).some(
        (e) =>
          e.kind === 'transformation' &&
          (e.body.intent as { kind: string }).kind === 'editor-save' &&
          (e.body.agent as { id?: string }).id === 'Ann Lee',
      ),
    )
    .toBe(true);
  const entries = await ledgerEntries(page);
  const saves = entries.filter((e) => e.kind === 'transformation').map((e) => e.body);
  expect(saves).toContainEqual(
    expect.objectContaining({
      agent: { type: 'human', id: 'Ann Lee' },
      intent: { kind: 'editor-save', summary: '' },
      confidence: 'exact',
    }),
  );
  // The records written before the name (the desktop's, and this profile's first grant) keep theirs.
  expect(saves.filter((s) => (s.agent as { id?: string }).id === 'ann')).toHaveLength(2);
  expect(
    entries.filter((e) => e.kind === 'delegation').map((e) => (e.body.actor as { id: string }).id),
  ).toEqual(['unknown-human', 'Ann Lee']);
});

test('Settings → Your name: a bad value is refused with its reason and kept to fix; every window follows a good one', async ({
  page,
  context,
}) => {
  await openApp(page);
  const [second] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'New window' }).click(),
  ]);
  await expect(second.locator('.app')).toHaveAttribute('data-window-id', 'doc-2');
  await second.getByRole('button', { name: 'Settings' }).click();
  const elsewhere = second.getByRole('dialog').getByLabel('Your name');
  await expect(elsewhere).toHaveValue('');

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel('Your name');
  await expect(field).toHaveAttribute('placeholder', 'unknown-human');
  await field.fill('김지은');
  await field.press('Enter');
  await expect(elsewhere).toHaveValue('김지은');

  // Refused: the reason, the name still in use, the typed text left in place.
  await field.fill('---');
  await field.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText(
    'A name needs at least one letter or digit. Not saved: the record still names you “김지은”.',
  );
  await expect(field).toHaveValue('---');
  await expect(elsewhere).toHaveValue('김지은');
  // Closed with Escape and opened again: the refused text is still there to fix.
  await field.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(field).toHaveValue('---');
  await expect(dialog.getByRole('alert')).toContainText('at least one letter or digit');

  // Fixed and left with Done: saved, and the other window's open Settings follows.
  await field.fill('Kim Ji-eun');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(elsewhere).toHaveValue('Kim Ji-eun');
  // Settings are kept: a reload shows the name.
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog').getByLabel('Your name')).toHaveValue('Kim Ji-eun');
});

test('the Breakdown view shows what the scan could not record, beside the file, until it can', async ({
  page,
}) => {
  await openApp(page);
  await writeStaleWorkspace(page);
  await page.locator('.toolbar .breakdown-toggle').click();
  await panel(page).getByRole('button', { name: 'Not now' }).click();
  await expect(panel(page).locator('[data-downstream="scene-01.md"]')).toBeVisible();
  await expect(panel(page).getByTestId('scan-problems')).toHaveCount(0);

  // The scene is rewritten outside the app while the record's snapshot folder is a file: the
  // scan cannot keep the new version, and says so under the scene's name.
  await writeOpfs(page, '.vmark/snapshots', 'not a folder\n');
  await writeOpfs(page, 'scene-01.md', SCENE_TEXT.replace('rain', 'snow'));
  await panel(page).getByRole('button', { name: 'Refresh' }).click();
  const problems = panel(page).getByTestId('scan-problems');
  await expect(problems.getByRole('heading')).toHaveText('Not recorded yet');
  const item = problems.locator('li[data-path="scene-01.md"]');
  await expect(item.locator('.file')).toHaveText('scene-01.md');
  await expect(item.locator('.why')).toHaveText(/^Its new version could not be stored: .+/);
  await expect(problems.locator('li')).toHaveCount(1);
  // Nothing was recorded, so the scene still shows its stale link.
  await expect(panel(page).locator('[data-downstream="scene-01.md"]')).toBeVisible();

  // The obstacle gone, Refresh records the edit: the problem leaves, and so does the stale link
  // (the scene's new version was not written from the note).
  await page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    await (await root.getDirectoryHandle('.vmark')).removeEntry('snapshots');
  });
  await panel(page).getByRole('button', { name: 'Refresh' }).click();
  await expect(panel(page).getByTestId('breakdown-coherent')).toBeVisible();
  await expect(problems).toHaveCount(0);
});
