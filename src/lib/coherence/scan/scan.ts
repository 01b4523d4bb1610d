/**
 * The reconcile scan: compares the workspace's markdown files with what the ledger says about them
 * and records, honestly, what happened outside the app. Desktop VMark's scan without its git phase
 * (a browser has no git): every change made elsewhere is an `observed-external-edit`.
 *
 * In order, holding the workspace's ledger lock throughout:
 * 1. Read the ledger (entries other writers added meanwhile included) and record one
 *    `quarantined-entry` diagnostic per set-aside `segment:line`.
 * 2. Walk the workspace (scanWalk.ts) and record its diagnostics.
 * 3. Per markdown file: its id is the one in its front matter, else that of the object registered
 *    at its path (`identity-unreadable` is then recorded). A file with neither is not a document.
 *    An id at several paths is recorded once per extra path (`duplicate-id`) and held. An id the
 *    ledger does not know is adopted (registration + a root revision) under the `adopt` policy.
 *    A known object found again is no longer absent; found elsewhere, its registration moves
 *    (no revision). Content equal to a current head's, or to what a live-buffer capture left the
 *    disk lagging behind, is nothing new; any other content becomes a revision whose parents are
 *    all current heads.
 * 4. Holds follow the duplicates; after a complete walk, a registered object whose file is gone
 *    (and whose id was seen nowhere) is marked absent. Absence and holds are session state
 *    (workspaceState.ts), never ledger lines.
 *
 * A file is read and hashed only when it is new to this session or its size or modification time
 * changed since an earlier scan read it: what was concluded from its content (hash, id) is kept
 * in the session state by path (`files`), for files whose time was at least RACY_MS before the
 * scan began (a later write in the same tick of a coarse file-system clock would not show).
 *
 * Diagnostics are written once per (code, path) across scans, and only into an existing `.vmark/`:
 * the scan creates `.vmark/` only to adopt a document. Nothing throws; failures are listed, with
 * the file each concerns, in the report's `errors` and the state's `scanErrors` (until the next
 * scan), and a file whose snapshot or entry could not be written is simply tried again by the
 * next scan.
 */
import { contentHash, decodeUtf8, maskedCanonicalBytes, revisionId } from '../format/canonical';
import { buildDag, heads, isKind, type Dag } from '../projection/dag';
import { rfc3339, type LedgerEntry } from '../format/envelope';
import { inspectIdentity, type IdentityReading } from '../format/identity';
import {
  appendEntries,
  ensureInitialized,
  LEDGER_LOCK,
  readLedger,
  VMARK_DIR,
} from '../ledger/ledger';
import type { LockFn } from '../ledger/ledgerFs';
import type { ContentHash, KnownBodies, KnownKind, RevisionId, Uuid } from '../format/records';
import {
  isOutsideWalk,
  walkWorkspace,
  type KnownFile,
  type WalkedFile,
  type WalkResult,
  type WalkLimits,
  type WorkspaceFs,
} from './scanWalk';
import { scanError, type ScanError } from './scanErrors';
export type { ScanError } from './scanErrors';
import type { KernelDeps, WorkspaceState } from './workspaceState';
import type { RememberedWalk } from './workspaceWatch';

/** `adopt`: track provenance (may create `.vmark/`); `tracked-only`: only what is tracked already. */
export type CapturePolicy = 'adopt' | 'tracked-only';

/**
 * Stores a snapshot: the masked canonical text's bytes under their content hash. Called while the
 * scan holds the ledger lock, so it must not take that lock itself.
 */
export type WriteSnapshot = (
  hash: ContentHash,
  bytes: Uint8Array,
) => Promise<{ ok: true } | { ok: false; error: string }>;

export interface ScanOptions {
  policy: CapturePolicy;
  writeSnapshot: WriteSnapshot;
  limits?: WalkLimits;
  /**
   * The clock the files' modification times are read against (Date.now unless a test says
   * otherwise): a file is known unchanged only if its time was RACY_MS before the scan began.
   */
  fileClock?: () => number;
}

export interface ScanReport {
  /** Revisions recorded for content changed outside the app. */
  external_edits: number;
  /** Documents with an id the ledger did not know, now tracked. */
  adopted: number;
  /** Problems this scan noticed (each is written to the ledger only the first time). */
  diagnostics: number;
  /** Tracked documents found missing. */
  absent_marked: number;
  /** The walk saw every folder and file it should have (deletions are only concluded then). */
  complete: boolean;
  /** Why nothing was scanned; absent when the scan ran. */
  skipped?: string;
  /** What could not be done (a failed read, snapshot or append); the next scan tries again. */
  errors: ScanError[];
}

