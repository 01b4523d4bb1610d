import { describe, expect, it } from 'vitest';
import {
  canonicalText,
  contentHash,
  decodeUtf8,
  isContentHash,
  isRevisionId,
  maskIdentity,
  maskedCanonicalBytes,
  revisionId,
} from './canonical';

// Golden vectors of desktop VMark (reference §1.5); the revision ids below were worked out with
// `printf … | sha256sum` from the formula, not with this code.
const BARE = '# Scene 12\nElena waited in the rain.\n';
const BARE_HASH = 'sha256:e59856b8f84f657f19d657aa2504758f3504e79dcc6e4aa999b0f9125edd4221';
const AUTHOR = '---\ntitle: Scene\n---\n# Scene 12\nElena waited in the rain.\n';
const AUTHOR_HASH = 'sha256:56c0dc6798a8150ebd2d806e1903a6e2afc6a43b9c5c332d358b2c3e52b308d2';
const BARE_ROOT = 'rev1:718593b8aaccb1613cb31899b20304b1b41cd9fc901b92a21f38a765760bce7f';
/** AUTHOR_HASH with parent BARE_ROOT. */
const CHILD = 'rev1:8a820ff199c2ca036e218f890b41c93b889b1ef7a34c17c57771bdac6b685bc6';
/** BARE_HASH again, with parent CHILD (A → B → A). */
const BACK = 'rev1:b7b8001682e7bcabf896d524c14d71a2c9438d90c7e4d6244c7eb215d5437d97';
/** AUTHOR_HASH with parents BARE_ROOT and CHILD. */
const MERGE = 'rev1:2080633fe11aa258027489b914c38e70b5c88bcc3ee5fbb5e968dbeac7fa014d';
const ID = '018f3c7a-9f2e-7cc1-b302-5e9d4a6b21c7';

const utf8 = (s: string) => new TextEncoder().encode(s);

describe('content hash: golden vectors (conformance §8 item 1)', () => {
  it('hashes the bare document as desktop VMark does', async () => {
    expect(await contentHash(BARE)).toBe(BARE_HASH);
    expect(await contentHash(utf8(BARE))).toBe(BARE_HASH);
  });

  it('a front matter holding only the vmark id collapses to the bare hash', async () => {
    const stamped = `---\nvmark:\n  id: ${ID}\n---\n${BARE}`;
    expect(await contentHash(stamped)).toBe(BARE_HASH);
    expect(maskIdentity(stamped)).toBe(BARE);
  });

  it('adding id and schema to author front matter does not move the hash', async () => {
    const stamped = `---\ntitle: Scene\nvmark:\n  id: ${ID}\n  schema: scene\n---\n${BARE}`;
    expect(await contentHash(AUTHOR)).toBe(AUTHOR_HASH);
    expect(await contentHash(stamped)).toBe(AUTHOR_HASH);
  });

  it('unknown vmark children survive masking, the mapping with them', () => {
    const doc = `---\nvmark:\n  id: ${ID}\n  future: x\n  schema: scene\n---\nbody\n`;
    expect(maskIdentity(doc)).toBe('---\nvmark:\n  future: x\n---\nbody\n');
  });

  it('the root revision of the bare document is the computed golden id', async () => {
    expect(await revisionId(BARE_HASH, [])).toBe(BARE_ROOT);
  });
});

