/**
 * What the WYSIWYG editor does with an image's `src`: show a `data:` image as it is, read an image
 * file of the document's own workspace, or leave it unloaded with a reason. Pure: the document's
 * path comes in, a workspace path or a reason goes out.
 *
 * - `data:image/…` is shown as written.
 * - A URL with a scheme (`https:`, `file:`, …) or a host (`//…`) is not loaded: the app fetches
 *   nothing from elsewhere (docs/relay.md, `img-src`).
 * - A relative path is read from the document's folder; one starting with `/` from the root of the
 *   document's workspace, as a repository's own pages take it. `%xx` escapes are decoded, and a
 *   `?query` or `#fragment` is dropped. A path that leaves the workspace (`../` above its root) is
 *   not read, nor a file whose extension is not an image's.
 */

/** Extensions read as images (lower case). */
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'bmp', 'ico'];

/** The MIME type the browser is told for each extension (an SVG needs it to draw). */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

export type ImageSource =
  | { kind: 'inline'; src: string }
  | { kind: 'file'; path: string; type: string }
  | { kind: 'unloaded'; reason: 'remote' | 'outside' | 'not-image' | 'no-folder' | 'empty' };

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** Where the image `src` of a document at `documentPath` (null: not saved yet) comes from. */
export function imageSource(src: string, documentPath: string | null): ImageSource {
  const raw = src.trim();
  if (raw === '') return { kind: 'unloaded', reason: 'empty' };
  if (/^data:image\//i.test(raw)) return { kind: 'inline', src: raw };
  if (SCHEME.test(raw) || raw.startsWith('//') || raw.startsWith('\\\\')) {
    return { kind: 'unloaded', reason: 'remote' };
  }
  if (documentPath === null) return { kind: 'unloaded', reason: 'no-folder' };
  const [mount, ...folders] = documentPath.split('/').slice(1, -1);
  if (!mount) return { kind: 'unloaded', reason: 'no-folder' };
  const bare = raw.replace(/[?#].*$/s, '');
  const parts = bare.replace(/\\/g, '/').split('/');
  const stack = bare.startsWith('/') ? [] : [...folders];
  for (const part of parts) {
    const name = decode(part);
    if (name === null || name.includes('/') || name.includes('\0')) {
      return { kind: 'unloaded', reason: 'outside' };
    }
    if (name === '' || name === '.') continue;
    if (name === '..') {
      if (stack.length === 0) return { kind: 'unloaded', reason: 'outside' };
      stack.pop();
    } else stack.push(name);
  }
  const file = stack[stack.length - 1];
  const dot = file?.lastIndexOf('.') ?? -1;
  const ext = file && dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
  if (!IMAGE_EXTENSIONS.includes(ext)) return { kind: 'unloaded', reason: 'not-image' };
  return { kind: 'file', path: '/' + [mount, ...stack].join('/'), type: IMAGE_TYPES[ext] };
}
