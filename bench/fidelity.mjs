// WYSIWYG fidelity on the markdown corpus: every paragraph, heading, list item and table cell gets
// its first and last word replaced through the editor (tests/support/fidelitySweep.mjs); a block
// keeps exact when the text then differs from the original in exactly that word, both times.
// Usage: npm run build && node bench/fidelity.mjs   (also part of npm run bench)
import { chromium } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeOpfs } from './stats.mjs';
import { failureKey, sweepActiveDocument } from '../tests/support/fidelitySweep.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.VMARK_BENCH_FIDELITY_PORT ?? 7396);
const CORPUS = join(root, 'tests', 'corpus', 'markdown');
const KINDS = ['paragraph', 'heading', 'list item', 'table cell'];

/** Sweeps every corpus document; gives the results by file. */
export async function sweepCorpus(executablePath, args, url) {
  const browser = await chromium.launch({ executablePath, args, headless: true });
  const byFile = new Map();
  try {
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await page.goto(url);
    await page.locator('.app[data-window-id]').waitFor();
    const only = process.env.VMARK_FIDELITY_FILES?.split(',');
    const files = readdirSync(CORPUS).filter(
      (f) => f.endsWith('.md') && (!only || only.includes(f)),
    );
    for (const f of files) await writeOpfs(page, f, readFileSync(join(CORPUS, f), 'utf8'));
    await page.reload();
    for (const f of files) {
      await page.locator(`.row[data-path="/notes/${f}"] button.name`).click();
      await page.locator(`.tab.active[title="/notes/${f}"]`).waitFor();
      await page
        .locator('.document:not(.hidden)[data-complete="true"] .milkdown-root .ProseMirror')
        .waitFor({ timeout: 120_000 });
      const t0 = Date.now();
      byFile.set(f, await sweepActiveDocument(page));
      console.error(`fidelity: ${f} swept in ${Date.now() - t0} ms`);
    }
  } finally {
    await browser.close();
  }
  return byFile;
}

/** The figures as a markdown table, and the blocks that did not keep exact. */
export function summarise(byFile) {
  const rows = [];
  const failures = [];
  const total = { tried: 0, exact: 0 };
  const kinds = new Map(KINDS.map((k) => [k, { tried: 0, exact: 0 }]));
  for (const [file, results] of byFile) {
    for (const r of results) {
      const k = kinds.get(r.kind);
      k.tried++;
      total.tried++;
      if (r.exact) {
        k.exact++;
        total.exact++;
      } else failures.push({ key: failureKey(file, r), result: r });
    }
  }
  const share = (x) => (x.tried ? `${((100 * x.exact) / x.tried).toFixed(1)} %` : '—');
  rows.push(`| all blocks | ${total.tried} | ${total.exact} | ${share(total)} |`);
  for (const [kind, x] of kinds) rows.push(`| ${kind} | ${x.tried} | ${x.exact} | ${share(x)} |`);
  const table = ['| blocks | tried | kept exact | share |', '|---|---|---|---|', ...rows].join(
    '\n',
  );
  return { table, failures, total };
}

export async function runFidelityBench(executablePath, args) {
  const { startHub } = await import(join(root, 'relay/dist/hub.js'));
  const hub = await startHub({ port: PORT, root: join(root, 'build') });
  try {
    return summarise(await sweepCorpus(executablePath, args, hub.url));
  } finally {
    await hub.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { CHROMIUM_ARGS, findChromium } = await import('../tests/support/chromium.mjs');
  const { table, failures } = await runFidelityBench(findChromium(), CHROMIUM_ARGS);
  console.log(table);
  for (const { key, result } of failures) {
    console.log(`\n${key}`);
    for (const f of result.failures) {
      console.log(
        `  word "${f.word}"\n  - ${JSON.stringify(f.before)}\n  + ${JSON.stringify(f.after)}`,
      );
    }
  }
}
