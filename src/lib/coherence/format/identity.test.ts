import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from './canonical';
import { ensureIdentity, inspectIdentity, readIdentity, withIdentity } from './identity';

const ID = '018f3c7a-9f2e-7cc1-b302-5e9d4a6b21c7';
const OTHER = '0198c0de-0000-7000-8000-000000000001';
const BARE = '# Scene 12\nElena waited in the rain.\n';
// Golden vectors of desktop VMark (reference §1.5).
const BARE_HASH = 'sha256:e59856b8f84f657f19d657aa2504758f3504e79dcc6e4aa999b0f9125edd4221';
const AUTHOR = `---\ntitle: Scene\n---\n${BARE}`;
const AUTHOR_HASH = 'sha256:56c0dc6798a8150ebd2d806e1903a6e2afc6a43b9c5c332d358b2c3e52b308d2';

const crlf = (s: string) => s.replace(/\n/g, '\r\n');

/** The stamped text, failing the test when stamping was refused. */
function stamp(text: string, id = ID, schema?: string): string {
  const result = withIdentity(text, id, schema);
  if (!result.ok) throw new Error(`refused: ${result.code} ${result.message}`);
  return result.text;
}

describe('readIdentity', () => {
  it('reads the id and the schema', () => {
    const doc = `---\ntitle: Elena\nvmark:\n  id: ${ID}\n  schema: character\n---\nbody\n`;
    expect(readIdentity(doc)).toEqual({ id: ID, schema: 'character' });
    expect(readIdentity(`---\nvmark:\n  id: ${ID}\n---\nbody\n`)).toEqual({ id: ID });
  });

  it('tolerates spacing around the value and after vmark:, and tab indentation', () => {
    expect(readIdentity(`---\nvmark:  \n\tid:   ${ID}  \n---\n`)).toEqual({ id: ID });
  });

  it('answers the lowercase hyphenated id for the UUID forms desktop VMark accepts', () => {
    for (const form of [ID.toUpperCase(), ID.replace(/-/g, ''), `{${ID}}`, `urn:uuid:${ID}`]) {
      expect(readIdentity(`---\nvmark:\n  id: ${form}\n---\n`)).toEqual({ id: ID });
    }
  });

  it('finds no identity without front matter, without vmark:, or behind an unterminated fence', () => {
    for (const doc of [
      'just a body\n',
      '---\ntitle: x\n---\nbody\n',
      `---\nvmark:\n  id: ${ID}\nno closing\n`,
      `body\n---\nvmark:\n  id: ${ID}\n---\n`,
    ]) {
      expect(inspectIdentity(doc)).toEqual({ identity: null });
    }
  });

  it('gives a reason when a vmark: mapping has no usable id', () => {
    const bad = inspectIdentity('---\nvmark:\n  id: not-a-uuid\n---\nbody\n');
    expect(bad.identity).toBeNull();
    expect(bad.unreadable).toContain('"not-a-uuid" is not a UUID');
    const quoted = inspectIdentity(`---\nvmark:\n  id: "${ID}"\n---\n`);
    expect(quoted.identity).toBeNull();
    expect(quoted.unreadable).toContain('is not a UUID');
    const none = inspectIdentity('---\nvmark:\n  schema: scene\n---\n');
    expect(none).toEqual({
      identity: null,
      unreadable: 'the vmark: block in the front matter has no id: line',
    });
  });

  it('a later id: line counts over an earlier one, and only the first vmark: mapping is read', () => {
    expect(readIdentity(`---\nvmark:\n  id: ${OTHER}\n  id: ${ID}\n---\n`)).toEqual({ id: ID });
    expect(readIdentity(`---\nvmark:\n  id: ${ID}\n  id: x\n---\n`)).toBeNull();
    expect(readIdentity(`---\nvmark:\n  note: a\nvmark:\n  id: ${ID}\n---\n`)).toBeNull();
  });

  it('ignores an empty schema', () => {
    expect(readIdentity(`---\nvmark:\n  id: ${ID}\n  schema:   \n---\n`)).toEqual({ id: ID });
  });

  it('reads CRLF and CR front matter', () => {
    expect(readIdentity(crlf(`---\nvmark:\n  id: ${ID}\n---\nbody\n`))).toEqual({ id: ID });
    expect(readIdentity(`---\rvmark:\r  id: ${ID}\r---\rbody`)).toEqual({ id: ID });
  });

  it('a byte-order mark before the fence means no front matter, as on desktop', () => {
    expect(readIdentity(`\ufeff---\nvmark:\n  id: ${ID}\n---\n`)).toBeNull();
  });
});

