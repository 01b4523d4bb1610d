// Documents of any size for AI clients (issue 28): a 96-character change in the middle of the
// CommonMark spec and of a 1 MB document, (a) with a whole read and write, computed (a read above
// the output limit answers a preview, so the whole text would have to come back some other way),
// and (b) with outline → section read → section write, measured through the official SDK client
// over stdio, vmark-relay, a hub of this bench's own and the app in headless Chromium. Counted:
// the bytes the model reads in both client families (the JSON of structuredContent; the text
// content) and the bytes it sends (the calls' arguments), and the time. Then a generated 1 MB note
// of ordinary paragraphs read whole in pages.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { chromium } from 'playwright-core';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startOwnHub } from './coherence.mjs';
import { median, writeOpfs } from './stats.mjs';

const root = new URL('..', import.meta.url).pathname;
const SPEC = join(root, 'tests', 'corpus', 'markdown', 'commonmark-spec.md');
const CHANGE = 96;
/** Target: the section path costs at most this share of the whole read and write's bytes. */
const TARGET = 0.05;

const bytes = (text) => Buffer.byteLength(text, 'utf8');
const kb = (n) => `${(n / 1000).toFixed(1)} KB`;

/** A 1 MB document with structure: chapters of sections of ordinary paragraphs. */
function structuredMegabyte() {
  const paragraph =
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.\n\n';
  const parts = [];
  let size = 0;
  for (let p = 0; size < 1_000_000; p++) {
    if (p % 400 === 0) parts.push(`# Chapter ${p / 400 + 1}\n\n`);
    if (p % 50 === 0) parts.push(`## Section ${p / 50 + 1}\n\n`);
    parts.push(paragraph);
    size += paragraph.length;
  }
  return parts.join('');
}

/** A 1 MB note of ordinary paragraphs and no headings at all. */
function plainMegabyte() {
  const paragraph =
    'An ordinary paragraph of a long note: what was said, what was decided, and what comes next.\n\n';
  return paragraph.repeat(Math.ceil(1_000_000 / paragraph.length));
}

/** The line a change goes in: the first at or after the middle with room for it, not a heading. */
function middleLine(text) {
  const lines = text.split('\n');
  for (let i = Math.floor(lines.length / 2); i < lines.length; i++) {
    if (lines[i].length >= CHANGE && !lines[i].startsWith('#')) return i + 1;
  }
  throw new Error('no line long enough for the change');
}

/** `line` with its first 96 characters replaced by as many others. */
function changed(line, round) {
  const mark = String.fromCharCode(65 + (round % 26));
  return mark.repeat(CHANGE) + line.slice(CHANGE);
}

/** A call and what crossed: the arguments sent, the answer in both client families. */
async function call(client, name, args, tally) {
  const r = await client.callTool({ name, arguments: args });
  const text = r.content.map((b) => (b.type === 'text' ? b.text : '')).join('');
  tally.sent += bytes(JSON.stringify(args));
  tally.structured += bytes(JSON.stringify(r.structuredContent ?? {}));
  tally.text += bytes(text);
  if (r.isError) throw new Error(`${name} ${args.action}: ${text}`);
  return r.structuredContent;
}

/** (a): the whole text read and written back, computed from the answers the app would give. */
function wholeCost(tabId, text, revision, path, next) {
  const read = JSON.stringify({
    content: text,
    revision,
    filePath: path,
    kind: 'markdown',
    dirty: false,
    tabId,
  });
  const write = { action: 'write', tabId, content: next, expected_revision: revision, save: false };
  const answer = JSON.stringify({ revision, saved: false, save_skipped: 'opt_out' });
  return {
    sent: bytes(JSON.stringify({ action: 'read', tabId })) + bytes(JSON.stringify(write)),
    read: bytes(read) + bytes(answer),
  };
}

