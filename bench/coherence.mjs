// The coherence layer's speed (issue 13): `coherence {action: "edges"}` through the whole chain
// (the SDK client → vmark-relay → a hub of this bench's own → the app core in headless Chromium)
// on a workspace in OPFS of 1,000 and of 10,000 markdown files that carry their ids, with
// "Track document provenance" on. The first call's scan adopts every file (untargeted); the later
// calls find nothing changed; then, before each timed call, 1% of the files are rewritten in OPFS
// behind the app's back (another 1% each time), so the scan records that many external edits.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { attachToCore, topSelfTimes } from './coreWorkerCdp.mjs';
import { FLOOR_FILES, measureOpfsFloor } from './opfsFloor.mjs';
import { keystrokeLatency } from './openTiming.mjs';
import { median, pct, writeOpfs } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.VMARK_BENCH_COHERENCE_PORT ?? process.env.VMARK_BENCH_PORT ?? 7395);
const SIZES = (process.env.VMARK_BENCH_COHERENCE_SIZES ?? '1000,10000,50000')
  .split(',')
  .map(Number);
/** A folder to write the core's CPU profile of each first call into (none unless set). */
const PROFILE_DIR = process.env.VMARK_BENCH_COHERENCE_PROFILE;
/** Keystrokes typed at a time while the first call adopts (measured until it has answered). */
const KEYS_A_TURN = 10;
/** A call may take long (adopting 10,000 files); the hub and the client wait for it. */
const CALL_TIMEOUT_MS = 60 * 60_000;
export const FILES_A_FOLDER = 100;
/** About the size of each note writeCorpus writes (its snapshot holds the same bytes but the id). */
const NOTE_BYTES = 1_200;

/**
 * Writes `count` notes of about 1.2 KB into the page's private file system, 100 a folder
 * (`corpus/d000/n00000.md`, …), each with its own id in its front matter. In the page, many
 * files in flight at once.
 */
export async function writeCorpus(page, count) {
  await page.evaluate(
    async ({ count, perFolder }) => {
      const opfs = await navigator.storage.getDirectory();
      // A workspace with a record: the tools scan only a folder that has \`.vmark/\`.
      await opfs.getDirectoryHandle('.vmark', { create: true });
      const corpus = await opfs.getDirectoryHandle('corpus', { create: true });
      const pad = (n, w) => String(n).padStart(w, '0');
      const body =
        'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor ' +
        'incididunt ut labore et dolore magna aliqua.\n\n';
      const folders = new Map();
      const folder = async (f) => {
        if (!folders.has(f))
          folders.set(f, corpus.getDirectoryHandle(`d${pad(f, 3)}`, { create: true }));
        return folders.get(f);
      };
      const one = async (i) => {
        const dir = await folder(Math.floor(i / perFolder));
        const id = `0198fc00-0000-7000-8000-${pad(i, 12)}`;
        const text = `---\nvmark:\n  id: ${id}\n---\n# Note ${i}\n\n${body.repeat(9)}`;
        const handle = await dir.getFileHandle(`n${pad(i, 5)}.md`, { create: true });
        const w = await handle.createWritable();
        await w.write(text);
        await w.close();
      };
      const BATCH = 64;
      for (let at = 0; at < count; at += BATCH) {
        const batch = [];
        for (let i = at; i < Math.min(count, at + BATCH); i++) batch.push(one(i));
        await Promise.all(batch);
      }
    },
    { count, perFolder: FILES_A_FOLDER },
  );
}

/** Appends a line to every file whose number is `round` modulo 100 (1% of them). */
async function changeOnePercent(page, count, round) {
  await page.evaluate(
    async ({ count, round, perFolder }) => {
      const opfs = await navigator.storage.getDirectory();
      const corpus = await opfs.getDirectoryHandle('corpus');
      const pad = (n, w) => String(n).padStart(w, '0');
      const jobs = [];
      for (let i = round % 100; i < count; i += 100) {
        jobs.push(
          (async () => {
            const dir = await corpus.getDirectoryHandle(`d${pad(Math.floor(i / perFolder), 3)}`);
            const handle = await dir.getFileHandle(`n${pad(i, 5)}.md`);
            const size = (await handle.getFile()).size;
            const w = await handle.createWritable({ keepExistingData: true });
            await w.seek(size);
            await w.write(`\nEdited elsewhere, round ${round}.\n`);
            await w.close();
          })(),
        );
      }
      await Promise.all(jobs);
    },
    { count, round, perFolder: FILES_A_FOLDER },
  );
}

