// Small helpers the benchmarks share: percentiles, waiting for a server, writing a page's OPFS.

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The p-th percentile (nearest rank below). */
export const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Polls `check` every 100 ms until it resolves truthy, or throws after `ms`. */
export async function waitFor(check, ms = 15_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Writes `text` to `rel` (folders made on the way) in the page's private file system. */
export async function writeOpfs(page, rel, text) {
  await page.evaluate(
    async ({ rel, text }) => {
      const parts = rel.split('/');
      let dir = await navigator.storage.getDirectory();
      for (const p of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(p, { create: true });
      const w = await (await dir.getFileHandle(parts.at(-1), { create: true })).createWritable();
      await w.write(text);
      await w.close();
    },
    { rel, text },
  );
}
