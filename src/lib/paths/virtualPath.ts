/**
 * Virtual absolute paths.
 *
 * Browsers have no absolute paths, so every workspace gets a mount name and every file the
 * POSIX-style path `/<mount>/<rest>`, for example `/notes/todo.md`. Only canonical paths are
 * accepted (no `.`, `..`, `//`, trailing `/` or backslashes), so a valid path is its own key.
 */

import {
  describeNonString,
  findControlCharacter,
  nameProblem,
  quote,
  utf8ByteLength,
} from './name';

/** Longest allowed whole path, in UTF-8 bytes (the common PATH_MAX). */
export const MAX_PATH_BYTES = 4096;

/** A path that was checked: its text, its mount and the segments after the mount. */
export type ParsedVirtualPath = { ok: true; path: string; mount: string; segments: string[] };

/** The result of `parseVirtualPath`: the parsed path, or why the input is not one. */
export type ParseVirtualPathResult = ParsedVirtualPath | { ok: false; reason: string };

/** Lists mounts for a message, as `/notes, /Docs`. */
function listMounts(mounts: readonly string[]): string {
  return mounts.map((mount) => `/${mount}`).join(', ');
}

/** Why the mount of `path` is unknown, with a hint when only the letter case differs. */
function unknownMountReason(path: string, mount: string, mounts: readonly string[]): string {
  const start = `The path ${quote(path)} is not in a mounted workspace: ${quote(mount)} is not a known mount`;
  if (mounts.length === 0) return `${start}, and no workspace is mounted.`;
  const sameLetters = mounts.find((known) => known.toLowerCase() === mount.toLowerCase());
  const hint = sameLetters === undefined ? '' : ` (did you mean /${sameLetters}?)`;
  return `${start}${hint}; the known mounts are ${listMounts(mounts)}.`;
}

/** Why the segments of an absolute path are not canonical, or null when they are. */
function segmentsProblem(path: string, parts: readonly string[]): string | null {
  const quoted = quote(path);
  if (parts[parts.length - 1] === '') return `The path ${quoted} ends with "/".`;
  if (parts.includes('')) return `The path ${quoted} contains an empty segment ("//").`;
  if (parts.includes('..')) {
    return `The path ${quoted} contains a ".." segment, which is not allowed; use the full path.`;
  }
  if (parts.includes('.')) {
    return `The path ${quoted} contains a "." segment, which is not allowed; use the full path.`;
  }
  for (const part of parts) {
    const problem = nameProblem(part);
    if (problem !== null) {
      return `The path ${quoted} has the segment ${quote(part)}, which ${problem}.`;
    }
  }
  return null;
}

/**
 * Checks that `input` is a canonical virtual absolute path inside one of `mounts` and splits it.
 * Nothing is trimmed or normalised: input that is not already canonical is refused with a reason.
 */
export function parseVirtualPath(
  input: unknown,
  mounts: readonly string[],
): ParseVirtualPathResult {
  if (typeof input !== 'string') {
    return { ok: false, reason: `A path must be a string, but got ${describeNonString(input)}.` };
  }
  if (input === '') return { ok: false, reason: 'The path is empty.' };
  if (input.trim() === '') return { ok: false, reason: `The path ${quote(input)} is blank.` };
  const control = findControlCharacter(input);
  if (control !== null) {
    return {
      ok: false,
      reason: `The path ${quote(input)} contains the control character ${control}.`,
    };
  }
  if (input.includes('\\')) {
    return {
      ok: false,
      reason: `The path ${quote(input)} contains a backslash; virtual paths use "/" as separator.`,
    };
  }
  if (!input.startsWith('/')) {
    return {
      ok: false,
      reason: `The path ${quote(input)} is relative; it must be absolute, like "/notes/file.md".`,
    };
  }
  if (input === '/') {
    return {
      ok: false,
      reason: 'The path "/" names no workspace; use a mount such as "/notes" or a path inside one.',
    };
  }
  const bytes = utf8ByteLength(input);
  if (bytes > MAX_PATH_BYTES) {
    return {
      ok: false,
      reason: `The path ${quote(input)} is ${bytes} bytes long in UTF-8, over the ${MAX_PATH_BYTES}-byte limit.`,
    };
  }
  const parts = input.slice(1).split('/');
  const problem = segmentsProblem(input, parts);
  if (problem !== null) return { ok: false, reason: problem };
  const [mount = '', ...segments] = parts;
  if (!mounts.includes(mount)) {
    return { ok: false, reason: unknownMountReason(input, mount, mounts) };
  }
  return { ok: true, path: input, mount, segments };
}

/** Builds the path `/<mount>/<segments…>`; the parts are assumed to be valid names. */
export function formatVirtualPath(mount: string, segments: readonly string[]): string {
  return '/' + [mount, ...segments].join('/');
}

/** The folder containing `path`: `/notes/a/b.md` → `/notes/a`; a mount root gives `/`. */
export function dirnameOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

/** The last segment of `path`: `/notes/a/b.md` → `b.md`; a mount root gives the mount name. */
export function basenameOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The lower-cased extension of `path` with its dot (`/notes/A.MD` → `.md`), or '' when the name
 * has none. A leading dot does not start an extension (`.gitignore` has none).
 */
export function extnameOf(path: string): string {
  const name = basenameOf(path);
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot).toLowerCase();
}

/** The path of `name` inside the folder `dir`; `name` is assumed valid (see `validateName`). */
export function joinVirtual(dir: string, name: string): string {
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}