/** The core's `vmark:coherence:*` measures (src/lib/coherence/timed.ts), summed by name. */
async function coreMeasures(core) {
  const { result } = await core.send('Runtime.evaluate', {
    expression: `(() => {
      const sums = {};
      for (const m of performance.getEntriesByType('measure'))
        if (m.name.startsWith('vmark:coherence:'))
          sums[m.name.slice(16)] = (sums[m.name.slice(16)] ?? 0) + m.duration;
      performance.clearMeasures();
      return sums;
    })()`,
    returnByValue: true,
  });
  return Object.entries(result.value)
    .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
    .join(', ');
}

/** The bytes of every file under `.vmark/` in the page's private file system. */
async function vmarkBytes(page) {
  return page.evaluate(async () => {
    const sum = async (dir) => {
      let bytes = 0;
      for await (const handle of dir.values())
        bytes += handle.kind === 'file' ? (await handle.getFile()).size : await sum(handle);
      return bytes;
    };
    return sum(await (await navigator.storage.getDirectory()).getDirectoryHandle('.vmark'));
  });
}

export async function startOwnHub(port = PORT) {
  const { startHub } = await import(join(root, 'relay/dist/hub.js'));
  const { loadManifest } = await import(join(root, 'relay/dist/manifest.js'));
  const home = mkdtempSync(join(tmpdir(), 'vmark-bench-coherence-'));
  const token = randomBytes(32).toString('hex');
  writeFileSync(join(home, 'token'), `${token}\n`, { mode: 0o600 });
  const { manifest } = await loadManifest(join(root, 'build', 'mcp-manifest.json'));
  const hub = await startHub({
    port,
    root: join(root, 'build'),
    token,
    home,
    manifest,
    requestTimeoutMs: CALL_TIMEOUT_MS,
    log: () => undefined,
  });
  return { hub, home };
}

