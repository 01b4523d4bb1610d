/**
 * A LedgerFs held in memory, for tests. Besides the interface it can put files by hand, delete a
 * folder (as git prunes an empty one), tear the next append part way (a crash mid-write), refuse
 * writes under a folder (an unwritable quarantine), and split appends into small chunks written
 * across several turns of the event loop (so unserialised writers would interleave). Every file
 * has a modification time: a counter that every put, append and write moves on, unless a test
 * sets one.
 */
import type { LedgerFs } from './ledgerFs';
import { parentOf } from './ledgerFs';

export interface MemoryLedgerFs extends LedgerFs {
  /** Puts a file by hand (text as UTF-8), creating its folders. */
  put(path: string, content: string | Uint8Array): void;
  /** A file's text (UTF-8, invalid bytes replaced), or null when it is missing. */
  text(path: string): string | null;
  /** A file's modification time, or null when it is missing. */
  modified(path: string): number | null;
  /** Sets a file's modification time (its content stays). */
  setModified(path: string, time: number): void;
  /** Every file's path, sorted. */
  paths(): string[];
  /** Deletes a folder and everything in it. */
  removeDir(path: string): void;
  /** The next append writes only its first `keep` bytes, then throws. */
  tearNextAppend(keep: number): void;
  /** Appends and writes to paths under `dir` throw from now on. */
  denyWritesUnder(dir: string): void;
  /** From now on each append writes `size`-byte chunks, yielding between them. */
  chunkAppends(size: number): void;
  /** Every append and whole-file write so far, in order. */
  readonly writes: { op: 'append' | 'write'; path: string }[];
}

export function memoryLedgerFs(): MemoryLedgerFs {
  const files = new Map<string, Uint8Array>();
  const times = new Map<string, number>();
  let tick = 0;
  const dirs = new Set<string>(['']);
  const denied: string[] = [];
  const writes: { op: 'append' | 'write'; path: string }[] = [];
  let tearAt: number | null = null;
  let chunk = 0;

  const addDirs = (dir: string) => {
    for (let d = dir; d !== '' && !dirs.has(d); d = parentOf(d)) dirs.add(d);
  };
  const under = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);
  const guard = (path: string) => {
    if (denied.some((d) => under(path, d))) throw new Error(`${path}: permission denied`);
  };
  const concat = (a: Uint8Array, b: Uint8Array) => {
    const out = new Uint8Array(a.length + b.length);
    out.set(a);
    out.set(b, a.length);
    return out;
  };
  const put = (path: string, bytes: Uint8Array) => {
    addDirs(parentOf(path));
    files.set(path, bytes);
    times.set(path, ++tick);
  };

  return {
    writes,
    async list(dir) {
      if (!dirs.has(dir)) return null;
      const names = new Set<string>();
      const prefix = dir === '' ? '' : `${dir}/`;
      for (const p of [...files.keys(), ...dirs])
        if (p !== dir && p.startsWith(prefix)) names.add(p.slice(prefix.length).split('/')[0]);
      return [...names].sort();
    },
    async read(path, from = 0) {
      const bytes = files.get(path);
      return bytes ? bytes.slice(from) : null;
    },
    async size(path) {
      return files.get(path)?.length ?? null;
    },
    async append(path, bytes) {
      guard(path);
      writes.push({ op: 'append', path });
      if (tearAt !== null) {
        const keep = tearAt;
        tearAt = null;
        put(path, concat(files.get(path) ?? new Uint8Array(), bytes.slice(0, keep)));
        throw new Error(`${path}: write torn after ${keep} bytes`);
      }
      if (chunk <= 0) {
        put(path, concat(files.get(path) ?? new Uint8Array(), bytes));
        return;
      }
      for (let at = 0; at < bytes.length; at += chunk) {
        put(path, concat(files.get(path) ?? new Uint8Array(), bytes.slice(at, at + chunk)));
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
    async write(path, bytes) {
      guard(path);
      writes.push({ op: 'write', path });
      put(path, bytes.slice());
    },
    put(path, content) {
      put(path, typeof content === 'string' ? new TextEncoder().encode(content) : content.slice());
    },
    text(path) {
      const bytes = files.get(path);
      return bytes ? new TextDecoder().decode(bytes) : null;
    },
    modified(path) {
      return files.has(path) ? (times.get(path) ?? null) : null;
    },
    setModified(path, time) {
      if (files.has(path)) times.set(path, time);
    },
    paths() {
      return [...files.keys()].sort();
    },
    removeDir(dir) {
      for (const p of [...files.keys()]) {
        if (!under(p, dir)) continue;
        files.delete(p);
        times.delete(p);
      }
      for (const d of [...dirs]) if (under(d, dir)) dirs.delete(d);
    },
    tearNextAppend(keep) {
      tearAt = keep;
    },
    denyWritesUnder(dir) {
      denied.push(dir);
    },
    chunkAppends(size) {
      chunk = size;
    },
  };
}
