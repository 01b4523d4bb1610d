// The AI's browser side by side with @playwright/mcp, in one run, on the same local pages: reading a
// page of 2,000 controls (browser_read.read vs browser_snapshot: time, and the bytes the model
// reads in each family of clients), a click on a button under a cookie banner (browser.act vs
// browser_click), and the hub's memory before and after browser calls.
// Ours: the official SDK client → vmark-relay → the hub → the app core in headless Chromium → the
// hub's browser driver and its own headless Chromium. The peer: the same SDK client spawning
// @playwright/mcp over stdio, on the same system Chromium.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openHubApp, startBrowserHub } from './browserHub.mjs';
import { median, pct, rssMb, treePssMbOf } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.VMARK_BENCH_BROWSER_PORT ?? 7399);
const READS = Number(process.env.VMARK_BENCH_BROWSER_READS ?? 30);
const CLICKS = Number(process.env.VMARK_BENCH_BROWSER_CLICKS ?? 20);
const PEER_CLICKS = Number(process.env.VMARK_BENCH_BROWSER_PEER_CLICKS ?? 3);
export const CONTROLS = 2000;

/** 2,000 interactive elements, a quarter each: buttons, links, labelled text fields, checkboxes. */
export function controlsPage(count = CONTROLS) {
  const items = [];
  for (let i = 0; i < count; i++) {
    const k = i % 4;
    items.push(
      k === 0
        ? `<button>Action ${i}</button>`
        : k === 1
          ? `<a href="/p/${i}">Link ${i}</a>`
          : k === 2
            ? `<label>Field ${i} <input name="f${i}"></label>`
            : `<label><input type="checkbox"> Option ${i}</label>`,
    );
  }
  return `<!doctype html><html lang="en"><title>Controls</title><body>${items.map((x) => `<div>${x}</div>`).join('')}</body></html>`;
}

/** A Publish button under a fixed cookie banner that covers the whole window. */
export const OVERLAY_PAGE = `<!doctype html><html lang="en"><title>Drafts</title><body>
<button onclick="count.textContent = String(Number(count.textContent) + 1)">Publish</button>
<p>Published: <output id="count">0</output></p>
<div class="cookie-banner" style="position:fixed;inset:0;background:rgba(0,0,0,.4)">We use cookies</div>
</body></html>`;

async function startPages() {
  const big = controlsPage();
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url.startsWith('/overlay') ? OVERLAY_PAGE : big);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}

/**
 * Records the UTF-8 bytes of each JSON-RPC response the client receives, as the line the server
 * wrote (the message re-serialised, plus its newline).
 */
function countResponses(transport) {
  const counter = { last: 0 };
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if ('result' in message || 'error' in message) {
      counter.last = Buffer.byteLength(JSON.stringify(message)) + 1;
    }
    receive?.(message, extra);
  };
  return counter;
}

export async function connect(name, command, args, env, cwd) {
  const transport = new StdioClientTransport({ command, args, env, cwd, stderr: 'ignore' });
  const client = new Client({ name, version: '1' });
  await client.connect(transport);
  const counter = countResponses(transport);
  const rss = () => rssMb(transport.pid);
  const call = async (tool, args) => {
    const t = performance.now();
    const result = await client.callTool({ name: tool, arguments: args }, undefined, {
      timeout: 60_000,
    });
    return { result, ms: performance.now() - t, bytes: counter.last };
  };
  return { client, call, rss, pid: () => transport.pid };
}

/** Our side: the SDK client spawning vmark-relay with the hub's environment. */
export function connectOurs(name, env) {
  return connect(name, process.execPath, [join(root, 'relay/bin/vmark-relay.js')], env);
}

/** The peer: the SDK client spawning @playwright/mcp's cli.js over stdio on the same Chromium. */
export function connectPeer(name, executablePath, peerDir) {
  const peerCli = join(
    dirname(createRequire(import.meta.url).resolve('@playwright/mcp/package.json')),
    'cli.js',
  );
  // Run in a folder of its own: it writes snapshots of the pages it opens there.
  const peerArgs = [peerCli, '--headless', '--isolated', '--executable-path', executablePath];
  peerArgs.push('--no-sandbox', '--output-dir', peerDir);
  return connect(name, process.execPath, peerArgs, { ...process.env }, peerDir);
}

export const textOf = (result) =>
  result.content
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');

function must(label, r) {
  if (r.result.isError) throw new Error(`${label}: ${textOf(r.result).slice(0, 300)}`);
  return r.result.structuredContent;
}

