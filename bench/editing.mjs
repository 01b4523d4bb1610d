// Through the whole chain with the real app: workflow.validate (the WebAssembly cold start and warm
// calls), and what a 100-character edit in a 1 MB document costs in bytes on the client's wire:
// selection.get + selection.set against document.read + document.write.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, treePssMb, waitFor, writeOpfs } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.VMARK_BENCH_EDIT_PORT ?? 7397);
const WORKFLOW = join(root, 'tests', 'corpus', 'workflows', 'deployments_aws.yml');

/** Counts the UTF-8 bytes of every JSON-RPC message the client sends and receives. */
function countBytes(transport) {
  const counter = { bytes: 0 };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    counter.bytes += Buffer.byteLength(JSON.stringify(message)) + 1;
    return send(message, options);
  };
  const receive = transport.onmessage;
  transport.onmessage = (message, extra) => {
    counter.bytes += Buffer.byteLength(JSON.stringify(message)) + 1;
    receive?.(message, extra);
  };
  return counter;
}

export async function runEditingBench(executablePath, args) {
  const home = mkdtempSync(join(tmpdir(), 'vmark-bench-edit-'));
  const env = { ...process.env, VMARK_PORT: String(PORT), VMARK_HOME: home, VMARK_OPEN: '0' };
  const hub = spawn(process.execPath, [join(root, 'relay/dist/main.js')], { env, stdio: 'ignore' });
  let browser;
  const client = new Client({ name: 'bench-editing', version: '1' });
  try {
    await waitFor(() => fetch(`http://127.0.0.1:${PORT}/`).then((r) => r.ok));
    // A marker on the browser's command line finds its process tree for the memory figures.
    const marker = `--vmark-bench-editing=${process.pid}`;
    browser = await chromium.launch({ executablePath, args: [...args, marker], headless: true });
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await page.goto(`http://127.0.0.1:${PORT}/`);
    await page.locator('.statusbar .ai[data-ai-state="active"]').waitFor();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(root, 'relay/bin/vmark-relay.js')],
      env,
    });
    await client.connect(transport);
    const counter = countBytes(transport);
    const tool = async (name, args) => {
      const r = await client.callTool({ name, arguments: args });
      if (r.isError) throw new Error(`${name}.${args.action}: ${r.content[0]?.text}`);
      return r.structuredContent;
    };

    // workflow.validate: the first call starts the window's worker and compiles the wasm.
    await writeOpfs(page, '.github/workflows/deploy.yml', readFileSync(WORKFLOW, 'utf8'));
    const wf = await tool('workspace', {
      action: 'open',
      filePath: '/notes/.github/workflows/deploy.yml',
    });
    await new Promise((r) => setTimeout(r, 1000));
    const memoryBefore = treePssMb(marker);
    let t = performance.now();
    await tool('workflow', { action: 'validate', tabId: wf.tabId });
    const cold = performance.now() - t;
    const warm = [];
    for (let i = 0; i < 30; i++) {
      t = performance.now();
      await tool('workflow', { action: 'validate', tabId: wf.tabId });
      warm.push(performance.now() - t);
    }
    await new Promise((r) => setTimeout(r, 1000));
    const memoryAfter = treePssMb(marker);
    // Compiling the wasm takes memory that V8 gives back over the next half minute.
    await new Promise((r) => setTimeout(r, 30_000));
    const memorySettled = treePssMb(marker);

    // A 1 MB document of 100-character lines, shown in source mode; the person selects line 1.
    const line = `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut lab'.slice(0, 99)}\n`;
    await writeOpfs(page, 'big.md', line.repeat(Math.ceil(1_000_000 / line.length)));
    const big = await tool('workspace', { action: 'open', filePath: '/notes/big.md' });
    await tool('workspace', { action: 'switch_tab', tabId: big.tabId });
    // A 1 MB file opens in WYSIWYG; the person turns it to source mode (Ctrl+/).
    const shown = page.locator('.document:not(.hidden)[data-ready="true"]');
    await shown.locator('.ProseMirror').click();
    await page.keyboard.press('Control+/');
    await page.locator('.document:not(.hidden)[data-mode="source"]').waitFor();
    const first = shown.locator('.cm-line').first();
    await first.click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');

    counter.bytes = 0;
    const sel = await tool('selection', { action: 'get' });
    await tool('selection', {
      action: 'set',
      content: sel.text.toUpperCase(),
      expected_revision: sel.revision,
    });
    const selectionBytes = counter.bytes;

    counter.bytes = 0;
    const read = await tool('document', { action: 'read', tabId: big.tabId });
    const current = read.truncated ? null : read.content.replace(/^[^\n]*/, (l) => l.toLowerCase());
    // A truncated read cannot be written back; a client that has the whole text would send it all.
    const text = current ?? line.repeat(Math.ceil(1_000_000 / line.length));
    await tool('document', { action: 'write', tabId: big.tabId, content: text, save: false });
    const documentBytes = counter.bytes;

    const kb = (b) => `${(b / 1000).toFixed(1)} KB`;
    return [
      '| measure | result | target |',
      '|---|---|---|',
      `| \`workflow.validate\` cold (first call: worker start, wasm fetch and compile, first lint) | ${cold.toFixed(0)} ms | — |`,
      `| \`workflow.validate\` warm, 95-line workflow (p50 of 30) | ${median(warm).toFixed(1)} ms | ≤ 100 ms |`,
      `| Chromium's memory (PSS of all its processes) before the first validate; what the window's linter (worker, wasm, Go heap) added 1 s after 31 validations, and 30 s later | ${memoryBefore.toFixed(0)} MB; +${(memoryAfter - memoryBefore).toFixed(0)} MB, +${(memorySettled - memoryBefore).toFixed(0)} MB | — |`,
      `| Bytes on the client's wire for a ${sel.text.length}-character edit in a ${(text.length / 1e6).toFixed(2)} MB document: \`selection.get\` + \`selection.set\` | ${kb(selectionBytes)} | ≤ 2 KB |`,
      `| The same edit with \`document.read\` + \`document.write\` (the read answer is ${read.truncated ? 'truncated at 75,000 bytes, so a real client could not even rebuild the text from it' : 'whole'}) | ${kb(documentBytes)} | — |`,
    ].join('\n');
  } finally {
    await client.close().catch(() => undefined);
    await browser?.close();
    hub.kill();
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { CHROMIUM_ARGS, findChromium } = await import('../tests/support/chromium.mjs');
  console.log(await runEditingBench(findChromium(), CHROMIUM_ARGS));
}
