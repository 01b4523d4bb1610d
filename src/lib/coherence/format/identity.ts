/**
 * A document's identity in its front matter, as desktop VMark keeps it:
 *
 *     ---
 *     title: Scene            ← the author's own lines, never touched
 *     vmark:
 *       id: 018f3c7a-9f2e-7cc1-b302-5e9d4a6b21c7
 *       schema: scene         ← optional
 *     ---
 *
 * Reading is line based (see frontMatter.ts): the first `vmark:` line of the block, its indented
 * children, `id:` that must be a UUID (else the document has no identity) and an optional
 * non-empty `schema:`. If a child appears twice, the later one counts.
 *
 * Stamping adds those lines and changes no other byte of the file, so the content hash stays the
 * same (the hash leaves them out). Decisions where desktop VMark gives no guidance:
 *
 * - Line breaks. The inserted lines end with the line break the file already uses there: that of
 *   the line they follow, or for a new block the file's first line break (`\n` if it has none). A
 *   CRLF file stays all CRLF, and a mixed file never has a `\r` of ours joined to its `\n`. Reading accepts `\n`, `\r\n` and a lone `\r` alike. (Desktop VMark,
 *   in the version studied, reads front matter only from `\n` lines, so it does not see an id in
 *   a CRLF file's front matter; our hash and reading are unaffected.)
 * - Byte-order mark. A file that starts with a BOM does not start with `---`, so, as on desktop,
 *   it has no front matter: a new block is put before the BOM (the BOM then starts the body,
 *   where the hash has always counted it). Putting the block after the BOM would hide it from
 *   desktop VMark and change the hash.
 * - An existing `vmark:` mapping without an `id:` line (other children only) gets the id added
 *   inside it, after its last child, with the indentation of its first child, so the result is
 *   valid YAML and reads back. A `schema:` the file already has is kept as it is.
 * - A `vmark:` mapping whose `id:` is not a UUID is refused (`identity-unreadable`), never
 *   overwritten: the person decides what the broken id was.
 */
import type { Uuid } from './records';
import {
  findFrontMatter,
  findVmarkBlock,
  isChildLine,
  trim,
  trimStart,
  type FrontMatterBlock,
  type Line,
  type LineBreak,
  type VmarkBlock,
} from './frontMatter';
import { isUuid, parseUuid } from './uuid7';

export interface FileIdentity {
  /** Lowercase hyphenated UUID. */
  id: Uuid;
  schema?: string;
}

export interface IdentityReading {
  identity: FileIdentity | null;
  /**
   * Why a `vmark:` mapping found in the front matter gives no identity (for the
   * `identity-unreadable` diagnostic); absent when there is an identity or no mapping at all.
   */
  unreadable?: string;
}

interface VmarkChildren {
  /** The raw value of the last `id:` line, trimmed; null without one. */
  idText: string | null;
  /** The value of the last `schema:` line that has one. */
  schema?: string;
}

function readChildren(lines: Line[], block: VmarkBlock): VmarkChildren {
  const out: VmarkChildren = { idText: null };
  for (let i = block.start + 1; i < block.end; i++) {
    const t = trimStart(lines[i].text);
    if (t.startsWith('id:')) {
      out.idText = trim(t.slice(3));
    } else if (t.startsWith('schema:')) {
      const v = trim(t.slice(7));
      if (v !== '') out.schema = v;
    }
  }
  return out;
}

function locate(text: string): { fm: FrontMatterBlock; block: VmarkBlock | null } | null {
  const fm = findFrontMatter(text);
  return fm ? { fm, block: findVmarkBlock(fm) } : null;
}

/** The identity in `text`'s front matter, with the reason when a `vmark:` mapping has none. */
export function inspectIdentity(text: string): IdentityReading {
  const found = locate(text);
  if (!found?.block) return { identity: null };
  const children = readChildren(found.fm.lines, found.block);
  if (children.idText === null) {
    return { identity: null, unreadable: 'the vmark: block in the front matter has no id: line' };
  }
  const id = parseUuid(children.idText);
  if (id === null) {
    return {
      identity: null,
      unreadable: `the vmark id ${JSON.stringify(children.idText)} is not a UUID`,
    };
  }
  return { identity: children.schema === undefined ? { id } : { id, schema: children.schema } };
}

/** The identity in `text`'s front matter, or null when it has none. */
export function readIdentity(text: string): FileIdentity | null {
  return inspectIdentity(text).identity;
}