/** Answers the app's browser prompt as a person does: waits until it takes clicks, then clicks. */
async function answerPrompt(app, button) {
  const card = app.locator('[data-approval-kind="browser"][data-armed="true"]');
  await card.waitFor({ timeout: 15_000 });
  await card.getByRole('button', { name: button, exact: true }).click();
  await app.locator('[data-approval-kind="browser"]').waitFor({ state: 'detached' });
}

const fmtMs = (xs) => `${median(xs).toFixed(0)} / ${pct(xs, 95).toFixed(0)} ms`;
const kb = (bytes) => `${bytes.toLocaleString('en-US')} B`;

export async function runBrowserBench(executablePath, args) {
  const peerDir = mkdtempSync(join(tmpdir(), 'vmark-bench-peer-'));
  const hub = startBrowserHub(executablePath, PORT, 'browser');
  const pages = await startPages();
  let browser;
  const clients = [];
  const out = {};
  try {
    await hub.ready();
    await new Promise((r) => setTimeout(r, 2000));
    out.idleRss = rssMb(hub.child.pid);

    browser = await chromium.launch({ executablePath, args, headless: true });
    const app = await openHubApp(browser, PORT);
    const ours = await connectOurs('bench-browser', hub.env);
    clients.push(ours.client);
    await new Promise((r) => setTimeout(r, 2000));
    out.connectedRss = rssMb(hub.child.pid);

    const peer = await connectPeer('bench-browser', executablePath, peerDir);
    clients.push(peer.client);
    await new Promise((r) => setTimeout(r, 2000));
    out.peerIdleRss = peer.rss();

    // The page of 2,000 controls, open on both sides.
    const opened = must(
      'browser.open',
      await ours.call('browser', { action: 'open', url: `${pages.base}/controls` }),
    );
    const tabId = opened.tabId;
    must(
      'browser_navigate',
      await peer.call('browser_navigate', { url: `${pages.base}/controls` }),
    );
    const ourRead = () => ours.call('browser_read', { action: 'read', tabId });
    const peerSnap = () => peer.call('browser_snapshot', {});
    for (let i = 0; i < 3; i++) {
      await ourRead();
      await peerSnap();
    }
    const readMs = [];
    const snapMs = [];
    let lastRead;
    let lastSnap;
    for (let i = 0; i < READS; i++) {
      // In turns, each side first every other time, so load on the machine falls on both.
      const pair = i % 2 ? [peerSnap, ourRead] : [ourRead, peerSnap];
      for (const run of pair) {
        const r = await run();
        if (run === ourRead) {
          readMs.push(r.ms);
          lastRead = r;
        } else {
          snapMs.push(r.ms);
          lastSnap = r;
        }
      }
    }
    out.readMs = readMs;
    out.snapMs = snapMs;
    out.readBytes = lastRead.bytes;
    out.snapBytes = lastSnap.bytes;
    // What the model is handed: the text block (Claude Desktop), or the JSON of structuredContent
    // (Claude Code, VS Code, Codex). The peer answers text only, so both get its text.
    out.readText = Buffer.byteLength(textOf(lastRead.result));
    out.readStructured = Buffer.byteLength(JSON.stringify(lastRead.result.structuredContent));
    out.snapText = Buffer.byteLength(textOf(lastSnap.result));
    out.read = lastRead.result;
    out.readWhole = wholeRead(lastRead.result);
    out.snap = lastSnap.result;
    out.nodesForm = await readAllNodes(ours, tabId);

    // The covered Publish button. Ours: the click is allowed on this site once, as a person
    // answers the prompt, so the timed clicks reach the page's checks.
    const overlay = must(
      'browser.open overlay',
      await ours.call('browser', { action: 'open', url: `${pages.base}/overlay` }),
    );
    const click = () =>
      ours.call('browser', {
        action: 'act',
        operation: 'click',
        role: 'button',
        name: 'Publish',
        tabId: overlay.tabId,
      });
    const first = await click();
    if (first.result.structuredContent?.needsApproval !== true) {
      throw new Error(`the first click asked no approval: ${textOf(first.result).slice(0, 300)}`);
    }
    await answerPrompt(app, 'Allow on this site');
    const clickMs = [];
    let lastClick;
    for (let i = 0; i < CLICKS; i++) {
      lastClick = await click();
      clickMs.push(lastClick.ms);
      const answer = lastClick.result.structuredContent ?? {};
      if (answer.clicked !== false || answer.reason !== 'obscured') {
        throw new Error(`a click was not refused as obscured: ${textOf(lastClick.result)}`);
      }
    }
    out.clickMs = clickMs;
    out.click = lastClick.result.structuredContent;
    const counted = must(
      'browser_read.query',
      await ours.call('browser_read', {
        action: 'query',
        tabId: overlay.tabId,
        selector: '#count',
      }),
    );
    out.ourCount = counted.elements?.[0]?.text;

    must('browser_navigate', await peer.call('browser_navigate', { url: `${pages.base}/overlay` }));
    const peerClickMs = [];
    let peerClick;
    for (let i = 0; i < PEER_CLICKS; i++) {
      const snap = await peer.call('browser_snapshot', {});
      const ref = /button "Publish" \[ref=((?:f\d+)?e\d+)\]/.exec(textOf(snap.result))?.[1];
      if (!ref) throw new Error(`no ref for Publish in the peer snapshot: ${textOf(snap.result)}`);
      peerClick = await peer.call('browser_click', { element: 'Publish button', target: ref });
      peerClickMs.push(peerClick.ms);
    }
    out.peerClickMs = peerClickMs;
    out.peerClickError = peerClick.result.isError === true;
    out.peerClickText = textOf(peerClick.result);
    const peerCount = await peer.call('browser_evaluate', {
      function: '() => document.querySelector("#count").textContent',
    });
    out.peerCount = textOf(peerCount.result);

    await new Promise((r) => setTimeout(r, 1000));
    out.afterRss = rssMb(hub.child.pid);
    out.peerAfterRss = peer.rss();
    out.peerAfterTreePss = treePssMbOf(peer.pid());
    out.afterTreePss = treePssMbOf(hub.child.pid);
  } finally {
    for (const c of clients) await c.close().catch(() => undefined);
    await browser?.close();
    hub.stop();
    await pages.close();
    rmSync(peerDir, { recursive: true, force: true });
  }
  return out;
}

