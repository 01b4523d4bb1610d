// Documents as resources on a large workspace (issue 15): `resources/list` through the whole chain
// (the SDK client → vmark-relay → a hub of this bench's own → the app core in headless Chromium)
// on a workspace in OPFS of 10,000 markdown files, 100 a folder. The list walks the folders one at
// a time and only as far as a page needs (docs/mcp.md), so a first page costs a few folders and
// every later page continues the same walk.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium } from 'playwright-core';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { FILES_A_FOLDER, startOwnHub, writeCorpus } from './coherence.mjs';
import { median } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const COUNT = 10_000;

async function timed(fn) {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

export async function runResourcesBench(executablePath, args, port, runs = 5) {
  const { hub, home } = await startOwnHub(port);
  const browser = await chromium.launch({ executablePath, args, headless: true });
  const client = new Client({ name: 'bench-resources', version: '1' });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(hub.url);
    await page.locator('.statusbar .ai[data-ai-state="active"]').waitFor();
    await writeCorpus(page, COUNT);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(root, 'relay/bin/vmark-relay.js')],
        env: { ...process.env, VMARK_PORT: String(hub.port), VMARK_HOME: home, VMARK_OPEN: '0' },
      }),
    );
    const firsts = [];
    const wholes = [];
    const nexts = [];
    let listed = 0;
    for (let run = 0; run < runs; run++) {
      const first = await timed(() => client.listResources());
      firsts.push(first.ms);
      let cursor = first.value.nextCursor;
      let total = first.ms;
      listed = first.value.resources.length;
      while (cursor) {
        const next = await timed(() => client.listResources({ cursor }));
        nexts.push(next.ms);
        total += next.ms;
        listed += next.value.resources.length;
        cursor = next.value.nextCursor;
      }
      wholes.push(total);
    }
    if (listed !== COUNT) throw new Error(`${listed} of ${COUNT} documents listed`);
    const pages = Math.ceil(COUNT / 100);
    const runsOf = (xs) => xs.map((x) => Math.round(x)).join(', ');
    return [
      [
        'first page (100 documents; a new walk reads 3 folders)',
        `${median(firsts).toFixed(1)} ms`,
        runsOf(firsts),
      ],
      [
        `each later page (the walk goes on into the next folder), p50 of ${nexts.length}`,
        `${median(nexts).toFixed(1)} ms`,
        '—',
      ],
      [
        `the whole list: ${pages} pages, ${COUNT.toLocaleString('en-US')} documents in ${COUNT / FILES_A_FOLDER} folders`,
        `${Math.round(median(wholes)).toLocaleString('en-US')} ms`,
        runsOf(wholes),
      ],
    ];
  } finally {
    await client.close().catch(() => undefined);
    await browser.close();
    await hub.close();
    rmSync(home, { recursive: true, force: true });
  }
}

export function resourcesSection(rows) {
  return [
    '## Documents as resources (issue 15)',
    '',
    '`resources/list` through the whole chain (the SDK client over stdio, `vmark-relay`, a hub of',
    'its own, the app core in headless Chromium) on a workspace in OPFS of 10,000 notes of about',
    '1.2 KB, 100 a folder (`corpus/d000/n00000.md`, …), no tab open. Each run lists from the',
    'first page to the last; a first page starts a new walk.',
    '',
    '| measure | median | runs |',
    '|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
