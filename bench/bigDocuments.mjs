// Big documents in WYSIWYG (issue 27): a generated 5 MB note of ordinary paragraphs and the
// CommonMark spec repeated to 5 MB, each opened from the tree in a fresh browser context. Times are
// in the page's clock from the click on the file (a capture listener) to the first animation frame
// where the editor is editable, and where the whole document is loaded; then 20 keystrokes at the
// end of a paragraph in the middle (keydown → new revision in the status bar), Ctrl+S, and the
// saved bytes compared with the original plus exactly the letters typed.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keystrokeLatency } from './openTiming.mjs';
import { frameUntil, prepare } from './richEditor.mjs';
import { median, pct } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.VMARK_BENCH_BIG_PORT ?? process.env.VMARK_BENCH_PORT ?? 7395);
const RUNS = Number(process.env.VMARK_BENCH_RUNS ?? 5);
const SPEC = join(root, 'tests', 'corpus', 'markdown', 'commonmark-spec.md');
/** The largest file the WYSIWYG editor takes (SIZE_LIMITS.sourceModeAbove). */
export const BIG_BYTES = 5_000_000;
/** The paragraph the benchmark types at, once in the middle of each document. */
const MARKER = 'This paragraph is where the benchmark types its letters.';
const TYPED = 'x'.repeat(20);
/** How long a 5 MB document may take to load before the benchmark gives up. */
const LOAD_MS = 300_000;

const bytes = (text) => Buffer.byteLength(text, 'utf8');

/** Words drawn from a fixed list by a small deterministic generator (same text every run). */
function words() {
  const list = (
    'the a note draft chapter river morning garden letter window evening market story ' +
    'quiet bright small long travel friend house city paper light winter summer road ' +
    'writes keeps finds opens turns reads walks carries brings leaves holds follows'
  ).split(' ');
  let seed = 27;
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return list[seed % list.length];
  };
}

/** A note of ordinary paragraphs with emphasis, code spans and links, a heading now and then. */
export function generatedNote(limit = BIG_BYTES) {
  const next = words();
  const sentence = (n) => {
    const w = Array.from({ length: n }, next);
    w[0] = w[0][0].toUpperCase() + w[0].slice(1);
    return w.join(' ') + '.';
  };
  const parts = ['# A long note\n\n'];
  let size = bytes(parts[0]);
  let i = 0;
  let marked = false;
  for (;;) {
    i++;
    let block;
    if (i % 40 === 0) block = `## Part ${i / 40}\n\n`;
    else {
      const a = sentence(8);
      const b = sentence(10);
      block =
        `${a} The *${next()} ${next()}* ${next()} uses \`${next()}()\` and ` +
        `[${next()} ${next()}](https://example.com/${next()}/${i}) for **${next()}**. ${b}\n\n`;
    }
    if (!marked && size > limit / 2) {
      block = `${MARKER}\n\n${block}`;
      marked = true;
    }
    if (size + bytes(block) > limit) break;
    parts.push(block);
    size += bytes(block);
  }
  return parts.join('').trimEnd() + '\n';
}

/** The CommonMark spec, whole copies, up to `limit` bytes, with the marker paragraph in the middle. */
export function repeatedSpec(limit = BIG_BYTES) {
  const spec = readFileSync(SPEC, 'utf8').trimEnd() + '\n\n';
  const marker = `${MARKER}\n\n`;
  const copies = Math.floor((limit - bytes(marker)) / bytes(spec));
  const half = Math.floor(copies / 2);
  return spec.repeat(half) + marker + spec.repeat(copies - half);
}

/** The text the file must hold after the benchmark typed at the end of the marker paragraph. */
export const typedInto = (text) => text.replace(MARKER, MARKER + TYPED);

async function readText(page, name) {
  return page.evaluate(async (name) => {
    const dir = await navigator.storage.getDirectory();
    return (await (await dir.getFileHandle(name)).getFile()).text();
  }, name);
}

/**
 * The selector of the visible document, once the file's tab is the active one (until then the
 * warm-up document is the visible one, ready and loaded).
 */
const shown = (name) => `body:has(.tab.active[title="/notes/${name}"]) .document:not(.hidden)`;