/** The first line of the peer's error that says why, for the table. */
function gist(text) {
  const line = text.split('\n').find((l) => /timeout|intercept|exceeded/i.test(l));
  return (line ?? text.split('\n')[0] ?? '').trim().slice(0, 160);
}

/** The nodes of the page of controls as a read lists them: refs in page order. */
function controlNodes() {
  const roles = ['button', 'link', 'textbox', 'checkbox'];
  const names = ['Action', 'Link', 'Field', 'Option'];
  return Array.from({ length: CONTROLS }, (_, i) => {
    const node = { role: roles[i % 4], name: `${names[i % 4]} ${i}`, ref: `e${i + 1}` };
    if (i % 4 === 3) node.checked = false;
    return node;
  });
}

/**
 * Whether our read (the default, page form) lists the whole page in one answer, checked line by
 * line against the page it was built from.
 */
export function wholeRead(read) {
  const answer = read.structuredContent;
  if (typeof answer?.page !== 'string' || answer.nextOffset !== undefined) return false;
  const lines = controlNodes().map(
    (n) => `${n.ref} ${n.role}${n.checked === false ? ' [unchecked]' : ''}: ${n.name}`,
  );
  return answer.total === CONTROLS && answer.page === lines.join('\n');
}

/** The same page as node objects (format "nodes"), page after page: answers and their bytes. */
async function readAllNodes(ours, tabId) {
  const nodes = [];
  let answers = 0;
  let text = 0;
  let structured = 0;
  let offset = 0;
  while (offset !== undefined) {
    const r = await ours.call('browser_read', { action: 'read', tabId, format: 'nodes', offset });
    const data = must('browser_read.read nodes', r);
    answers++;
    text += Buffer.byteLength(textOf(r.result));
    structured += Buffer.byteLength(JSON.stringify(data));
    nodes.push(...data.snapshot);
    offset = data.nextOffset;
  }
  const whole = JSON.stringify(nodes) === JSON.stringify(controlNodes());
  return { answers, text, structured, whole };
}

const mb = (x) => `${x.toFixed(1)} MB`;

