/**
 * What only the person may do to a workspace's coherence record, in the app (never over MCP):
 * grant and revoke delegations, create and change claims, create and change contexts. Each act
 * reads the ledger and the context manifests and writes under the workspace's ledger lock, so two
 * windows acting at once both land (the later one sees the earlier). Refusals are sentences.
 */
import { buildDag, heads, objectAt, pathOf } from '../projection/dag';
import {
  claimRows,
  correctClaim,
  createClaim,
  currentClaims,
  promoteClaim,
  retireClaim,
  type Maturity,
} from '../contexts/claims';
import { readContextSet, writeManifest } from '../contexts/contextFiles';
import {
  contextRows,
  createContext,
  effectiveContext,
  setClaimVisibility,
  setEnforcement,
  setParent,
  type ContextRow,
  type ContextSet,
  type ManifestWrite,
} from '../contexts/contexts';
import type { Enforcement } from '../contexts/contextManifest';
import { grantDelegation, listedGrants, revokeDelegation } from './delegations';
import { rfc3339, type LedgerEntry } from '../format/envelope';
import { appendEntry, LEDGER_LOCK, readLedger, VMARK_DIR } from '../ledger/ledger';
import type { LockFn } from '../ledger/ledgerFs';
import {
  DEFAULT_CONTEXT_ID,
  LEDGER_FORMAT,
  type DelegationScope,
  type Uuid,
} from '../format/records';
import type { KernelDeps } from '../scan/workspaceState';

export const NO_RECORD =
  'This workspace has no coherence record yet: turn on Settings → Workspace → Track document provenance and save a document first.';

/** A grant as the Delegations list shows it. */
export interface GrantView {
  grant: Uuid;
  principal: string;
  scope: DelegationScope[];
  expires: string;
  expired: boolean;
  by: string;
}

/** A claim as the Claims list shows it. */
export interface ClaimView {
  claim: Uuid;
  statement: string;
  maturity: Maturity;
  invalidAt: string | null;
  /** The document it was taken from, when that document still has a path. */
  source: string | null;
  /** Per context id: the context shows it itself (`own`) or through a parent (`inherited`). */
  shownIn: Record<Uuid, 'own' | 'inherited'>;
}

export interface CoherenceRecordView {
  initialized: boolean;
  grants: GrantView[];
  claims: ClaimView[];
  contexts: ContextRow[];
  /** Acts two windows made at once, one of which was chosen (said, never hidden). */
  conflicts: string[];
  /** Manifest files that did not load, and why. */
  contextErrors: string[];
}

export type Act<T = Record<string, never>> = ({ ok: true } & T) | { ok: false; message: string };

const held: LockFn = (_name, fn) => fn();
const refuse = (message: string) => ({ ok: false as const, message });

function ownClaims(set: ContextSet, id: Uuid): readonly unknown[] {
  const raw = set.contexts.find((c) => c.manifest.id === id)?.raw.visible_claims;
  return Array.isArray(raw) ? raw : [];
}

export class PersonActs {
  constructor(
    private readonly deps: KernelDeps,
    /** The person's name in the records (their display name). */
    private readonly person: string,
    /** The reconcile scan, so a claim cites the document as it is on disk now. */
    private readonly scan?: () => Promise<void>,
  ) {}

  /** Everything the Delegations, Claims and Contexts sections show, from one read. */
  async view(): Promise<CoherenceRecordView | string> {
    if ((await this.deps.fs.list(VMARK_DIR)) === null)
      return {
        initialized: false,
        grants: [],
        claims: [],
        contexts: [],
        conflicts: [],
        contextErrors: [],
      };
    const read = await readLedger(this.deps.fs, { lock: this.deps.lock });
    if (!read.ok) return `the coherence ledger could not be read: ${read.error}`;
    const set = await readContextSet(this.deps.fs);
    const now = new Date(this.deps.now());
    const grants = listedGrants(read.entries, now).map((g) => ({
      grant: g.grant,
      principal: g.principal,
      scope: g.scope,
      expires: g.expires,
      expired: g.expired,
      by: g.by,
    }));
    const contexts = contextRows(set);
    const dag = buildDag(read.entries);
    const state = currentClaims(read.entries);
    const effective = contexts.map((c) => ({
      id: c.id,
      visible: new Set(effectiveContext(set, c.id).visibleClaims),
      own: new Set(ownClaims(set, c.id)),
    }));
    const claims = claimRows(read.entries, []).map((row) => {
      const source = state.claims.find((c) => c.claim === row.claim)?.establishedBy[0];
      const shownIn: ClaimView['shownIn'] = {};
      for (const c of effective)
        if (c.visible.has(row.claim)) shownIn[c.id] = c.own.has(row.claim) ? 'own' : 'inherited';
      return {
        claim: row.claim,
        statement: row.statement,
        maturity: row.maturity,
        invalidAt: row.invalidAt,
        source: source ? pathOf(dag, source.object) : null,
        shownIn,
      };
    });
    const conflicts = state.conflicts.map(
      (c) => `claim ${c.chain} was changed in two places at once; the later change stands`,
    );
    const contextErrors = set.fileErrors.map((e) => `${e.fileName}: ${e.error}`);
    return { initialized: true, grants, claims, contexts, conflicts, contextErrors };
  }

