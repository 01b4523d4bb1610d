/**
 * Contexts: named views of the workspace kept in `.vmark/contexts/*.json`. A context may have a
 * parent; it inherits the parent's selections (its own entries win) and shows the parent's claims
 * as well as its own. There is always a default context (the nil UUID: everything live, no claims,
 * never enforcing), with or without a `default.json`. A broken manifest or parent chain is
 * reported and never stops the other contexts from loading.
 */
import { DEFAULT_CONTEXT_ID, type Uuid } from '../format/records';
import {
  isUuid,
  manifestFileName,
  manifestText,
  nameProblem,
  parseManifest,
  rewriteManifest,
  type ContextManifest,
  type Enforcement,
  type Selection,
} from './contextManifest';

/** The longest parent chain followed; a longer one is a configuration error. */
export const MAX_PARENT_HOPS = 16;

/** A manifest file as read by the caller; `unreadable` says why it could not be read. */
export type ManifestSource =
  { fileName: string; text: string } | { fileName: string; unreadable: string };

export interface LoadedContext {
  fileName: string;
  manifest: ContextManifest;
  /** The file's whole JSON object (unknown fields kept) for rewrites. */
  raw: Record<string, unknown>;
  /** What is wrong in this file (bad entries, another file with the same id). */
  problems: string[];
}

