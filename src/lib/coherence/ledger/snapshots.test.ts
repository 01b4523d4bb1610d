/**
 * The snapshot store: where a snapshot lives, what it holds (masked canonical bytes), that an
 * existing good one is not rewritten, and the errors for a missing or tampered one.
 */
import { describe, expect, it } from 'vitest';
import { contentHash } from '../format/canonical';
import { memoryLedgerFs } from './memoryLedgerFs';
import { putSnapshot, readSnapshot, snapshotPath, writeSnapshotBytes } from './snapshots';
import { maskedCanonicalBytes } from '../format/canonical';

const SCENE = '# Scene 12\nElena waited in the rain.\n';
const SCENE_HASH = 'sha256:e59856b8f84f657f19d657aa2504758f3504e79dcc6e4aa999b0f9125edd4221';
const STAMPED = `---\nvmark:\n  id: 0198c0de-0000-7000-8000-000000000001\n---\r\n${SCENE.replace(/\n/g, '\r\n')}`;

describe('snapshots', () => {
  it('live at sha256/<2 hex>/<62 hex> and hold the masked canonical text', async () => {
    const fs = memoryLedgerFs();
    // CRLF line breaks and an identity block: stored as the canonical text without the block.
    const stored = await putSnapshot(fs, STAMPED);
    expect(stored).toEqual({
      ok: true,
      hash: SCENE_HASH,
      path: '.vmark/snapshots/sha256/e5/9856b8f84f657f19d657aa2504758f3504e79dcc6e4aa999b0f9125edd4221',
      written: true,
    });
    expect(fs.text(snapshotPath(SCENE_HASH)!)).toBe(SCENE);
    expect(await readSnapshot(fs, SCENE_HASH)).toEqual({ ok: true, hash: SCENE_HASH, text: SCENE });
  });

  it('are written once: a good one already there is left alone, a bad one replaced', async () => {
    const fs = memoryLedgerFs();
    await putSnapshot(fs, SCENE);
    const again = await putSnapshot(fs, SCENE);
    expect(again.ok && again.written).toBe(false);
    expect(fs.writes.filter((w) => w.op === 'write')).toHaveLength(1);
    fs.put(snapshotPath(SCENE_HASH)!, 'tampered');
    const healed = await putSnapshot(fs, SCENE);
    expect(healed.ok && healed.written).toBe(true);
    expect(fs.text(snapshotPath(SCENE_HASH)!)).toBe(SCENE);
  });

  it('answer snapshot-missing and snapshot-corrupt as error values', async () => {
    const fs = memoryLedgerFs();
    const missing = await readSnapshot(fs, SCENE_HASH);
    expect(missing).toMatchObject({ ok: false, code: 'snapshot-missing' });
    expect(!missing.ok && missing.error).toContain('e5/9856b8');
    fs.put(snapshotPath(SCENE_HASH)!, `${SCENE}extra\n`);
    expect(await readSnapshot(fs, SCENE_HASH)).toMatchObject({
      ok: false,
      code: 'snapshot-corrupt',
    });
    // Bytes that are not UTF-8 are corrupt even under the hash of their own bytes.
    const raw = new Uint8Array([0xff, 0xfe, 0x00]);
    const rawHash = await contentHash(raw);
    fs.put(snapshotPath(rawHash)!, raw);
    expect(await readSnapshot(fs, rawHash)).toMatchObject({ ok: false, code: 'snapshot-corrupt' });
    expect(await readSnapshot(fs, 'rev-a1b2c3')).toMatchObject({ ok: false });
    expect(snapshotPath('sha256:abc')).toBeNull();
  });

  it('can be written straight from their bytes, which must hash to the name given', async () => {
    const fs = memoryLedgerFs();
    const bytes = maskedCanonicalBytes(STAMPED);
    expect(await writeSnapshotBytes(fs, SCENE_HASH, bytes)).toEqual({ ok: true });
    expect(await readSnapshot(fs, SCENE_HASH)).toEqual({ ok: true, hash: SCENE_HASH, text: SCENE });
    const other = `sha256:${'0'.repeat(64)}`;
    const refused = await writeSnapshotBytes(fs, other, bytes);
    expect(refused).toEqual({ ok: false, error: `snapshot ${SCENE_HASH} is not ${other}` });
    expect(fs.text(snapshotPath(other)!)).toBeNull();
  });
});