describe('canonical text (conformance §8 item 2)', () => {
  it('composed and decomposed accents hash the same', async () => {
    const composed = 'caf\u00e9\n';
    const decomposed = 'cafe\u0301\n';
    expect(canonicalText(decomposed)).toBe(composed);
    expect(await contentHash(decomposed)).toBe(await contentHash(composed));
  });

  it('CRLF and lone CR hash as LF', async () => {
    expect(canonicalText('x\r\ny\rz\r\n')).toBe('x\ny\nz\n');
    expect(await contentHash('a\r\nb\r')).toBe(await contentHash('a\nb\n'));
    expect(await contentHash(utf8(BARE.replace(/\n/g, '\r\n')))).toBe(BARE_HASH);
  });

  it('a CRLF file with a stamped front matter hashes like the LF bare document', async () => {
    const crlf = `---\r\nvmark:\r\n  id: ${ID}\r\n---\r\n${BARE.replace(/\n/g, '\r\n')}`;
    expect(await contentHash(crlf)).toBe(BARE_HASH);
  });

  it('trailing spaces and the final newline are content', async () => {
    expect(await contentHash('a\n')).not.toBe(await contentHash('a'));
    expect(await contentHash('a \n')).not.toBe(await contentHash('a\n'));
    expect(canonicalText('a  \n\n')).toBe('a  \n\n');
  });

  it('keeps a byte-order mark as content', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('# T\n')]);
    expect(decodeUtf8(withBom)).toBe('\ufeff# T\n');
    expect(await contentHash(withBom)).toBe(
      'sha256:12d7dbf8cd639ef764d7ebf3d75cac048263304d1966a637f9bd1acac30dbb92',
    );
  });
});

describe('identity masking (conformance §8 items 1 and 2)', () => {
  it('leaves an unterminated fence alone: it is content', async () => {
    const broken = '---\nvmark:\n  id: xyz\nno closing fence\n';
    expect(maskIdentity(broken)).toBe(broken);
    expect(await contentHash(broken)).toBe(
      'sha256:603b1f7d42b4e874e7cce444c8ce991401d4ebdeadceb9f526a5f38286021e4e',
    );
  });

  it('is idempotent', () => {
    for (const doc of [
      `---\ntitle: Scene\nvmark:\n  id: ${ID}\n---\nbody\n`,
      `---\nvmark:\n  id: ${ID}\n  future: x\n---\nbody\n`,
      `---\nvmark:\n  id: ${ID}\n---\nbody\n`,
      '---\ntitle: x\n---',
      BARE,
    ]) {
      const once = maskIdentity(doc);
      expect(maskIdentity(once)).toBe(once);
    }
  });

  it('masks one block only, as desktop does: a second block behind a dropped one is body', () => {
    // The kind of input on which masking twice differs from once; hashes must match desktop's.
    const stacked = `---\nvmark:\n  id: ${ID}\n---\n---\nvmark:\n  id: ${ID}\n---\nbody\n`;
    expect(maskIdentity(stacked)).toBe(`---\nvmark:\n  id: ${ID}\n---\nbody\n`);
  });

  it('leaves a document without a vmark block unchanged', () => {
    expect(maskIdentity(AUTHOR)).toBe(AUTHOR);
    expect(maskIdentity(BARE)).toBe(BARE);
  });

  it('writes a kept block back with a line break after a closing fence that ended the file', async () => {
    expect(maskIdentity('---\ntitle: x\n---')).toBe('---\ntitle: x\n---\n');
    expect(maskIdentity(`---\ntitle: x\nvmark:\n  id: ${ID}\n---`)).toBe('---\ntitle: x\n---\n');
    expect(await contentHash('---\ntitle: x\n---')).toBe(
      'sha256:63dbf60796243e002a5a082bcbbac4dd3aa62575880c8935be4a8973534fca8f',
    );
  });

  it('drops a block that only an id made non-blank, ending at the end of the file', () => {
    expect(maskIdentity(`---\nvmark:\n  id: ${ID}\n---`)).toBe('');
  });

  it('accepts trailing spaces after vmark: and tab-indented children', () => {
    expect(maskIdentity(`---\nvmark:   \n\tid: ${ID}\n\tschema: s\n---\nb`)).toBe('b');
  });

  it('masks only the top-level vmark mapping and only its direct run of indented lines', () => {
    const nested = `---\nmeta:\n  vmark:\n    id: ${ID}\n---\nb`;
    expect(maskIdentity(nested)).toBe(nested);
    // A blank line ends the mapping: the id after it is not the vmark id.
    expect(maskIdentity(`---\nvmark:\n\n  id: ${ID}\n---\nb`)).toBe(`---\n\n  id: ${ID}\n---\nb`);
  });

  it('only id: and schema: are reserved', () => {
    const doc = `---\nvmark:\n  identity: kept\n  id: ${ID}\n---\nb`;
    expect(maskIdentity(doc)).toBe('---\nvmark:\n  identity: kept\n---\nb');
  });

  it('counts blankness as desktop does: a no-break space is blank, a byte-order mark is not', () => {
    expect(maskIdentity(`---\n\u00a0\nvmark:\n  id: ${ID}\n---\nb`)).toBe('b');
    expect(maskIdentity(`---\n\ufeff\nvmark:\n  id: ${ID}\n---\nb`)).toBe('---\n\ufeff\n---\nb');
  });

  it('does not take an empty --- --- pair or a BOM before the fence for front matter', () => {
    expect(maskIdentity('---\n---\nb')).toBe('---\n---\nb');
    const bom = `\ufeff---\nvmark:\n  id: ${ID}\n---\nb`;
    expect(maskIdentity(bom)).toBe(bom);
  });

  it('the masked canonical bytes are what the hash is taken over', async () => {
    const stamped = `---\r\ntitle: Scene\r\nvmark:\r\n  id: ${ID}\r\n---\r\n${BARE}`;
    expect(new TextDecoder().decode(maskedCanonicalBytes(stamped))).toBe(AUTHOR);
    expect(await contentHash(maskedCanonicalBytes(stamped))).toBe(AUTHOR_HASH);
  });
});

