// Small helpers the benchmarks share: percentiles, waiting for a server, writing a page's OPFS,
// the memory of a process tree.
import { readFileSync, readdirSync } from 'node:fs';

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

/** Resident set size (MB) of one process, from /proc (Linux only). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
}

/**
 * Proportional set size (MB) of a process and all its descendants, from /proc (Linux only):
 * shared pages are split between the processes that share them, so the sum is what the tree
 * costs. The root is the process whose command line holds `marker`.
 */
export function treePssMb(marker) {
  return treePss(
    (pids) =>
      pids.find((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker);
        } catch {
          return false;
        }
      }),
    `no process with ${marker} in its command line`,
  );
}

/** The same for the tree under the process `pid`. */
export function treePssMbOf(pid) {
  return treePss(() => String(pid), `no process ${pid}`);
}

function treePss(findRoot, missing) {
  const pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  const parent = new Map();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  const root = findRoot(pids);
  if (root === undefined) throw new Error(missing);
  const inTree = (pid) => {
    for (let at = pid; at !== undefined && at !== '0'; at = parent.get(at))
      if (at === root) return true;
    return false;
  };
  let kb = 0;
  for (const pid of pids.filter(inTree)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return kb / 1024;
}

/** CPU time (ms) a process has used so far, user and system, from /proc (Linux only; 10 ms steps). */
export function cpuMsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
