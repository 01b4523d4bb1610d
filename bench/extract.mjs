// The browser tools' `extract` on the saved pages of tests/corpus/pages: word F1 against the
// reference reading beside each page (relay/src/browser/extract/wordF1.ts) and the time extract
// takes per page (parse, read, markdown), in this process.
// Usage: npm run build && node bench/extract.mjs   (imports the compiled hub code in relay/dist)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const PAGES = join(root, 'tests', 'corpus', 'pages');
const CORPUS_JS = join(root, 'relay', 'dist', 'browser', 'extract', 'corpus.js');
const RUNS = Number(process.env.VMARK_BENCH_EXTRACT_RUNS ?? 5);

/** Every page scored once, with the median time of `RUNS` further runs. */
export async function scoreCorpus() {
  if (!existsSync(CORPUS_JS)) throw new Error('Build first: npm run build (relay/dist is missing)');
  const { scorePage } = await import(pathToFileURL(CORPUS_JS).href);
  const names = readdirSync(PAGES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return names.map((name) => {
    const source = readFileSync(join(PAGES, name, 'source.html'), 'utf8');
    const expected = readFileSync(join(PAGES, name, 'expected.html'), 'utf8');
    const score = scorePage(name, source, expected);
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(scorePage(name, source, expected).ms);
    return { ...score, ms: median(times), kchars: source.length / 1000 };
  });
}

const f1 = (x) => x.toFixed(3);

/** A markdown table: pages, median and lowest F1, median and slowest ms per page. */
export async function runExtractBench() {
  return summaryTable(await scoreCorpus());
}

function summaryTable(pages) {
  const lowest = pages.reduce((a, b) => (b.f1 < a.f1 ? b : a));
  const slowest = pages.reduce((a, b) => (b.ms > a.ms ? b : a));
  return [
    '| pages | median F1 | lowest F1 | median ms per page | slowest page | target |',
    '| --- | --- | --- | --- | --- | --- |',
    `| ${pages.length} | ${f1(median(pages.map((p) => p.f1)))} | ${f1(lowest.f1)} (${lowest.name}) | ${median(pages.map((p) => p.ms)).toFixed(1)} | ${slowest.ms.toFixed(0)} ms (${slowest.name}, ${slowest.kchars.toFixed(0)}k characters) | median F1 ≥ 0.9 |`,
  ].join('\n');
}

/** A markdown table with one row per page. */
function pagesTable(pages) {
  return [
    '| page | k characters | F1 | precision | recall | ms |',
    '| --- | --- | --- | --- | --- | --- |',
    ...pages.map(
      (p) =>
        `| ${p.name} | ${p.kchars.toFixed(0)} | ${f1(p.f1)} | ${f1(p.precision)} | ${f1(p.recall)} | ${p.ms.toFixed(1)} |`,
    ),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pages = await scoreCorpus();
  console.log(`${summaryTable(pages)}\n\n${pagesTable(pages)}`);
}
