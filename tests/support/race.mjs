/**
 * A person typing while AI clients write the same document: the scenario the end-to-end tests
 * check (tests/concurrent.spec.ts) and the benchmark times (bench/race.mjs). Plain JavaScript, so
 * both can use it. Each typist types one letter at a time, at random intervals of 15–65 ms, at the
 * end of its own line; each AI client loops read → write with the revision it read.
 */

/** Letters the typists type; each typist's line must end up holding exactly what it typed. */
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/**
 * A small seeded generator, so a failing run can be replayed with the same FUZZ_SEED.
 * @param {number} seed
 */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes the page time its edits (see src/lib/editors/documentSession.ts) and its keystrokes.
 * Call before the app loads (then reload or navigate).
 * @param {import('playwright-core').Page} page
 */
export async function installProbe(page) {
  await page.addInitScript(() => {
    /** @type {{ edited: object[], confirmed: object[], keys: number[] }} */
    const probe = { edited: [], confirmed: [], keys: [] };
    Object.assign(globalThis, { __vmarkProbe: probe });
    document.addEventListener('keydown', () => probe.keys.push(performance.now()), true);
  });
}

/**
 * Types until `until` (ms since the epoch); answers the letters typed.
 * @param {import('playwright-core').Page} page
 * @param {number} until
 * @param {() => number} rnd
 */
async function typeUntil(page, until, rnd) {
  let typed = '';
  let next = Date.now();
  while (Date.now() < until) {
    const letter = LETTERS[Math.floor(rnd() * LETTERS.length)];
    await page.keyboard.type(letter);
    typed += letter;
    next += 15 + Math.floor(rnd() * 51);
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait);
    else next = Date.now();
  }
  return typed;
}

/**
 * @typedef {{ callTool(request: { name: string, arguments: Record<string, unknown> }): Promise<any> }} ToolClient
 */

/**
 * One AI client's loop while `keepGoing()`: read the tab, write it back with a marker line added
 * and the revision it read (`save: false`). A BUSY answer is waited out for its retry_after_ms,
 * as a client should (one without it counts as a refusal of its own). Answers the markers
 * written, and the refusals by code.
 * @param {ToolClient} client
 * @param {string} name
 * @param {string} tabId
 * @param {() => boolean} keepGoing
 */
export async function aiLoop(client, name, tabId, keepGoing) {
  const accepted = [];
  /** @type {Record<string, number>} */
  const refused = {};
  let n = 0;
  while (keepGoing()) {
    const read = await client.callTool({ name: 'document', arguments: { action: 'read', tabId } });
    if (read.isError) throw new Error(`read failed: ${read.content?.[0]?.text}`);
    const { content, revision } = read.structuredContent;
    const marker = `AI ${name} ${++n}`;
    const next = `${content.replace(/\n*$/, '')}\n\n${marker}\n`;
    const r = await client.callTool({
      name: 'document',
      arguments: {
        action: 'write',
        tabId,
        content: next,
        expected_revision: revision,
        save: false,
      },
    });
    if (!r.isError) accepted.push(marker);
    else {
      let code = r.structuredContent?.error ?? r.content?.[0]?.text ?? 'unknown';
      const wait = r.structuredContent?.retry_after_ms;
      if (code === 'BUSY' && !(typeof wait === 'number' && wait > 0)) {
        code = 'BUSY without retry_after_ms';
      }
      refused[code] = (refused[code] ?? 0) + 1;
      if (code === 'BUSY') await sleep(wait);
    }
  }
  return { accepted, refused };
}

/**
 * The p-th percentile (nearest rank below).
 * @param {number[]} xs
 * @param {number} p
 */
export function percentile(xs, p) {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Per typed key of a page, in its own clock: keystroke → editor (the edit reached the window's
 * session) and keystroke → revision (the core confirmed a revision that includes it).
 * @param {import('playwright-core').Page} page
 * @param {{ keys: number, edits: number }} from counts before the race began
 */
async function latencies(page, from) {
  return page.evaluate((from) => {
    const probe = /** @type {any} */ (globalThis).__vmarkProbe;
    const keys = probe.keys.slice(from.keys);
    const edits = probe.edited.slice(from.edits);
    /** @type {number[]} */
    const toEditor = [];
    /** @type {number[]} */
    const toRevision = [];
    let c = 0;
    keys.forEach((/** @type {number} */ at, /** @type {number} */ i) => {
      const edit = edits[i];
      if (!edit) return;
      toEditor.push(edit.at - at);
      while (c < probe.confirmed.length && probe.confirmed[c].count < edit.count) c++;
      const confirmed = probe.confirmed[c];
      if (confirmed) toRevision.push(confirmed.at - at);
    });
    return { toEditor, toRevision };
  }, from);
}

/**
 * Runs the race for `durationMs`: every typist types at the end of its line while every client
 * loops read → write. The typists' cursors must already be at the end of their lines.
 * @param {{ typists: import('playwright-core').Page[], clients: ToolClient[], tabId: string, durationMs: number, seed: number }} options
 */
export async function race({ typists, clients, tabId, durationMs, seed }) {
  const rnd = random(seed);
  const before = await Promise.all(
    typists.map((page) =>
      page.evaluate(() => {
        const probe = /** @type {any} */ (globalThis).__vmarkProbe;
        return { keys: probe.keys.length, edits: probe.edited.length };
      }),
    ),
  );
  const until = Date.now() + durationMs;
  const [typed, loops] = await Promise.all([
    Promise.all(typists.map((page) => typeUntil(page, until, random(Math.floor(rnd() * 2 ** 31))))),
    Promise.all(
      clients.map((client, i) =>
        aiLoop(client, String.fromCharCode(65 + i), tabId, () => Date.now() < until),
      ),
    ),
  ]);
  // Wait until every edit typed has been confirmed by the core.
  for (const page of typists) {
    await page.waitForFunction(() => {
      const probe = /** @type {any} */ (globalThis).__vmarkProbe;
      const made = probe.edited.at(-1)?.count ?? 0;
      return (probe.confirmed.at(-1)?.count ?? 0) >= made;
    });
  }
  const timing = await Promise.all(typists.map((page, i) => latencies(page, before[i])));
  /** @type {Record<string, number>} */
  const refused = {};
  for (const loop of loops) {
    for (const [code, n] of Object.entries(loop.refused)) refused[code] = (refused[code] ?? 0) + n;
  }
  return {
    typed,
    accepted: loops.flatMap((l) => l.accepted),
    refused,
    toEditor: timing.flatMap((t) => t.toEditor),
    toRevision: timing.flatMap((t) => t.toRevision),
  };
}
