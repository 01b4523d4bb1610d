/**
 * Images in the WYSIWYG editor: a file of the document's own workspace is shown (relative to the
 * document, or to the workspace root with a leading `/`; paths are unit-tested in
 * src/lib/paths/imageSource.test.ts), `data:` images too; an image from
 * another site, one outside the workspace or one that is missing is not loaded and says why. The
 * markdown is saved as written, and the HTML export carries the shown images inside the page.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { openNoteInWysiwyg, saveAndRead, writeOpfs } from './support/app';
import { watchCsp } from './support/cspWatch';

/** A 1×1 PNG, and a 3×2 one. */
const PNG_1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"><rect width="3" height="2"/></svg>';

const NOTE = [
  '# Field report',
  '',
  'The site: ![Shot](img/shot%201.png "From the boat") and the logo ![Logo](/logo.svg).',
  '',
  '![Remote](https://example.com/pixel.png) ![Up](../outside.png) ![Gone](img/gone.png)',
  '',
  '![Dot](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==)',
  '',
].join('\n');

test('workspace images show, others say why they are not loaded, and the file and export keep them', async ({
  page,
  browser,
}) => {
  const csp = await watchCsp(browser, page);
  await page.goto('/');
  await writeOpfs(page, 'img/shot 1.png', PNG_1);
  await writeOpfs(page, 'logo.svg', SVG);
  const doc = await openNoteInWysiwyg(page, 'report.md', NOTE);
  const img = (alt: string) => doc.locator(`.ProseMirror img[alt="${alt}"]`);
  const size = (alt: string) =>
    img(alt).evaluate((e: HTMLImageElement) =>
      e.complete ? [e.naturalWidth, e.naturalHeight] : [],
    );

  await expect.poll(() => size('Shot')).toEqual([1, 1]);
  await expect(img('Shot')).toHaveAttribute('src', /^blob:/);
  await expect(img('Shot')).toHaveAttribute('title', 'From the boat');
  await expect.poll(() => size('Logo')).toEqual([3, 2]);
  await expect.poll(() => size('Dot')).toEqual([1, 1]);

  await expect(img('Remote')).toHaveAttribute('data-unloaded', 'remote');
  await expect(img('Remote')).not.toHaveAttribute('src', /./);
  await expect(img('Remote')).toHaveAttribute('title', /fetches nothing from other sites/);
  await expect(img('Up')).toHaveAttribute('data-unloaded', 'outside');
  await expect(img('Gone')).toHaveAttribute('data-unloaded', 'missing');
  await expect(img('Gone')).toHaveAttribute('title', 'Image not found: /notes/img/gone.png');

  // Typing next to them changes only the text; the file keeps every image as written.
  await doc.locator('.ProseMirror h1').click();
  await page.keyboard.press('End');
  await page.keyboard.type(', day 2');
  await expect.poll(() => size('Shot')).toEqual([1, 1]);
  expect(await saveAndRead(page, 'report.md')).toBe(NOTE.replace('report', 'report, day 2'));

  // The export: workspace images inside the page, the others as written.
  await page.keyboard.press('ControlOrMeta+Shift+P');
  await page.getByRole('combobox', { name: 'Command' }).fill('export html');
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const html = readFileSync((await (await downloading).path())!, 'utf8');
  expect(html).not.toContain('blob:');
  expect(html).toContain(`src="data:image/png;base64,${PNG_1.toString('base64')}"`);
  expect(html).toMatch(
    /src="data:image\/svg\+xml;base64,[^"]+" alt="Logo"|alt="Logo"[^>]*src="data:image\/svg\+xml;base64,/,
  );
  expect(html).toContain('src="https://example.com/pixel.png"');
  expect(html).toContain('src="img/gone.png"');

  expect(await csp.violations()).toEqual([]);
});
