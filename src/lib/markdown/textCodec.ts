/**
 * Converts file bytes to the text the editor works on and back, without losing anything:
 * the byte order mark and the line-ending style are recorded on the way in and restored on
 * the way out, so saving an untouched file writes back exactly the bytes that were read.
 */

import { applyLineBreakStyles, carryLineBreakStyles, lineBreakStyles } from './lineEndings';

/** What `decodeFile` learned about a file's encoding details, needed to write it back. */
export interface TextFormat {
  /** The file started with a UTF-8 byte order mark. */
  bom: boolean;
  /** The line ending to write: `crlf` when at least half of the file's line breaks were CRLF. */
  eol: 'lf' | 'crlf';
  /** The file mixed CRLF and bare LF line breaks. */
  mixedEol: boolean;
  /**
   * For a file that mixes them: the style of each line break (`r` CRLF, `n` LF) of the text last
   * read or written, so every line keeps its own ending (see lineEndings.ts).
   */
  lineBreaks?: string;
}

/** The outcome of decoding: editor text plus format, or a reason the file can only be viewed. */
export type DecodeResult =
  { ok: true; text: string; format: TextFormat } | { ok: false; reason: string; lossyText: string };

const BOM_CHAR = 0xfeff;
const BOM_BYTES = [0xef, 0xbb, 0xbf] as const;

/**
 * Decodes UTF-8 bytes into editor text: the BOM is stripped, CRLF becomes LF (a lone CR is
 * left alone), and both facts are recorded in the returned format. Bytes that are not valid
 * UTF-8 are refused; `lossyText` (same clean-up, invalid sequences shown as U+FFFD) lets the
 * caller show the file read-only.
 */
export function decodeFile(bytes: Uint8Array): DecodeResult {
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const lossy = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    return {
      ok: false,
      reason: 'This file is not valid UTF-8, so it will open read-only.',
      lossyText: normaliseLineEndings(stripBom(lossy)),
    };
  }
  const bom = decoded.charCodeAt(0) === BOM_CHAR;
  const body = bom ? decoded.slice(1) : decoded;
  const { crlf, lf } = countLineBreaks(body);
  const mixedEol = crlf > 0 && lf > 0;
  const format: TextFormat = { bom, eol: crlf > 0 && crlf >= lf ? 'crlf' : 'lf', mixedEol };
  if (mixedEol) format.lineBreaks = lineBreakStyles(body);
  return { ok: true, text: normaliseLineEndings(body), format };
}

/**
 * The format to write `text` in when the file last held `savedText`: with mixed line endings,
 * lines still there keep theirs and new or edited lines take their neighbours'.
 */
export function formatForSave(text: string, format: TextFormat, savedText: string): TextFormat {
  if (format.lineBreaks === undefined) return format;
  return { ...format, lineBreaks: carryLineBreakStyles(savedText, format.lineBreaks, text) };
}

/** Encodes editor text back to UTF-8 bytes in the recorded format (CRLF line endings, BOM). */
export function encodeFile(text: string, format: TextFormat): Uint8Array {
  const perLine =
    format.lineBreaks !== undefined && format.lineBreaks.length === countLf(text)
      ? format.lineBreaks
      : null;
  const withEol =
    perLine !== null
      ? applyLineBreakStyles(text, perLine)
      : format.eol === 'crlf'
        ? text.replace(/\n/g, '\r\n')
        : text;
  const body = new TextEncoder().encode(withEol);
  if (!format.bom) return body;
  const bytes = new Uint8Array(BOM_BYTES.length + body.length);
  bytes.set(BOM_BYTES, 0);
  bytes.set(body, BOM_BYTES.length);
  return bytes;
}

function countLf(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === BOM_CHAR ? text.slice(1) : text;
}

function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

/** Counts CRLF line breaks and bare LF line breaks (a lone CR is not a line break here). */
function countLineBreaks(text: string): { crlf: number; lf: number } {
  let crlf = 0;
  let lf = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    if (index > 0 && text.charCodeAt(index - 1) === 13) crlf += 1;
    else lf += 1;
  }
  return { crlf, lf };
}
