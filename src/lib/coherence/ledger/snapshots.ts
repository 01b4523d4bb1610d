/**
 * The snapshot store: every captured content, kept under its content hash at
 * `.vmark/snapshots/sha256/<first 2 hex>/<other 62 hex>`. A snapshot holds exactly the bytes the
 * hash is taken over (the masked canonical text), so it checks itself: reading one hashes it again
 * and refuses bytes that do not match their name. Snapshots are only ever added, never deleted;
 * the identity block is not in them (the ledger's registration says which object they belong to).
 *
 * A capture writes its snapshot before the ledger entry that names the revision, so a revision in
 * the ledger always has its content stored. Every function answers an error value, never throws.
 */
import { decodeUtf8, isContentHash, maskedCanonicalBytes } from '../format/canonical';
import type { LedgerFs } from './ledgerFs';
import type { ContentHash } from '../format/records';

export const SNAPSHOT_DIR = '.vmark/snapshots/sha256';

export type SnapshotCode = 'snapshot-missing' | 'snapshot-corrupt' | 'snapshot-unreadable';

export type SnapshotWrite =
  { ok: true; hash: ContentHash; path: string; written: boolean } | { ok: false; error: string };

export type SnapshotRead =
  { ok: true; hash: ContentHash; text: string } | { ok: false; code: SnapshotCode; error: string };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Where a content hash's snapshot lives, or null for something that is not a content hash. */
export function snapshotPath(hash: string): string | null {
  if (!isContentHash(hash)) return null;
  const hex = hash.slice('sha256:'.length);
  return `${SNAPSHOT_DIR}/${hex.slice(0, 2)}/${hex.slice(2)}`;
}

async function hashOfBytes(bytes: Uint8Array): Promise<ContentHash> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes as BufferSource);
  let hex = '';
  for (const b of new Uint8Array(digest)) hex += b.toString(16).padStart(2, '0');
  return `sha256:${hex}`;
}

/**
 * Stores a document's content (its text as written; canonicalised and masked here) and answers
 * its hash. A snapshot already there that verifies is left alone (`written: false`); one that does
 * not verify is replaced.
 */
export async function putSnapshot(fs: LedgerFs, text: string): Promise<SnapshotWrite> {
  const bytes = maskedCanonicalBytes(text);
  try {
    const hash = await hashOfBytes(bytes);
    const path = snapshotPath(hash)!;
    const existing = await fs.read(path);
    if (existing && (await hashOfBytes(existing)) === hash) {
      return { ok: true, hash, path, written: false };
    }
    await fs.write(path, bytes);
    return { ok: true, hash, path, written: true };
  } catch (e) {
    return { ok: false, error: `could not store the snapshot: ${message(e)}` };
  }
}

/**
 * Stores bytes already masked and canonical under `hash`, without looking first: one write, for a
 * scan that stores a snapshot per new content (a snapshot already there is written again with the
 * same bytes, which it holds if it verifies). Refuses bytes that do not hash to `hash`.
 */
export async function writeSnapshotBytes(
  fs: LedgerFs,
  hash: ContentHash,
  bytes: Uint8Array,
): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    const actual = await hashOfBytes(bytes);
    if (actual !== hash) return { ok: false, error: `snapshot ${actual} is not ${hash}` };
    await fs.write(snapshotPath(hash)!, bytes);
    return { ok: true };
  } catch (e) {
    return { ok: false, error: `could not store the snapshot: ${message(e)}` };
  }
}

/**
 * The text stored under a content hash (masked canonical text: no identity block). A missing file
 * answers `snapshot-missing`; bytes that do not hash to their name, or are not UTF-8 text, answer
 * `snapshot-corrupt`.
 */
export async function readSnapshot(fs: LedgerFs, hash: ContentHash): Promise<SnapshotRead> {
  const path = snapshotPath(hash);
  if (!path) {
    return {
      ok: false,
      code: 'snapshot-missing',
      error: `snapshot-missing: ${JSON.stringify(hash)} is not a content hash`,
    };
  }
  let bytes: Uint8Array | null;
  try {
    bytes = await fs.read(path);
  } catch (e) {
    return {
      ok: false,
      code: 'snapshot-unreadable',
      error: `snapshot-unreadable: ${path}: ${message(e)}`,
    };
  }
  if (!bytes) return { ok: false, code: 'snapshot-missing', error: `snapshot-missing: ${path}` };
  const actual = await hashOfBytes(bytes);
  const text = decodeUtf8(bytes);
  if (actual !== hash || text === null) {
    return {
      ok: false,
      code: 'snapshot-corrupt',
      error: `snapshot-corrupt: ${path} holds content hashing to ${actual}`,
    };
  }
  return { ok: true, hash, text };
}
