/**
 * What a scan keeps of its last complete walk (see workspaceWatch.ts), and how a later scan takes
 * it back as a walk whose every file is known unchanged.
 */
import type { IdentityReading } from '../format/identity';
import type { ContentHash } from '../format/records';
import type { WalkedFile, WalkResult } from './scanWalk';
import type { RememberedWalk } from './workspaceWatch';

/** A markdown file with what its content says: read now, or known from an earlier scan. */
export interface Examined {
  file: WalkedFile;
  hash: ContentHash;
  identity: IdentityReading;
}

/** The last complete walk's findings, without the files' bytes (see workspaceWatch.ts). */
export function remember(files: readonly Examined[], walk: WalkResult): RememberedWalk {
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
export function recalled(last: RememberedWalk): WalkResult {
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

export function examinedOf(file: WalkedFile): Examined {
  if (!('known' in file)) throw new Error('a remembered walk holds known files only');
  return { file, hash: file.known.hash, identity: file.known.identity };
}
