/**
 * How a scan writes what it found: entries made as it goes, written together (APPEND_BATCH a time,
 * one append after the other) into this writer's segment, `.vmark/` set up once before the first.
 * A scan holds the ledger lock throughout, so nothing here takes it. A write that fails loses only
 * its batch, reported per file; the next scan, finding the same differences, makes them again.
 */
import { rfc3339, type LedgerEntry } from '../format/envelope';
import { appendEntries, ensureInitialized, type LedgerCache } from '../ledger/ledger';
import type { LockFn } from '../ledger/ledgerFs';
import type { KnownBodies, KnownKind } from '../format/records';
import { scanError, type ScanError } from './scanErrors';
import type { KernelDeps } from './workspaceState';

/**
 * How many entries wait, at least, before the scan waits for the appends under way (a browser's
 * file append copies the whole file: few, larger appends).
 */
export const APPEND_BATCH = 2048;
/** While no append is under way, one starts as soon as this many entries wait, at least. */
export const EARLY_BATCH = 256;
/**
 * An append waits, besides, until its entries hold about this share of the segment's size: each
 * append copies the segment, so appends that grow with it copy it a bounded number of times in
 * all (adopting 10,000 documents writes a 10 MB segment: 256 entries at a time would be about 80
 * appends copying about 400 MB).
 */
export const GROWTH = 1 / 2;

/** The scan holds the ledger lock already; the ledger calls inside it must not wait for it. */
export const held: LockFn = (_name, fn) => fn();

/** An entry made, not written yet, and the file it is about. */
export interface Pending {
  entry: LedgerEntry;
  about: string;
}

export class ScanRecorder {
  /** `.vmark/` exists (a diagnostic is only written into an existing record). */
  initialized = false;
  private ensured = false;
  private ensuring: ReturnType<typeof ensureInitialized> | null = null;
  /** Entries made but not written yet: written together, in order. */
  private pending: Pending[] = [];
  /** The appends under way, one after the other (two appends never overlap). */
  private writing: Promise<void> = Promise.resolve();
  private appending = 0;
  /** The segment's size after this scan's last append, and the bytes an entry took in it. */
  private segmentBytes = 0;
  private entryBytes = 0;

  constructor(
    private readonly deps: KernelDeps,
    /** The scan's list of what it could not do (its report's `errors`). */
    private readonly errors: ScanError[],
    /** The session's ledger cache: told of each append, so no read parses this scan's lines. */
    private readonly cache?: LedgerCache,
  ) {}

  /**
   * Makes an entry: into `made` when given (the caller enqueues its entries together, see
   * enqueue), else straight into the next append. False when `.vmark/` could not be set up.
   */
  async append<K extends KnownKind>(
    kind: K,
    body: KnownBodies[K],
    about: string,
    made?: Pending[],
  ): Promise<boolean> {
    const { deps, errors } = this;
    if (!this.ensured) {
      // Documents reconciled at once share one setting up of `.vmark/`.
      this.ensuring ??= ensureInitialized(deps.fs, { lock: held });
      const ready = await this.ensuring;
      if (!ready.ok) {
        this.ensuring = null;
        if (!errors.some((e) => e.code === 'record-not-started'))
          errors.push(scanError('record-not-started', null, ready.error));
        return false;
      }
      this.ensured = this.initialized = true;
    }
    const entry = {
      format: 0,
      id: deps.mintId(),
      kind,
      time: rfc3339(deps.now()),
      writer: deps.writer,
      idem: deps.mintId(),
      body,
    } as unknown as LedgerEntry;
    if (made) made.push({ entry, about });
    else await this.enqueue([{ entry, about }]);
    return true;
  }

  /**
   * Adds entries to the next append, in their order. It is written once it is full (the caller
   * waits for it), or at once while no append is under way and a batch waits: appends follow each
   * other, each taking what gathered during the one before.
   */
  async enqueue(made: Pending[]): Promise<void> {
    for (const m of made) this.pending.push(m);
    const early = this.batch();
    if (this.pending.length >= Math.max(APPEND_BATCH, 2 * early)) await this.flush();
    else if (this.appending === 0 && this.pending.length >= early) void this.flush();
  }

  /** How many entries the next append waits for while none is under way. */
  batch(): number {
    if (this.entryBytes === 0) return EARLY_BATCH;
    return Math.max(EARLY_BATCH, Math.ceil((this.segmentBytes * GROWTH) / this.entryBytes));
  }

  /** Writes the entries made so far in one append, after the appends already under way. */
  flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) {
      this.appending++;
      this.writing = this.writing.then(() => this.write(batch)).finally(() => this.appending--);
    }
    return this.writing;
  }

  private async write(batch: Pending[]): Promise<void> {
    const { deps, errors } = this;
    const entries = batch.map((b) => b.entry);
    const written = await appendEntries(deps.fs, deps.writer, entries, {
      lock: held,
      cache: this.cache,
    });
    if (written.ok && written.size !== undefined && written.appended) {
      this.segmentBytes = written.size;
      this.entryBytes = written.appended / entries.length;
    }
    // One error per file the lost entries were about, so each file shows what it is missing; by
    // path, whatever order the files were reconciled in (many are at once).
    if (!written.ok)
      for (const about of [...new Set(batch.map((b) => b.about))].sort())
        errors.push(scanError('not-recorded', about || null, written.error));
  }
}