export type StampRefusal = 'invalid-id' | 'invalid-schema' | 'has-identity' | 'identity-unreadable';

export type StampResult =
  | { ok: true; text: string; identity: FileIdentity }
  | { ok: false; code: StampRefusal; message: string };

function firstLineBreak(text: string): LineBreak {
  const m = /\r\n|\n|\r/.exec(text);
  return m ? (m[0] as LineBreak) : '\n';
}

function insertAt(text: string, offset: number, lines: string[], eol: LineBreak): string {
  return text.slice(0, offset) + lines.map((l) => l + eol).join('') + text.slice(offset);
}

/**
 * `text` with the identity written into its front matter (see the module comment for where), the
 * id in lowercase; every other byte stays as it was. The answer's `identity` is what the stamped
 * text now reads as. A text that already carries this identity comes back unchanged; any other
 * existing identity, or an unreadable one, is refused.
 */
export function withIdentity(text: string, id: string, schema?: string): StampResult {
  if (!isUuid(id)) {
    return { ok: false, code: 'invalid-id', message: `${JSON.stringify(id)} is not a UUID` };
  }
  const lowerId = id.toLowerCase();
  if (schema !== undefined && (schema === '' || trim(schema) !== schema || /[\r\n]/.test(schema))) {
    return {
      ok: false,
      code: 'invalid-schema',
      message: `a schema is one non-empty line without surrounding spaces, not ${JSON.stringify(schema)}`,
    };
  }

  const found = locate(text);
  const asked: FileIdentity = schema === undefined ? { id: lowerId } : { id: lowerId, schema };
  const newLines = (indent: string) => [
    `${indent}id: ${lowerId}`,
    ...(schema === undefined ? [] : [`${indent}schema: ${schema}`]),
  ];

  if (!found) {
    const eol = firstLineBreak(text);
    const stamped = insertAt(text, 0, ['---', 'vmark:', ...newLines('  '), '---'], eol);
    return { ok: true, text: stamped, identity: asked };
  }

  const { fm, block } = found;
  if (!block) {
    const closing = fm.lines[fm.close];
    const eol = fm.lines[fm.close - 1].eol;
    const stamped = insertAt(text, closing.start, ['vmark:', ...newLines('  ')], eol);
    return { ok: true, text: stamped, identity: asked };
  }

  const reading = inspectIdentity(text);
  if (reading.identity) {
    const same =
      reading.identity.id === lowerId &&
      (schema === undefined || reading.identity.schema === schema);
    if (same) return { ok: true, text, identity: reading.identity };
    return {
      ok: false,
      code: 'has-identity',
      message: `the document already has the identity ${reading.identity.id}`,
    };
  }
  const children = readChildren(fm.lines, block);
  if (children.idText !== null) {
    return { ok: false, code: 'identity-unreadable', message: reading.unreadable ?? '' };
  }
  const firstChild = block.start + 1 < block.end ? fm.lines[block.start + 1].text : '';
  const indent = isChildLine(firstChild) ? /^[ \t]+/.exec(firstChild)![0] : '  ';
  // A schema the file already names is kept; ours is added only where it names none.
  const kept = children.schema;
  const lines = kept === undefined ? newLines(indent) : [`${indent}id: ${lowerId}`];
  const eol = fm.lines[block.end - 1].eol;
  const stamped = insertAt(text, fm.lines[block.end].start, lines, eol);
  const identity = kept === undefined ? asked : { id: lowerId, schema: kept };
  return { ok: true, text: stamped, identity };
}

export type EnsureResult =
  | { ok: true; text: string; identity: FileIdentity; stamped: boolean }
  | { ok: false; code: StampRefusal; message: string };

/**
 * What a first capture does with a document's text: the identity it already carries, or a new
 * one from `mint` (a UUIDv7 minter) written in. `stamped` says whether `text` is the rewritten
 * content the file and the editor's buffer must take. A `vmark:` mapping with an unreadable id is
 * refused, not overwritten.
 */
export function ensureIdentity(text: string, mint: () => string, schema?: string): EnsureResult {
  const reading = inspectIdentity(text);
  if (reading.identity) return { ok: true, text, identity: reading.identity, stamped: false };
  const result = withIdentity(text, mint(), schema);
  return result.ok ? { ...result, stamped: true } : result;
}
