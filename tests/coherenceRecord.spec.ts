/**
 * The person's own part of the coherence record, in the Breakdown view, against the real app and
 * its folder (OPFS), while an AI client (the SDK over stdio) reads the same record: a claim taken
 * from the selection, promoted, corrected and retired; contexts made with a parent, enforcing
 * only after a confirmation, a claim shown through a parent; a delegation refused when its length
 * is out of range, cancelled, granted and revoked. Every refusal leaves the record as it was.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { openApp } from './support/app';
import { CLAIM, writeStaleWorkspace } from './support/coherenceWorkspace';
import { call, connectClient } from './support/mcp';

let client: Client;

test.afterEach(async () => {
  await client?.close().catch(() => undefined);
});

const panel = (page: Page) => page.locator('.breakdown-panel');
const section = (page: Page, name: string) =>
  panel(page).getByRole('tab', { name, exact: true }).click();

async function ai(action: 'claims' | 'contexts') {
  const r = await call(client, 'coherence', { action, workspace_root: '/notes' });
  expect(r.isError, r.text).toBe(false);
  return r.data.items as Record<string, unknown>[];
}

async function openNote(page: Page) {
  await page.locator('.row[data-path="/notes/lore"] button.name').click();
  await page.locator('.row[data-path="/notes/lore/elena.md"] button.name').click();
  return page.locator('.document:not(.hidden)[data-ready="true"] .ProseMirror');
}

test('claims: taken from the selection, promoted, corrected, retired; the AI reads each step', async ({
  page,
}) => {
  await openApp(page);
  client = await connectClient();
  await writeStaleWorkspace(page);
  await page.reload();
  const editor = await openNote(page);
  await page.locator('.toolbar .breakdown-toggle').click();
  await section(page, 'Claims');
  await expect(panel(page).locator(`li[data-claim="${CLAIM}"]`)).toContainText(
    'Elena never carries an umbrella.',
  );

  // A cursor is not a statement.
  await editor.getByText('She never carries an umbrella.').click();
  await panel(page).getByRole('button', { name: 'Claim from selection' }).click();
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Select the statement in the document first.',
  );
  expect(await ai('claims')).toHaveLength(1);

  await editor.getByText('She never carries an umbrella.').click();
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await panel(page).getByRole('button', { name: 'Claim from selection' }).click();
  const taken = panel(page).locator('li[data-claim]', { hasText: 'She never carries' });
  await expect(taken).toHaveAttribute('data-maturity', 'draft');
  const id = await taken.getAttribute('data-claim');
  const made = panel(page).locator(`li[data-claim="${id}"]`);
  await expect(made.locator('.source')).toHaveText('lore/elena.md');
  await expect(made.getByRole('checkbox', { name: /shown in default/ })).toBeChecked();
  const mine = async () => (await ai('claims')).find((c) => c.claim === id);
  expect(await mine()).toMatchObject({
    statement: 'She never carries an umbrella.',
    maturity: 'draft',
    invalidAt: null,
    visible: true,
  });

  await made.getByRole('button', { name: 'Promote' }).click();
  await expect(made).toHaveAttribute('data-maturity', 'established');
  await expect(made.getByRole('button', { name: 'Promote' })).toHaveCount(0);
  expect(await mine()).toMatchObject({ maturity: 'established' });

  await made.getByRole('button', { name: 'Correct…' }).click();
  await made
    .getByLabel('Corrected statement')
    .fill('She never carries an umbrella, even in storms.');
  await made.getByLabel('Corrected statement').press('Enter');
  await expect(made.locator('.statement')).toHaveText(
    'She never carries an umbrella, even in storms.',
  );

  await made.getByRole('button', { name: 'Retire' }).click();
  await expect(made.getByTestId('retired')).toBeVisible();
  expect(await mine()).toMatchObject({
    statement: 'She never carries an umbrella, even in storms.',
    maturity: 'established',
    invalidAt: expect.any(String),
  });

  // An unsaved edit: the claim would cite a version that does not hold the statement.
  await editor.getByText('She never carries an umbrella.').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Ever.');
  await page.keyboard.press('Shift+Home');
  await panel(page).getByRole('button', { name: 'Claim from selection' }).click();
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Save /notes/lore/elena.md first: a claim cites the saved version.',
  );
  expect(await ai('claims')).toHaveLength(2);
});

test('contexts: made with a parent, enforcing only when confirmed; a claim shown through a parent', async ({
  page,
}) => {
  await openApp(page);
  client = await connectClient();
  await writeStaleWorkspace(page);
  await page.locator('.toolbar .breakdown-toggle').click();
  await section(page, 'Contexts');
  const create = async (name: string, parent: string) => {
    await panel(page).getByRole('textbox', { name: 'New context' }).fill(name);
    await panel(page).getByLabel('Parent of the new context').selectOption({ label: parent });
    await panel(page).getByRole('button', { name: 'Create' }).click();
  };
  await create('my book', 'none');
  await expect(panel(page).getByRole('alert')).toHaveText(
    '"my book" is not a context name: use letters, digits, - and _ only.',
  );
  await create('book', 'none');
  await expect(panel(page).locator('li[data-context="book"]')).toBeVisible();
  await create('draft', 'book');
  const book = panel(page).locator('li[data-context="book"]');
  const draft = panel(page).locator('li[data-context="draft"]');
  await expect(draft.getByLabel('Parent of draft')).toHaveValue(
    (await ai('contexts')).find((c) => c.name === 'book')?.id as string,
  );

  // A context cannot take its own child as parent.
  await book.getByLabel('Parent of book').selectOption({ label: 'draft' });
  await expect(panel(page).getByRole('alert')).toContainText('one of its own descendants');
  await expect(book.getByLabel('Parent of book')).toHaveValue('');

  // Enforcing needs the person's yes; Cancel changes nothing.
  await book.getByRole('button', { name: 'Make enforcing…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Make “book” enforcing?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(book).toHaveAttribute('data-enforcement', 'greenhouse');
  await book.getByRole('button', { name: 'Make enforcing…' }).click();
  await dialog.getByRole('button', { name: 'Make enforcing' }).click();
  await expect(book).toHaveAttribute('data-enforcement', 'enforcing');
  expect(await ai('contexts')).toMatchObject([
    { name: 'default', enforcement: 'greenhouse', visibleClaims: 0 },
    { name: 'book', enforcement: 'enforcing', visibleClaims: 0 },
    { name: 'draft', enforcement: 'greenhouse', visibleClaims: 0 },
  ]);

  // The claim shown in book shows in draft through its parent, and cannot be hidden there.
  await section(page, 'Claims');
  const claim = panel(page).locator(`li[data-claim="${CLAIM}"]`);
  await panel(page).getByLabel('Shown in context').selectOption({ label: 'book' });
  await claim.getByRole('checkbox', { name: /shown in book/ }).check();
  await panel(page).getByLabel('Shown in context').selectOption({ label: 'draft' });
  const inherited = claim.getByRole('checkbox', { name: /shown in draft \(through a parent\)/ });
  await expect(inherited).toBeChecked();
  await expect(inherited).toBeDisabled();
  expect((await ai('contexts')).map((c) => c.visibleClaims)).toEqual([0, 1, 1]);
});

test('delegations: out-of-range days refused, a grant cancelled, granted and revoked', async ({
  page,
}) => {
  await openApp(page);
  await writeStaleWorkspace(page);
  await page.locator('.toolbar .breakdown-toggle').click();
  await section(page, 'Delegations');
  await expect(panel(page).getByTestId('no-grants')).toBeVisible();
  await panel(page).getByLabel('AI client').fill('Cursor');
  await panel(page).getByRole('checkbox', { name: 'Accept newer' }).uncheck();
  await panel(page).getByRole('button', { name: 'Grant…' }).click();
  await expect(panel(page).getByRole('alert')).toHaveText(
    'Choose at least one thing the client may do.',
  );
  await panel(page).getByRole('checkbox', { name: 'Waive' }).check();
  await panel(page).getByLabel('For how many days (1–365)').fill('400');
  await panel(page).getByRole('button', { name: 'Grant…' }).click();
  await expect(panel(page).getByRole('alert')).toHaveText('A grant lasts 1 to 365 whole days.');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await panel(page).getByLabel('For how many days (1–365)').fill('1');
  await panel(page).getByRole('button', { name: 'Grant…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Let “Cursor” waive in /notes until');
  await expect(dialog).toContainText('(1 day)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel(page).getByTestId('no-grants')).toBeVisible();

  await panel(page).getByRole('button', { name: 'Grant…' }).click();
  await dialog.getByRole('button', { name: 'Grant', exact: true }).click();
  const grant = panel(page).locator('li[data-principal="Cursor"]');
  await expect(grant).toContainText('may waive · until');
  await expect(grant).toContainText('granted by unknown-human');

  await grant.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toContainText('“Cursor” may no longer waive in /notes, from now on.');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(panel(page).getByTestId('no-grants')).toBeVisible();
});