/** (b): outline → the deepest section holding the line → section read → section write. */
async function sectionEdit(client, tabId, line, round) {
  const tally = { sent: 0, structured: 0, text: 0 };
  const t = performance.now();
  const { outline } = await call(
    client,
    'document',
    { action: 'read', tabId, view: 'outline' },
    tally,
  );
  const holding = outline.filter((s) => s.startLine <= line && line <= s.endLine);
  const section = holding.at(-1);
  const read = await call(
    client,
    'document',
    { action: 'read', tabId, section: section.path },
    tally,
  );
  const lines = read.content.split('\n');
  const at = line - read.startLine;
  lines[at] = changed(lines[at], round);
  await call(
    client,
    'document',
    {
      action: 'write',
      tabId,
      section: section.path,
      content: lines.join('\n'),
      expected_revision: read.revision,
      save: false,
    },
    tally,
  );
  return { ...tally, ms: performance.now() - t, path: section.path };
}

/**
 * (c): outline → find (a phrase of the line) → that line read → that line written: what a model
 * does in a section too large to read whole.
 */
async function lineEdit(client, tabId, line, phrase, round) {
  const tally = { sent: 0, structured: 0, text: 0 };
  const t = performance.now();
  await call(client, 'document', { action: 'read', tabId, view: 'outline' }, tally);
  const found = await call(client, 'document', { action: 'read', tabId, find: phrase }, tally);
  const at = found.matches.find((m) => m.line === line)?.line;
  if (at === undefined) throw new Error(`find did not name line ${line}`);
  const read = await call(
    client,
    'document',
    { action: 'read', tabId, startLine: at, endLine: at },
    tally,
  );
  await call(
    client,
    'document',
    {
      action: 'write',
      tabId,
      startLine: at,
      endLine: at,
      content: changed(read.content, round),
      expected_revision: read.revision,
      save: false,
    },
    tally,
  );
  return { ...tally, ms: performance.now() - t };
}

/** The whole text, read in pages; each page's size in both families. */
async function readInPages(client, tabId) {
  const tally = { sent: 0, structured: 0, text: 0 };
  const t = performance.now();
  const parts = [];
  let largest = 0;
  let next = 1;
  while (next !== undefined) {
    const before = tally.text;
    const page = await call(client, 'document', { action: 'read', tabId, startLine: next }, tally);
    largest = Math.max(largest, tally.text - before);
    parts.push(page.content);
    next = page.nextLine;
  }
  return {
    tally,
    ms: performance.now() - t,
    pages: parts.length,
    largest,
    joined: parts.join('\n'),
  };
}

async function openDocument(client, page, name, text) {
  await writeOpfs(page, `bench-parts/${name}`, text);
  const filePath = `/notes/bench-parts/${name}`;
  const opened = await client.callTool({
    name: 'workspace',
    arguments: { action: 'open', filePath },
  });
  return { tabId: opened.structuredContent.tabId, filePath };
}

async function measureDocument(client, page, name, text, runs) {
  const { tabId, filePath } = await openDocument(client, page, name, text);
  const line = middleLine(text);
  const first = await client.callTool({
    name: 'document',
    arguments: { action: 'read', tabId, startLine: 1, endLine: 1 },
  });
  const revision = first.structuredContent.revision;
  const lines = text.split('\n');
  lines[line - 1] = changed(lines[line - 1], 0);
  const whole = wholeCost(tabId, text, revision, filePath, lines.join('\n'));
  const section = [];
  const byLine = [];
  const expected = text.split('\n');
  for (let round = 0; round < runs; round++) {
    section.push(await sectionEdit(client, tabId, line, round));
    expected[line - 1] = changed(expected[line - 1], round);
    // A phrase of the line the model knows (the generated paragraphs are all alike but for the
    // change just made, so it is that change's start).
    const phrase = expected[line - 1].slice(0, 30);
    byLine.push(await lineEdit(client, tabId, line, phrase, round + 1));
    expected[line - 1] = changed(expected[line - 1], round + 1);
  }
  // The edits landed where they should, and nothing else moved: the whole text, read in pages.
  const after = await readInPages(client, tabId);
  if (`${after.joined}\n` !== expected.join('\n'))
    throw new Error(`${name}: the text after the edits is not the expected one`);
  return { name, size: bytes(text), whole, section, byLine, path: section[0].path };
}

