/**
 * The wire format of tool results (SPEC §2): successes, domain refusals, approval requests,
 * argument errors, and the 75,000-byte output bound.
 */

import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { REFUSALS, wireCode, type RefusalCode } from '../../shared/refusals';
import { jsonFittingEnd, utf8ByteLength } from '../text/byteSizes';

export { utf8ByteLength } from '../text/byteSizes';

export type { RefusalCode } from '../../shared/refusals';

/**
 * What a refusal code means to the model, one sentence, for the codes whose name does not say it;
 * the server's instructions quote these, once.
 */
export const REFUSAL_MEANINGS: Readonly<Partial<Record<RefusalCode, string>>> = Object.fromEntries(
  Object.entries(REFUSALS).flatMap(([code, r]) => ('meaning' in r ? [[code, r.meaning]] : [])),
);

/** Output bound of every result: 25,000 tokens at three bytes a token (SPEC §2). */
export const MAX_RESULT_BYTES = 75_000;

/** Ready-made `limitSize` notes, telling the model how to get less. */
export const TRUNCATION_NOTES = {
  documentRead:
    'The document is too large to return whole. preview is the start of the JSON answer, not valid JSON and not the whole text: never write it back with document.write, which would replace the document with the fragment. Read it in parts: view:"outline", then a section or startLine/endLine (each page fits), and write only the part you change.',
  selectionGet:
    'The selection is too large to return whole. preview is the start of the JSON answer, not valid JSON and not the whole selection: never send it back with selection.set. Ask the person to select a smaller part.',
  generic:
    'The result is too large to return whole. preview is the start of the JSON answer and is not valid JSON; ask for less.',
} as const;

function textResult(text: string, structuredContent?: Record<string, unknown>): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text }] };
  if (structuredContent !== undefined) result.structuredContent = structuredContent;
  return result;
}

/**
 * A success: the payload as compact JSON text (no indentation: every space costs the client
 * tokens), and the same value as `structuredContent` (an array is wrapped as `{items}`, since
 * structuredContent must be an object).
 */
export function success(payload: object | unknown[]): CallToolResult {
  const structured = Array.isArray(payload)
    ? { items: payload }
    : (payload as Record<string, unknown>);
  return textResult(JSON.stringify(payload), structured);
}

function errorEnvelope(envelope: Record<string, unknown>): CallToolResult {
  return { ...textResult(JSON.stringify(envelope), envelope), isError: true };
}

/** Copies `extra` onto `envelope` without letting it replace the fields the envelope owns. */
function withExtra(
  envelope: Record<string, unknown>,
  extra: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (extra === undefined) return envelope;
  for (const [key, value] of Object.entries(extra)) {
    if (!(key in envelope)) envelope[key] = value;
  }
  return envelope;
}

/**
 * A domain refusal: `isError`, and the envelope `{error, reason?, message, ...extra}` as text and
 * structure. A finer cause goes under the seeds' code, with the cause as `reason`
 * (`NOT_FOUND` → `{error: "INVALID_PATH", reason: "NOT_FOUND"}`; refusals.ts says which).
 */
export function refusal(
  code: RefusalCode,
  message: string,
  extra?: Record<string, unknown>,
): CallToolResult {
  return errorEnvelope(withExtra({ ...wireCode(code), message }, extra));
}

/**
 * A refusal the app answered as a value: its own code and message, for STALE the revision the
 * document is at now, for BUSY how long to wait. The same vocabulary from the document store to
 * the envelope.
 */
export function fromRefusal(r: {
  error: RefusalCode;
  message: string;
  current_revision?: string;
  index?: number;
  retry_after_ms?: number;
}): CallToolResult {
  const extra: Record<string, unknown> = {};
  if (r.current_revision !== undefined) extra.current_revision = r.current_revision;
  if (r.index !== undefined) extra.index = r.index;
  if (r.retry_after_ms !== undefined) extra.retry_after_ms = r.retry_after_ms;
  return refusal(r.error, r.message, extra);
}

/**
 * The approval request: an APPROVAL_REQUIRED refusal marked `needsApproval: true`. The app shows
 * its prompt at the same moment; the model tells the person and retries after they answer.
 */
export function needsApproval(message: string, extra?: Record<string, unknown>): CallToolResult {
  return errorEnvelope(
    withExtra(
      { error: 'APPROVAL_REQUIRED' satisfies RefusalCode, needsApproval: true, message },
      extra,
    ),
  );
}

/** An argument-shape error: `isError` with a plain sentence naming the argument, no envelope. */
export function argumentError(sentence: string): CallToolResult {
  return { content: [{ type: 'text', text: sentence }], isError: true };
}

const ZERO_WIDTH_JOINER = 0x200d;

/**
 * The longest start of `text`, cut between code points, whose escaped form inside a JSON string
 * fits `budget` bytes. A joiner left dangling at the end is dropped.
 */
function previewOf(text: string, budget: number): string {
  let end = jsonFittingEnd(text, 0, text.length, budget);
  while (end > 0 && text.charCodeAt(end - 1) === ZERO_WIDTH_JOINER) end--;
  return text.slice(0, end);
}

function serializeTruncation(
  note: string,
  bytesTotal: number,
  bytesShown: number,
  preview: string,
): { text: string; envelope: Record<string, unknown> } {
  const envelope = {
    truncated: true,
    truncation_note: note,
    bytes_total: bytesTotal,
    bytes_shown: bytesShown,
    preview,
  };
  return { text: JSON.stringify(envelope), envelope };
}

/**
 * Keeps a result within `maxBytes` UTF-8 bytes of text. A larger result's text blocks are replaced
 * by one envelope `{truncated: true, truncation_note, bytes_total, bytes_shown, preview}`, also set
 * as `structuredContent`; `preview` is the start of the original text, cut on a character boundary
 * so that the whole new text fits `maxBytes` (as long as the note itself leaves room). `isError` and
 * non-text blocks are kept. A result within the bound is returned as it is.
 */
export function limitSize(
  result: CallToolResult,
  note: string,
  maxBytes: number = MAX_RESULT_BYTES,
): CallToolResult {
  const texts: string[] = [];
  const others: CallToolResult['content'] = [];
  for (const block of result.content) {
    if (block.type === 'text') texts.push(block.text);
    else others.push(block);
  }
  const original = texts.join('\n');
  // Every UTF-16 unit takes 1 to 3 bytes, so short texts need no count.
  if (original.length * 3 <= maxBytes) return result;
  const bytesTotal = utf8ByteLength(original);
  if (bytesTotal <= maxBytes) return result;

  // The preview gets the room the rest of the envelope leaves. That room depends on how many
  // digits bytes_shown takes: assume the most it can take (it never exceeds the total or the
  // limit), then try again with fewer digits if the first preview turned out shorter.
  const fit = (digits: number): string => {
    const widest = Number('9'.repeat(digits));
    const overhead = utf8ByteLength(serializeTruncation(note, bytesTotal, widest, '').text);
    return previewOf(original, Math.max(0, maxBytes - overhead));
  };
  const digitsOf = (preview: string): number => String(utf8ByteLength(preview)).length;
  const mostDigits = String(Math.min(bytesTotal, maxBytes)).length;
  let preview = fit(mostDigits);
  const fewer = digitsOf(preview);
  if (fewer < mostDigits) {
    const wider = fit(fewer);
    if (digitsOf(wider) <= fewer) preview = wider;
  }
  const { text, envelope } = serializeTruncation(
    note,
    bytesTotal,
    utf8ByteLength(preview),
    preview,
  );

  return { ...result, content: [{ type: 'text', text }, ...others], structuredContent: envelope };
}
