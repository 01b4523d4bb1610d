// The editor with its rich blocks (issue 14): the CommonMark spec with the node views on, and a
// document of 50 Mermaid diagrams, which must be editable before any diagram is drawn and draw
// them only as they scroll into view. Headless Chromium against the built app served by the hub;
// times in the page's clock, from the click on the file (a capture listener) to the frame where
// the state is reached.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keystrokeLatency } from './openTiming.mjs';
import { median, pct, writeOpfs } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.VMARK_BENCH_RICH_PORT ?? process.env.VMARK_BENCH_PORT ?? 7395);
const RUNS = Number(process.env.VMARK_BENCH_RUNS ?? 5);
const SPEC = join(root, 'tests', 'corpus', 'markdown', 'commonmark-spec.md');
const DIAGRAMS = 50;

/** Fifty diagrams of five kinds, each between two paragraphs, one with a formula. */
export function mermaidDocument(count = DIAGRAMS) {
  const kinds = [
    (i) =>
      `flowchart LR\n  A${i}[Draft ${i}] --> B${i}{Review}\n  B${i} -->|ok| C${i}[Publish]\n  B${i} -->|changes| A${i}`,
    (i) =>
      `sequenceDiagram\n  participant P as Person\n  participant AI\n  P->>AI: chapter ${i}?\n  AI-->>P: outline ${i}`,
    (i) =>
      `classDiagram\n  class Note${i} {\n    +String title\n    +save()\n  }\n  Note${i} <|-- Scene${i}`,
    (i) => `stateDiagram-v2\n  [*] --> Draft${i}\n  Draft${i} --> Review${i}\n  Review${i} --> [*]`,
    (i) => `pie title Words in part ${i}\n  "Prose" : ${40 + i}\n  "Dialogue" : ${20 + (i % 7)}`,
  ];
  const parts = ['# Fifty diagrams\n'];
  for (let i = 1; i <= count; i++) {
    parts.push(`## Part ${i}\n`);
    parts.push(`The ${i}th diagram shows how part ${i} moves, with $x_${i} = ${i}^2$ words.\n`);
    parts.push('```mermaid\n' + kinds[i % kinds.length](i) + '\n```\n');
    parts.push(`After diagram ${i} the story goes on for a few more sentences of plain text.\n`);
  }
  return parts.join('\n');
}

/** Notes the time of the next click in the page (window.__t0), from a capture listener. */
export async function armClick(page) {
  await page.evaluate(() => {
    window.__t0 = 0;
    document.addEventListener('click', () => (window.__t0 = performance.now()), {
      capture: true,
      once: true,
    });
  });
}

/** ms from the armed click to the first frame where `selector` matches (or `last` is drawn). */
export async function frameUntil(page, selector, timeout = 120_000) {
  const handle = await page.waitForFunction(
    (selector) => {
      let hit;
      if (selector === 'last-diagram') {
        const all = document.querySelectorAll('.document:not(.hidden) .vmark-mermaid');
        hit = all.length > 0 && all[all.length - 1].dataset.state === 'rendered';
      } else hit = document.querySelector(selector);
      return hit ? performance.now() - window.__t0 : false;
    },
    selector,
    { polling: 'raf', timeout },
  );
  return handle.jsonValue();
}

const EDITABLE = '.document:not(.hidden)[data-ready="true"] .ProseMirror';
const diagramStates = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.document:not(.hidden) .vmark-mermaid')].map(
      (d) => d.dataset.state,
    ),
  );

/**
 * A fresh context with the editor's code warmed by a tiny document and `name` written to OPFS;
 * then `name` is clicked in the tree, the click armed (armClick).
 */
export async function prepare(browser, base, name, text) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(base);
  await page.locator('.app[data-window-id]').waitFor();
  await writeOpfs(page, name, text);
  await writeOpfs(page, 'warm.md', '# warm\n');
  await page.reload();
  await page.locator('.row[data-path="/notes/warm.md"] button.name').click();
  await page.locator('.document[data-ready="true"] .ProseMirror').waitFor();
  await armClick(page);
  await page.locator(`.row[data-path="/notes/${name}"] button.name`).click();
  return { context, page };
}