describe('binary content', () => {
  it('bytes that are not UTF-8 are hashed raw', async () => {
    const bytes = new Uint8Array([0xff, 0xfe, 0x00]);
    expect(decodeUtf8(bytes)).toBeNull();
    expect(await contentHash(bytes)).toBe(
      'sha256:ba778c0261008c8f71ae4061ad0162ffcbe63b52c91f89f236738131d1217ec7',
    );
  });

  it('binary hashing does not canonicalize line endings or mask identity', async () => {
    // A stray 0xff makes both files binary.
    const crlf = new Uint8Array([...utf8('---\r\nvmark:\r\n  id: x\r\n---\r\n'), 0xff]);
    const lf = new Uint8Array([...utf8('---\nvmark:\n  id: x\n---\n'), 0xff]);
    const crlfHash = await contentHash(crlf);
    expect(crlfHash).not.toBe(await contentHash(lf));
    expect(crlfHash).not.toBe(await contentHash(new Uint8Array([0xff])));
  });
});

describe('revision ids', () => {
  it('a child names its content and its parent', async () => {
    expect(await revisionId(AUTHOR_HASH, [BARE_ROOT])).toBe(CHILD);
  });

  it('A → B → A is a new revision: same hash, different parents', async () => {
    const back = await revisionId(BARE_HASH, [CHILD]);
    expect(back).toBe(BACK);
    expect(back).not.toBe(BARE_ROOT);
  });

  it('a merge sorts its parents, so their order does not matter', async () => {
    expect(await revisionId(AUTHOR_HASH, [CHILD, BARE_ROOT])).toBe(MERGE);
    expect(await revisionId(AUTHOR_HASH, [BARE_ROOT, CHILD])).toBe(MERGE);
  });

  it('refuses a malformed hash or parent', async () => {
    await expect(revisionId('sha256:abc', [])).rejects.toThrow(RangeError);
    await expect(revisionId(BARE_HASH.toUpperCase(), [])).rejects.toThrow(RangeError);
    await expect(revisionId(BARE_HASH, ['rev-a1b2c3'])).rejects.toThrow(RangeError);
  });

  it('recognises the two formats', () => {
    expect(isContentHash(BARE_HASH)).toBe(true);
    expect(isContentHash(BARE_ROOT)).toBe(false);
    expect(isRevisionId(BARE_ROOT)).toBe(true);
    expect(isRevisionId(BARE_HASH)).toBe(false);
    expect(isRevisionId(`${BARE_ROOT}0`)).toBe(false);
  });
});
