/**
 * Names for an image pasted or dropped into a document: it is saved in an `assets` folder beside
 * the document and written into the markdown by a relative address. Pure.
 */
import { validateName } from './name';

/** The folder beside the document that pasted images go to. */
export const ASSETS_FOLDER = 'assets';

/** Image types a paste or a drop may save, with the extension each is saved under. */
export const PASTED_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
};

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The name to save an image under: a dropped file keeps its own name (cleaned, with the
 * extension of its type); a pasted screenshot, which browsers all call `image.png`, is named by
 * the local time, `image-20261204-213005.png`. Null for a type that is not saved.
 */
export function pastedImageName(original: string, type: string, now: Date): string | null {
  const ext = PASTED_IMAGE_TYPES[type.toLowerCase()];
  if (!ext) return null;
  const stem = original.replace(/\.[^.]*$/, '').trim();
  const generic = stem === '' || /^image$/i.test(stem);
  const named = generic
    ? `image-${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}-` +
      `${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`
    : stem.replace(/[\\/:*?"<>|]+/g, '-');
  const name = `${named}.${ext}`;
  return validateName(name).ok ? name : `image.${ext}`;
}

/** `name`, or `name-2`, `name-3`… : the first that `taken` does not hold (case-blind). */
export function freeName(name: string, taken: (candidate: string) => boolean): string {
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  let candidate = name;
  for (let n = 2; taken(candidate); n += 1) candidate = `${stem}-${n}${ext}`;
  return candidate;
}

/** The address the markdown gets for a saved image: relative to the document, each part escaped. */
export function assetAddress(name: string): string {
  // `(` and `)` too, which would end a markdown destination.
  const escaped = encodeURIComponent(name).replace(/[()]/g, (c) => (c === '(' ? '%28' : '%29'));
  return `${ASSETS_FOLDER}/${escaped}`;
}