/** One document: `runs` opens, typing and a save; the figures of each run. */
async function measure(browser, base, name, text, runs) {
  const r = { editable: [], complete: [], keys: [], faithful: 0, mode: '' };
  for (let i = 0; i < runs; i++) {
    const { context, page } = await prepare(browser, base, name, text);
    r.editable.push(
      await frameUntil(page, `${shown(name)}[data-ready="true"] .ProseMirror`, LOAD_MS),
    );
    r.complete.push(await frameUntil(page, `${shown(name)}[data-complete="true"]`, LOAD_MS));
    r.mode = await page.locator('.document:not(.hidden)').getAttribute('data-mode');
    // Found in the page: a locator filtering tens of thousands of paragraphs by text is slow.
    const marker = await page.waitForFunction(
      (marker) => {
        const blocks = document.querySelectorAll('.document:not(.hidden) .ProseMirror > p');
        const found = [...blocks].find((p) => p.textContent === marker);
        found?.scrollIntoView({ block: 'center' });
        return found ?? false;
      },
      MARKER,
      { timeout: LOAD_MS },
    );
    await marker.asElement().click();
    await page.keyboard.press('End');
    r.keys.push(...(await keystrokeLatency(page, TYPED.length)));
    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('.statusbar .state[data-dirty="false"]').waitFor({ timeout: 120_000 });
    if ((await readText(page, name)) === typedInto(text)) r.faithful++;
    await context.close();
    console.error(
      `${name} run ${i + 1}: editable ${Math.round(r.editable.at(-1))} ms, loaded ${Math.round(r.complete.at(-1))} ms`,
    );
  }
  return r;
}

export async function runBigDocumentsBench(executablePath, args, runs = RUNS) {
  const { startHub } = await import(join(root, 'relay/dist/hub.js'));
  const hub = await startHub({ port: PORT, root: join(root, 'build') });
  const browser = await chromium.launch({ executablePath, args, headless: true });
  const note = generatedNote();
  const spec = repeatedSpec();
  try {
    return {
      note: { bytes: bytes(note), ...(await measure(browser, hub.url, 'note.md', note, runs)) },
      spec: { bytes: bytes(spec), ...(await measure(browser, hub.url, 'spec5.md', spec, runs)) },
    };
  } finally {
    await browser.close();
    await hub.close();
  }
}

const ms = (xs) => `${Math.round(median(xs))} ms`;
const list = (xs) => xs.map((x) => Math.round(x)).join(', ');
const mb = (n) => (n / 1e6).toFixed(2);

export function bigDocumentsSection(r) {
  const rows = [];
  for (const [label, d] of [
    [`generated note (${mb(r.note.bytes)} MB)`, r.note],
    [`CommonMark spec repeated (${mb(r.spec.bytes)} MB)`, r.spec],
  ]) {
    rows.push(
      `| ${label}, mode it opens in | ${d.mode} | wysiwyg | — |`,
      `| ${label}: click → editable | ${ms(d.editable)} | ≤ 1500 ms | ${list(d.editable)} |`,
      `| ${label}: click → whole document loaded | ${ms(d.complete)} | ≤ 3000 ms | ${list(d.complete)} |`,
      `| ${label}: keystroke → revision bump (p50 / p95) | ${median(d.keys).toFixed(1)} / ${pct(d.keys, 95).toFixed(1)} ms | ≤ 16 ms p95 | ${d.keys.length} keystrokes |`,
      `| ${label}: saves byte-faithful (the original plus the letters typed) | ${d.faithful} of ${d.editable.length} | all | — |`,
    );
  }
  return `## Big documents in WYSIWYG (issue 27)

bench/bigDocuments.mjs, ${r.note.editable.length} runs each, a fresh browser context each, the editor's code warmed with
a tiny document first. The generated note is ordinary paragraphs with emphasis, code spans and
links (a heading every 40 blocks); the spec is whole copies of tests/corpus/markdown/commonmark-spec.md.
Both hold one marker paragraph in the middle. Times are in the page's clock from the click on the
file in the tree to the first animation frame where the editor is editable and where the whole
document is loaded. Then 20 letters are typed at the end of the marker paragraph (keydown → new
revision in the status bar), the file is saved with Ctrl+S, and its bytes must be the original's
with exactly those letters added.

| measure | median | target | runs |
|---|---|---|---|
${rows.join('\n')}
`;
}
