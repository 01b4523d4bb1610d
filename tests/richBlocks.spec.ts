import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { failureKey, sweepActiveDocument } from './support/fidelitySweep.mjs';
import { openNoteInWysiwyg, readOpfs, saveAndRead } from './support/app';

const HTML_DOC = [
  '# Notes',
  '',
  '<details>',
  '<summary>More about it</summary>',
  '',
  'Inner *text* here.',
  '',
  '</details>',
  '',
  'A paragraph with a word.',
  '',
  '<div align="center" style="color: red">',
  '  <b>Bold</b> <a href="https://example.com/">link</a>',
  '</div>',
  '',
  '<!-- a comment -->',
  '',
].join('\n');

/**
 * Collects the page's Content-Security-Policy violations: its `securitypolicyviolation` events
 * and the console errors Chromium writes for them.
 */
async function watchPageCsp(page: Page) {
  const seen: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspSeen: string[] };
    w.__cspSeen = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__cspSeen.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return {
    violations: async () => [
      ...seen,
      ...(await page.evaluate(
        () => (window as unknown as { __cspSeen?: string[] }).__cspSeen ?? [],
      )),
    ],
  };
}

test('an HTML element with markdown inside shows as one block with a sanitised preview, and saves unchanged', async ({
  page,
}) => {
  const csp = await watchPageCsp(page);
  const doc = await openNoteInWysiwyg(page, 'html.md', HTML_DOC);
  const blocks = doc.locator('.ProseMirror > .vmark-html-block');
  await expect(blocks).toHaveCount(3);
  await expect(blocks.nth(0).locator('details > summary')).toHaveText('More about it');
  await expect(blocks.nth(1).locator('b')).toHaveText('Bold');
  await expect(doc.locator('.ProseMirror > p')).toHaveCount(1);
  await expect(doc.locator('.ProseMirror')).not.toContainText('<details>');
  expect(await saveAndRead(page, 'html.md')).toBe(HTML_DOC);
  expect(await csp.violations()).toEqual([]);
});

test('a word edited next to HTML blocks changes only that word', async ({ page }) => {
  const doc = await openNoteInWysiwyg(page, 'html-edit.md', HTML_DOC);
  await doc.locator('.ProseMirror > p').click();
  await page.keyboard.press('End');
  for (let i = 0; i < 'word.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('sentence.');
  expect(await saveAndRead(page, 'html-edit.md')).toBe(
    HTML_DOC.replace('with a word.', 'with a sentence.'),
  );
});

test('an HTML block is edited as source in place and shown again when left', async ({ page }) => {
  const doc = await openNoteInWysiwyg(page, 'html-source.md', HTML_DOC);
  const block = doc.locator('.ProseMirror > .vmark-html-block').nth(1);
  await block.click();
  const area = block.locator('textarea');
  await expect(area).toBeVisible();
  await expect(area).toHaveValue(
    '<div align="center" style="color: red">\n  <b>Bold</b> <a href="https://example.com/">link</a>\n</div>',
  );
  await area.press('Control+End');
  await area.press('ArrowUp');
  await area.press('End');
  await page.keyboard.type(' <i>more</i>');
  await area.press('Escape');
  await expect(area).toHaveCount(0);
  await expect(block.locator('i')).toHaveText('more');
  expect(await saveAndRead(page, 'html-source.md')).toBe(
    HTML_DOC.replace('link</a>\n', 'link</a> <i>more</i>\n'),
  );
});

const MERMAID_DOC = [
  '# Diagrams',
  '',
  '```mermaid',
  'graph TD',
  '  A[Start] --> B{Choice}',
  '  B --> C[Done]',
  '```',
  '',
  'Text between.',
  '',
  '```mermaid',
  'graph TD',
  '  A --> --> B',
  '```',
  '',
].join('\n');

test('Mermaid blocks render as diagrams under the CSP, a syntax error shows in place, and the file saves unchanged', async ({
  page,
}) => {
  const csp = await watchPageCsp(page);
  const doc = await openNoteInWysiwyg(page, 'diagrams.md', MERMAID_DOC);
  const diagrams = doc.locator('.ProseMirror > .vmark-mermaid');
  await expect(diagrams).toHaveCount(2);
  const good = diagrams.nth(0);
  await expect(good).toHaveAttribute('data-state', 'rendered');
  await expect(good.locator('svg')).toBeVisible();
  await expect(good.locator('svg')).toContainText('Choice');
  // The diagram's own style sheet applies (it carries the page's nonce).
  await expect(good.locator('svg .node rect').first()).toHaveCSS('stroke-width', '1px');
  const bad = diagrams.nth(1);
  await expect(bad).toHaveAttribute('data-state', 'error');
  await expect(bad.locator('.vmark-mermaid-error')).toContainText(/error/i);
  await expect(bad.locator('svg')).toHaveCount(0);
  // The code stays an editable code block.
  await expect(doc.locator('.ProseMirror > pre')).toHaveCount(2);
  expect(await saveAndRead(page, 'diagrams.md')).toBe(MERMAID_DOC);
  // Mermaid's own measuring copy of a diagram tries inline styles, which the policy refuses;
  // the diagram shown gets its styles through the nonce and the CSSOM, so nothing else does.
  const others = (await csp.violations()).filter((v) => !/style-src/.test(v));
  expect(others).toEqual([]);
});

test('a Mermaid diagram is drawn again after its code is edited', async ({ page }) => {
  const doc = await openNoteInWysiwyg(page, 'diagram-edit.md', MERMAID_DOC);
  const good = doc.locator('.ProseMirror > .vmark-mermaid').nth(0);
  await expect(good.locator('svg')).toContainText('Done');
  // At the end of the code's last line, before its closing bracket.
  const code = doc.locator('.ProseMirror > pre').nth(0);
  const box = await code.boundingBox();
  await code.click({ position: { x: (box?.width ?? 10) - 4, y: (box?.height ?? 10) - 6 } });
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' now');
  await expect(good.locator('svg')).toContainText('Done now');
  expect(await saveAndRead(page, 'diagram-edit.md')).toBe(
    MERMAID_DOC.replace('C[Done]', 'C[Done now]'),
  );
});

