// A person types while two AI clients loop read → write on the same note (the scenario of
// tests/concurrent.spec.ts): keystrokes typed and kept, writes accepted and refused, and how long
// a keystroke takes to reach the editor and to become a revision the core holds.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installProbe, percentile, race } from '../tests/support/race.mjs';
import { waitFor, writeOpfs } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.VMARK_BENCH_RACE_PORT ?? 7398);
const RACE_MS = Number(process.env.VMARK_RACE_MS ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261203);

const fmt = (xs) => `${percentile(xs, 50).toFixed(1)} / ${percentile(xs, 95).toFixed(1)} ms`;

async function connect(env, name) {
  const client = new Client({ name, version: '1' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(root, 'relay/bin/vmark-relay.js')],
      env,
    }),
  );
  return client;
}

/** One race in a fresh page; `mode` is the editor the person types in. */
async function runOne(browser, base, mode, clients, durationMs, seed) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await installProbe(page);
  await page.goto(base);
  await page.locator('.app[data-window-id]').waitFor();
  const name = `race-${mode}-${clients.length}.md`;
  await writeOpfs(page, name, 'Alpha\n\nThe end.\n');
  await page.reload();
  await page.locator(`.row[data-path="/notes/${name}"] button.name`).click();
  const doc = page.locator('.document:not(.hidden)[data-ready="true"]');
  await doc.locator('.ProseMirror').waitFor();
  if (mode === 'source') {
    await page.keyboard.press('Control+/');
    await doc.locator('.cm-content').waitFor();
    await doc.locator('.cm-line').first().click();
  } else {
    await doc.locator('.ProseMirror > p').first().click();
  }
  await page.keyboard.press('End');
  const tabId = await doc.getAttribute('data-tab-id');
  const result = await race({ typists: [page], clients, tabId, durationMs, seed });
  const reader = clients[0];
  let kept = result.typed[0].length;
  if (reader) {
    const r = await reader.callTool({ name: 'document', arguments: { action: 'read', tabId } });
    const first = r.structuredContent.content.split('\n')[0];
    kept = first === `Alpha${result.typed[0]}` ? result.typed[0].length : first.length - 5;
  }
  await context.close();
  return { ...result, kept };
}

export async function runRaceBench(executablePath, args) {
  const home = mkdtempSync(join(tmpdir(), 'vmark-bench-race-'));
  const env = { ...process.env, VMARK_PORT: String(PORT), VMARK_HOME: home, VMARK_OPEN: '0' };
  const hub = spawn(process.execPath, [join(root, 'relay/dist/main.js')], { env, stdio: 'ignore' });
  let browser;
  const clients = [];
  try {
    const base = `http://127.0.0.1:${PORT}/`;
    await waitFor(() => fetch(base).then((r) => r.ok));
    browser = await chromium.launch({ executablePath, args, headless: true });
    clients.push(await connect(env, 'bench-race-a'), await connect(env, 'bench-race-b'));
    const rows = [];
    for (const mode of ['wysiwyg', 'source']) {
      const alone = await runOne(browser, base, mode, [], RACE_MS / 2, SEED);
      const raced = await runOne(browser, base, mode, clients, RACE_MS, SEED);
      const refused = Object.entries(raced.refused)
        .map(([code, n]) => `${n} ${code}`)
        .join(', ');
      rows.push(
        [
          `${mode === 'wysiwyg' ? 'WYSIWYG' : 'Source'}: keystrokes typed / kept`,
          `${raced.typed[0].length} / ${raced.kept}`,
          'all kept',
        ],
        [
          `${mode === 'wysiwyg' ? 'WYSIWYG' : 'Source'}: AI writes accepted / refused`,
          `${raced.accepted.length} / ${refused || '0'}`,
          'refusals STALE only',
        ],
        [
          `${mode === 'wysiwyg' ? 'WYSIWYG' : 'Source'}: keystroke → revision held by the core, typing alone (p50 / p95)`,
          fmt(alone.toRevision),
          '—',
        ],
        [
          `${mode === 'wysiwyg' ? 'WYSIWYG' : 'Source'}: keystroke → revision held by the core, AI loops running (p50 / p95)`,
          fmt(raced.toRevision),
          'p95 ≤ 32 ms',
        ],
        [
          `${mode === 'wysiwyg' ? 'WYSIWYG' : 'Source'}: keystroke → editor, AI loops running (p50 / p95)`,
          fmt(raced.toEditor),
          '—',
        ],
      );
      console.error(`race ${mode}: ${raced.accepted.length} writes, ${raced.typed[0].length} keys`);
    }
    return [
      '| measure | result | target |',
      '|---|---|---|',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n');
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await browser?.close();
    hub.kill();
    rmSync(home, { recursive: true, force: true });
  }
}

// Run alone: node bench/race.mjs (after npm run build)
if (import.meta.url === `file://${process.argv[1]}`) {
  const { CHROMIUM_ARGS, findChromium } = await import('../tests/support/chromium.mjs');
  console.log(await runRaceBench(findChromium(), CHROMIUM_ARGS));
}
