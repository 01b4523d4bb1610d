/** Reading and writing files and folders through File System Access handles (OPFS or a picked folder). */
import { refuse, type Result } from '../../result';
import type { DirEntry } from '../types';

export function isNotFound(e: unknown): boolean {
  return (
    e instanceof DOMException && (e.name === 'NotFoundError' || e.name === 'TypeMismatchError')
  );
}

export function isPermissionError(e: unknown): boolean {
  return e instanceof DOMException && (e.name === 'NotAllowedError' || e.name === 'SecurityError');
}

/** Turns a thrown DOMException into a refusal that names the path. */
export function ioRefusal(e: unknown, path: string) {
  if (isNotFound(e)) return refuse('NOT_FOUND', `Nothing at ${path}.`);
  if (isPermissionError(e)) {
    return refuse(
      'PERMISSION',
      `VMark Web has no access to ${path} right now: grant access to its folder again.`,
    );
  }
  return refuse('INTERNAL', `Could not access ${path}: ${(e as Error)?.message ?? String(e)}`);
}

export async function dirAt(
  root: FileSystemDirectoryHandle,
  segments: readonly string[],
): Promise<FileSystemDirectoryHandle> {
  let dir = root;
  for (const s of segments) dir = await dir.getDirectoryHandle(s);
  return dir;
}

export async function fileAt(
  root: FileSystemDirectoryHandle,
  segments: readonly string[],
): Promise<FileSystemFileHandle> {
  const dir = await dirAt(root, segments.slice(0, -1));
  return dir.getFileHandle(segments[segments.length - 1]);
}

export async function exists(dir: FileSystemDirectoryHandle, name: string): Promise<boolean> {
  for await (const key of dir.keys()) if (key === name) return true;
  return false;
}

export async function listEntries(
  dir: FileSystemDirectoryHandle,
  basePath: string,
): Promise<DirEntry[]> {
  const out: DirEntry[] = [];
  for await (const [name, handle] of dir.entries()) {
    out.push({ name, path: `${basePath}/${name}`, kind: handle.kind });
  }
  // Folders first, then by name as people sort them.
  return out.sort((a, b) =>
    a.kind !== b.kind ? (a.kind === 'directory' ? -1 : 1) : byName.compare(a.name, b.name),
  );
}

// One collator for every comparison: `localeCompare` with options builds one per call, which
// made sorting a folder of 10,000 names cost hundreds of milliseconds.
const byName = new Intl.Collator(undefined, { numeric: true });

/** Writes through a swap file: a crash mid-write leaves the old file whole. */
export async function writeFile(file: FileSystemFileHandle, bytes: Uint8Array): Promise<void> {
  const writable = await file.createWritable();
  try {
    await writable.write(bytes as Uint8Array<ArrayBuffer>);
    await writable.close();
  } catch (e) {
    await writable.abort().catch(() => undefined);
    throw e;
  }
}

async function copyInto(
  source: FileSystemHandle,
  target: FileSystemDirectoryHandle,
  name: string,
): Promise<void> {
  if (source.kind === 'file') {
    const data = await (source as FileSystemFileHandle).getFile();
    const file = await target.getFileHandle(name, { create: true });
    await writeFile(file, new Uint8Array(await data.arrayBuffer()));
    return;
  }
  const dir = await target.getDirectoryHandle(name, { create: true });
  for await (const [child, handle] of (source as FileSystemDirectoryHandle).entries()) {
    await copyInto(handle, dir, child);
  }
}

type Movable = FileSystemHandle & { move?: (name: string) => Promise<void> };

/** Renames an entry inside its folder, by `move()` where the browser has it, else copy and delete. */
export async function renameIn(
  parent: FileSystemDirectoryHandle,
  from: string,
  to: string,
): Promise<void> {
  let handle: FileSystemHandle;
  try {
    handle = await parent.getFileHandle(from);
  } catch {
    handle = await parent.getDirectoryHandle(from);
  }
  const movable = handle as Movable;
  if (typeof movable.move === 'function') {
    try {
      await movable.move(to);
      return;
    } catch (e) {
      if (isPermissionError(e)) throw e;
    }
  }
  await copyInto(handle, parent, to);
  await parent.removeEntry(from, { recursive: true });
}

export type { Result };
