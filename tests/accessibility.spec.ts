/**
 * axe-core over the main window, the settings, the dialogs and the panels people use most: no
 * serious or critical violation in either theme.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { activeDocument, openApp, openFromTree, writeOpfs } from './support/app';

async function violations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the main window, its panels and dialogs have no serious accessibility violations', async ({
  page,
}) => {
  await openApp(page);
  await writeOpfs(
    page,
    'a11y.md',
    '# Title\n\nSome *text* and a [link](https://example.com).\n\n- item\n',
  );
  await page.reload();
  await openFromTree(page, 'a11y.md');
  await activeDocument(page).waitFor();
  expect(await violations(page)).toEqual([]);

  await page.keyboard.press('ControlOrMeta+h');
  await page.getByRole('tab', { name: 'Outline' }).click();
  expect(await violations(page)).toEqual([]);

  await page.locator('.toolbar .breakdown-toggle').click();
  for (const section of ['Claims', 'Contexts', 'Delegations']) {
    await page.locator('.breakdown-panel').getByRole('tab', { name: section }).click();
    expect(await violations(page, '.breakdown-panel'), section).toEqual([]);
  }
  await page.locator('.toolbar .workflows-toggle').click();
  expect(await violations(page, '.side-panel')).toEqual([]);

  await page.getByRole('button', { name: 'Settings' }).click();
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await page.getByRole('button', { name: 'Done' }).click();

  await page.keyboard.press('ControlOrMeta+Shift+P');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  expect(await violations(page, '[role="dialog"]')).toEqual([]);
  await page.keyboard.press('Escape');

  // The dark theme, the same window.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await violations(page)).toEqual([]);
});
