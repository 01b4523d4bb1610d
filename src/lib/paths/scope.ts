/**
 * The path scope: which virtual paths an action (typically one asked for by an AI model) may
 * touch. A path is in scope inside an open workspace root, or in the folder of an open document
 * or a subfolder of it. Everything else is refused, and so is anything not in canonical form.
 */

import { quote } from './name';
import { dirnameOf } from './virtualPath';

/** What is open right now: workspace roots and documents, all as virtual absolute paths. */
export type PathScope = {
  workspaceRoots: readonly string[];
  openDocumentPaths: readonly string[];
};

/**
 * The segments of a canonical absolute path (`/notes/a` → `['notes', 'a']`), or null when the
 * path is relative, has empty, `.` or `..` segments, or contains a backslash.
 */
function canonicalSegments(path: string): string[] | null {
  if (!path.startsWith('/') || path.includes('\\')) return null;
  const segments = path.slice(1).split('/');
  const bad = segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  return bad ? null : segments;
}

/** Whether `inner` equals `outer` or lies below it, comparing whole segments. */
function isWithin(inner: readonly string[], outer: readonly string[]): boolean {
  return outer.length <= inner.length && outer.every((segment, i) => segment === inner[i]);
}

/** The folders that bound the scope; malformed entries are ignored, never widened. */
function scopeFolders(scope: PathScope): string[][] {
  const folders = [...scope.workspaceRoots, ...scope.openDocumentPaths.map(dirnameOf)];
  return folders
    .map(canonicalSegments)
    .filter((segments): segments is string[] => segments !== null);
}

/** Lists paths for a message, or says `none`. */
function listOrNone(paths: readonly string[]): string {
  return paths.length > 0 ? paths.join(', ') : 'none';
}

/** Checks that `path` lies inside an open workspace root or an open document's folder. */
export function checkPathScope(
  path: string,
  scope: PathScope,
): { ok: true } | { ok: false; reason: string } {
  if (scope.workspaceRoots.length === 0 && scope.openDocumentPaths.length === 0) {
    return {
      ok: false,
      reason: `The path ${quote(path)} cannot be used because no workspace is open and no document is open.`,
    };
  }
  const segments = canonicalSegments(path);
  if (segments === null) {
    return {
      ok: false,
      reason: `The path ${quote(path)} is not a canonical absolute path, so its scope cannot be checked.`,
    };
  }
  if (scopeFolders(scope).some((folder) => isWithin(segments, folder))) return { ok: true };
  const roots = listOrNone(scope.workspaceRoots);
  const documents = listOrNone([...new Set(scope.openDocumentPaths.map(dirnameOf))]);
  return {
    ok: false,
    reason: `The path ${quote(path)} is outside the open workspaces (${roots}) and the folders of the open documents (${documents}).`,
  };
}