export interface ContextSet {
  /** Loaded manifests, by file name. */
  contexts: LoadedContext[];
  /** Files that did not load, and why. */
  fileErrors: { fileName: string; error: string }[];
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every manifest that reads; the others are listed with the reason. */
export function loadContexts(files: readonly ManifestSource[]): ContextSet {
  const contexts: LoadedContext[] = [];
  const fileErrors: ContextSet['fileErrors'] = [];
  const sorted = files
    .filter((f) => f.fileName.endsWith('.json'))
    .sort((a, b) => byCodeUnits(a.fileName, b.fileName));
  for (const file of sorted) {
    if ('unreadable' in file) {
      fileErrors.push({ fileName: file.fileName, error: `unreadable: ${file.unreadable}` });
      continue;
    }
    const parsed = parseManifest(file.text);
    if (typeof parsed === 'string') {
      fileErrors.push({ fileName: file.fileName, error: parsed });
      continue;
    }
    const first = contexts.find((c) => c.manifest.id === parsed.manifest.id);
    if (first) {
      const error = `has the same id as ${first.fileName}; not loaded`;
      fileErrors.push({ fileName: file.fileName, error });
      first.problems.push(`${file.fileName} has the same id; it was not loaded`);
      continue;
    }
    contexts.push({ fileName: file.fileName, ...parsed });
  }
  return { contexts, fileErrors };
}

function find(set: ContextSet, id: Uuid): LoadedContext | undefined {
  return set.contexts.find((c) => c.manifest.id === id);
}

/** A context as checks and the breakdown use it, with its inheritance applied. */
export interface EffectiveContext {
  id: Uuid;
  name: string;
  parent: Uuid | null;
  /** Never inherited; always greenhouse for the default context and for a broken one. */
  enforcement: Enforcement;
  /** Explicit selections along the chain, the nearest first; objects not listed are live. */
  selections: Record<Uuid, Selection>;
  /** Own claims then the ancestors', without repeats. */
  visibleClaims: Uuid[];
  /** Chain errors: when there is one, the context reads as the implicit default. */
  errors: string[];
}

const FALLBACK = 'read as the default context (everything live, no claims)';

function implicitDefault(id: Uuid, name: string, parent: Uuid | null, errors: string[]) {
  const context: EffectiveContext = {
    id,
    name,
    parent,
    enforcement: 'greenhouse',
    selections: {},
    visibleClaims: [],
    errors,
  };
  return context;
}

/** The chain from a context up to its root, or the one error that breaks it. */
function chainOf(set: ContextSet, start: LoadedContext): LoadedContext[] | string {
  const chain = [start];
  const seen = new Set([start.manifest.id]);
  let current = start;
  while (current.manifest.parent !== null) {
    const parentId = current.manifest.parent;
    const parent = find(set, parentId);
    if (!parent && parentId === DEFAULT_CONTEXT_ID) break; // the implicit default adds nothing
    if (chain.length - 1 >= MAX_PARENT_HOPS)
      return `parent chain is longer than ${MAX_PARENT_HOPS} steps: ${FALLBACK}`;
    if (!parent) return `parent ${parentId} is not a known context: ${FALLBACK}`;
    if (seen.has(parentId))
      return `parent chain loops back to "${parent.manifest.name}": ${FALLBACK}`;
    chain.push(parent);
    seen.add(parentId);
    current = parent;
  }
  return chain;
}

/** The context with this id as it applies; an unknown id reads as the implicit default. */
export function effectiveContext(set: ContextSet, id: Uuid): EffectiveContext {
  const start = find(set, id);
  if (!start) {
    if (id === DEFAULT_CONTEXT_ID) return implicitDefault(id, 'default', null, []);
    return implicitDefault(id, id, null, [`context ${id} is not known: ${FALLBACK}`]);
  }
  const { name, parent } = start.manifest;
  const chain = chainOf(set, start);
  if (typeof chain === 'string') return implicitDefault(id, name, parent, [chain]);
  const selections: Record<Uuid, Selection> = {};
  const claims = new Set<Uuid>();
  for (const link of chain) {
    for (const [object, selection] of Object.entries(link.manifest.selections))
      if (!(object in selections)) selections[object] = selection;
    for (const claim of link.manifest.visible_claims) claims.add(claim);
  }
  const enforcement = id === DEFAULT_CONTEXT_ID ? 'greenhouse' : start.manifest.enforcement;
  return { id, name, parent, enforcement, selections, visibleClaims: [...claims], errors: [] };
}

/** What a context reads of a document: its selection, nearest first, else live. */
export function selectionFor(context: EffectiveContext, object: Uuid): Selection {
  return context.selections[object] ?? 'live';
}

/** A row of the MCP `contexts` answer. */
export interface ContextRow {
  id: Uuid;
  name: string;
  parent: Uuid | null;
  enforcement: Enforcement;
  /** How many claims the context shows (its own and inherited). */
  visibleClaims: number;
  /** Chain errors, then what is wrong in its file. */
  errors: string[];
}

function rowOf(set: ContextSet, id: Uuid): ContextRow {
  const context = effectiveContext(set, id);
  const problems = find(set, id)?.problems ?? [];
  return {
    id,
    name: context.name,
    parent: context.parent,
    enforcement: context.enforcement,
    visibleClaims: context.visibleClaims.length,
    errors: [...context.errors, ...problems],
  };
}

/** The default context first (always greenhouse), then the named contexts by name. */
export function contextRows(set: ContextSet): ContextRow[] {
  const named = set.contexts
    .filter((c) => c.manifest.id !== DEFAULT_CONTEXT_ID)
    .sort(
      (a, b) =>
        byCodeUnits(a.manifest.name, b.manifest.name) || byCodeUnits(a.manifest.id, b.manifest.id),
    );
  return [rowOf(set, DEFAULT_CONTEXT_ID), ...named.map((c) => rowOf(set, c.manifest.id))];
}

/** A manifest file to write (whole, replacing the file of that name). */
export interface ManifestWrite {
  fileName: string;
  text: string;
}

function nameTaken(set: ContextSet, name: string): boolean {
  const lower = name.toLowerCase();
  return set.contexts.some(
    (c) =>
      c.manifest.name.toLowerCase() === lower ||
      c.fileName.toLowerCase() === manifestFileName(lower),
  );
}

/** A new context: greenhouse, nothing pinned, no claims of its own. */
export function createContext(
  set: ContextSet,
  req: { id: Uuid; name: string; parent: Uuid | null },
): ManifestWrite | string {
  if (!isUuid(req.id) || req.id === DEFAULT_CONTEXT_ID) return 'A new context needs a fresh id.';
  if (find(set, req.id)) return `A context with id ${req.id} already exists.`;
  const problem = nameProblem(req.name);
  if (problem) return problem;
  if (req.name.toLowerCase() === 'default') return '"default" is the default context\'s name.';
  if (nameTaken(set, req.name)) return `There is already a context named "${req.name}".`;
  if (req.parent !== null && req.parent !== DEFAULT_CONTEXT_ID && !find(set, req.parent))
    return `The parent context ${req.parent} does not exist.`;
  const manifest: ContextManifest = {
    format: 0,
    id: req.id,
    name: req.name,
    parent: req.parent,
    selections: {},
    enforcement: 'greenhouse',
    visible_claims: [],
  };
  return { fileName: manifestFileName(req.name), text: manifestText(manifest) };
}

/**
 * Switch a context between greenhouse and enforcing. Enforcing turns contradictions into canon
 * violations, so it needs `confirmed: true` (the person confirmed it); the default context never
 * enforces.
 */
export function setEnforcement(
  set: ContextSet,
  id: Uuid,
  enforcement: Enforcement,
  options: { confirmed?: boolean } = {},
): ManifestWrite | string {
  if (id === DEFAULT_CONTEXT_ID) return 'The default context is always greenhouse.';
  const context = find(set, id);
  if (!context) return `There is no context ${id}.`;
  if (enforcement !== 'enforcing' && enforcement !== 'greenhouse')
    return `Enforcement is "enforcing" or "greenhouse", not "${String(enforcement)}".`;
  if (enforcement === 'enforcing' && options.confirmed !== true)
    return `Making "${context.manifest.name}" enforcing needs your confirmation.`;
  return { fileName: context.fileName, text: rewriteManifest(context.raw, { enforcement }) };
}

/**
 * Show or hide a claim in a context (reversible; it does not retire the claim). Showing a claim
 * in the default context creates `default.json` when there is none. A claim a parent shows
 * cannot be hidden in the child.
 */
export function setClaimVisibility(
  set: ContextSet,
  contextId: Uuid,
  claim: Uuid,
  visible: boolean,
): ManifestWrite | string {
  if (!isUuid(claim)) return 'A claim id must be a UUID.';
  const context = find(set, contextId);
  if (!context) {
    if (contextId !== DEFAULT_CONTEXT_ID) return `There is no context ${contextId}.`;
    if (!visible) return 'The default context does not show this claim.';
    if (set.contexts.some((c) => c.fileName.toLowerCase() === 'default.json'))
      return 'default.json belongs to another context; rename it first.';
    const manifest: ContextManifest = {
      format: 0,
      id: DEFAULT_CONTEXT_ID,
      name: 'default',
      parent: null,
      selections: {},
      enforcement: 'greenhouse',
      visible_claims: [claim],
    };
    return { fileName: 'default.json', text: manifestText(manifest) };
  }
  const own = context.raw.visible_claims ?? [];
  if (!Array.isArray(own))
    return `"visible_claims" in ${context.fileName} is not a list; fix the file first.`;
  const name = context.manifest.name;
  if (visible) {
    if (own.includes(claim)) return `"${name}" already shows this claim.`;
    const next = [...own, claim];
    return {
      fileName: context.fileName,
      text: rewriteManifest(context.raw, { visible_claims: next }),
    };
  }
  if (!own.includes(claim)) {
    const shown = effectiveContext(set, contextId).visibleClaims.includes(claim);
    return shown
      ? `"${name}" shows this claim because a parent context does; hide it there.`
      : `"${name}" does not show this claim.`;
  }
  const next = own.filter((c) => c !== claim);
  return {
    fileName: context.fileName,
    text: rewriteManifest(context.raw, { visible_claims: next }),
  };
}

/**
 * Give a context another parent (or none). The default context has no parent; a context cannot
 * be its own ancestor, and the new parent must exist (the default's id is always there).
 */
export function setParent(set: ContextSet, id: Uuid, parent: Uuid | null): ManifestWrite | string {
  if (id === DEFAULT_CONTEXT_ID) return 'The default context has no parent.';
  const context = find(set, id);
  if (!context) return `There is no context ${id}.`;
  const name = context.manifest.name;
  if (parent === id) return `"${name}" cannot be its own parent.`;
  if (parent !== null && parent !== DEFAULT_CONTEXT_ID) {
    let up = find(set, parent);
    if (!up) return `The parent context ${parent} does not exist.`;
    const seen = new Set<Uuid>();
    while (up && !seen.has(up.manifest.id)) {
      if (up.manifest.id === id)
        return `"${name}" cannot take "${find(set, parent)?.manifest.name}" as parent: it is one of its own descendants.`;
      seen.add(up.manifest.id);
      up = up.manifest.parent === null ? undefined : find(set, up.manifest.parent);
    }
  }
  if (context.manifest.parent === parent) return `"${name}" already has this parent.`;
  return { fileName: context.fileName, text: rewriteManifest(context.raw, { parent }) };
}
