/**
 * The coherence kernel of one workspace, as the tools and the Breakdown view use it: status,
 * the breakdown's rows, claims, contexts and resolutions. Every read starts with the reconcile
 * scan (it may append what it finds, as desktop VMark's does), then reads the whole ledger (parsing
 * only what was appended since the last read, see ledger.ts LedgerCache); every
 * write goes through the workspace's lock. Errors are plain sentences, as the tools answer them.
 */
import { breakdown, buildModel, statusCounts, type BreakdownRow } from './projection/breakdown';
import { claimRows, fedClaims, claimsFingerprint } from './contexts/claims';
import { contextRows, effectiveContext, type ContextSet } from './contexts/contexts';
import { readContextSet } from './contexts/contextFiles';
import { liveDelegationFor } from './resolution/delegations';
import { rfc3339 } from './format/envelope';
import {
  appendEntry,
  ensureInitialized,
  readLedger,
  VMARK_DIR,
  type LedgerRead,
} from './ledger/ledger';
import {
  DEFAULT_CONTEXT_ID,
  LEDGER_FORMAT,
  type Actor,
  type RevisionId,
  type Uuid,
} from './format/records';
import { prepareResolution } from './resolution/resolutions';
import { heads, objectAt } from './projection/dag';
import type { KernelDeps, WorkspaceState } from './scan/workspaceState';
import { timed } from './timed';
import { RETRY_MIN_MS, ScanQueue, type ScanProgress, type ScanRun } from './scan/scanQueue';

/**
 * How long a caller waits for the scan a read starts with (an AI client's call: never as long as
 * the hub waits for the answer), and who is told how far it has come meanwhile. Without it the
 * caller waits for the scan, however long it takes (the Breakdown view).
 */
export interface ScanWait {
  limitMs: number;
  onProgress?: (progress: ScanProgress) => void;
}

/** The scan is still running at the caller's limit: nothing is answered but how far it came. */
export interface Busy {
  busy: true;
  progress: ScanProgress;
  retry_after_ms: number;
}

export interface KernelStatus {
  /** `.vmark/` exists. */
  initialized: boolean;
  writer: Uuid;
  objects: number;
  quarantined: number;
  open_items: number;
}

export interface ResolveArgs {
  txf: Uuid;
  input: number;
  resolution: string;
  reason?: string;
  /** RFC 3339; only the person's own waivers may expire. */
  expires?: string;
}

/** Who resolves: the person in the app, or an AI client identified by its credential. */
export type Resolver = { person: string } | { principal: string | null };

export interface Receipt {
  entry_id: Uuid;
  kind: 'ratification' | 'waiver';
  resolved_against: RevisionId;
}

export interface CoherenceKernelOptions {
  /** The reconcile scan, run before every read (the app passes scan.ts bound to the workspace). */
  scan?: ScanRun;
}

type Read = Extract<LedgerRead, { ok: true }>;

/** The scan is done (`progress`: all its files) but the ledger is still being read at the limit. */
function readingBusy(progress: ScanProgress): Busy {
  return { busy: true, progress, retry_after_ms: RETRY_MIN_MS };
}

export class CoherenceKernel {
  private readonly scans: ScanQueue;

  constructor(
    private readonly deps: KernelDeps,
    private readonly state: WorkspaceState,
    private readonly options: CoherenceKernelOptions = {},
  ) {
    this.scans = new ScanQueue(deps.now);
  }

  /** Whether the workspace has a `.vmark/` folder (a ledger may be started). */
  async initialized(): Promise<boolean> {
    return (await this.deps.fs.list(VMARK_DIR)) !== null;
  }

  /** With `wait`, BUSY when the scan outlasts it (see ScanWait). */
  status(): Promise<KernelStatus | string>;
  status(wait: ScanWait): Promise<KernelStatus | Busy | string>;
  async status(wait?: ScanWait): Promise<KernelStatus | Busy | string> {
    const base = { writer: this.deps.writer };
    if (!(await this.initialized())) {
      return { initialized: false, ...base, objects: 0, quarantined: 0, open_items: 0 };
    }
    const found = await this.rows(wait);
    if (typeof found === 'string' || 'busy' in found) return found;
    const counts = statusCounts(found.model, found.rows);
    return { initialized: true, ...base, ...counts, quarantined: found.read.quarantined };
  }

  /** The breakdown's rows in the default context (all-live, as desktop VMark lists them). */
  edges(): Promise<BreakdownRow[] | string>;
  edges(wait: ScanWait): Promise<BreakdownRow[] | Busy | string>;
  async edges(wait?: ScanWait): Promise<BreakdownRow[] | Busy | string> {
    if (!(await this.initialized())) return [];
    const found = await this.rows(wait);
    return typeof found === 'string' || 'busy' in found ? found : found.rows;
  }

  async claims() {
    if (!(await this.initialized())) return [];
    const read = await this.read();
    if (typeof read === 'string') return read;
    const contexts = await this.contextSet();
    const visible = effectiveContext(contexts, DEFAULT_CONTEXT_ID).visibleClaims;
    return claimRows(read.entries, visible);
  }

  async contexts() {
    return contextRows(await this.contextSet());
  }