/**
 * How much older than the scan a file's modification time must be for its content to be kept:
 * a write in the same tick of the file system's clock (2 s on FAT) leaves the time as it was.
 */
export const RACY_MS = 2000;
/** How many entries a scan writes at once (a file append copies the file: few, larger appends). */
export const APPEND_BATCH = 256;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** The scan holds the ledger lock already; the ledger calls inside it must not wait for it. */
const held: LockFn = (_name, fn) => fn();

export async function scan(
  deps: KernelDeps,
  state: WorkspaceState,
  workspace: WorkspaceFs,
  options: ScanOptions,
): Promise<ScanReport> {
  const report: ScanReport = {
    external_edits: 0,
    adopted: 0,
    diagnostics: 0,
    absent_marked: 0,
    complete: false,
    errors: [],
  };
  try {
    await deps.lock(LEDGER_LOCK, () => new Scan(deps, state, workspace, options, report).run());
  } catch (e) {
    report.complete = false;
    report.errors.push(scanError('scan-stopped', null, message(e)));
  }
  state.scanErrors = report.errors;
  return report;
}

/** A markdown file with what its content says: read now, or known from an earlier scan. */
interface Examined {
  file: WalkedFile;
  hash: ContentHash;
  identity: IdentityReading;
}

interface Claim {
  file: WalkedFile;
  hash: ContentHash;
  object: Uuid;
  schema?: string;
  /** The id came from the registry by path: the front matter no longer carries it. */
  byPath?: { reason?: string };
}

class Scan {
  private initialized = false;
  private ensured = false;
  private recorded = new Set<string>();
  private dag: Dag = buildDag([]);

  constructor(
    private deps: KernelDeps,
    private state: WorkspaceState,
    private workspace: WorkspaceFs,
    private options: ScanOptions,
    private report: ScanReport,
  ) {}

  /** Entries made but not written yet: written together (see appendEntries), in order. */
  private pending: { entry: LedgerEntry; about: string }[] = [];

  async run(): Promise<void> {
    try {
      await this.reconcileAll();
    } finally {
      await this.flush();
    }
  }

  private async reconcileAll(): Promise<void> {
    const { deps, state, report } = this;
    this.initialized = (await deps.fs.list(VMARK_DIR)) !== null;
    if (!this.initialized && this.options.policy === 'tracked-only') {
      report.skipped = 'provenance tracking is off and the workspace has no .vmark folder';
      return;
    }
    const read = await readLedger(deps.fs, { lock: held, cache: state.ledger });
    if (!read.ok) {
      report.errors.push(scanError('ledger-unreadable', null, read.error));
      return;
    }
    this.dag = buildDag(read.entries);
    for (const entry of read.entries)
      if (isKind(entry, 'diagnostic'))
        this.recorded.add(diagnosticKey(entry.body.code, entry.body.path ?? ''));
    for (const q of read.quarantinedLines)
      await this.diagnose(
        'quarantined-entry',
        `a malformed ledger line was set aside (${q.reason})`,
        `${q.segment}:${q.line}`,
      );

    const started = (this.options.fileClock ?? Date.now)();
    const remembered = state.watch.live && !state.watch.changed ? state.watch.last : null;
    // Changes from now on count against the next scan, this walk's included.
    state.watch.changed = false;
    const walk = remembered ? recalled(remembered) : await this.walk();
    report.complete = walk.complete;
    const files = remembered ? walk.files.map(examinedOf) : await this.examine(walk.files, started);
    if (!remembered) state.watch.last = walk.complete ? remember(files, walk) : null;
    for (const d of walk.diagnostics) await this.diagnose(d.code, d.message, d.path);

    const seen = new Set<Uuid>();
    const duplicates = new Set<Uuid>();
    for (const [object, claims] of this.claimsByObject(files)) {
      const [primary, ...others] = claims;
      for (const other of others) {
        duplicates.add(object);
        await this.diagnose(
          'duplicate-id',
          `${primary.file.path} and ${other.file.path} both carry the id ${object}`,
          other.file.path,
        );
      }
      if (await this.reconcile(primary)) seen.add(object);
    }

    for (const object of duplicates) state.held.add(object);
    if (walk.complete)
      for (const object of [...state.held]) if (!duplicates.has(object)) state.held.delete(object);

    if (!walk.complete) return;
    const present = new Set([...walk.files.map((f) => f.path), ...walk.skipped]);
    for (const [object, registration] of this.dag.registry) {
      if (seen.has(object) || present.has(registration.path)) continue;
      if (isOutsideWalk(registration.path, walk.cacheDirs)) continue;
      state.absent.add(object);
      report.absent_marked++;
    }
  }