/** The section's tables: speed and bytes, memory. */
export function browserTables(r) {
  const answer = r.read.structuredContent ?? {};
  const listed = typeof answer.page === 'string' ? answer.page.split('\n').length : 0;
  const ours = r.readWhole
    ? `ours the whole page in one answer (${listed} of ${answer.total} nodes, checked against the page)`
    : `ours ${listed} of ${answer.total} nodes, NOT the whole page`;
  const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
  const n = r.nodesForm;
  const rows = [
    [
      `\`browser_read.read\` vs \`browser_snapshot\`, page of ${CONTROLS.toLocaleString('en-US')} controls: time (p50 / p95 of ${r.readMs.length})`,
      fmtMs(r.readMs),
      fmtMs(r.snapMs),
      ratio(median(r.readMs), median(r.snapMs)),
      '≤ 1.0×',
    ],
    [
      `the same: what the model reads in Claude Desktop (the text block; the peer's text); ${ours}`,
      kb(r.readText),
      kb(r.snapText),
      ratio(r.readText, r.snapText),
      '≤ 0.5×',
    ],
    [
      "the same: what the model reads in Claude Code, VS Code and Codex (the JSON of structuredContent; the peer's text)",
      kb(r.readStructured),
      kb(r.snapText),
      ratio(r.readStructured, r.snapText),
      '≤ 0.5×',
    ],
    [
      'the same: bytes on the wire (the JSON-RPC response line: ours carries the answer twice, SPEC §2)',
      kb(r.readBytes),
      kb(r.snapBytes),
      ratio(r.readBytes, r.snapBytes),
      '—',
    ],
    [
      `the same page as node objects (\`format: "nodes"\`), every page of it${n.whole ? '' : ' (NOT the whole page)'}: answers; text; JSON of structuredContent`,
      `${n.answers}; ${kb(n.text)}; ${kb(n.structured)}`,
      `1; ${kb(r.snapText)}; —`,
      `—; ${ratio(n.text, r.snapText)}; ${ratio(n.structured, r.snapText)}`,
      '—',
    ],
  ];
  rows.push(
    [
      `click on a button under a cookie banner: time to the answer (p50 / p95; ours ${r.clickMs.length} clicks, the peer ${r.peerClickMs.length})`,
      fmtMs(r.clickMs),
      fmtMs(r.peerClickMs),
      `${(median(r.clickMs) / median(r.peerClickMs)).toFixed(2)}×`,
      'ours ≤ 200 ms',
    ],
    [
      "the same: the answer, and the page's counter afterwards",
      `refused: reason \`${r.click?.reason}\`, by \`${r.click?.by}\`; counter ${r.ourCount}`,
      `${r.peerClickError ? 'error' : 'no error'}: “${gist(r.peerClickText)}”; counter ${/"(\d+)"/.exec(r.peerCount)?.[1] ?? '?'}`,
      '—',
      'refused, naming the overlay',
    ],
  );
  const table = [
    '| measure | VMark Web | @playwright/mcp | ratio | target |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  const memory = [
    '| measure | VMark Web hub | @playwright/mcp | target |',
    '|---|---|---|---|',
    `| Resident memory 2 s after start, no browser call yet (ours: the browser driver's code loaded) | ${mb(r.idleRss)} | ${mb(r.peerIdleRss)} | ours ≤ 60 MB |`,
    `| The same with the app and one client connected, still no browser call | ${mb(r.connectedRss)} | — | ours ≤ 60 MB |`,
    `| Resident memory of the Node process after the calls above (Chromium not counted) | ${mb(r.afterRss)} | ${mb(r.peerAfterRss)} | — |`,
    `| The process and its Chromium after the calls above (PSS of the process tree) | ${r.afterTreePss.toFixed(0)} MB | ${r.peerAfterTreePss.toFixed(0)} MB | — |`,
  ].join('\n');
  return { table, memory, notes: bytesNote(r) };
}

/** What to say when our read misses its target in either family of clients. */
function bytesNote(r) {
  const misses = [];
  if (!r.readWhole) misses.push('does not list the whole page in one answer');
  if (r.readText > 0.5 * r.snapText) misses.push("its text is over 0.5× the peer's");
  if (r.readStructured > 0.5 * r.snapText) {
    misses.push("the JSON of its structuredContent is over 0.5× the peer's text");
  }
  if (misses.length === 0) return '';
  return `- \`browser_read.read\` of the page of ${CONTROLS.toLocaleString('en-US')} controls misses its target: it ${misses.join('; ')}.`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { CHROMIUM_ARGS, findChromium } = await import('../tests/support/chromium.mjs');
  const r = await runBrowserBench(findChromium(), CHROMIUM_ARGS);
  const { table, memory } = browserTables(r);
  console.log(`${table}\n\n${memory}`);
  if (process.env.VMARK_BENCH_BROWSER_DUMP) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(process.env.VMARK_BENCH_BROWSER_DUMP, JSON.stringify(r));
  }
}
