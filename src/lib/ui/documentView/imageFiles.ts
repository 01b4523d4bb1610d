/**
 * The image files of the open workspaces as the WYSIWYG editor shows them: read in this window
 * (the default workspace from OPFS, a picked folder through the handle the core keeps) and handed
 * out as object URLs. A file read again with the same size and time keeps its URL; a changed one
 * gets a new URL and the old one is let go. The HTML export asks for a URL's bytes back. A pasted
 * or dropped image is saved through the core.
 */
import { dirAt } from '../../core/workspaces/fileAccess';
import { DEFAULT_MOUNT } from '../../paths';
import type { ImageLoad } from '../../editors/milkdown/imageView';
import { t } from '../../i18n/i18n.svelte';
import { app } from '../shell/appState.svelte';

/** Bigger images are not read (a document is not the place for them, and memory is finite). */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;

const current = new Map<string, { url: string; stamp: string }>();
const blobs = new Map<string, Blob>();

async function folderOf(mount: string): Promise<FileSystemDirectoryHandle | null> {
  if (mount === DEFAULT_MOUNT) return navigator.storage.getDirectory();
  return (await app.core?.folderHandle(mount)) ?? null;
}

async function fileAt(path: string): Promise<File | ImageLoad> {
  const [mount, ...segments] = path.slice(1).split('/');
  const name = segments.pop();
  let dir: FileSystemDirectoryHandle | null;
  try {
    dir = await folderOf(mount);
  } catch {
    dir = null;
  }
  if (!dir || name === undefined) return { ok: false, why: 'no-access' };
  try {
    return await (await (await dirAt(dir, segments)).getFileHandle(name)).getFile();
  } catch (e) {
    const denied = (e as DOMException).name === 'NotAllowedError';
    return { ok: false, why: denied ? 'no-access' : 'missing' };
  }
}

/** The image file at workspace path `path`, as a URL this page may show. */
export async function loadImageFile(path: string, type: string): Promise<ImageLoad> {
  const file = await fileAt(path);
  if (!(file instanceof File)) return file;
  if (file.size > MAX_IMAGE_BYTES) return { ok: false, why: 'too-big' };
  const stamp = `${file.size}:${file.lastModified}`;
  const known = current.get(path);
  if (known?.stamp === stamp) return { ok: true, url: known.url };
  const blob = new Blob([file], { type });
  const url = URL.createObjectURL(blob);
  current.set(path, { url, stamp });
  blobs.set(url, blob);
  if (known) {
    URL.revokeObjectURL(known.url);
    blobs.delete(known.url);
  }
  return { ok: true, url };
}

/** The bytes behind a URL `loadImageFile` gave out, as a `data:` URL (for the export). */
export async function dataUrlOf(url: string): Promise<string | null> {
  const blob = blobs.get(url);
  if (!blob) return null;
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}

/**
 * Saves an image pasted or dropped into the document at `docPath` (null: not saved anywhere yet)
 * through the core; answers the markdown address, or null after telling the person why not.
 */
export async function addImageFile(docPath: string | null, file: File): Promise<string | null> {
  const core = app.core;
  if (docPath === null || !core) {
    app.toast(t('editors.imagePasteNeedsSave'), 'error');
    return null;
  }
  if (file.size > MAX_IMAGE_BYTES) {
    app.toast(t('editors.imageTooBig'), 'error');
    return null;
  }
  const r = await core.addImage(
    docPath,
    new Uint8Array(await file.arrayBuffer()),
    file.name,
    file.type,
  );
  if (!r.ok) {
    app.toast(t('editors.imagePasteFailed', { reason: r.message }), 'error');
    return null;
  }
  app.refreshTree();
  return r.address;
}
