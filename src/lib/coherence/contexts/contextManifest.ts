/**
 * One context manifest, `.vmark/contexts/<name>.json`: which revision of each document the context
 * reads (`live` or a pinned `rev1:` revision), whether a contradiction is a canon violation
 * (`enforcing`) or advisory (`greenhouse`), and which claims it shows. Fields this app does not
 * know are kept, in their place, whenever the app rewrites the file.
 */
import type { RevisionId, Uuid } from '../format/records';
import { isUuid } from '../format/uuid7';

export type Enforcement = 'enforcing' | 'greenhouse';
/** `live` follows the document's current head; a revision id pins it. */
export type Selection = 'live' | RevisionId;

export interface ContextManifest {
  format: number;
  id: Uuid;
  name: string;
  parent: Uuid | null;
  /** An entry whose value is not valid reads as `live` (and is listed in `problems`). */
  selections: Record<Uuid, Selection>;
  enforcement: Enforcement;
  visible_claims: Uuid[];
  git_branch?: string;
}

export interface ParsedManifest {
  manifest: ContextManifest;
  /** Things wrong with single entries; the manifest still loads. */
  problems: string[];
  /** The file's whole JSON object, unknown fields included, in the file's key order. */
  raw: Record<string, unknown>;
}

const REVISION = /^rev1:[0-9a-f]{64}$/;
const NAME = /^[A-Za-z0-9_-]+$/;

export { isUuid };

export function isSelection(value: unknown): value is Selection {
  return value === 'live' || (typeof value === 'string' && REVISION.test(value));
}

/** Null when the name is usable (letters, digits, `-`, `_`), else why not. */
export function nameProblem(name: string): string | null {
  if (name === '') return 'A context needs a name.';
  if (name.length > 100) return 'A context name is at most 100 characters.';
  if (!NAME.test(name))
    return `"${name}" is not a context name: use letters, digits, - and _ only.`;
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A manifest from its file's text, or why it cannot be read as one. */
export function parseManifest(text: string): ParsedManifest | string {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return 'not valid JSON';
  }
  if (!isObject(raw)) return 'not a JSON object';
  const format = raw.format ?? 0;
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 0)
    return '"format" is not a format number';
  if (format > 0) return `written in a newer format (${format}) than this app reads (0)`;
  if (!isUuid(raw.id)) return '"id" is not a UUID';
  if (typeof raw.name !== 'string' || raw.name.trim() === '') return '"name" is missing';
  const parent = raw.parent ?? null;
  if (parent !== null && !isUuid(parent)) return '"parent" is neither null nor a UUID';

  const problems: string[] = [];
  const selections: Record<Uuid, Selection> = {};
  const rawSelections = raw.selections ?? {};
  if (!isObject(rawSelections)) problems.push('"selections" is not an object: all documents live');
  else
    for (const [object, value] of Object.entries(rawSelections)) {
      if (!isUuid(object)) problems.push(`selection for "${object}": not a document id, ignored`);
      else if (!isSelection(value)) {
        problems.push(
          `selection for ${object}: ${JSON.stringify(value)} is not valid, read as live`,
        );
        selections[object] = 'live';
      } else selections[object] = value;
    }

  let enforcement: Enforcement = 'greenhouse';
  if (raw.enforcement === 'enforcing') enforcement = 'enforcing';
  else if (raw.enforcement !== undefined && raw.enforcement !== 'greenhouse')
    problems.push(`enforcement ${JSON.stringify(raw.enforcement)} is unknown, read as greenhouse`);

  const visible: Uuid[] = [];
  const rawVisible = raw.visible_claims ?? [];
  if (!Array.isArray(rawVisible)) problems.push('"visible_claims" is not a list: no claims shown');
  else
    for (const claim of rawVisible) {
      if (!isUuid(claim)) problems.push(`visible claim ${JSON.stringify(claim)} is not an id`);
      else if (!visible.includes(claim)) visible.push(claim);
    }

  const manifest: ContextManifest = {
    format,
    id: raw.id,
    name: raw.name,
    parent,
    selections,
    enforcement,
    visible_claims: visible,
  };
  if (typeof raw.git_branch === 'string') manifest.git_branch = raw.git_branch;
  else if (raw.git_branch !== undefined && raw.git_branch !== null)
    problems.push('"git_branch" is not text, ignored');
  return { manifest, problems, raw };
}

/**
 * Fields to set in a rewrite (usually manifest fields; a list read from the file may be written
 * back as it was, odd entries included); `undefined` removes the field.
 */
export type ManifestChanges = Readonly<Record<string, unknown>>;

/**
 * The text of a manifest after changes: the original's fields stay in their order (unknown ones
 * untouched), changed fields are replaced in place, new ones go at the end.
 */
export function rewriteManifest(
  original: Record<string, unknown>,
  changes: ManifestChanges,
): string {
  const out: Record<string, unknown> = {};
  const pending = new Map(Object.entries(changes));
  for (const [key, value] of Object.entries(original)) {
    if (!pending.has(key)) out[key] = value;
    else {
      const next = pending.get(key);
      pending.delete(key);
      if (next !== undefined) out[key] = next;
    }
  }
  for (const [key, value] of pending) if (value !== undefined) out[key] = value;
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** A new manifest's text: fields in the format's order. */
export function manifestText(manifest: ContextManifest): string {
  const { git_branch, ...rest } = manifest;
  return rewriteManifest({}, git_branch === undefined ? rest : { ...rest, git_branch });
}

/** The file a context's manifest is kept in: named after the context. */
export function manifestFileName(name: string): string {
  return `${name}.json`;
}
