// What the browser's private file system costs by itself, with no app code: the floor under the
// first scan of a big folder, which reads every note and stores one snapshot file per new content
// (the ledger's format: `.vmark/snapshots/sha256/<2 hex>/<62 hex>`). Measured in a SharedWorker,
// where the app core runs, on files of the size of the coherence bench's notes; and, for
// comparison, the two ways a page might hope to write faster: a dedicated worker's synchronous
// access handles (not offered in a SharedWorker), and two workers writing at once.
import http from 'node:http';

/** Files per measure, spread over 256 folders as snapshots are. */
export const FLOOR_FILES = 2_000;
/** As many operations in flight as the scan keeps (RECONCILE_AT_ONCE, HASH_AT_ONCE). */
const WRITES_AT_ONCE = 32;
const READS_AT_ONCE = 64;

// The worker: one message, one measure, one answer (per-file milliseconds).
const WORKER = `
const run = async ({ measure, n, bytes: size }) => {
  const root = await navigator.storage.getDirectory();
  const folders = async (name) => {
    const top = await root.getDirectoryHandle(name, { create: true });
    const out = [];
    for (let i = 0; i < 256; i++)
      out.push(await top.getDirectoryHandle(i.toString(16).padStart(2, '0'), { create: true }));
    return out;
  };
  const bytes = new TextEncoder().encode('a'.repeat(size));
  const pool = async (width, fn) => {
    let next = 0;
    await Promise.all(Array.from({ length: width }, async () => {
      while (next < n) await fn(next++);
    }));
  };
  const write = async (dirs, i) => {
    const file = await dirs[i % 256].getFileHandle('f' + i, { create: true });
    if (measure === 'sync') {
      const handle = await file.createSyncAccessHandle();
      handle.write(bytes, { at: 0 });
      handle.truncate(bytes.length);
      handle.flush();
      handle.close();
      return;
    }
    const stream = await file.createWritable();
    await stream.write(bytes);
    await stream.close();
  };
  const read = async (dirs, i) => {
    const file = await dirs[i % 256].getFileHandle('f' + i);
    return (await (await file.getFile()).arrayBuffer()).byteLength;
  };
  const stamp = measure + '-' + Math.random().toString(36).slice(2);
  const source = await folders('read-' + stamp);
  if (measure === 'read' || measure === 'both') await pool(${WRITES_AT_ONCE}, (i) => write(source, i));
  const target = await folders('write-' + stamp);
  const start = performance.now();
  if (measure === 'read') await pool(${READS_AT_ONCE}, (i) => read(source, i));
  else if (measure === 'both')
    await Promise.all([
      pool(${READS_AT_ONCE}, (i) => read(source, i)),
      pool(${WRITES_AT_ONCE}, (i) => write(target, i)),
    ]);
  else await pool(${WRITES_AT_ONCE}, (i) => write(target, i));
  const ms = performance.now() - start;
  await root.removeEntry('read-' + stamp, { recursive: true });
  await root.removeEntry('write-' + stamp, { recursive: true });
  return ms / n;
};
onconnect = (e) => { const port = e.ports[0]; port.onmessage = async (m) => port.postMessage(await run(m.data)); };
onmessage = async (m) => postMessage(await run(m.data));
`;

/** Serves a blank page and the worker on a port of its own (the file system wants an origin). */
function serve() {
  const server = http.createServer((req, res) => {
    if (req.url.startsWith('/floor-worker.js')) {
      res.setHeader('content-type', 'text/javascript');
      res.end(WORKER);
      return;
    }
    res.setHeader('content-type', 'text/html');
    res.end('<!doctype html><title>floor</title>');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Runs `measure` in `workers` workers at once (shared unless `dedicated`); per-file ms of each. */
function inWorkers(page, measure, { workers = 1, dedicated = false, bytes }) {
  return page.evaluate(
    ({ measure, n, workers, dedicated, bytes }) =>
      Promise.all(
        Array.from(
          { length: workers },
          (_, k) =>
            new Promise((resolve) => {
              const url = `/floor-worker.js?${measure}-${k}-${Math.random()}`;
              if (dedicated) {
                const w = new Worker(url);
                w.onmessage = (e) => {
                  resolve(e.data);
                  w.terminate();
                };
                w.postMessage({ measure, n, bytes });
              } else {
                const w = new SharedWorker(url);
                w.port.onmessage = (e) => resolve(e.data);
                w.port.postMessage({ measure, n, bytes });
              }
            }),
        ),
      ),
    { measure, n: FLOOR_FILES, workers, dedicated, bytes },
  );
}

/**
 * Per-file milliseconds: `read` (a file read whole), `write` (a file created and written through
 * a writable stream), `both` (one read and one write, both kinds in flight together), `sync` (a
 * write through a synchronous access handle in a dedicated worker) and `twoWriters` (a file's
 * share of the time when two SharedWorkers write as many files each, at once).
 */
export async function measureOpfsFloor(browser, bytes) {
  const server = await serve();
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    const [read] = await inWorkers(page, 'read', { bytes });
    const [write] = await inWorkers(page, 'write', { bytes });
    const [both] = await inWorkers(page, 'both', { bytes });
    const [sync] = await inWorkers(page, 'sync', { dedicated: true, bytes });
    const pair = await inWorkers(page, 'write', { workers: 2, bytes });
    // Both wrote FLOOR_FILES files at once: twice the files in the slower one's time.
    const twoWriters = Math.max(...pair) / 2;
    return { read, write, both, sync, twoWriters };
  } finally {
    await context.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