export async function runDocumentPartsBench(executablePath, args, port, runs = 5) {
  const { hub, home } = await startOwnHub(port);
  const browser = await chromium.launch({ executablePath, args, headless: true });
  const client = new Client({ name: 'bench-document-parts', version: '1' });
  try {
    const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
    await page.goto(hub.url);
    await page.locator('.statusbar .ai[data-ai-state="active"]').waitFor();
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(root, 'relay/bin/vmark-relay.js')],
        env: { ...process.env, VMARK_PORT: String(hub.port), VMARK_HOME: home, VMARK_OPEN: '0' },
      }),
    );
    const docs = [
      await measureDocument(client, page, 'spec.md', readFileSync(SPEC, 'utf8'), runs),
      await measureDocument(client, page, 'structured-1mb.md', structuredMegabyte(), runs),
    ];
    const note = plainMegabyte();
    const { tabId } = await openDocument(client, page, 'note-1mb.md', note);
    const paged = await readInPages(client, tabId);
    if (`${paged.joined}\n` !== note)
      throw new Error('the 1 MB note read in pages is not its text');
    const { joined: _, ...figures } = paged;
    return { docs, paged: { ...figures, size: bytes(note) }, runs };
  } finally {
    await client.close().catch(() => undefined);
    await browser.close();
    await hub.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** A way's row: what it reads in each family, sends, its share of (a), and its time. */
function row(label, r, whole) {
  const total = whole.read + whole.sent;
  const share = Math.max(r.structured, r.text) + r.sent;
  const ms = r.ms === undefined ? '—' : `${r.ms.toFixed(0)} ms`;
  const mark = r.ms === undefined ? '' : share / total <= TARGET ? ' ✓' : ' ✗';
  return `| | ${label} | ${kb(r.structured)} | ${kb(r.text)} | ${kb(r.sent)} | ${((share / total) * 100).toFixed(1)} %${mark} | ${ms} |`;
}

const medianOf = (runs) => ({
  structured: runs[0].structured,
  text: runs[0].text,
  sent: runs[0].sent,
  ms: median(runs.map((r) => r.ms)),
});

export function documentPartsSection({ docs, paged, runs }) {
  const rows = docs.flatMap((d) => [
    `| ${d.name} (${kb(d.size)}) | | | | | | |`,
    row(
      '(a) whole read + whole write, computed',
      { structured: d.whole.read, text: d.whole.read, sent: d.whole.sent },
      d.whole,
    ),
    row(`(b) outline → section read → section write (\`${d.path}\`)`, medianOf(d.section), d.whole),
    row('(c) outline → find → line read → line write', medianOf(d.byLine), d.whole),
  ]);
  return `## Documents of any size: outline → section edits (issue 28)

A ${CHANGE}-character change in the middle of each document. (a) is computed: the whole text read
and written back (a read above the 75,000-byte output limit answers a preview, so a client could
not even get the text that way). (b) is measured through the SDK client over stdio, the relay, a
hub of this bench's own and the app: \`document.read {view: "outline"}\`, the deepest section
holding the line (\`section\`), and \`document.write {section, content, expected_revision}\`. "of (a)" is the bytes read (the
larger family) plus the bytes sent, over (a)'s.
"structured" is the JSON of \`structuredContent\` (Claude Code, VS Code, Codex), "text" the text
content (Claude Desktop); sent is the calls' arguments. Time: median of ${runs} rounds.

| document | path | read (structured) | read (text) | sent | of (a), target ≤ ${TARGET * 100} % | time |
|---|---|---|---|---|---|---|
${rows.join('\n')}

(c) is not in the issue: where the line falls in a section too large for the target (the spec's
middle is in its largest section), \`find\` names the line and only that line crosses.

A generated 1 MB note of ordinary paragraphs (${kb(paged.size)}, no headings) read whole with
\`startLine\`/\`nextLine\`: ${paged.pages} pages, the largest answer ${kb(paged.largest)} (under
75,000 bytes), ${kb(paged.tally.text)} read in all, in ${paged.ms.toFixed(0)} ms; the pages joined
are the text.
`;
}