describe('withIdentity: where the lines go (conformance §8 items 1 and 3)', () => {
  it('prepends a block to a document without front matter; the hash stays the golden one', async () => {
    const stamped = stamp(BARE);
    expect(stamped).toBe(`---\nvmark:\n  id: ${ID}\n---\n${BARE}`);
    expect(await contentHash(stamped)).toBe(BARE_HASH);
    expect(readIdentity(stamped)).toEqual({ id: ID });
  });

  it('appends to the end of the author front matter; the hash stays the golden one', async () => {
    const stamped = stamp(AUTHOR, ID, 'scene');
    expect(stamped).toBe(`---\ntitle: Scene\nvmark:\n  id: ${ID}\n  schema: scene\n---\n${BARE}`);
    expect(await contentHash(stamped)).toBe(AUTHOR_HASH);
    expect(readIdentity(stamped)).toEqual({ id: ID, schema: 'scene' });
  });

  it('answers the identity it wrote, with the id in lowercase', () => {
    const result = withIdentity(BARE, ID.toUpperCase(), 'scene');
    expect(result).toEqual({
      ok: true,
      text: `---\nvmark:\n  id: ${ID}\n  schema: scene\n---\n${BARE}`,
      identity: { id: ID, schema: 'scene' },
    });
  });

  it('keeps a CRLF file all CRLF, in its front matter and in a new block', async () => {
    const withFm = stamp(crlf(AUTHOR));
    expect(withFm).toBe(crlf(`---\ntitle: Scene\nvmark:\n  id: ${ID}\n---\n${BARE}`));
    expect(await contentHash(withFm)).toBe(AUTHOR_HASH);
    const without = stamp(crlf(BARE));
    expect(without).toBe(crlf(`---\nvmark:\n  id: ${ID}\n---\n${BARE}`));
    expect(await contentHash(without)).toBe(BARE_HASH);
    expect(readIdentity(without)).toEqual({ id: ID });
  });

  it('inserted lines take the line break of the line they follow, even in a mixed file', () => {
    expect(stamp('---\r\ntitle: x\n---\r\nbody\n')).toBe(
      `---\r\ntitle: x\nvmark:\n  id: ${ID}\n---\r\nbody\n`,
    );
    // A \r of ours never joins the \n of a blank line that follows.
    const mixed = '---\rvmark:\r  note: x\n\n---\n';
    expect(stamp(mixed)).toBe(`---\rvmark:\r  note: x\n  id: ${ID}\n\n---\n`);
    expect(stamp('one line')).toBe(`---\nvmark:\n  id: ${ID}\n---\none line`);
    expect(stamp('a\rb\r')).toBe(`---\rvmark:\r  id: ${ID}\r---\ra\rb\r`);
  });

  it('puts a new block before a byte-order mark, where desktop VMark looks for it', async () => {
    const bom = '\ufeff---\ntitle: x\n---\nbody\n';
    const stamped = stamp(bom);
    expect(stamped).toBe(`---\nvmark:\n  id: ${ID}\n---\n${bom}`);
    expect(readIdentity(stamped)).toEqual({ id: ID });
    const hash = 'sha256:504cbc04604f7bbee7abd5b18e712bac412d9336f74ba108d77dfc5a435dad3b';
    expect(await contentHash(bom)).toBe(hash);
    expect(await contentHash(stamped)).toBe(hash);
  });

  it('a closing fence that ends the file stays the last thing in it', async () => {
    const doc = '---\ntitle: Scene\n---';
    const stamped = stamp(doc);
    expect(stamped).toBe(`---\ntitle: Scene\nvmark:\n  id: ${ID}\n---`);
    const hash = 'sha256:6d56d88271baa72fbe025f5f5029da483ef94076f8b84bf89143f8d2d705f336';
    expect(await contentHash(doc)).toBe(hash);
    expect(await contentHash(stamped)).toBe(hash);
  });

  it('an unterminated fence is content: a new block goes above it', async () => {
    const broken = '---\ntitle: x\nno closing\n';
    const stamped = stamp(broken);
    expect(stamped).toBe(`---\nvmark:\n  id: ${ID}\n---\n${broken}`);
    expect(await contentHash(stamped)).toBe(await contentHash(broken));
    expect(readIdentity(stamped)).toEqual({ id: ID });
  });

  it('adds the id inside an existing vmark: mapping, indented like its children', async () => {
    const doc = '---\nvmark:\n    note: keep\n---\nbody\n';
    const stamped = stamp(doc, ID, 'scene');
    expect(stamped).toBe(
      `---\nvmark:\n    note: keep\n    id: ${ID}\n    schema: scene\n---\nbody\n`,
    );
    const hash = 'sha256:ec3ad7e22f88a3a0bb3cd2a40c88217f6af5332af6f14d60b944fae438299ee3';
    expect(await contentHash(doc)).toBe(hash);
    expect(await contentHash(stamped)).toBe(hash);
    expect(readIdentity(stamped)).toEqual({ id: ID, schema: 'scene' });
  });

  it('keeps the schema a mapping already names', () => {
    const result = withIdentity('---\nvmark:\n  schema: scene\nother: 1\n---\n', ID, 'character');
    expect(result).toEqual({
      ok: true,
      text: `---\nvmark:\n  schema: scene\n  id: ${ID}\nother: 1\n---\n`,
      identity: { id: ID, schema: 'scene' },
    });
  });

  it('stamping the same identity again changes nothing', () => {
    const once = stamp(AUTHOR, ID, 'scene');
    expect(stamp(once, ID, 'scene')).toBe(once);
    expect(stamp(once, ID)).toBe(once);
  });
});