/** One workspace of `count` files in a fresh browser context; the timings of its calls. */
async function measure(browser, hub, home, count, runs) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const client = new Client({ name: 'bench-coherence', version: '1' });
  try {
    const page = await context.newPage();
    await page.goto(hub.url);
    await page.locator('.statusbar .ai[data-ai-state="active"]').waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.locator('input[name="track-provenance"]').setChecked(true);
    await page.getByRole('button', { name: 'Done' }).click();
    // A note the person types in while the first call adopts the folder (it has no id: it is
    // not a document of the record, and typing does not save it).
    await writeOpfs(page, 'typing.md', '# Typing\n\nWhile the folder is adopted.\n');
    let t = performance.now();
    await writeCorpus(page, count);
    const writeMs = performance.now() - t;
    console.error(`coherence ${count}: files written in ${writeMs.toFixed(0)} ms`);
    await page.reload();
    await page.locator('.statusbar .ai[data-ai-state="active"]').waitFor();
    await page.locator('.row[data-path="/notes/typing.md"] button.name').click();
    const editor = page.locator('.document:not(.hidden)[data-ready="true"] .ProseMirror');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('Control+End');
    await keystrokeLatency(page, 3);

    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(root, 'relay/bin/vmark-relay.js')],
        env: { ...process.env, VMARK_PORT: String(hub.port), VMARK_HOME: home, VMARK_OPEN: '0' },
      }),
    );
    // Asked again at once while BUSY (each call waits for the scan again); the time is until
    // the full answer. Each single call's time and the progress notifications are kept.
    const calls = { busy: 0, longestCallMs: 0, notifications: 0, lastProgress: null };
    const edges = async () => {
      const t0 = performance.now();
      for (;;) {
        const t1 = performance.now();
        const r = await client.callTool(
          { name: 'coherence', arguments: { action: 'edges', workspace_root: '/notes' } },
          undefined,
          {
            timeout: CALL_TIMEOUT_MS,
            maxTotalTimeout: CALL_TIMEOUT_MS,
            onprogress: () => calls.notifications++,
          },
        );
        calls.longestCallMs = Math.max(calls.longestCallMs, performance.now() - t1);
        if (r.isError && r.structuredContent?.error === 'BUSY') {
          calls.busy++;
          calls.lastProgress = r.structuredContent.progress;
          continue;
        }
        if (r.isError) throw new Error(`coherence edges: ${r.content[0]?.text}`);
        return performance.now() - t0;
      }
    };
    const status = async () =>
      (
        await client.callTool(
          { name: 'coherence', arguments: { action: 'status', workspace_root: '/notes' } },
          undefined,
          { timeout: CALL_TIMEOUT_MS, maxTotalTimeout: CALL_TIMEOUT_MS },
        )
      ).structuredContent;

    const core = await attachToCore(browser, new URL(hub.url).origin);
    const heapBefore = await core.heapUsed();
    if (PROFILE_DIR) {
      await core.send('Profiler.enable');
      await core.send('Profiler.setSamplingInterval', { interval: 500 });
      await core.send('Profiler.start');
    }
    // The person types in the open note while the first call adopts every file.
    let answered = false;
    const first = edges().finally(() => (answered = true));
    const keystrokes = [];
    while (!answered) keystrokes.push(...(await keystrokeLatency(page, KEYS_A_TURN)));
    const adopt = await first;
    if (PROFILE_DIR) {
      const { profile } = await core.send('Profiler.stop');
      mkdirSync(PROFILE_DIR, { recursive: true });
      writeFileSync(join(PROFILE_DIR, `coherence-${count}.cpuprofile`), JSON.stringify(profile));
      for (const [fn, ms] of topSelfTimes(profile))
        console.error(`  ${ms.toFixed(0).padStart(7)} ms  ${fn}`);
    }
    const marks = await coreMeasures(core);
    console.error(`coherence ${count}: in the core: ${marks}`);
    const heapAfter = await core.heapUsed();
    const adopted = (await status()).objects;
    if (adopted !== count) throw new Error(`${adopted} of ${count} files adopted`);
    const recordBytes = await vmarkBytes(page);
    const adoptCalls = { ...calls };
    console.error(
      `coherence ${count}: first call (adopts) ${adopt.toFixed(0)} ms; ${calls.busy} BUSY, ` +
        `longest call ${calls.longestCallMs.toFixed(0)} ms, ${calls.notifications} progress ` +
        `notifications; keystroke p95 ${pct(keystrokes, 95).toFixed(1)} ms ` +
        `(${keystrokes.length}); core heap ${(heapBefore / 1e6).toFixed(1)} → ` +
        `${(heapAfter / 1e6).toFixed(1)} MB; .vmark ${(recordBytes / 1e6).toFixed(1)} MB`,
    );
    const unchanged = [];
    if (PROFILE_DIR) await core.send('Profiler.start');
    for (let i = 0; i < runs; i++) unchanged.push(await edges());
    if (PROFILE_DIR) {
      const { profile } = await core.send('Profiler.stop');
      writeFileSync(join(PROFILE_DIR, `unchanged-${count}.cpuprofile`), JSON.stringify(profile));
      for (const [fn, ms] of topSelfTimes(profile))
        console.error(`  ${ms.toFixed(0).padStart(7)} ms  ${fn}`);
    }
    console.error(`coherence ${count}: in the core (unchanged): ${await coreMeasures(core)}`);
    console.error(`coherence ${count}: unchanged ${unchanged.map((x) => x.toFixed(0))}`);
    const changed = [];
    if (PROFILE_DIR) await core.send('Profiler.start');
    for (let i = 0; i < runs; i++) {
      await changeOnePercent(page, count, i);
      changed.push(await edges());
    }
    if (PROFILE_DIR) {
      const { profile } = await core.send('Profiler.stop');
      writeFileSync(join(PROFILE_DIR, `changed-${count}.cpuprofile`), JSON.stringify(profile));
      for (const [fn, ms] of topSelfTimes(profile))
        console.error(`  ${ms.toFixed(0).padStart(7)} ms  ${fn}`);
    }
    console.error(`coherence ${count}: in the core (1% changed): ${await coreMeasures(core)}`);
    await core.close();
    console.error(`coherence ${count}: after 1% changed ${changed.map((x) => x.toFixed(0))}`);
    return {
      count,
      writeMs,
      adopt,
      adoptCalls,
      keystrokes,
      heapBefore,
      heapAfter,
      recordBytes,
      unchanged,
      changed,
    };
  } finally {
    await client.close().catch(() => undefined);
    await context.close();
  }
}

const ms = (x) => `${Math.round(x).toLocaleString('en-US')} ms`;
const runsOf = (xs) => xs.map((x) => Math.round(x)).join(', ');
const perFile = (x, n) => `${((x * 1000) / n).toFixed(0)} µs`;
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

