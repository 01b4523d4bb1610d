/**
 * Which object a document is, and which revision of each input a capture pins. Planning only:
 * nothing here writes; capture.ts writes what the plan says once every input has resolved, so a
 * capture that fails on its fifth input has not stamped its first.
 *
 * An input names a document by `path` or by `object_id`, optionally with the `revision` the
 * caller read. That revision wins but must be one of that object's revisions, else the whole
 * capture fails. Without one, the object's single current head is pinned; none or several heads
 * fail (the caller must pass an explicit revision). A document never captured before is adopted
 * on the fly — with the `adopt` policy only — so a first generation still records every input: its
 * id is stamped into the file if it has none, and its content becomes a root revision observed as
 * an external edit. With the `tracked-only` policy such an input is dropped instead, and counted.
 */
import { contentHash, decodeUtf8, revisionId, isRevisionId } from '../format/canonical';
import { heads, hasRevision, objectAt, type Dag } from '../projection/dag';
import { inspectIdentity, withIdentity } from '../format/identity';
import type { LedgerFs } from '../ledger/ledgerFs';
import type {
  ContentHash,
  EdgeKind,
  InputRole,
  RevisionId,
  TransformationBody,
  Uuid,
} from '../format/records';
import { isUuid, parseUuid } from '../format/uuid7';
import { workspacePathProblem } from './workspacePath';

/** `adopt`: may create `.vmark/`, adopt documents, stamp ids. `tracked-only`: none of that. */
export type CapturePolicy = 'adopt' | 'tracked-only';

export interface CaptureInput {
  /** Workspace-relative path of the input document (this or `object_id`). */
  path?: string;
  object_id?: Uuid;
  /** The revision the caller read; the object's single head when absent. */
  revision?: RevisionId;
  /** `direct` when absent. */
  role?: InputRole;
  kind?: EdgeKind;
}

const ROLES: readonly string[] = ['direct', 'contextual'];
const KINDS: readonly string[] = [
  'dependency',
  'conformance',
  'supersession',
  'part-of',
  'mention',
];

/** Who a document is, from its text and the registry. */
export type Identified =
  /** The object the document is (known: the ledger has registered it or recorded revisions). */
  | { ok: true; object: Uuid; known: boolean; schema?: string; hasBlock: boolean }
  /** A document with no identity at an unregistered path: a new object, if adopted. */
  | { ok: true; object: null; known: false; hasBlock: false }
  | { ok: false; error: string };

export function isKnown(dag: Dag, object: Uuid): boolean {
  return dag.registry.has(object) || dag.revisions.has(object);
}

/**
 * The id in the text's front matter wins (a moved or copied file carries it); without one, the
 * object registered at the path; a `vmark:` block whose id cannot be read is an error unless the
 * path is registered.
 */
export function identify(dag: Dag, path: string, text: string): Identified {
  const reading = inspectIdentity(text);
  if (reading.identity) {
    const { id, schema } = reading.identity;
    const base = { ok: true as const, object: id, known: isKnown(dag, id), hasBlock: true };
    return schema === undefined ? base : { ...base, schema };
  }
  const registered = objectAt(dag, path);
  if (registered) {
    const schema = dag.registry.get(registered)?.schema;
    const base = { ok: true as const, object: registered, known: true, hasBlock: false };
    return schema === undefined ? base : { ...base, schema };
  }
  if (reading.unreadable)
    return { ok: false, error: `identity-unreadable: ${path}: ${reading.unreadable}` };
  return { ok: true, object: null, known: false, hasBlock: false };
}

/** An input document adopted by this capture: registered, and its content a root revision. */
export interface Adoption {
  object: Uuid;
  path: string;
  schema?: string;
  /** The file's text as it is now (its snapshot is taken from it). */
  text: string;
  hash: ContentHash;
  revision: RevisionId;
  /** The file's new text with the stamped id, or null when it already carried one. */
  stamped: string | null;
}

export type ResolvedInputs =
  | {
      ok: true;
      inputs: TransformationBody['inputs'];
      adoptions: Adoption[];
      /** Inputs left out because recording them would have needed adoption (tracked-only). */
      dropped: number;
    }
  | { ok: false; error: string };

export interface InputContext {
  fs: LedgerFs;
  dag: Dag;
  policy: CapturePolicy;
  mintId(): Uuid;
  /** The capture's own document: it cannot be its own input. */
  target: { object: Uuid; path: string };
}

type Pinned =
  | { ok: true; object: Uuid; revision: RevisionId; adoption?: Adoption }
  | { ok: true; dropped: true }
  | { ok: false; error: string };

/** The revision of `object` an input pins (see the module comment). */
function pin(dag: Dag, object: Uuid, asked: RevisionId | undefined, label: string): Pinned {
  if (asked !== undefined) {
    return hasRevision(dag, object, asked)
      ? { ok: true, object, revision: asked }
      : { ok: false, error: `input ${label}: ${asked} is not a revision of object ${object}` };
  }
  const live = heads(dag, object);
  if (live.length === 1) return { ok: true, object, revision: live[0] };
  const why = live.length === 0 ? 'has no revision' : `has ${live.length} current heads`;
  return { ok: false, error: `input ${label} ${why}; pass an explicit revision` };
}