describe('withIdentity: refusals lose nothing', () => {
  it('refuses a malformed id or schema', () => {
    expect(withIdentity(BARE, 'not-a-uuid')).toMatchObject({ ok: false, code: 'invalid-id' });
    for (const schema of ['', ' scene', 'scene\n', 'a\rb']) {
      expect(withIdentity(BARE, ID, schema)).toMatchObject({ ok: false, code: 'invalid-schema' });
    }
  });

  it('refuses to replace another identity', () => {
    const stamped = stamp(BARE, OTHER);
    const result = withIdentity(stamped, ID);
    expect(result).toMatchObject({ ok: false, code: 'has-identity' });
    expect(!result.ok && result.message).toContain(OTHER);
    expect(withIdentity(stamp(BARE, ID, 'a'), ID, 'b')).toMatchObject({ code: 'has-identity' });
  });

  it('refuses to overwrite an id that is not a UUID', () => {
    const result = withIdentity('---\nvmark:\n  id: 12\n---\n', ID);
    expect(result).toMatchObject({ ok: false, code: 'identity-unreadable' });
    expect(!result.ok && result.message).toContain('"12" is not a UUID');
  });
});

describe('withIdentity: properties', () => {
  // Documents built from the pieces front matter is made of, with every kind of line break.
  const piece = fc.constantFrom(
    '---',
    'vmark:',
    'vmark:  ',
    '  note: x',
    '\tnote: y',
    '  schema: s',
    `  id: ${ID}`,
    '  id: 12',
    'title: t',
    '',
    ' ',
    '# Heading',
    'caf\u00e9',
    'cafe\u0301',
    '\ufeff',
  );
  const eol = fc.constantFrom('\n', '\r\n', '\r');
  const line = fc.tuple(piece, eol).map(([text, end]) => text + end);
  const fence = fc.option(
    eol.map((end) => `---${end}`),
    { nil: '' },
  );
  // Mostly shaped like front matter (a fence, lines, a fence, a body), sometimes unterminated.
  const doc = fc
    .tuple(fence, fc.array(line, { maxLength: 6 }), fence, fc.array(line, { maxLength: 3 }), piece)
    .map(
      ([open, inside, close, body, last]) => open + inside.join('') + close + body.join('') + last,
    );
  const INSERTED = new RegExp(`^(---|vmark:|[ \\t]+id: ${ID}|[ \\t]+schema: z)(\\r\\n|\\n|\\r)`);

  it('either refuses, or adds only identity lines, reads back and keeps the hash', async () => {
    await fc.assert(
      fc.asyncProperty(doc, fc.boolean(), async (text, withSchema) => {
        const result = withIdentity(text, ID, withSchema ? 'z' : undefined);
        if (!result.ok) {
          // Only an id already there, another schema or an unreadable id stops it.
          expect(['has-identity', 'identity-unreadable']).toContain(result.code);
          expect(text).toMatch(/id: /);
          return;
        }
        const stamped = result.text;
        expect(readIdentity(stamped)?.id).toBe(ID);
        expect(await contentHash(stamped)).toBe(await contentHash(text));
        // The stamped text is the original with one run of whole identity lines put in.
        const delta = stamped.length - text.length;
        let found = false;
        for (let k = 0; k <= text.length && !found; k++) {
          if (!stamped.startsWith(text.slice(0, k)) || !stamped.endsWith(text.slice(k))) continue;
          let chunk = stamped.slice(k, k + delta);
          while (chunk !== '') {
            const m = INSERTED.exec(chunk);
            if (!m) break;
            chunk = chunk.slice(m[0].length);
          }
          found = chunk === '';
        }
        expect(found).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('ensureIdentity: a first capture (conformance §8 item 3, the identity text)', () => {
  const minter = (ids: string[]) => {
    const calls: string[] = [];
    const mint = () => {
      calls.push('mint');
      return ids.shift() ?? '';
    };
    return { calls, mint };
  };

  it('stamps a new id and answers the rewritten content', async () => {
    const { mint } = minter([ID]);
    const result = ensureIdentity(AUTHOR, mint);
    expect(result).toEqual({
      ok: true,
      text: `---\ntitle: Scene\nvmark:\n  id: ${ID}\n---\n${BARE}`,
      identity: { id: ID },
      stamped: true,
    });
    expect(await contentHash(result.ok ? result.text : '')).toBe(AUTHOR_HASH);
  });

  it('keeps the identity a document already carries and mints nothing', () => {
    const { calls, mint } = minter([OTHER]);
    const doc = `---\nvmark:\n  id: ${ID}\n  schema: scene\n---\nbody\n`;
    expect(ensureIdentity(doc, mint)).toEqual({
      ok: true,
      text: doc,
      identity: { id: ID, schema: 'scene' },
      stamped: false,
    });
    expect(calls).toEqual([]);
  });

  it('refuses a document whose vmark id is unreadable, leaving it as it is', () => {
    const { mint } = minter([ID]);
    expect(ensureIdentity('---\nvmark:\n  id: nope\n---\n', mint)).toMatchObject({
      ok: false,
      code: 'identity-unreadable',
    });
  });

  it('adds an id to a vmark: mapping that has none', () => {
    const { mint } = minter([ID]);
    expect(ensureIdentity('---\nvmark:\n  note: x\n---\n', mint, 'scene')).toMatchObject({
      ok: true,
      text: `---\nvmark:\n  note: x\n  id: ${ID}\n  schema: scene\n---\n`,
      stamped: true,
    });
  });
});
