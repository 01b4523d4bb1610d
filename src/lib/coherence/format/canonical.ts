/**
 * Content hashes and revision ids, computed exactly as desktop VMark computes them, so a revision
 * recorded by either app names the same content in the other.
 *
 * - Canonical text: the file's bytes decoded as UTF-8 (bytes that are not UTF-8 make the file
 *   binary), put in Unicode NFC, every `\r\n` and lone `\r` turned into `\n`. Nothing else: trailing
 *   spaces, a missing or present final newline and a byte-order mark are all content.
 * - Identity masking: the `id:` and `schema:` lines of the front matter's `vmark:` mapping are left
 *   out, then the `vmark:` line if nothing else was under it, then the whole block if what is left
 *   of it is blank. So stamping an id on a document never changes its hash.
 * - `sha256:` + hex SHA-256 of the masked canonical text's UTF-8 bytes; a binary file hashes its
 *   raw bytes, unmasked.
 * - `rev1:` + hex SHA-256 of `vmark-rev\n`, the content hash, `\n`, then each parent revision id
 *   followed by `\n`, parents in sorted order. No parents: a root revision; two or more: a merge.
 *
 * All of it is DOM-free; hashing uses Web Crypto, hence the promises.
 */
import type { ContentHash, RevisionId } from './records';
import { findFrontMatter, isChildLine, trim, trimEnd, trimStart } from './frontMatter';

const HASH_PATTERN = /^sha256:[0-9a-f]{64}$/;
const REVISION_PATTERN = /^rev1:[0-9a-f]{64}$/;

export function isContentHash(s: unknown): s is ContentHash {
  return typeof s === 'string' && HASH_PATTERN.test(s);
}

export function isRevisionId(s: unknown): s is RevisionId {
  return typeof s === 'string' && REVISION_PATTERN.test(s);
}

/**
 * The text of a file's bytes, or null when they are not UTF-8 (the file is then binary). A leading
 * byte-order mark is kept as a character, as desktop VMark keeps it.
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Canonical text: NFC, with `\r\n` and lone `\r` turned into `\n`. */
export function canonicalText(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n');
}

function isReservedChild(line: string): boolean {
  const t = trimStart(line);
  return t.startsWith('id:') || t.startsWith('schema:');
}

/**
 * Leaves the identity out of canonical text (see the module comment). Text without front matter,
 * or whose opening fence is never closed, comes back unchanged. A block that is kept is written
 * back with a line break after its closing fence (desktop does the same, so a document that ends
 * right at its closing `---` hashes with that line break).
 */
export function maskIdentity(canonical: string): string {
  const fm = findFrontMatter(canonical);
  if (!fm) return canonical;
  const { lines, close } = fm;
  const kept: string[] = [];
  for (let i = 1; i < close;) {
    const line = lines[i].text;
    if (trimEnd(line) !== 'vmark:') {
      kept.push(line);
      i++;
      continue;
    }
    const children: string[] = [];
    let j = i + 1;
    for (; j < close && isChildLine(lines[j].text); j++) {
      if (!isReservedChild(lines[j].text)) children.push(lines[j].text);
    }
    if (children.length > 0) kept.push(line, ...children);
    i = j;
  }
  const closing = lines[close];
  const rest = canonical.slice(closing.start + closing.text.length + closing.eol.length);
  const block = kept.join('\n');
  return trim(block) === '' ? rest : `---\n${block}\n---\n${rest}`;
}

/** The bytes a text document's content hash is taken over (and a snapshot stores). */
export function maskedCanonicalBytes(text: string): Uint8Array {
  return new TextEncoder().encode(maskIdentity(canonicalText(text)));
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes as BufferSource);
  let out = '';
  for (const b of new Uint8Array(digest)) out += b.toString(16).padStart(2, '0');
  return out;
}

/**
 * The content hash of a document. Given bytes (a file as stored), UTF-8 is hashed as text and
 * anything else as binary (raw bytes). Given a string, it is text. A string holding a lone UTF-16
 * surrogate is hashed as the file it would become when saved (the surrogate written as U+FFFD).
 *
 * To hash a file as it is on disk, pass its bytes: `Blob.text()` and a default `TextDecoder` drop
 * a leading byte-order mark, which desktop VMark counts as content.
 */
export async function contentHash(input: Uint8Array | string): Promise<ContentHash> {
  if (typeof input === 'string') return `sha256:${await sha256Hex(maskedCanonicalBytes(input))}`;
  const text = decodeUtf8(input);
  const bytes = text === null ? input : maskedCanonicalBytes(text);
  return `sha256:${await sha256Hex(bytes)}`;
}

/**
 * The revision id of content with the given parents (in any order). Throws a RangeError when the
 * hash or a parent is not well-formed: these come from this app's own records, never from a
 * person, so a malformed one is a bug to surface, not a state to carry on with.
 */
export async function revisionId(
  hash: ContentHash,
  parents: readonly RevisionId[],
): Promise<RevisionId> {
  if (!isContentHash(hash)) throw new RangeError(`not a content hash: ${JSON.stringify(hash)}`);
  for (const p of parents) {
    if (!isRevisionId(p)) throw new RangeError(`not a revision id: ${JSON.stringify(p)}`);
  }
  // Plain sort: all ids are ASCII, so UTF-16 order is byte order, as on desktop.
  const sorted = [...parents].sort();
  const preimage = `vmark-rev\n${hash}\n${sorted.map((p) => `${p}\n`).join('')}`;
  return `rev1:${await sha256Hex(new TextEncoder().encode(preimage))}`;
}