  /** Lets an AI client (its credential's name) resolve for `days` days (1–365). */
  grant(req: { principal: string; scope: readonly string[]; days: number }) {
    return this.append<{ grant: Uuid; expires: string }>('delegation', (entries) => {
      const body = grantDelegation(
        { grantId: this.deps.mintId(), human: this.person, now: new Date(this.deps.now()), ...req },
        entries,
      );
      return typeof body === 'string'
        ? body
        : { body, answer: { grant: body.delegation, expires: body.expires } };
    });
  }

  revoke(grant: Uuid) {
    return this.append('delegation', (entries) => {
      const body = revokeDelegation(entries, grant, this.person);
      return typeof body === 'string' ? body : { body, answer: {} };
    });
  }

  /**
   * A draft claim from text the person selected in a document (`path`, workspace-relative), cited
   * at that document's current revision, and shown in the default context.
   */
  async createClaim(req: { path: string; statement: string }): Promise<Act<{ claim: Uuid }>> {
    await this.scan?.();
    const made = await this.append<{ claim: Uuid }>('claim', (entries) => {
      const dag = buildDag(entries);
      const object = objectAt(dag, req.path);
      if (!object)
        return `${req.path} is not tracked yet: save it with Track document provenance on first.`;
      const body = createClaim(
        {
          claimId: this.deps.mintId(),
          statement: req.statement,
          source: object,
          human: this.person,
          now: new Date(this.deps.now()),
        },
        (o) => {
          const current = heads(dag, o);
          return current.length === 1
            ? { revision: current[0] }
            : { error: `${req.path} has ${current.length} current versions: resolve them first.` };
        },
        entries,
      );
      return typeof body === 'string' ? body : { body, answer: { claim: body.claim } };
    });
    if (!made.ok) return made;
    const shown = await this.showClaim(made.claim, DEFAULT_CONTEXT_ID, true);
    return shown.ok
      ? made
      : refuse(`The claim was made, but the default context does not show it: ${shown.message}`);
  }

  promote(claim: Uuid) {
    return this.append('claim', (entries) => {
      const body = promoteClaim(entries, claim, this.person);
      return typeof body === 'string' ? body : { body, answer: {} };
    });
  }

  correct(claim: Uuid, statement: string) {
    return this.append('claim', (entries) => {
      const body = correctClaim(entries, claim, statement, this.person);
      return typeof body === 'string' ? body : { body, answer: {} };
    });
  }

  retire(claim: Uuid) {
    return this.append('claim', (entries) => {
      const body = retireClaim(entries, claim, this.person, new Date(this.deps.now()));
      return typeof body === 'string' ? body : { body, answer: {} };
    });
  }

  /** Shows or hides a claim in a context (reversible: the claim itself is unchanged). */
  showClaim(claim: Uuid, context: Uuid, visible: boolean) {
    return this.rewrite((set) => setClaimVisibility(set, context, claim, visible));
  }

  createContext(req: { name: string; parent: Uuid | null }): Promise<Act<{ id: Uuid }>> {
    const id = this.deps.mintId();
    return this.rewrite((set) => createContext(set, { id, ...req }), { id });
  }

  setParent(context: Uuid, parent: Uuid | null) {
    return this.rewrite((set) => setParent(set, context, parent));
  }

  /** Enforcing needs `confirmed` (the person said yes to what it means). */
  setEnforcement(context: Uuid, enforcement: Enforcement, confirmed: boolean) {
    return this.rewrite((set) => setEnforcement(set, context, enforcement, { confirmed }));
  }

  /** Reads the ledger and appends one entry the act builds from it, all under the lock. */
  private async append<T extends object = Record<string, never>>(
    kind: 'delegation' | 'claim',
    build: (entries: LedgerEntry[]) => string | { body: object; answer: T },
  ): Promise<Act<T>> {
    if ((await this.deps.fs.list(VMARK_DIR)) === null) return refuse(NO_RECORD);
    return this.deps.lock(LEDGER_LOCK, async (): Promise<Act<T>> => {
      const read = await readLedger(this.deps.fs, { lock: held });
      if (!read.ok) return refuse(`The coherence ledger could not be read: ${read.error}`);
      const built = build(read.entries);
      if (typeof built === 'string') return refuse(built);
      const written = await appendEntry(
        this.deps.fs,
        this.deps.writer,
        {
          format: LEDGER_FORMAT,
          id: this.deps.mintId(),
          kind,
          time: rfc3339(this.deps.now()),
          writer: this.deps.writer,
          idem: this.deps.mintId(),
          body: built.body as Record<string, unknown>,
        },
        { lock: held },
      );
      if (!written.ok) return refuse(`Nothing was recorded: ${written.error}`);
      return { ok: true, ...built.answer };
    });
  }

  /** Reads the manifests and writes the one file the act changes, under the lock. */
  private async rewrite<T extends object = Record<string, never>>(
    change: (set: ContextSet) => ManifestWrite | string,
    answer?: T,
  ): Promise<Act<T>> {
    if ((await this.deps.fs.list(VMARK_DIR)) === null) return refuse(NO_RECORD);
    return this.deps.lock(LEDGER_LOCK, async (): Promise<Act<T>> => {
      const write = change(await readContextSet(this.deps.fs));
      if (typeof write === 'string') return refuse(write);
      try {
        await writeManifest(this.deps.fs, write);
      } catch (e) {
        return refuse(`${write.fileName} was not written: ${e instanceof Error ? e.message : e}`);
      }
      return { ok: true, ...(answer ?? ({} as T)) };
    });
  }
}
