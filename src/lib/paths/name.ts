/**
 * File and folder names: the single segments that virtual paths are made of.
 *
 * One set of rules serves both the names a user or an AI model types on create/rename and the
 * segments of a virtual path, so every path the app accepts is made of names it would accept.
 */

/** Longest allowed name, in UTF-8 bytes (the common limit of desktop file systems). */
export const MAX_NAME_BYTES = 255;

/** Mount name reserved for the embedded default workspace, mounted as `/notes`. */
export const DEFAULT_MOUNT = 'notes';

/** Mount used when a picked folder's name has nothing usable left after cleaning. */
const FALLBACK_MOUNT = 'folder';

/** Longest part of an input quoted in a message, in code points. */
const QUOTE_LIMIT = 80;

const encoder = new TextEncoder();

/** Length of `text` in UTF-8 bytes, which is what file-system limits count. */
export function utf8ByteLength(text: string): number {
  return encoder.encode(text).length;
}

/** Whether `code` is a Unicode control character (C0, DEL or C1). */
function isControlCode(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** The first control character in `text` written as `U+XXXX`, or null when there is none. */
export function findControlCharacter(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControlCode(code)) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return null;
}

/**
 * Quotes user input for a message: control characters are shown as `\uXXXX` escapes and long
 * text is cut with an ellipsis, so a reason stays readable whatever was passed in.
 */
export function quote(text: string): string {
  const chars = Array.from(text);
  const shown = chars.length > QUOTE_LIMIT ? chars.slice(0, QUOTE_LIMIT).join('') + '…' : text;
  let escaped = '';
  for (const char of shown) {
    const code = char.charCodeAt(0);
    escaped += isControlCode(code) ? `\\u${code.toString(16).padStart(4, '0')}` : char;
  }
  return `"${escaped}"`;
}

/** Describes a value that should have been a string, for "but got …" messages. */
export function describeNonString(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'number':
    case 'boolean':
    case 'bigint':
      return `the ${typeof value} ${String(value)}`;
    case 'function':
      return 'a function';
    case 'symbol':
      return 'a symbol';
    default:
      return 'an object';
  }
}

/**
 * Why `name` is not a valid file or folder name, as a clause to finish a sentence
 * ("ends with a dot"), or null when it is valid.
 */
export function nameProblem(name: string): string | null {
  if (name === '') return 'is empty';
  if (name.trim() === '') return 'is only whitespace';
  const control = findControlCharacter(name);
  if (control !== null) return `contains the control character ${control}`;
  if (name.includes('/')) return 'contains "/", which separates folders';
  if (name.includes('\\')) return 'contains a backslash';
  if (name === '.') return 'is ".", which means the current folder';
  if (name === '..') return 'is "..", which means the parent folder';
  const bytes = utf8ByteLength(name);
  if (bytes > MAX_NAME_BYTES) {
    return `is ${bytes} bytes long in UTF-8, over the ${MAX_NAME_BYTES}-byte limit`;
  }
  if (/^\s/u.test(name)) return 'starts with whitespace';
  if (/\s$/u.test(name)) return 'ends with whitespace';
  if (name.endsWith('.')) return 'ends with a dot';
  return null;
}

/** Checks a file or folder name given on create or rename. */
export function validateName(
  name: unknown,
): { ok: true; name: string } | { ok: false; reason: string } {
  if (typeof name !== 'string') {
    return { ok: false, reason: `A name must be a string, but got ${describeNonString(name)}.` };
  }
  const problem = nameProblem(name);
  if (problem !== null) return { ok: false, reason: `The name ${quote(name)} ${problem}.` };
  return { ok: true, name };
}

/** Cuts `text` to at most `maxBytes` UTF-8 bytes without splitting a character. */
function truncateToBytes(text: string, maxBytes: number): string {
  let result = '';
  let bytes = 0;
  for (const char of text) {
    const size = utf8ByteLength(char);
    if (bytes + size > maxBytes) break;
    result += char;
    bytes += size;
  }
  return result;
}

/** Removes what a name may not start or end with: whitespace, and dots at the end. */
function trimName(text: string): string {
  return text.replace(/^\s+/u, '').replace(/[\s.]+$/u, '');
}

/** Turns any folder name into a valid name by replacing or trimming what is not allowed. */
function cleanMountName(desired: string): string {
  let cleaned = '';
  for (const char of desired) {
    const invalid = char === '/' || char === '\\' || isControlCode(char.charCodeAt(0));
    cleaned += invalid ? '-' : char;
  }
  cleaned = trimName(cleaned.normalize('NFC'));
  return cleaned === '' ? FALLBACK_MOUNT : cleaned;
}

/**
 * Picks the mount name for a folder the user opened: its own name made valid (characters not
 * allowed in a name become `-`, nothing usable left gives `folder`) and made unique among
 * `existing` by appending `-2`, `-3`, … Names compare case-insensitively, because users' disks
 * often do, and `notes` is always taken (it is the default workspace's mount).
 */
export function uniqueMountName(desired: string, existing: readonly string[]): string {
  const base = cleanMountName(desired);
  const taken = new Set([DEFAULT_MOUNT, ...existing].map((mount) => mount.toLowerCase()));
  for (let counter = 1; ; counter++) {
    const suffix = counter === 1 ? '' : `-${counter}`;
    const stem = trimName(truncateToBytes(base, MAX_NAME_BYTES - suffix.length));
    const candidate = (stem === '' ? FALLBACK_MOUNT : stem) + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
