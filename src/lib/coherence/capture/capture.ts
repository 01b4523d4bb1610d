/**
 * Capture: recording one write of a document as a revision in the ledger, with the documents it
 * was written from as its inputs. Every funnel that writes a document (editor save, AI write)
 * ends here. In order:
 *
 * 1. The request is checked: a workspace-relative `.md` path, at most 512 inputs, an intent and an
 *    agent id of at most 8 KiB each, confidence `exact` or `inferred` (`unknown` is the scan's).
 * 2. Under the workspace's ledger lock, the ledger is read. A request whose `idem` is already in
 *    the ledger was recorded before (a retry): it answers that revision and writes nothing.
 * 3. The document's identity: the id in its front matter, else the object registered at its path
 *    (an editor buffer may not carry the block), else a new id. With the `adopt` policy and
 *    `rewriteIdentity`, a document without the block gets it (the file is rewritten and the new
 *    text answered). A held object (its id is at several paths) is refused: `capture-held`.
 * 4. A new or moved document is registered at its path.
 * 5. Parents are all the object's current heads, so capturing a forked object merges it. With one
 *    head of the same content and no inputs, nothing else is recorded (a no-op).
 * 6. Inputs are pinned (captureInputs.ts); any failure fails the whole capture before any write.
 * 7. Snapshots are stored, then the entries appended; a capture of a live buffer (no rewrite)
 *    notes its hash as disk lag, so the scan does not take the older disk content for an edit.
 *
 * The `tracked-only` policy (provenance tracking off) leaves a workspace without `.vmark/` alone
 * and, in one with a ledger, records writes to documents already tracked, never adopting or
 * stamping anything; inputs that would need adoption are left out and the confidence drops to
 * `inferred`. Every failure is an error value; nothing throws out of `capture`.
 */
import { contentHash, revisionId } from '../format/canonical';
import {
  identify,
  inputsProblem,
  resolveInputs,
  type Adoption,
  type CaptureInput,
  type CapturePolicy,
} from './captureInputs';
import { buildDag, heads, isKind } from '../projection/dag';
import { rfc3339, type LedgerEntry } from '../format/envelope';
import { withIdentity } from '../format/identity';
import {
  appendEntry,
  ensureInitialized,
  LEDGER_LOCK,
  readLedger,
  VMARK_DIR,
} from '../ledger/ledger';
import type { LockFn } from '../ledger/ledgerFs';
import type { Confidence, RevisionId, TransformationBody, Uuid } from '../format/records';
import { LEDGER_FORMAT } from '../format/records';
import { putSnapshot } from '../ledger/snapshots';
import { isUuid } from '../format/uuid7';
import type { KernelDeps, WorkspaceState } from '../scan/workspaceState';
import { workspacePathProblem } from './workspacePath';

export type { CaptureInput, CapturePolicy };

export const MAX_INPUTS = 512;
/** The most UTF-8 bytes an intent (kind, summary and prompt hash together) or agent id may have. */
export const MAX_TEXT_BYTES = 8 * 1024;

export interface CaptureRequest {
  /** Workspace-relative path of the document written. */
  path: string;
  /** Exactly the text written. */
  content: string;
  inputs?: CaptureInput[];
  agent: TransformationBody['agent'];
  intent: { kind: string; summary?: string; prompt_hash?: string };
  /** `unknown` is refused: only the scan records writes it did not see. */
  confidence: Confidence;
  /** False for a capture of a live editor buffer: the file on disk is not rewritten. */
  rewriteIdentity: boolean;
  /** Caller-minted idempotency key for the transformation (a retry records nothing twice). */
  idem?: Uuid;
  policy: CapturePolicy;
}

export type CaptureResult =
  | {
      ok: true;
      object: Uuid;
      revision: RevisionId;
      /** Nothing new was recorded: same content as the single head, no inputs, or a retry. */
      noop: boolean;
      /** The document's text with the identity block stamped in, when it was stamped. */
      content?: string;
    }
  /** Nothing was recorded or written, for the reason given (tracked-only policy). */
  | { ok: true; object: null; revision: null; noop: true; reason: string }
  | { ok: false; error: string };

const encoder = new TextEncoder();
const bytesOf = (s: string) => encoder.encode(s).length;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** The lock is already held for the whole capture; the ledger calls inside must not take it again. */
const alreadyHeld: LockFn = (_name, fn) => fn();
const held = { lock: alreadyHeld };

