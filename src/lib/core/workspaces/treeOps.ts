/**
 * Listing, creating and renaming entries of the file tree, and saving pasted images, with every
 * refusal as a value.
 */
import { dirnameOf, joinVirtual, validateName } from '../../paths';
import { ASSETS_FOLDER, assetAddress, freeName, pastedImageName } from '../../paths/pastedImage';
import { refuse, type Refusal } from '../../result';
import { dirAt, exists, listEntries, renameIn, writeFile } from './fileAccess';
import type { Workspaces } from './workspaces';

/** Turns an IO failure into a refusal (and lets the core notice lost access). */
export type OnIoFailure = (e: unknown, path: string, mount: string) => Promise<Refusal>;

export async function listDir(workspaces: Workspaces, path: string, fail: OnIoFailure) {
  const r = workspaces.resolve(path);
  if (!r.ok) return r;
  try {
    return {
      ok: true as const,
      entries: await listEntries(await dirAt(r.ws.handle, r.segments), r.path),
    };
  } catch (e) {
    return fail(e, path, r.ws.mount);
  }
}

export async function createEntry(
  workspaces: Workspaces,
  dir: string,
  name: string,
  kind: 'file' | 'directory',
  fail: OnIoFailure,
) {
  const r = workspaces.resolve(dir);
  if (!r.ok) return r;
  const valid = validateName(name);
  if (!valid.ok) return refuse('INVALID_PATH', valid.reason);
  const path = joinVirtual(r.path, valid.name);
  try {
    const parent = await dirAt(r.ws.handle, r.segments);
    if (await exists(parent, valid.name)) {
      return refuse('NAME_CLASH', `${path} already exists; choose another name.`);
    }
    if (kind === 'file') await parent.getFileHandle(valid.name, { create: true });
    else await parent.getDirectoryHandle(valid.name, { create: true });
    return { ok: true as const, path };
  } catch (e) {
    return fail(e, path, r.ws.mount);
  }
}

/** Renames a file or folder in place; answers its old and new paths. */
export async function renameEntry(
  workspaces: Workspaces,
  path: string,
  newName: string,
  fail: OnIoFailure,
) {
  const r = workspaces.resolve(path);
  if (!r.ok) return r;
  if (r.segments.length === 0) {
    return refuse('INVALID_PATH', `${path} is a workspace root; it cannot be renamed.`);
  }
  const valid = validateName(newName);
  if (!valid.ok) return refuse('INVALID_PATH', valid.reason);
  const target = joinVirtual(dirnameOf(r.path), valid.name);
  if (target === r.path) return { ok: true as const, from: r.path, path: target };
  try {
    const parent = await dirAt(r.ws.handle, r.segments.slice(0, -1));
    const caseOnly = target.toLowerCase() === r.path.toLowerCase();
    if (!caseOnly && (await exists(parent, valid.name))) {
      return refuse('NAME_CLASH', `${target} already exists; choose another name.`);
    }
    await renameIn(parent, r.segments[r.segments.length - 1], valid.name);
    return { ok: true as const, from: r.path, path: target };
  } catch (e) {
    return fail(e, path, r.ws.mount);
  }
}

/** Deletes a file or folder (with everything in it); answers the deleted path. */
export async function deleteEntry(workspaces: Workspaces, path: string, fail: OnIoFailure) {
  const r = workspaces.resolve(path);
  if (!r.ok) return r;
  if (r.segments.length === 0) {
    return refuse('INVALID_PATH', `${path} is a workspace root; it cannot be deleted.`);
  }
  try {
    const parent = await dirAt(r.ws.handle, r.segments.slice(0, -1));
    await parent.removeEntry(r.segments[r.segments.length - 1], { recursive: true });
    return { ok: true as const, path: r.path };
  } catch (e) {
    return fail(e, path, r.ws.mount);
  }
}

/**
 * Saves an image pasted or dropped into the document at `docPath` in the `assets` folder beside
 * it (made when missing), under a name no file there has; never overwrites. Answers the new
 * file's path and the relative address the markdown gets.
 */
export async function addImageFile(
  workspaces: Workspaces,
  docPath: string,
  bytes: Uint8Array,
  original: string,
  type: string,
  fail: OnIoFailure,
) {
  const name = pastedImageName(original, type, new Date());
  if (name === null) {
    return refuse('INVALID_PATH', `A ${type || 'file of no type'} is not an image VMark saves.`);
  }
  const r = workspaces.resolve(dirnameOf(docPath));
  if (!r.ok) return r;
  const dir = joinVirtual(r.path, ASSETS_FOLDER);
  try {
    const parent = await dirAt(r.ws.handle, r.segments);
    const assets = await parent.getDirectoryHandle(ASSETS_FOLDER, { create: true });
    const names = new Set((await listEntries(assets, dir)).map((e) => e.name.toLowerCase()));
    const free = freeName(name, (candidate) => names.has(candidate.toLowerCase()));
    await writeFile(await assets.getFileHandle(free, { create: true }), bytes);
    return { ok: true as const, path: joinVirtual(dir, free), address: assetAddress(free) };
  } catch (e) {
    return fail(e, dir, r.ws.mount);
  }
}
