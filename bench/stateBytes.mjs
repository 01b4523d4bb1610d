// How many bytes `session.get_state` puts in the client's context with 10, 100, 400 and 600 open
// tabs (realistic paths such as /notes/drafts/chapter-12.md), through the whole chain with the real
// app. Next to it, the same tabs in the answer's earlier form (indented JSON; each tab also with
// documentKind, title and readOnly), rebuilt from the new answer, for comparison.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.VMARK_BENCH_STATE_PORT ?? 7396);
const STEPS = [10, 100, 400, 600];
const BOUND = 75_000;

/** The answer in its earlier form: indented, and every tab with documentKind, title, readOnly. */
function earlierForm(state, allTabs) {
  return JSON.stringify(
    {
      windows: state.windows.map((w) => ({
        label: w.label,
        focused: w.focused,
        activeWorkspaceInstanceId: w.activeWorkspaceInstanceId,
        tabs: allTabs.map((t) => ({
          id: t.id,
          kind: t.kind,
          documentKind: t.kind,
          filePath: t.filePath,
          title: t.filePath.slice(t.filePath.lastIndexOf('/') + 1),
          dirty: t.dirty,
          revision: t.revision,
          readOnly: t.readOnly === true,
          active: t.active,
          visible: t.visible,
        })),
      })),
      workspaces: state.workspaces,
      capabilities: {
        version: state.capabilities.version,
        supportedKinds: ['markdown', 'yaml-workflow'],
      },
    },
    null,
    2,
  );
}

export async function runStateBytesBench(executablePath, args) {
  const home = mkdtempSync(join(tmpdir(), 'vmark-bench-state-'));
  const env = { ...process.env, VMARK_PORT: String(PORT), VMARK_HOME: home, VMARK_OPEN: '0' };
  const hub = spawn(process.execPath, [join(root, 'relay/dist/main.js')], { env, stdio: 'ignore' });
  let browser;
  const client = new Client({ name: 'bench-state', version: '1' });
  const rows = [];
  try {
    await waitFor(() => fetch(`http://127.0.0.1:${PORT}/`).then((r) => r.ok));
    browser = await chromium.launch({ executablePath, args, headless: true });
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.locator('.statusbar .ai[data-ai-state="active"]').waitFor();
    const last = STEPS[STEPS.length - 1];
    await page.evaluate(async (count) => {
      const dir = await (
        await navigator.storage.getDirectory()
      ).getDirectoryHandle('drafts', { create: true });
      for (let n = 1; n <= count; n++) {
        const w = await (
          await dir.getFileHandle(`chapter-${n}.md`, { create: true })
        ).createWritable();
        await w.write(`# Chapter ${n}\n\nText.\n`);
        await w.close();
      }
    }, last);
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(root, 'relay/bin/vmark-relay.js')],
        env,
      }),
    );
    const getState = async (extra = {}) => {
      const r = await client.callTool({
        name: 'session',
        arguments: { action: 'get_state', ...extra },
      });
      const text = r.content[0].text;
      return { bytes: Buffer.byteLength(text), state: JSON.parse(text) };
    };
    const empty = await getState();
    let opened = 0;
    for (const step of STEPS) {
      for (; opened < step; opened++) {
        await client.callTool({
          name: 'workspace',
          arguments: { action: 'open', filePath: `/notes/drafts/chapter-${opened + 1}.md` },
        });
      }
      const now = await getState();
      const [main] = now.state.windows;
      const tabs = [...main.tabs];
      for (let offset = main.nextTabOffset; offset !== undefined;) {
        const more = (await getState({ windowLabel: main.label, tabOffset: offset })).state
          .windows[0];
        tabs.push(...more.tabs);
        offset = more.nextTabOffset;
      }
      const before = Buffer.byteLength(earlierForm(now.state, tabs));
      const beforeEmpty = Buffer.byteLength(earlierForm(empty.state, []));
      const listed = main.tabs.length;
      rows.push([
        String(step),
        `${now.bytes.toLocaleString('en-US')}${now.state.truncated ? ` (cut: ${listed} tabs listed, nextTabOffset ${main.nextTabOffset})` : ''}`,
        ((now.bytes - empty.bytes) / listed).toFixed(1),
        before.toLocaleString('en-US'),
        ((before - beforeEmpty) / step).toFixed(1),
      ]);
    }
  } finally {
    await client.close().catch(() => undefined);
    await browser?.close();
    hub.kill();
    rmSync(home, { recursive: true, force: true });
  }
  return [
    `| open tabs | \`get_state\` bytes | bytes a tab | earlier form, bytes | earlier form, bytes a tab |`,
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `Target: at most 170 bytes a tab, title included; an answer never passes ${BOUND.toLocaleString('en-US')} bytes.`,
  ].join('\n');
}

// Run alone: node bench/stateBytes.mjs (after npm run build).
if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { CHROMIUM_ARGS, findChromium } = await import('../tests/support/chromium.mjs');
  console.log(await runStateBytesBench(findChromium(), CHROMIUM_ARGS));
}
