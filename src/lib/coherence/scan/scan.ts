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
import { inspectIdentity } from '../format/identity';
import { LEDGER_LOCK, readLedger, VMARK_DIR } from '../ledger/ledger';
import type { ContentHash, KnownBodies, RevisionId, Uuid } from '../format/records';
import {
  isOutsideWalk,
  lookAt,
  MAX_SCAN_FILE_BYTES,
  walkWorkspace,
  type KnownFile,
  type WalkedFile,
  type WalkResult,
  type WalkLimits,
  type WorkspaceFs,
} from './scanWalk';
import { scanError, type ScanError } from './scanErrors';
import { inTurns } from './inTurns';
import { timed } from '../timed';
import { ScanRecorder, held, type Pending } from './scanRecorder';
export { APPEND_BATCH } from './scanRecorder';
export type { ScanError } from './scanErrors';
import type { KernelDeps, WorkspaceState } from './workspaceState';
import type { RememberedWalk } from './workspaceWatch';
import { examinedOf, recalled, remember, type Examined } from './rememberedWalk';

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
  /**
   * Told how far the scan has come: `total` markdown files found by the walk (0 until it has
   * listed every folder), `done` of them brought up to date with the ledger.
   */
  onProgress?: (done: number, total: number) => void;
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
/**
 * How many documents are brought up to date at once: each may wait on the file system (reading a
 * file again, storing its snapshot), so many are in flight while the ledger's view stays the one
 * read at the start of the scan.
 */