  /**
   * Appends a ratification (`accept-newer`) or a waiver (`waive`, reason required). The person
   * may resolve any edge; an AI client only under a live delegation naming it and covering the
   * resolution, and only an edge the breakdown lists now. Everything else is refused.
   */
  resolve(args: ResolveArgs, by: Resolver): Promise<Receipt | string>;
  resolve(args: ResolveArgs, by: Resolver, wait: ScanWait): Promise<Receipt | Busy | string>;
  async resolve(
    args: ResolveArgs,
    by: Resolver,
    wait?: ScanWait,
  ): Promise<Receipt | Busy | string> {
    if (!(await this.initialized())) return 'this workspace has no coherence ledger yet';
    const found = await this.rows(wait);
    if (typeof found === 'string' || 'busy' in found) return found;
    let actor: Actor;
    let delegation: Uuid | undefined;
    if ('person' in by) {
      actor = { type: 'human', id: by.person.trim() || 'unknown-human' };
    } else {
      if (!by.principal) {
        return 'unidentified client: resolving needs an AI client credential (Settings → AI clients) and a delegation';
      }
      if (args.expires !== undefined) return 'an AI client cannot set an expiry';
      const gate = liveDelegationFor(
        found.read.entries,
        by.principal,
        `resolve.${args.resolution}`,
        new Date(this.deps.now()),
      );
      if ('refusal' in gate) return gate.refusal;
      const listed = found.rows.some((r) => r.txf === args.txf && r.input === args.input);
      if (!listed) {
        return `edge is not live: ${args.txf} input ${args.input} is not in the breakdown now (call coherence edges again)`;
      }
      actor = { type: 'agent', id: by.principal };
      delegation = gate.grant;
    }
    const prepared = prepareResolution(found.model, {
      edge: { txf: args.txf, input: args.input },
      action: args.resolution,
      actor,
      ...(args.reason !== undefined ? { reason: args.reason } : {}),
      ...(args.expires !== undefined ? { expires: args.expires } : {}),
      ...(delegation ? { delegation } : {}),
    });
    if (!prepared.ok) return prepared.error;
    const id = this.deps.mintId();
    const ledger = { lock: this.deps.lock };
    await ensureInitialized(this.deps.fs, ledger);
    const written = await appendEntry(
      this.deps.fs,
      this.deps.writer,
      {
        format: LEDGER_FORMAT,
        id,
        kind: prepared.kind,
        time: rfc3339(this.deps.now()),
        writer: this.deps.writer,
        idem: this.deps.mintId(),
        body: prepared.body as unknown as Record<string, unknown>,
      },
      ledger,
    );
    if (!written.ok) return `the resolution was not recorded: ${written.error}`;
    return { entry_id: id, kind: prepared.kind, resolved_against: prepared.body.resolved_against };
  }

  /** The single current revision of the document at `path` (workspace-relative), if it has one. */
  async headOf(path: string): Promise<RevisionId | undefined> {
    if (!(await this.initialized())) return undefined;
    const read = await this.read();
    if (typeof read === 'string') return undefined;
    const dag = buildModel(read.entries).dag;
    const object = objectAt(dag, path);
    const current = object ? heads(dag, object) : [];
    return current.length === 1 ? current[0] : undefined;
  }

  private async read(): Promise<Read | string> {
    const read = await readLedger(this.deps.fs, { lock: this.deps.lock, cache: this.state.ledger });
    return read.ok ? read : `the coherence ledger could not be read: ${read.error}`;
  }

  /** Runs a scan that starts after this call, waiting for it at most `wait.limitMs`. */
  /** The scan's last progress when it finished in time, else BUSY. */
  private async scanned(wait?: ScanWait): Promise<Busy | ScanProgress> {
    const run = this.options.scan;
    if (!run) return { done: 0, total: 0 };
    const job = this.scans.request(run);
    if (wait) {
      const waited = await this.scans.wait(job, wait.limitMs, wait.onProgress);
      if (!waited.done)
        return { busy: true, progress: waited.progress, retry_after_ms: waited.retryAfterMs };
    }
    await job.finished;
    return { ...job.progress };
  }

  /**
   * The scan, then the ledger read and the breakdown. With `wait`, all within `wait.limitMs`: a
   * read that outlasts what is left (the first read after a big adoption parses every new line)
   * answers BUSY with the scan done, and goes on, so the next call finds the ledger parsed.
   */
  private async rows(wait?: ScanWait) {
    const started = this.deps.now();
    const scanned = await this.scanned(wait);
    if ('busy' in scanned) return scanned;
    const rest = (async () => {
      const read = await timed('read-ledger', () => this.read());
      if (typeof read === 'string') return read;
      return timed('breakdown', () => this.rowsOf(read));
    })();
    if (!wait) return rest;
    const left = Math.max(0, wait.limitMs - (this.deps.now() - started));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<Busy>((resolve) => {
      timer = setTimeout(() => resolve(readingBusy(scanned)), left);
    });
    try {
      return await Promise.race([rest, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async rowsOf(read: Read) {
    const model = buildModel(read.entries);
    const contexts = await this.contextSet();
    const visible = effectiveContext(contexts, DEFAULT_CONTEXT_ID).visibleClaims;
    const fingerprint = await claimsFingerprint(fedClaims(read.entries, visible));
    const rows = breakdown(model, {
      absent: this.state.absent,
      now: this.deps.now(),
      claimsFingerprint: fingerprint,
    });
    return { read, model, rows };
  }

  private contextSet(): Promise<ContextSet> {
    return readContextSet(this.deps.fs);
  }
}