/** What is wrong with the request as given, before anything is read. */
export function requestProblem(request: CaptureRequest): string | null {
  if (typeof request !== 'object' || request === null) return 'the request is not an object';
  const wrongPath = workspacePathProblem(request.path);
  if (wrongPath) return wrongPath;
  if (typeof request.content !== 'string') return 'content is not a string';
  const inputs = request.inputs ?? [];
  if (!Array.isArray(inputs)) return 'inputs is not a list';
  if (inputs.length > MAX_INPUTS)
    return `${inputs.length} inputs is more than the ${MAX_INPUTS} a capture may record`;
  const { agent, intent } = request;
  if (typeof agent !== 'object' || agent === null) return 'agent is missing';
  if (!['human', 'model', 'external', 'git'].includes(agent.type))
    return 'agent.type is not one of human|model|external|git';
  if (agent.id !== undefined && typeof agent.id !== 'string') return 'agent.id is not a string';
  if (agent.id !== undefined && bytesOf(agent.id) > MAX_TEXT_BYTES)
    return `agent.id is longer than ${MAX_TEXT_BYTES} bytes`;
  if (typeof intent !== 'object' || intent === null) return 'intent is missing';
  if (typeof intent.kind !== 'string' || intent.kind.trim() === '') return 'intent.kind is blank';
  for (const field of ['summary', 'prompt_hash'] as const)
    if (intent[field] !== undefined && typeof intent[field] !== 'string')
      return `intent.${field} is not a string`;
  const intentBytes =
    bytesOf(intent.kind) + bytesOf(intent.summary ?? '') + bytesOf(intent.prompt_hash ?? '');
  if (intentBytes > MAX_TEXT_BYTES) return `the intent is longer than ${MAX_TEXT_BYTES} bytes`;
  if (request.confidence === 'unknown')
    return 'confidence unknown is recorded by the scan only; a capture knows what it wrote';
  if (request.confidence !== 'exact' && request.confidence !== 'inferred')
    return 'confidence is not one of exact|inferred';
  if (typeof request.rewriteIdentity !== 'boolean') return 'rewriteIdentity is not a boolean';
  if (request.idem !== undefined && !isUuid(request.idem)) return 'idem is not a UUID';
  if (request.policy !== 'adopt' && request.policy !== 'tracked-only')
    return 'policy is not one of adopt|tracked-only';
  return inputsProblem(inputs);
}

/** Records one write of a document (see the module comment). */
export async function capture(
  deps: KernelDeps,
  state: WorkspaceState,
  request: CaptureRequest,
): Promise<CaptureResult> {
  const wrong = requestProblem(request);
  if (wrong) return { ok: false, error: wrong };
  try {
    return await deps.lock(LEDGER_LOCK, () => captureLocked(deps, state, request));
  } catch (e) {
    return { ok: false, error: `the capture of ${request.path} failed: ${message(e)}` };
  }
}

const skipped = (reason: string): CaptureResult => ({
  ok: true,
  object: null,
  revision: null,
  noop: true,
  reason,
});