  private async walk(): Promise<WalkResult> {
    const walk = await walkWorkspace(this.workspace, this.options.limits, this.state.files);
    // A walk cut short says nothing reusable.
    if (!walk.complete) this.state.watch.changed = true;
    return walk;
  }

  /**
   * Each file's hash and identity, from its content when it was read, else as known. What was
   * read becomes the session's knowledge of the workspace's files (only files seen now).
   */
  private async examine(walked: WalkedFile[], started: number): Promise<Examined[]> {
    const files: Examined[] = [];
    const known = new Map<string, KnownFile>();
    for (const file of walked) {
      const seen: Examined =
        'known' in file
          ? { file, hash: file.known.hash, identity: file.known.identity }
          : { file, hash: await contentHash(file.bytes), identity: inspectIdentity(file.text) };
      files.push(seen);
      if (started - file.stat.lastModified >= RACY_MS)
        known.set(file.path, { ...file.stat, hash: seen.hash, identity: seen.identity });
    }
    this.state.files = known;
    return files;
  }

  /**
   * Which file stands for which object. An id written in front matter wins over a path lookup
   * (an id-less file at the old path of a document that moved is a new file, not that document).
   * Among several files carrying one id, the one at the registered path comes first, then by
   * path: a copy never moves the original's registration.
   */
  private claimsByObject(files: Examined[]): Map<Uuid, Claim[]> {
    const byObject = new Map<Uuid, Claim[]>();
    const fallbacks: Claim[] = [];
    for (const { file, hash, identity: reading } of files) {
      if (reading.identity) {
        const { id, schema } = reading.identity;
        const claim: Claim =
          schema === undefined ? { file, hash, object: id } : { file, hash, object: id, schema };
        const list = byObject.get(id);
        if (list) list.push(claim);
        else byObject.set(id, [claim]);
        continue;
      }
      const object = this.dag.byPath.get(file.path);
      if (object === undefined) continue;
      const schema = this.dag.registry.get(object)?.schema;
      fallbacks.push({ file, hash, object, schema, byPath: { reason: reading.unreadable } });
    }
    for (const claim of fallbacks)
      if (!byObject.has(claim.object)) byObject.set(claim.object, [claim]);
    for (const [object, claims] of byObject) {
      const registered = this.dag.registry.get(object)?.path;
      claims.sort(
        (a, b) =>
          Number(b.file.path === registered) - Number(a.file.path === registered) ||
          (a.file.path < b.file.path ? -1 : 1),
      );
    }
    return new Map(
      [...byObject].sort(([, a], [, b]) => (a[0].file.path < b[0].file.path ? -1 : 1)),
    );
  }

  /** Brings one document's record up to date with its file; true when it counts as seen. */
  private async reconcile(claim: Claim): Promise<boolean> {
    const { dag, state, report } = this;
    const { file, hash, object } = claim;
    const registration = dag.registry.get(object);
    if (claim.byPath)
      await this.diagnose(
        'identity-unreadable',
        claim.byPath.reason ??
          `the front matter no longer carries the id of the document registered here (${object})`,
        file.path,
      );
    const current = heads(dag, object);
    if (!registration) {
      if (this.options.policy !== 'adopt') return false;
      if (!(await this.register(claim))) return false;
      const known = [...(dag.revisions.get(object)?.values() ?? [])].some(
        (node) => node.content_hash === hash,
      );
      if (!known) await this.mint(claim, hash, current);
      report.adopted++;
      return true;
    }
    state.absent.delete(object);
    if (registration.path !== file.path) await this.register(claim);
    const nodes = dag.revisions.get(object);
    if (current.some((h) => nodes?.get(h)?.content_hash === hash)) {
      state.diskLag.delete(object);
      return true;
    }
    if (state.diskLag.get(object)?.has(hash)) return true;
    if (await this.mint(claim, hash, current)) {
      state.diskLag.delete(object);
      report.external_edits++;
    }
    return true;
  }

  private register(claim: Claim): Promise<boolean> {
    const body: KnownBodies['object-registered'] = { object: claim.object, path: claim.file.path };
    if (claim.schema !== undefined) body.schema = claim.schema;
    return this.append('object-registered', body, claim.file.path);
  }