export const RECONCILE_AT_ONCE = 32;
/** How many files are hashed at once. */
const HASH_AT_ONCE = 64;

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

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
    await deps.lock(LEDGER_LOCK, () =>
      timed('scan', () => new Scan(deps, state, workspace, options, report).run()),
    );
  } catch (e) {
    report.complete = false;
    report.errors.push(scanError('scan-stopped', null, message(e)));
  }
  state.scanErrors = report.errors;
  return report;
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
  private recorded = new Set<string>();
  private dag: Dag = buildDag([]);
  /** Snapshots stored or being stored by this scan, by hash: each is written once. */
  private snapshots = new Map<ContentHash, ReturnType<WriteSnapshot>>();

  constructor(
    private deps: KernelDeps,
    private state: WorkspaceState,
    private workspace: WorkspaceFs,
    private options: ScanOptions,
    private report: ScanReport,
  ) {
    this.recorder = new ScanRecorder(deps, report.errors, state.ledger);
  }

  /** Writes the entries this scan makes (scanRecorder.ts). */
  private readonly recorder: ScanRecorder;

  async run(): Promise<void> {
    try {
      await this.reconcileAll();
    } finally {
      await timed('flush', () => this.recorder.flush());
    }
  }

  private async reconcileAll(): Promise<void> {
    const { deps, state, report } = this;
    this.recorder.initialized = (await deps.fs.list(VMARK_DIR)) !== null;
    if (!this.recorder.initialized && this.options.policy === 'tracked-only') {
      report.skipped = 'provenance tracking is off and the workspace has no .vmark folder';
      return;
    }
    const read = await timed('scan-read-ledger', () =>
      readLedger(deps.fs, { lock: held, cache: state.ledger }),
    );
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
    const touched = [...state.watch.touched];
    // Changes from now on count against the next scan, this walk's included.
    state.watch.changed = false;
    state.watch.touched = new Set();
    const edited = remembered && touched.length ? await this.lookAgain(remembered, touched) : null;
    const walk = edited
      ? edited
      : remembered && !touched.length
        ? recalled(remembered)
        : await timed('walk', () => this.walk());
    report.complete = walk.complete;
    const reused = remembered && !touched.length;
    const files = reused
      ? walk.files.map(examinedOf)
      : await timed('hash', () => this.examine(walk.files, started));
    if (!reused) state.watch.last = walk.complete ? remember(files, walk) : null;
    for (const d of walk.diagnostics) await this.diagnose(d.code, d.message, d.path);

    const seen = new Set<Uuid>();
    const duplicates = new Set<Uuid>();
    const claimed = [...this.claimsByObject(files)];
    for (const [object, [primary, ...others]] of claimed) {
      for (const other of others) {
        duplicates.add(object);
        await this.diagnose(
          'duplicate-id',
          `${primary.file.path} and ${other.file.path} both carry the id ${object}`,
          other.file.path,
        );
      }
    }
    // Each object is reconciled on its own (its entries, its snapshot), many at a time.
    const total = files.length;
    let done = total - claimed.length;
    const progress = this.options.onProgress;
    progress?.(done, total);
    await timed('reconcile', () =>
      inTurns(claimed, RECONCILE_AT_ONCE, async ([object, [primary]]) => {
        // A document's entries stay together, in the order made, whatever runs meanwhile.
        const made: Pending[] = [];
        if (await this.reconcile(primary, made)) seen.add(object);
        await this.recorder.enqueue(made);
        progress?.(++done, total);
      }),
    );

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
    const walk = await walkWorkspace(this.workspace, this.options.limits, this.state.files, (n) =>
      this.options.onProgress?.(0, n),
    );
    // A walk cut short says nothing reusable.
    if (!walk.complete) this.state.watch.changed = true;
    return walk;
  }

  /**
   * The last walk with the markdown files reported modified since looked at again (each read if
   * its size or time changed). Null, for a full walk, when one of them is not a file of that walk
   * or cannot be taken as a document now.
   */
  private async lookAgain(last: RememberedWalk, touched: string[]): Promise<WalkResult | null> {
    const walk = recalled(last);
    const at = new Map(walk.files.map((f, i) => [f.path, i]));
    const maxBytes = this.options.limits?.maxFileBytes ?? MAX_SCAN_FILE_BYTES;
    if (touched.some((path) => !at.has(path))) return null;
    // Many at a time: each look is a few round trips to the file system.
    const looks = await inTurns(touched, HASH_AT_ONCE, (path) =>
      lookAt(this.workspace, path, maxBytes, this.state.files.get(path)),
    );
    for (const [k, look] of looks.entries()) {
      if (!('file' in look)) return null;
      walk.files[at.get(touched[k])!] = look.file;
    }
    return walk;
  }

  /**
   * Each file's hash and identity, from its content when it was read, else as known. What was
   * read becomes the session's knowledge of the workspace's files (only files seen now).
   */
  private async examine(walked: WalkedFile[], started: number): Promise<Examined[]> {
    const known = new Map<string, KnownFile>();
    const files = await inTurns(walked, HASH_AT_ONCE, async (file): Promise<Examined> =>
      'known' in file
        ? { file, hash: file.known.hash, identity: file.known.identity }
        : { file, hash: await contentHash(file.bytes), identity: inspectIdentity(file.text) },
    );
    for (const seen of files) {
      const { file } = seen;
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
  private async reconcile(claim: Claim, made: Pending[]): Promise<boolean> {
    const { dag, state, report } = this;
    const { file, hash, object } = claim;
    const registration = dag.registry.get(object);
    if (claim.byPath)
      await this.diagnose(
        'identity-unreadable',
        claim.byPath.reason ??
          `the front matter no longer carries the id of the document registered here (${object})`,
        file.path,
        made,
      );
    const current = heads(dag, object);
    if (!registration) {
      if (this.options.policy !== 'adopt') return false;
      if (!(await this.register(claim, made))) return false;
      const known = [...(dag.revisions.get(object)?.values() ?? [])].some(
        (node) => node.content_hash === hash,
      );
      if (!known) await this.mint(claim, hash, current, made);
      report.adopted++;
      return true;
    }
    state.absent.delete(object);
    if (registration.path !== file.path) await this.register(claim, made);
    const nodes = dag.revisions.get(object);
    if (current.some((h) => nodes?.get(h)?.content_hash === hash)) {
      state.diskLag.delete(object);
      return true;
    }
    if (state.diskLag.get(object)?.has(hash)) return true;
    if (await this.mint(claim, hash, current, made)) {
      state.diskLag.delete(object);
      report.external_edits++;
    }
    return true;
  }

  private register(claim: Claim, made: Pending[]): Promise<boolean> {
    const body: KnownBodies['object-registered'] = { object: claim.object, path: claim.file.path };
    if (claim.schema !== undefined) body.schema = claim.schema;
    return this.recorder.append('object-registered', body, claim.file.path, made);
  }

  /** Records the file's content as a revision with the given parents, its snapshot first. */
  private async mint(
    claim: Claim,
    hash: ContentHash,
    parents: RevisionId[],
    made: Pending[],
  ): Promise<boolean> {
    const { file, object } = claim;
    const text = 'text' in file ? file.text : await this.reread(file.path, hash);
    if (text === null) return false;
    const revision = await revisionId(hash, parents);
    const stored = await this.storeSnapshot(hash, text);
    if (!stored.ok) {
      this.report.errors.push(scanError('snapshot-not-stored', file.path, stored.error));
      return false;
    }
    return this.recorder.append(
      'transformation',
      {
        inputs: [],
        outputs: [{ object, revision, content_hash: hash, parents: [...parents].sort() }],
        agent: { type: 'external' },
        intent: { kind: 'observed-external-edit', summary: 'changed outside the app' },
        confidence: 'unknown',
      },
      file.path,
      made,
    );
  }

  /** Stores a content's snapshot, once per scan however many files hold that content. */
  private storeSnapshot(hash: ContentHash, text: string): ReturnType<WriteSnapshot> {
    let stored = this.snapshots.get(hash);
    if (!stored) {
      const write = async () => this.options.writeSnapshot(hash, maskedCanonicalBytes(text));
      stored = write().catch((e: unknown) => ({ ok: false as const, error: message(e) }));
      this.snapshots.set(hash, stored);
    }
    return stored;
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

  private async diagnose(
    code: string,
    text: string,
    path: string,
    made?: Pending[],
  ): Promise<void> {
    this.report.diagnostics++;
    const key = diagnosticKey(code, path);
    // No `.vmark/` yet: the diagnostic waits for a scan that finds one.
    if (this.recorded.has(key) || !this.recorder.initialized) return;
    if (await this.recorder.append('diagnostic', { code, message: text, path }, path, made))
      this.recorded.add(key);
  }
}

const diagnosticKey = (code: string, path: string) => `${code}\u0000${path}`;
