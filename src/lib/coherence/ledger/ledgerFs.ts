/**
 * The few file operations the ledger needs, over paths relative to the workspace root with `/`
 * (e.g. `.vmark/ledger/<writer>.jsonl`). Implementations: memoryLedgerFs.ts (tests) and
 * fsaLedgerFs.ts (File System Access API / OPFS). Every method throws on an I/O failure (a missing
 * file or folder is not a failure: it answers null); the ledger turns throws into error values.
 */
export interface LedgerFs {
  /** The names of the files and folders directly inside `dir`, or null when `dir` is missing. */
  list(dir: string): Promise<string[] | null>;
  /** A file's bytes from byte `from` (default 0) to its end, or null when it is missing. */
  read(path: string, from?: number): Promise<Uint8Array | null>;
  /** A file's size in bytes, or null when it is missing. */
  size(path: string): Promise<number | null>;
  /** Appends to the end of a file, creating it and any missing parent folder, every time. */
  append(path: string, bytes: Uint8Array): Promise<void>;
  /** Replaces a whole file at once (never half written), creating missing parent folders. */
  write(path: string, bytes: Uint8Array): Promise<void>;
}

/**
 * Runs `fn` holding the lock called `name`, so writes to one workspace never overlap. The app
 * passes a Web Locks wrapper (one name per workspace); tests pass `inProcessLock()`.
 */
export type LockFn = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

/** A lock inside one JavaScript realm: callers of one name run one at a time, in call order. */
export function inProcessLock(): LockFn {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const previous = tails.get(name) ?? Promise.resolve();
    const run = previous.then(() => fn());
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    void tail.then(() => {
      if (tails.get(name) === tail) tails.delete(name);
    });
    return run;
  };
}

/** The parent folder of a `/`-separated path ('' for a top-level name). */
export function parentOf(path: string): string {
  const at = path.lastIndexOf('/');
  return at < 0 ? '' : path.slice(0, at);
}

/** The last segment of a `/`-separated path. */
export function nameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