  /** Records the file's content as a revision with the given parents, its snapshot first. */
  private async mint(claim: Claim, hash: ContentHash, parents: RevisionId[]): Promise<boolean> {
    const { file, object } = claim;
    const text = 'text' in file ? file.text : await this.reread(file.path, hash);
    if (text === null) return false;
    const revision = await revisionId(hash, parents);
    let stored: Awaited<ReturnType<WriteSnapshot>>;
    try {
      stored = await this.options.writeSnapshot(hash, maskedCanonicalBytes(text));
    } catch (e) {
      stored = { ok: false, error: message(e) };
    }
    if (!stored.ok) {
      this.report.errors.push(scanError('snapshot-not-stored', file.path, stored.error));
      return false;
    }
    return this.append(
      'transformation',
      {
        inputs: [],
        outputs: [{ object, revision, content_hash: hash, parents: [...parents].sort() }],
        agent: { type: 'external' },
        intent: { kind: 'observed-external-edit', summary: 'changed outside the app' },
        confidence: 'unknown',
      },
      file.path,
    );
  }

  /**
   * The text of a file known unchanged, for its snapshot (a revision the ledger lacks, say one
   * whose record failed before). Null, the error listed and the file forgotten, when it cannot
   * be read or no longer has the known hash: the next scan reads it afresh.
   */
  private async reread(path: string, hash: ContentHash): Promise<string | null> {
    let bytes: Uint8Array | null;
    try {
      bytes = await this.workspace.read(path);
    } catch (e) {
      this.state.files.delete(path);
      this.report.errors.push(scanError('file-unreadable', path, message(e)));
      return null;
    }
    const text = bytes && decodeUtf8(bytes);
    if (bytes && text !== null && (await contentHash(bytes)) === hash) return text;
    this.state.files.delete(path);
    this.report.errors.push(scanError(bytes ? 'file-changed' : 'file-gone', path));
    return null;
  }

  private async diagnose(code: string, text: string, path: string): Promise<void> {
    this.report.diagnostics++;
    const key = diagnosticKey(code, path);
    // No `.vmark/` yet: the diagnostic waits for a scan that finds one.
    if (this.recorded.has(key) || !this.initialized) return;
    if (await this.append('diagnostic', { code, message: text, path }, path))
      this.recorded.add(key);
  }

  private async append<K extends KnownKind>(
    kind: K,
    body: KnownBodies[K],
    about: string,
  ): Promise<boolean> {
    const { deps, report } = this;
    if (!this.ensured) {
      const ready = await ensureInitialized(deps.fs, { lock: held });
      if (!ready.ok) {
        report.errors.push(scanError('record-not-started', null, ready.error));
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
    this.pending.push({ entry, about });
    if (this.pending.length >= APPEND_BATCH) await this.flush();
    return true;
  }

  /**
   * Writes the entries made so far in one append. If that fails, none of them is in the ledger
   * and the next scan, finding the same differences, makes them again.
   */
  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const { deps, report } = this;
    const entries = batch.map((b) => b.entry);
    const written = await appendEntries(deps.fs, deps.writer, entries, { lock: held });
    // One error per file the lost entries were about, so each file shows what it is missing.
    if (!written.ok)
      for (const about of new Set(batch.map((b) => b.about)))
        report.errors.push(scanError('not-recorded', about || null, written.error));
  }
}

const diagnosticKey = (code: string, path: string) => `${code}\u0000${path}`;

/** The last complete walk's findings, without the files' bytes (see workspaceWatch.ts). */
function remember(files: readonly Examined[], walk: WalkResult): RememberedWalk {
  return {
    files: files.map(({ file, hash, identity }) => ({
      path: file.path,
      ...file.stat,
      hash,
      identity,
    })),
    skipped: [...walk.skipped],
    cacheDirs: [...walk.cacheDirs],
    diagnostics: [...walk.diagnostics],
  };
}

/** A remembered walk as a walk whose every file is known unchanged. */
function recalled(last: RememberedWalk): WalkResult {
  return {
    files: last.files.map((f) => {
      const stat = { size: f.size, lastModified: f.lastModified };
      return { path: f.path, stat, known: { ...stat, hash: f.hash, identity: f.identity } };
    }),
    skipped: last.skipped,
    cacheDirs: last.cacheDirs,
    diagnostics: last.diagnostics,
    complete: true,
  };
}

function examinedOf(file: WalkedFile): Examined {
  if (!('known' in file)) throw new Error('a remembered walk holds known files only');
  return { file, hash: file.known.hash, identity: file.known.identity };
}
