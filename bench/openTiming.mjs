// Timing the editor in a page: opening a file from the tree until it is editable, and the
// latency of a keystroke to the new revision in the status bar.
import { writeOpfs } from './stats.mjs';

/** Opens `name` from the file tree and returns ms from the click until the editor is ready. */
export async function timeOpen(browser, base, name, text, editorSelector) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(base);
  await page.locator('.app[data-window-id]').waitFor();
  await writeOpfs(page, name, text);
  await page.reload();
  const row = page.locator(`.row[data-path="/notes/${name}"] button.name`);
  await row.waitFor();
  // Warm the editor's code (first use loads its chunk) with a tiny document, then close it.
  await writeOpfs(page, 'warm.md', '# warm\n');
  await page.reload();
  await page.locator('.row[data-path="/notes/warm.md"] button.name').click();
  await page.locator('.document[data-ready="true"] .ProseMirror').waitFor();
  const t0 = Date.now();
  await page.locator(`.row[data-path="/notes/${name}"] button.name`).click();
  await page.locator(`.tab.active[title="/notes/${name}"]`).waitFor();
  await page
    .locator(`.document:not(.hidden)[data-ready="true"] ${editorSelector}`)
    .waitFor({ timeout: 120_000 });
  const ms = Date.now() - t0;
  await page.locator(`.document:not(.hidden)[data-complete="true"]`).waitFor({ timeout: 120_000 });
  const fullMs = Date.now() - t0;
  const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  return { ms, fullMs, heapMB: heap / 1e6, page, context };
}

/** Types characters and measures keydown → new revision in the status bar, in the page's clock. */
export async function keystrokeLatency(page, count) {
  await page.evaluate(() => {
    window.__lat = [];
    // Installed once per page, so measuring twice in one page counts each keystroke once.
    if (window.__latInstalled) return;
    window.__latInstalled = true;
    const rev = document.querySelector('.statusbar .revision');
    let t = 0;
    document.addEventListener('keydown', () => (t = performance.now()), true);
    new MutationObserver(() => {
      if (t) window.__lat.push(performance.now() - t);
      t = 0;
    }).observe(rev, { attributes: true, attributeFilter: ['data-revision'] });
  });
  for (let i = 0; i < count; i++) {
    await page.keyboard.type('x');
    await page.waitForFunction((n) => window.__lat.length >= n, i + 1);
  }
  return page.evaluate(() => window.__lat);
}
