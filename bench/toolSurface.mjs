// What every conversation pays for the tools (issue 25 §4): a client hands the model each tool's
// name, description and input schema, and the server's instructions, in every conversation. Taken
// from the real `tools/list` and `initialize` of each server through the official SDK client over
// stdio: ours through vmark-relay and a hub of this bench's own, first with no app open (the hub
// answers from build/mcp-manifest.json) and again with the app open in headless Chromium (the
// app's core answers), which must be the same list; @playwright/mcp 0.0.83 and
// @modelcontextprotocol/server-filesystem spawned as the other benchmarks spawn them.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium } from 'playwright-core';
import { isDeepStrictEqual } from 'node:util';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startOwnHub } from './coherence.mjs';

const root = new URL('..', import.meta.url).pathname;
const require = createRequire(import.meta.url);
/**
 * SPEC §1: names, descriptions, input schemas and instructions together, under 0.9× what
 * @playwright/mcp's 25 tools cost on the same measure (17,565 bytes, so 15,808), issue 25 §4.
 */
const BUDGET = 15_800;

const bytes = (text) => Buffer.byteLength(text ?? '', 'utf8');

/** What a client sends the model for one tool, and what it may add (the output schema). */
export function toolBytes(tool) {
  return {
    name: tool.name,
    surface: bytes(
      JSON.stringify({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
      }),
    ),
    description: bytes(tool.description),
    inputSchema: bytes(JSON.stringify(tool.inputSchema)),
    outputSchema: tool.outputSchema ? bytes(JSON.stringify(tool.outputSchema)) : 0,
    /** The whole entry as tools/list sends it: title, annotations and output schema too. */
    whole: bytes(JSON.stringify(tool)),
  };
}

/** Connects the SDK client over stdio; gives the tools/list and instructions, then closes. */
async function listOver(name, command, args, options = {}) {
  const client = new Client({ name, version: '1' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore', ...options }));
  try {
    const { tools } = await client.listTools();
    return { tools, instructions: client.getInstructions() ?? '' };
  } finally {
    await client.close();
  }
}

function summary(label, version, listed) {
  const tools = listed.tools.map(toolBytes);
  const surface = tools.reduce((n, t) => n + t.surface, 0);
  const instructions = bytes(listed.instructions);
  const largest = tools.reduce((a, b) => (b.surface > a.surface ? b : a));
  return {
    label,
    version,
    tools,
    surface,
    instructions,
    total: surface + instructions,
    outputSchemas: tools.reduce((n, t) => n + t.outputSchema, 0),
    whole: tools.reduce((n, t) => n + t.whole, 0),
    largest,
  };
}

const versionOf = (pkg) => require(`${pkg}/package.json`).version;

export async function runToolSurfaceBench(executablePath, args, port) {
  const { hub, home } = await startOwnHub(port);
  const env = { ...process.env, VMARK_PORT: String(hub.port), VMARK_HOME: home, VMARK_OPEN: '0' };
  const relay = [join(root, 'relay/bin/vmark-relay.js')];
  const peerDir = mkdtempSync(join(tmpdir(), 'vmark-bench-surface-'));
  let browser;
  try {
    const beforeApp = await listOver('bench-surface', process.execPath, relay, { env });
    browser = await chromium.launch({ executablePath, args, headless: true });
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await page.goto(hub.url);
    await page.locator('.statusbar .ai[data-ai-state="active"]').waitFor();
    const fromApp = await listOver('bench-surface', process.execPath, relay, { env });
    if (!isDeepStrictEqual(beforeApp, fromApp)) {
      throw new Error(
        'The hub’s manifest and the app list different tools: rebuild (npm run build).',
      );
    }
    const playwrightCli = join(dirname(require.resolve('@playwright/mcp/package.json')), 'cli.js');
    const playwright = await listOver(
      'bench-surface',
      process.execPath,
      [playwrightCli, '--headless', '--isolated', '--executable-path', executablePath],
      { cwd: peerDir, env: { ...process.env } },
    );
    const fsDir = dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json'));
    const filesystem = await listOver('bench-surface', process.execPath, [
      join(fsDir, 'dist/index.js'),
      peerDir,
    ]);
    return {
      ours: summary(
        'VMark Web',
        JSON.parse(readFileSync(join(root, 'package.json'))).version,
        fromApp,
      ),
      peers: [
        summary('@playwright/mcp', versionOf('@playwright/mcp'), playwright),
        summary(
          '@modelcontextprotocol/server-filesystem',
          versionOf('@modelcontextprotocol/server-filesystem'),
          filesystem,
        ),
      ],
    };
  } finally {
    await browser?.close();
    await hub.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(peerDir, { recursive: true, force: true });
  }
}

const n = (x) => x.toLocaleString('en-US');

export function toolSurfaceSection({ ours, peers }) {
  const [playwright] = peers;
  const ratio = (ours.total / playwright.total).toFixed(2);
  const servers = [ours, ...peers].map(
    (s) =>
      `| ${s.label} ${s.version} | ${s.tools.length} | ${n(s.surface)} | ${n(s.instructions)} | ` +
      `**${n(s.total)}** | ${n(Math.round(s.surface / s.tools.length))} | ` +
      `${s.largest.name} ${n(s.largest.surface)} | ${n(s.outputSchemas)} | ${n(s.whole)} |`,
  );
  const perTool = ours.tools.map(
    (t) =>
      `| ${t.name} | ${n(t.surface)} | ${n(t.description)} | ${n(t.inputSchema)} | ${n(t.outputSchema)} |`,
  );
  const peerTools = peers.map(
    (s) =>
      `- ${s.label}: ` +
      [...s.tools]
        .sort((a, b) => b.surface - a.surface)
        .map((t) => `${t.name} ${n(t.surface)}`)
        .join(', ') +
      '.',
  );
  return `## What every conversation pays for the tools (issue 25)

A client hands the model every tool's name, description and input schema, and the server's
\`instructions\`, in every conversation. Bytes are UTF-8 of \`JSON.stringify({name, description,
inputSchema})\` per tool, from each server's real \`tools/list\` through the official SDK client over
stdio (bench/toolSurface.mjs): ours through \`vmark-relay\` and the hub, listed once with no app open
(the hub's manifest) and once answered by the app in headless Chromium, the same list both times.
Output schemas are counted apart: not every client sends them to the model; the last column is
each whole \`tools/list\` entry (title, annotations and output schema included), without the
instructions. Budget (SPEC §1): names, descriptions, input schemas and instructions
≤ ${n(BUDGET)} bytes, under 0.9× @playwright/mcp's on the same measure (issue 25 §4); ours is
${n(ours.total)}, ${ratio}× @playwright/mcp's, for nine tools. Before the cuts of issue 25 §4 ours
was 39,148 + 2,633 of instructions = 41,781, and 17,916 (1.02×) after the first. The peers'
figures in issue 25 (20,286 and 12,973) are, within 30 bytes, their whole entries: the last column.

| server | tools | names + descriptions + input schemas | instructions | total | a tool, mean | largest tool | output schemas | whole tools/list entries |
|---|---|---|---|---|---|---|---|---|
${servers.join('\n')}

Ours, tool by tool (the description and the input schema are parts of the first column):

| tool | name + description + input schema | description | input schema | output schema |
|---|---|---|---|---|
${perTool.join('\n')}

The peers' tools, largest first (name + description + input schema):

${peerTools.join('\n')}
`;
}