async function captureLocked(
  deps: KernelDeps,
  state: WorkspaceState,
  request: CaptureRequest,
): Promise<CaptureResult> {
  const { fs } = deps;
  const { path, content, policy } = request;
  if (policy === 'tracked-only' && (await fs.list(VMARK_DIR)) === null)
    return skipped(`provenance tracking is off and this workspace has no ${VMARK_DIR}/ folder`);
  const read = await readLedger(fs, held);
  if (!read.ok) return read;

  if (request.idem !== undefined) {
    const idem = request.idem.toLowerCase();
    const earlier = read.entries.find((e) => e.idem.toLowerCase() === idem);
    if (earlier) {
      if (!isKind(earlier, 'transformation'))
        return { ok: false, error: `idem ${idem} already names a ${earlier.kind} entry` };
      const [out] = earlier.body.outputs;
      return { ok: true, object: out.object, revision: out.revision, noop: true };
    }
  }

  const dag = buildDag(read.entries);
  const who = identify(dag, path, content);
  if (!who.ok) return who;
  if (!who.known && policy === 'tracked-only')
    return skipped(`provenance tracking is off and ${path} is not a tracked document`);
  const isNew = who.object === null;
  const object = who.object ?? deps.mintId();
  const schema = 'schema' in who ? who.schema : undefined;

  let stamped: string | undefined;
  if (policy === 'adopt' && request.rewriteIdentity && !who.hasBlock) {
    const result = withIdentity(content, object, schema);
    if (result.ok) stamped = result.text;
    // A registered document whose block cannot be read keeps its text; a new one must be stamped.
    else if (isNew) return { ok: false, error: `${path}: ${result.message}` };
  }

  if (state.held.has(object))
    return {
      ok: false,
      error: `capture-held: the id of ${path} (${object}) is at more than one path; remove the copy`,
    };

  const time = rfc3339(deps.now());
  const entry = (kind: string, body: object, idem: Uuid = deps.mintId()): LedgerEntry =>
    ({
      format: LEDGER_FORMAT,
      id: deps.mintId(),
      kind,
      time,
      writer: deps.writer,
      idem,
      body,
    }) as LedgerEntry;

  const registration = dag.registry.get(object);
  const register =
    !registration ||
    registration.path !== path ||
    (schema !== undefined && registration.schema !== schema);
  // Made when appended, so its id sorts after those of inputs adopted on the way.
  const registrations = (): LedgerEntry[] =>
    register ? [entry('object-registered', { object, path, schema: schema ?? null })] : [];

  const hash = await contentHash(content);
  const parents = heads(dag, object);
  const requested = request.inputs ?? [];
  const sameAsHead =
    parents.length === 1 && dag.revisions.get(object)?.get(parents[0])?.content_hash === hash;
  const noop = (): Promise<CaptureResult> =>
    commit(deps, { path, stamped, adoptions: [], entries: registrations(), snapshot: null }).then(
      (done) =>
        done ?? { ok: true, object, revision: parents[0], noop: true, ...contentOf(stamped) },
    );
  const resolved = await resolveInputs(
    { fs, dag, policy, mintId: deps.mintId, target: { object, path } },
    requested,
  );
  if (!resolved.ok) return resolved;
  // No inputs (none asked, or all dropped) and the head's content: nothing new to record.
  if (sameAsHead && resolved.inputs.length === 0) return noop();

  const revision = await revisionId(hash, parents);
  const confidence: Confidence =
    resolved.dropped > 0 && request.confidence === 'exact' ? 'inferred' : request.confidence;
  const intent: TransformationBody['intent'] = {
    kind: request.intent.kind,
    summary: request.intent.summary ?? '',
  };
  if (request.intent.prompt_hash !== undefined) intent.prompt_hash = request.intent.prompt_hash;
  const body: TransformationBody = {
    inputs: resolved.inputs,
    outputs: [{ object, revision, content_hash: hash, parents }],
    agent:
      request.agent.id === undefined
        ? { type: request.agent.type }
        : { type: request.agent.type, id: request.agent.id },
    intent,
    confidence,
  };
  const adoptionEntries = resolved.adoptions.flatMap((a) => adoptionRecords(a, entry));
  const entries = [
    ...adoptionEntries,
    ...registrations(),
    entry('transformation', body, request.idem?.toLowerCase()),
  ];
  const failed = await commit(deps, {
    path,
    stamped,
    adoptions: resolved.adoptions,
    entries,
    snapshot: content,
  });
  if (failed) return failed;
  state.absent.delete(object);
  for (const a of resolved.adoptions) state.absent.delete(a.object);
  if (!request.rewriteIdentity) {
    let lag = state.diskLag.get(object);
    if (!lag) state.diskLag.set(object, (lag = new Set()));
    lag.add(hash);
  }
  return { ok: true, object, revision, noop: false, ...contentOf(stamped) };
}

const contentOf = (stamped: string | undefined) =>
  stamped === undefined ? {} : { content: stamped };

/** An input adopted on the fly: registered, and its content a root revision seen from outside. */
function adoptionRecords(
  a: Adoption,
  entry: (kind: string, body: object) => LedgerEntry,
): LedgerEntry[] {
  const observed: TransformationBody = {
    inputs: [],
    outputs: [{ object: a.object, revision: a.revision, content_hash: a.hash, parents: [] }],
    agent: { type: 'external' },
    intent: { kind: 'observed-external-edit', summary: `adopted as an input: ${a.path}` },
    confidence: 'unknown',
  };
  return [
    entry('object-registered', { object: a.object, path: a.path, schema: a.schema ?? null }),
    entry('transformation', observed),
  ];
}

interface Writes {
  path: string;
  /** The document's stamped text, to write over the file. */
  stamped: string | undefined;
  adoptions: Adoption[];
  entries: LedgerEntry[];
  /** The captured content, whose snapshot goes in before any entry names it. */
  snapshot: string | null;
}

/** Writes stamped files, then snapshots, then entries; answers a failure or null. */
async function commit(deps: KernelDeps, w: Writes): Promise<CaptureResult | null> {
  const { fs } = deps;
  const nothingToRecord = w.entries.length === 0 && w.snapshot === null;
  if (!nothingToRecord) {
    const init = await ensureInitialized(fs, held);
    if (!init.ok) return init;
  }
  for (const a of w.adoptions)
    if (a.stamped !== null) await fs.write(a.path, encoder.encode(a.stamped));
  if (w.stamped !== undefined) await fs.write(w.path, encoder.encode(w.stamped));
  const texts = [...w.adoptions.map((a) => a.text), ...(w.snapshot === null ? [] : [w.snapshot])];
  for (const text of texts) {
    const stored = await putSnapshot(fs, text);
    if (!stored.ok) return stored;
  }
  for (const e of w.entries) {
    const appended = await appendEntry(fs, deps.writer, e, held);
    if (!appended.ok) return appended;
  }
  return null;
}