const MATH_DOC = [
  '# Math',
  '',
  'Euler: $e^{i\\pi} + 1 = 0$ holds.',
  '',
  '$$',
  '\\int_0^1 x^2\\,dx = \\frac{1}{3}',
  '$$',
  '',
  'A closing word.',
  '',
].join('\n');

test('formulas are typeset by KaTeX under the CSP, and the file saves unchanged', async ({
  page,
}) => {
  const csp = await watchPageCsp(page);
  const doc = await openNoteInWysiwyg(page, 'math.md', MATH_DOC);
  const inline = doc.locator('.ProseMirror .vmark-math-inline');
  await expect(inline.locator('.katex')).toBeVisible();
  await expect(inline.locator('.katex annotation')).toHaveText('e^{i\\pi} + 1 = 0');
  const block = doc.locator('.ProseMirror > .vmark-math-block');
  await expect(block.locator('.katex-display .katex')).toBeVisible();
  // KaTeX's style sheet applies: its MathML copy is for assistive technology only.
  await expect(block.locator('.katex-mathml')).toHaveCSS('position', 'absolute');
  expect(await saveAndRead(page, 'math.md')).toBe(MATH_DOC);
  expect(await csp.violations()).toEqual([]);
});

test('a word edited next to a formula changes only that word', async ({ page }) => {
  const doc = await openNoteInWysiwyg(page, 'math-word.md', MATH_DOC);
  await doc.locator('.ProseMirror > p').first().click();
  await page.keyboard.press('End');
  for (let i = 0; i < 'holds.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('stands.');
  expect(await saveAndRead(page, 'math-word.md')).toBe(MATH_DOC.replace('holds.', 'stands.'));
});

test('a block formula is edited as source in place', async ({ page }) => {
  const doc = await openNoteInWysiwyg(page, 'math-edit.md', MATH_DOC);
  const block = doc.locator('.ProseMirror > .vmark-math-block');
  await expect(block.locator('.katex')).toBeVisible();
  await block.click();
  const area = block.locator('textarea');
  await expect(area).toHaveValue('\\int_0^1 x^2\\,dx = \\frac{1}{3}');
  await area.press('End');
  await page.keyboard.type(' + C');
  await area.press('Escape');
  await expect(block.locator('.katex annotation')).toHaveText(
    '\\int_0^1 x^2\\,dx = \\frac{1}{3} + C',
  );
  expect(await saveAndRead(page, 'math-edit.md')).toBe(MATH_DOC.replace('{3}\n', '{3} + C\n'));
});

const RICH = readFileSync(new URL('./fixtures/markdown/rich-blocks.md', import.meta.url), 'utf8');

test('a document with every rich block saves unchanged, and replacing any word changes only that word', async ({
  page,
}) => {
  const doc = await openNoteInWysiwyg(page, 'rich-blocks.md', RICH);
  await expect(page.locator('.document:not(.hidden)[data-complete="true"]')).toBeVisible();
  await expect(doc.locator('.ProseMirror > .vmark-html-block')).toHaveCount(3);
  // Diagrams are drawn as they come into view.
  const diagrams = doc.locator('.ProseMirror > .vmark-mermaid');
  await expect(diagrams).toHaveCount(2);
  for (const diagram of await diagrams.all()) {
    await diagram.scrollIntoViewIfNeeded();
    await expect(diagram.locator('svg')).toBeVisible();
  }
  await expect(doc.locator('.ProseMirror .katex')).toHaveCount(6);
  expect(await saveAndRead(page, 'rich-blocks.md')).toBe(RICH);
  const results = await sweepActiveDocument(page);
  expect(results.length).toBeGreaterThan(10);
  expect(results.filter((r) => !r.exact).map((r) => failureKey('rich-blocks.md', r))).toEqual([]);
});

test('a Mermaid diagram far down the document is drawn only once it is scrolled into view', async ({
  page,
}) => {
  const filler = Array.from({ length: 80 }, (_, i) => `Paragraph ${i + 1} of filler text.`);
  const text = [...filler, '```mermaid', 'graph TD', '  Far --> Away', '```', ''].join('\n\n');
  const doc = await openNoteInWysiwyg(page, 'far-diagram.md', text);
  const diagram = doc.locator('.ProseMirror > .vmark-mermaid');
  await expect(diagram).toHaveAttribute('data-state', 'waiting');
  await diagram.scrollIntoViewIfNeeded();
  await expect(diagram.locator('svg')).toContainText('Away');
  expect(await saveAndRead(page, 'far-diagram.md')).toBe(text);
});

const ALERT_DOC = [
  '> [!NOTE]',
  '> Useful information for readers.',
  '',
  '> [!WARNING]',
  '> Critical content.',
  '',
  '> A plain quote.',
  '',
].join('\n');

test('GitHub alerts are styled with their label, and a word edited in one changes only that word', async ({
  page,
}) => {
  const doc = await openNoteInWysiwyg(page, 'alerts.md', ALERT_DOC);
  const quotes = doc.locator('.ProseMirror > blockquote');
  await expect(quotes).toHaveCount(3);
  await expect(quotes.nth(0)).toHaveClass(/vmark-alert-note/);
  await expect(quotes.nth(0).locator('.vmark-alert-marker')).toHaveText('[!NOTE]');
  await expect(quotes.nth(1)).toHaveClass(/vmark-alert-warning/);
  await expect(quotes.nth(2)).not.toHaveClass(/vmark-alert/);
  expect(await saveAndRead(page, 'alerts.md')).toBe(ALERT_DOC);
  await quotes.nth(1).getByText('Critical content.').click();
  await page.keyboard.press('End');
  for (let i = 0; i < 'content.'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type('news.');
  // A second save: the first one's message is still on screen, so wait for the state instead.
  await expect(page.locator('.statusbar .state')).toHaveText('Unsaved');
  await page.keyboard.press('Control+s');
  await expect(page.locator('.statusbar .state')).toHaveText('Saved');
  expect((await readOpfs(page, 'alerts.md'))?.toString('utf8')).toBe(
    ALERT_DOC.replace('content.', 'news.'),
  );
});

test('an HTML element that starts near the end of a parse batch is still one block', async ({
  page,
}) => {
  // The editor parses about 8,000 characters at a time; the element starts just before that.
  let filler = '';
  for (let n = 1; filler.length + 60 <= 7960; n++)
    filler += `Filler paragraph ${n}, a few words long.\n\n`;
  const text = `${filler}<details>\n<summary>Late</summary>\n\n${'Inside the element. '.repeat(6)}\n\n</details>\n\nAfter.\n`;
  const doc = await openNoteInWysiwyg(page, 'late-details.md', text);
  await expect(page.locator('.document:not(.hidden)[data-complete="true"]')).toBeVisible();
  const block = doc.locator('.ProseMirror > .vmark-html-block');
  await expect(block).toHaveCount(1);
  await expect(block.locator('summary')).toHaveText('Late');
  expect(await saveAndRead(page, 'late-details.md')).toBe(text);
});
