// Fifteen small everyday tasks on local pages (bench/browserTaskPages.mjs), each done by a scripted
// agent with our browser tools and with @playwright/mcp 0.0.83, side by side in one run. The local
// server decides whether a task is done (the request it ends in carries the right values), not the
// agent. Each agent works as a competent model would with its tool set: it looks at the page first
// (ours: browser_read read; the peer: browser_snapshot, whose YAML it parses for refs), finds the
// target (ours by role and name, the peer by ref), acts, and looks again only when the page changed.
// Both sides are started as bench/browser.mjs starts them: ours through the official SDK client,
// vmark-relay, the hub (with the app core in a headless Chromium) and the hub's browser driver;
// the peer through the same client spawning its cli.js over stdio on the same system Chromium.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { connectOurs, connectPeer } from './browser.mjs';
import { openHubApp, startBrowserHub } from './browserHub.mjs';
import { oursAgent, peerAgent, runTask } from './browserTaskAgents.mjs';
import { ITEMS, startTaskServers, TASKS } from './browserTaskPages.mjs';
import { median, pct, waitFor } from './stats.mjs';

/** Timed reads of the 2,000-item page on each side, in turns, after the task itself. */
const READS = Number(process.env.VMARK_BENCH_TASKS_READS ?? 5);

export async function runBrowserTasksBench(executablePath, args, port) {
  const peerDir = mkdtempSync(join(tmpdir(), 'vmark-bench-tasks-peer-'));
  const hub = startBrowserHub(executablePath, port, 'tasks');
  const server = await startTaskServers();
  const clients = [];
  let browser;
  const out = { tasks: [], grants: [], readMs: [], snapMs: [] };
  try {
    await hub.ready();
    browser = await chromium.launch({ executablePath, args, headless: true });
    const app = await openHubApp(browser, port);
    const ours = await connectOurs('bench-tasks', hub.env);
    clients.push(ours.client);
    const peer = await connectPeer('bench-tasks', executablePath, peerDir);
    clients.push(peer.client);
    const agents = [oursAgent(ours, app, out.grants), peerAgent(peer)];
    for (const [k, task] of TASKS.entries()) {
      const row = { id: task.id, what: task.what };
      // In turns, each side first every other task, so load on the machine falls on both.
      for (const agent of k % 2 ? [...agents].reverse() : agents) {
        const t = await runTask(agent, task, server.urlOf(agent.who, task.id));
        await waitFor(async () => server.doneBy(agent.who, task.id), 3_000).catch(() => undefined);
        t.done = server.doneBy(agent.who, task.id);
        if (!t.done)
          t.error ??= `no request reached the server with the values asked${t.lastAnswer ? ` (the last act answered ${t.lastAnswer})` : ''}`;
        row[agent.who] = t;
        console.error(`${task.id} ${agent.who}: ${t.done ? 'done' : `failed: ${t.error}`}`);
      }
      out.tasks.push(row);
      if (task.id === 'list') {
        // Both still on the 2,000-item page: the read and the snapshot again, in turns.
        out.readMs.push(row.ours.firstLook);
        out.snapMs.push(row.peer.firstLook);
        for (let i = 0; i < READS; i++) {
          const pair = i % 2 ? [peer, ours] : [ours, peer];
          for (const side of pair) {
            const r =
              side === ours
                ? await ours.call('browser_read', { action: 'read' })
                : await peer.call('browser_snapshot', {});
            if (r.result.isError) continue;
            (side === ours ? out.readMs : out.snapMs).push(r.ms);
          }
        }
      }
    }
  } finally {
    for (const c of clients) await c.close().catch(() => undefined);
    await browser?.close();
    hub.stop();
    await server.close();
    rmSync(peerDir, { recursive: true, force: true });
  }
  return out;
}

const n = (x) => Math.round(x).toLocaleString('en-US');
const ratio = (a, b) => (b ? `${(a / b).toFixed(2)}×` : '—');

/** Sums over the tasks `pick` keeps. */
function sums(rows, who, pick = () => true) {
  const kept = rows.filter(pick);
  const sum = (key) => kept.reduce((s, r) => s + (r[who]?.[key] ?? 0), 0);
  return {
    done: kept.filter((r) => r[who]?.done).length,
    tasks: kept.length,
    calls: sum('calls'),
    retries: sum('retries'),
    code: sum('code'),
    desktop: sum('desktop'),
  };
}