export async function runRichEditorBench(executablePath, args, runs = RUNS) {
  const { startHub } = await import(join(root, 'relay/dist/hub.js'));
  const hub = await startHub({ port: PORT, root: join(root, 'build') });
  const browser = await chromium.launch({ executablePath, args, headless: true });
  const spec = readFileSync(SPEC, 'utf8');
  const doc = mermaidDocument();
  const r = {
    spec: [],
    open: [],
    complete: [],
    drawnAtOpen: [],
    first: [],
    last: [],
    keys: [],
    total: 0,
  };
  try {
    for (let i = 0; i < runs; i++) {
      const s = await prepare(browser, hub.url, 'spec.md', spec);
      r.spec.push(await frameUntil(s.page, EDITABLE));
      await s.context.close();

      const { context, page } = await prepare(browser, hub.url, 'diagrams.md', doc);
      r.open.push(await frameUntil(page, EDITABLE));
      const states = await diagramStates(page);
      r.total = states.length;
      r.drawnAtOpen.push(states.filter((st) => st === 'rendered').length);
      r.complete.push(await frameUntil(page, '.document:not(.hidden)[data-complete="true"]'));
      r.first.push(
        await frameUntil(page, '.document:not(.hidden) .vmark-mermaid[data-state="rendered"]'),
      );
      // Scroll to the end, then time until the last diagram is drawn (from the scroll).
      await page.evaluate(() => {
        window.__t0 = performance.now();
        const all = document.querySelectorAll('.document:not(.hidden) .vmark-mermaid');
        all[all.length - 1].scrollIntoView();
      });
      r.last.push(await frameUntil(page, 'last-diagram'));
      const drawnAfter = (await diagramStates(page)).filter((st) => st === 'rendered').length;
      r.drawnAfterScroll = Math.max(r.drawnAfterScroll ?? 0, drawnAfter);
      await page
        .locator('.document:not(.hidden) .ProseMirror p')
        .filter({ hasText: 'After diagram 25 ' })
        .click();
      await page.keyboard.press('End');
      r.keys.push(...(await keystrokeLatency(page, 20)));
      await context.close();
      console.error(
        `rich editor run ${i + 1}: spec ${Math.round(r.spec.at(-1))} ms, diagrams ${Math.round(r.open.at(-1))} ms`,
      );
    }
  } finally {
    await browser.close();
    await hub.close();
  }
  return r;
}

const ms = (xs) => `${Math.round(median(xs))} ms`;
const list = (xs) => xs.map((x) => Math.round(x)).join(', ');

export function richEditorSection(r) {
  return `## The editor with rich blocks (issue 14)

bench/richEditor.mjs, ${r.spec.length} runs, a fresh browser context each, the editor's code warmed with a
tiny document first (the Mermaid and KaTeX code is not warmed: the first diagram pays for loading
it). Times are in the page's clock from the click on the file in the tree (a capture listener) to
the first animation frame where the state is reached. The diagrams document has ${r.total} Mermaid
fences of five kinds (flowchart, sequence, class, state, pie), each between paragraphs, one
inline formula per part (${(mermaidDocument().length / 1024).toFixed(0)} KB).

| measure | median | target | runs |
|---|---|---|---|
| CommonMark spec (206 KB) in WYSIWYG with the rich node views: click → editable | ${ms(r.spec)} | ≤ 1500 ms | ${list(r.spec)} |
| ${r.total} Mermaid diagrams: click → editable | ${ms(r.open)} | ≤ 2000 ms | ${list(r.open)} |
| ${r.total} Mermaid diagrams: click → whole document loaded | ${ms(r.complete)} | — | ${list(r.complete)} |
| diagrams drawn when it became editable | ${median(r.drawnAtOpen)} of ${r.total} | — | ${r.drawnAtOpen.join(', ')} |
| click → first diagram drawn | ${ms(r.first)} | — | ${list(r.first)} |
| scrolled to the end → last diagram drawn | ${ms(r.last)} | — | ${list(r.last)} |
| diagrams drawn after that scroll (most in a run) | ${r.drawnAfterScroll} of ${r.total} | — | — |
| Keystroke → revision bump in the diagrams document (p50 / p95) | ${median(r.keys).toFixed(1)} / ${pct(r.keys, 95).toFixed(1)} ms | ≤ 16 ms p50 | ${r.keys.length} keystrokes |
`;
}
