/**
 * Images in the WYSIWYG editor: a file of the document's own workspace is shown (relative to the
 * document, or to the workspace root with a leading `/`; paths are unit-tested in
 * src/lib/paths/imageSource.test.ts), `data:` images too; an image from
 * another site, one outside the workspace or one that is missing is not loaded and says why. The
 * markdown is saved as written, and the HTML export carries the shown images inside the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import {
  activeDocument,
  openApp,
  openNoteInWysiwyg,
  readOpfs,
  saveAndRead,
  writeOpfs,
} from './support/app';
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

/** Pastes `files` (name, type, base64 bytes) into the WYSIWYG editor on screen, as a clipboard would. */
async function pasteFiles(page: Page, files: { name: string; type: string; b64: string }[]) {
  await page.evaluate((files) => {
    const data = new DataTransfer();
    for (const f of files) {
      const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], f.name, { type: f.type }));
    }
    const editor = document.querySelector('.document:not(.hidden) .ProseMirror')!;
    editor.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, files);
}

const SCREENSHOT = { name: 'image.png', type: 'image/png', b64: PNG_1.toString('base64') };

test('a pasted image is saved in assets/ beside the note and shown where it was pasted, while the person types on', async ({
  page,
}) => {
  const doc = await openNoteInWysiwyg(page, 'harbour.md', 'Harbour:\n\nEnd.\n');
  const first = doc.locator('.ProseMirror p').first();
  await first.click();
  await page.keyboard.press('End');
  await pasteFiles(page, [SCREENSHOT]);
  // The person types on while the file is written: the image stays where it was pasted.
  await page.keyboard.type(' at dawn');
  const shown = first.locator('img.vmark-image');
  await expect(shown).toHaveAttribute('data-src', /^assets\/image-\d{8}-\d{6}\.png$/);
  await expect
    .poll(() => shown.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth))
    .toBe(1);
  await expect(first).toHaveText('Harbour: at dawn');
  const address = (await shown.getAttribute('data-src'))!;
  expect(await readOpfs(page, address)).toEqual(PNG_1);

  // A second screenshot gets a name of its own (`-2` within the same second), the files of one
  // paste go in in their order, and the first file is untouched.
  await pasteFiles(page, [
    SCREENSHOT,
    { name: 'Map (old).svg', type: 'image/svg+xml', b64: Buffer.from(SVG).toString('base64') },
  ]);
  await expect(first.locator('img.vmark-image')).toHaveCount(3);
  const addresses = await first
    .locator('img.vmark-image')
    .evaluateAll((all) => all.map((e) => e.getAttribute('data-src')));
  expect(new Set(addresses).size).toBe(3);
  expect(addresses).toContain('assets/Map%20%28old%29.svg');
  expect(await readOpfs(page, 'assets/Map (old).svg')).toEqual(Buffer.from(SVG));
  expect(await readOpfs(page, address)).toEqual(PNG_1);
  // The tree shows the new folder.
  await expect(page.locator('.row[data-path="/notes/assets"]')).toBeVisible();

  // A file dropped on the last paragraph goes where it was dropped.
  const end = doc.locator('.ProseMirror p').last();
  const box = (await end.boundingBox())!;
  await page.evaluate(
    ({ b64, x, y }) => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
      const editor = document.querySelector('.document:not(.hidden) .ProseMirror')!;
      const at = { clientX: x, clientY: y, bubbles: true, cancelable: true, dataTransfer: data };
      editor.dispatchEvent(new DragEvent('drop', at));
    },
    { b64: PNG_1.toString('base64'), x: box.x + box.width - 2, y: box.y + box.height / 2 },
  );
  await expect(end.locator('img.vmark-image')).toHaveAttribute('data-src', 'assets/dropped.png');

  const saved = await saveAndRead(page, 'harbour.md');
  expect(saved).toMatch(/^Harbour:!\[\]\(assets\/image-\d{8}-\d{6}\.png\) at dawn!\[\]\(/);
  expect(saved).toMatch(
    /\.png\)!\[\]\(assets\/Map%20%28old%29\.svg\)\n\nEnd\.!\[\]\(assets\/dropped\.png\)\n$/,
  );
});

test('a pasted image in a document not saved anywhere is refused with the reason, and nothing changes', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New document' }).click();
  const doc = activeDocument(page);
  await doc.locator('.ProseMirror').click();
  await page.keyboard.type('Draft');
  await pasteFiles(page, [SCREENSHOT]);
  await expect(page.getByText('Save the document in a workspace first')).toBeVisible();
  await expect(doc.locator('.ProseMirror img.vmark-image')).toHaveCount(0);
  await expect(doc.locator('.ProseMirror')).toHaveText('Draft');
});