export function browserTasksSection(r) {
  const rows = r.tasks;
  const o = sums(rows, 'ours');
  const p = sums(rows, 'peer');
  const both = (row) => row.ours?.done && row.peer?.done;
  const ob = sums(rows, 'ours', both);
  const pb = sums(rows, 'peer', both);
  const notList = (row) => row.id !== 'list';
  const ow = sums(rows, 'ours', notList);
  const pw = sums(rows, 'peer', notList);
  const failed = (who) =>
    rows
      .filter((row) => !row[who]?.done)
      .map((row) => row.id)
      .join(', ') || 'none';
  const ms = (xs) => (xs.length ? `${median(xs).toFixed(0)} / ${pct(xs, 95).toFixed(0)} ms` : '—');
  const summary = [
    [
      'tasks done, as the server saw them',
      `${o.done}/${o.tasks} (failed: ${failed('ours')})`,
      `${p.done}/${p.tasks} (failed: ${failed('peer')})`,
      '—',
      `ours ${o.tasks}/${o.tasks}`,
    ],
    [
      'tool calls, all tasks (ours: with the calls made again after an approval)',
      `${o.calls} (${o.retries} after an approval)`,
      `${p.calls}`,
      ratio(o.calls, p.calls),
      '—',
    ],
    [
      'bytes the model read, all tasks: Claude Code, VS Code, Codex (structuredContent, else text)',
      `${n(o.code)} B`,
      `${n(p.code)} B`,
      ratio(o.code, p.code),
      '≤ 0.5×',
    ],
    [
      'bytes the model read, all tasks: Claude Desktop (the text blocks)',
      `${n(o.desktop)} B`,
      `${n(p.desktop)} B`,
      ratio(o.desktop, p.desktop),
      '≤ 0.5×',
    ],
    [
      `the same two over the ${ob.tasks} tasks both did: calls; bytes (Code family; Desktop)`,
      `${ob.calls}; ${n(ob.code)} B; ${n(ob.desktop)} B`,
      `${pb.calls}; ${n(pb.code)} B; ${n(pb.desktop)} B`,
      `${ratio(ob.calls, pb.calls)}; ${ratio(ob.code, pb.code)}; ${ratio(ob.desktop, pb.desktop)}`,
      '≤ 0.5× (bytes)',
    ],
    [
      'the same two without task 12 (the 2,000-item page): calls; bytes (Code family; Desktop)',
      `${ow.calls}; ${n(ow.code)} B; ${n(ow.desktop)} B`,
      `${pw.calls}; ${n(pw.code)} B; ${n(pw.desktop)} B`,
      `${ratio(ow.calls, pw.calls)}; ${ratio(ow.code, pw.code)}; ${ratio(ow.desktop, pw.desktop)}`,
      '—',
    ],
    [
      `\`browser_read\` read vs \`browser_snapshot\` on the ${ITEMS.toLocaleString('en-US')}-item page (p50 / p95 of ${r.readMs.length} and ${r.snapMs.length})`,
      ms(r.readMs),
      ms(r.snapMs),
      r.readMs.length && r.snapMs.length ? ratio(median(r.readMs), median(r.snapMs)) : '—',
      '≤ 1.0×',
    ],
  ];
  const cell = (t) =>
    t
      ? `${t.done ? 'done' : '**failed**'}, ${t.calls} call${t.calls === 1 ? '' : 's'}, ${n(t.code)} / ${n(t.desktop)} B`
      : '—';
  const perTask = rows.map(
    (row, i) =>
      `| ${i + 1}. ${row.what} | ${cell(row.ours)} | ${cell(row.peer)} | ${[
        row.ours?.done ? '' : `ours: ${row.ours?.error}`,
        row.ours?.unseen.length
          ? `ours acted by role and name on ${row.ours.unseen.map((x) => `“${x}”`).join(', ')}, not in its read`
          : '',
        ...(row.ours?.notes ?? []).map((x) => `ours: ${x}`),
        row.peer?.done ? '' : `peer: ${row.peer?.error}`,
      ]
        .filter(Boolean)
        .join('; ')
        .replaceAll('|', '\\|')} |`,
  );
  const grants = [...new Set(r.grants)];
  return [
    "## The AI's browser on everyday tasks (issue 11)",
    '',
    `${rows.length} small pages from a local server (bench/browserTaskPages.mjs), each a task that ends`,
    'in a request the server logs; a task is done only when that request carries the values asked',
    'for, so the server decides, not the agent. A scripted agent does each task with our tools and with',
    '@playwright/mcp 0.0.83 (bench/browserTasks.mjs), each side first on every other task, both on',
    "this machine's Chromium, headless, through the official SDK client over stdio. Each looks first",
    '(ours `browser_read {action: "read"}`, whose `page` lines or `snapshot` nodes it parses; the peer',
    '`browser_snapshot`, whose YAML it parses for refs), finds the target (ours by role and name,',
    'frames included; the peer by ref), acts, and looks again only where the page changed. The',
    'peer fills two or more fields in a row with one `browser_fill_form`, types into the autocomplete',
    'with `slowly: true`, and answers the confirm with `browser_handle_dialog`; ours uses `act` with',
    '`submit: true` to type then press Enter, `hover`, and `dialog` when an act reports a dialog. A',
    'side stops a task at the first refused step. Ours asks the person before each new kind of act on',
    'each site (a frame of another site is asked for its own): the bench answers each prompt in the app as a person does and',
    'makes the same call again; those calls, and their bytes, are counted, as is a navigation made',
    'again when the first was answered `NAVIGATION_SUPERSEDED`. Bytes are what the model',
    'reads of every answer (SPEC §2): Claude Code, VS Code and Codex the JSON of `structuredContent`',
    'when present, else the text; Claude Desktop the text blocks. The time row counts the timed look',
    `of task 12 and ${READS} more of each side, in turns, on the same page.`,
    grants.length ? `Prompts answered: ${grants.join('; ')}.` : 'No prompt was answered.',
    '',
    '| measure | VMark Web | @playwright/mcp | ratio | target |',
    '|---|---|---|---|---|',
    ...summary.map((row) => `| ${row.join(' | ')} |`),
    '',
    'Each task: done or not, calls, bytes read (Code family / Desktop), and why it failed.',
    '',
    '| task | VMark Web | @playwright/mcp | notes |',
    '|---|---|---|---|',
    ...perTask,
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { CHROMIUM_ARGS, findChromium } = await import('../tests/support/chromium.mjs');
  const port = Number(process.env.VMARK_BENCH_PORT ?? 7395);
  const r = await runBrowserTasksBench(findChromium(), CHROMIUM_ARGS, port);
  console.log(browserTasksSection(r));
}