export async function runCoherenceBench(executablePath, args, runs = 5) {
  process.env.VMARK_BROWSER_HEADLESS = '1';
  const { hub, home } = await startOwnHub();
  const browser = await chromium.launch({ executablePath, args, headless: true });
  const results = [];
  let floor;
  try {
    for (const count of SIZES) results.push(await measure(browser, hub, home, count, runs));
    floor = await measureOpfsFloor(browser, NOTE_BYTES);
  } finally {
    await browser.close();
    await hub.close();
    rmSync(home, { recursive: true, force: true });
  }
  const n = (count) => count.toLocaleString('en-US');
  const rows = [];
  for (const r of results) {
    const c = r.adoptCalls;
    rows.push([
      `${n(r.count)} files: first call, the scan adopts every file, until the full answer`,
      ms(r.adopt),
      r.count === 10_000 ? '≤ 10,000 ms' : '—',
      `1 run; ${perFile(r.adopt, r.count)} a file; ${c.busy} BUSY answers on the way, ` +
        `the longest call ${ms(c.longestCallMs)} (≤ 20,000 ms), ${c.notifications} progress notifications`,
    ]);
    rows.push([
      `${n(r.count)} files: keystroke → revision while the first call adopts`,
      `p95 ${pct(r.keystrokes, 95).toFixed(1)} ms`,
      '≤ 32 ms',
      `${r.keystrokes.length} keystrokes; median ${median(r.keystrokes).toFixed(1)} ms`,
    ]);
    rows.push([
      `${n(r.count)} files: the core's JS heap after adopting; the record's bytes in OPFS`,
      `${mb(r.heapAfter)}; ${mb(r.recordBytes)}`,
      '—',
      `heap ${mb(r.heapBefore)} before (after a GC, through DevTools); \`.vmark/\` ` +
        `${Math.round(r.recordBytes / r.count).toLocaleString('en-US')} B a note`,
    ]);
    rows.push([
      `${n(r.count)} files unchanged: second and later calls`,
      ms(median(r.unchanged)),
      r.count === 10_000 ? '≤ 150 ms' : '—',
      `${runsOf(r.unchanged)}; ${perFile(median(r.unchanged), r.count)} a file`,
    ]);
    rows.push([
      `${n(r.count)} files, 1% (${n(r.count / 100)}) changed in OPFS before each call`,
      ms(median(r.changed)),
      r.count === 10_000 ? '≤ 1,000 ms' : '—',
      `${runsOf(r.changed)}; ${perFile(median(r.changed), r.count)} a file`,
    ]);
  }
  const each = (x) => `${x.toFixed(2)} ms`;
  rows.push([
    `The browser's file system alone, in a SharedWorker (${n(FLOOR_FILES)} files of ${n(NOTE_BYTES)} B): ` +
      'a file read / a file written / one of each at once',
    `${each(floor.read)} / ${each(floor.write)} / ${each(floor.both)}`,
    '—',
    `1 run each; a write through a synchronous access handle (dedicated worker) ${each(floor.sync)}; ` +
      `two SharedWorkers writing at once ${each(floor.twoWriters)} a file`,
  ]);
  rows.push([
    '10,000 files read and 10,000 snapshot files written, nothing else (the floor under adopting)',
    ms(floor.both * 10_000),
    '—',
    'one of each at once, times 10,000',
  ]);
  return [
    '| measure | median | target | runs |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

/** The section of bench/RESULTS.md, starting with its heading. */
export function coherenceSection(table) {
  return `## The coherence layer (issues 13 and 27)

\`coherence {action: "edges", workspace_root: "/notes"}\` through the whole chain (the official SDK
client over stdio, \`vmark-relay\`, a hub of the bench's own, the app core in headless Chromium), on a
workspace in OPFS of ${SIZES.map((x) => x.toLocaleString('en-US')).join(', ')} notes of about 1.2 KB, 100 a folder, each carrying its id,
with "Track document provenance" on (bench/coherence.mjs; \`npm run bench -- coherence\` runs this
part alone). Every call scans the workspace first. The first call's scan adopts every file: a
registration and a first revision each, with its snapshot. Then calls with nothing changed; then,
before each call, another 1% of the files rewritten in OPFS behind the app's back, which that
call's scan records as external edits. "A file" is the median divided by the number of files.
A call waits at most 12 s for its scan and then answers BUSY with how far it has come; the bench
calls again at once until the full answer, and times the whole. Meanwhile a person types in a note
open in the same app (keydown → the new revision in the status bar), and afterwards the bench
reads the core's JS heap through the DevTools protocol and adds up the bytes under \`.vmark/\`.
The last two rows are the browser's private file system with no app code (bench/opfsFloor.mjs):
what reading every note and writing a snapshot file for each costs by itself, the floor under the
first call.
\`VMARK_BENCH_COHERENCE_SIZES\` sets the sizes (default 1000,10000,50000);
\`VMARK_BENCH_COHERENCE_PROFILE=<folder>\` saves the core's CPU profiles there (the first call, the unchanged calls, the calls after changes).

${table}

An unchanged call does not walk the folder: the app watches it (\`FileSystemObserver\`) and,
with no change reported since the last complete look, reuses what that look found; what remains is
reading the ledger where it grew, the history and the breakdown (docs/coherence.md, _Watching the
folder_). A call after changes walks the folder, asking each file for its size and time (one round
trip to the browser's file system per file, about 0.1–0.2 ms), and reads and hashes only the files
whose size or time changed. Measured on the way, with the same bench: every file read and hashed
at each call, 2.6–2.9 s for 1,000 unchanged files; with the size-and-time check but no watch,
181 ms (1,000) and 1,902 ms (10,000) unchanged. The first call adopts every file; its entries are
written 256 lines per append (one line per append took 51.8 s for 1,000 files and 599 s for
10,000, since a browser's append copies the whole segment). With 1% changed, the time is the walk
and the recording of the changed files (a snapshot and two ledger lines each).
`;
}