/** Pins an input named by path: the document there, adopted first if it was never captured. */
async function pinPath(
  ctx: InputContext,
  path: string,
  asked: RevisionId | undefined,
  adopted: Map<string, Adoption>,
): Promise<Pinned> {
  const earlier = adopted.get(path);
  if (earlier) return checkAdopted(earlier, asked, path);
  let bytes: Uint8Array | null;
  try {
    bytes = await ctx.fs.read(path);
  } catch (e) {
    return {
      ok: false,
      error: `input ${path} could not be read: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
  if (!bytes) {
    // A tracked document deleted since it was read is still what the text was written from.
    const registered = objectAt(ctx.dag, path);
    return registered
      ? pin(ctx.dag, registered, asked, path)
      : { ok: false, error: `input ${path} does not exist` };
  }
  const text = decodeUtf8(bytes);
  if (text === null) return { ok: false, error: `input ${path} is not UTF-8 text` };
  const who = identify(ctx.dag, path, text);
  if (!who.ok) return who;
  if (who.known) return pin(ctx.dag, who.object, asked, path);
  if (ctx.policy === 'tracked-only') return { ok: true, dropped: true };
  let object = who.object;
  let schema: string | undefined;
  let stamped: string | null = null;
  if (object === null) {
    const result = withIdentity(text, ctx.mintId());
    if (!result.ok) return { ok: false, error: `input ${path}: ${result.message}` };
    object = result.identity.id;
    stamped = result.text;
  } else {
    schema = 'schema' in who ? who.schema : undefined;
  }
  if (object === ctx.target.object) {
    return { ok: false, error: `input ${path} is the captured document itself` };
  }
  const hash = await contentHash(bytes);
  const adoption: Adoption = {
    object,
    path,
    text,
    hash,
    revision: await revisionId(hash, []),
    stamped,
  };
  if (schema !== undefined) adoption.schema = schema;
  adopted.set(path, adoption);
  return checkAdopted(adoption, asked, path);
}

function checkAdopted(adoption: Adoption, asked: RevisionId | undefined, path: string): Pinned {
  if (asked !== undefined && asked !== adoption.revision) {
    return {
      ok: false,
      error: `input ${path}: ${asked} is not a revision of object ${adoption.object}`,
    };
  }
  return { ok: true, object: adoption.object, revision: adoption.revision, adoption };
}

function inputProblem(input: CaptureInput, at: number): string | null {
  const label = `input ${at}`;
  if (typeof input !== 'object' || input === null) return `${label} is not an object`;
  const byPath = input.path !== undefined;
  const byId = input.object_id !== undefined;
  if (byPath === byId) return `${label} needs exactly one of path and object_id`;
  if (byPath) {
    const wrong = workspacePathProblem(input.path);
    if (wrong) return `${label}: ${wrong}`;
  }
  if (byId && !isUuid(input.object_id)) return `${label}: object_id is not a UUID`;
  if (input.revision !== undefined && !isRevisionId(input.revision))
    return `${label}: ${JSON.stringify(input.revision)} is not a rev1: revision id`;
  if (input.role !== undefined && !ROLES.includes(input.role))
    return `${label}: role is not one of ${ROLES.join('|')}`;
  if (input.kind !== undefined && !KINDS.includes(input.kind))
    return `${label}: kind is not one of ${KINDS.join('|')}`;
  return null;
}

/** Checks the shape of every input (paths, ids, revisions, roles, kinds) before any work. */
export function inputsProblem(inputs: readonly CaptureInput[]): string | null {
  for (let i = 0; i < inputs.length; i++) {
    const wrong = inputProblem(inputs[i], i);
    if (wrong) return wrong;
  }
  return null;
}

/**
 * Pins every input, in the caller's order (an input's position is its edge's input index). The
 * inputs must already have passed `inputsProblem`.
 */
export async function resolveInputs(
  ctx: InputContext,
  requested: readonly CaptureInput[],
): Promise<ResolvedInputs> {
  const inputs: TransformationBody['inputs'] = [];
  const adopted = new Map<string, Adoption>();
  let dropped = 0;
  for (const input of requested) {
    let pinned: Pinned;
    if (input.object_id !== undefined) {
      const object = parseUuid(input.object_id)!;
      if (object === ctx.target.object)
        return { ok: false, error: `input ${object} is the captured document itself` };
      pinned = isKnown(ctx.dag, object)
        ? pin(ctx.dag, object, input.revision, object)
        : { ok: false, error: `input ${object} is not an object of this workspace` };
    } else {
      const path = input.path!;
      if (path === ctx.target.path)
        return { ok: false, error: `input ${path} is the captured document itself` };
      pinned = await pinPath(ctx, path, input.revision, adopted);
    }
    if (!pinned.ok) return pinned;
    if ('dropped' in pinned) {
      dropped++;
      continue;
    }
    if (pinned.object === ctx.target.object)
      return {
        ok: false,
        error: `input ${input.path ?? pinned.object} is the captured document itself`,
      };
    const entry: TransformationBody['inputs'][number] = {
      object: pinned.object,
      revision: pinned.revision,
      role: input.role ?? 'direct',
    };
    if (input.kind !== undefined) entry.kind = input.kind;
    inputs.push(entry);
  }
  return { ok: true, inputs, adoptions: [...adopted.values()], dropped };
}
