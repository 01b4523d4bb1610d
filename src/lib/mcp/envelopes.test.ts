import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { REFUSALS } from '../../shared/refusals';
import {
  MAX_RESULT_BYTES,
  REFUSAL_MEANINGS,
  TRUNCATION_NOTES,
  argumentError,
  fromRefusal,
  limitSize,
  needsApproval,
  refusal,
  success,
  utf8ByteLength,
  type RefusalCode,
} from './envelopes';

const encoder = new TextEncoder();
const bytesOf = (text: string): number => encoder.encode(text).length;

function textOf(result: CallToolResult): string {
  expect(result.content).toHaveLength(1);
  const [block] = result.content;
  if (block.type !== 'text') throw new Error(`expected a text block, got ${block.type}`);
  return block.text;
}

interface Truncation {
  truncated: true;
  truncation_note: string;
  bytes_total: number;
  bytes_shown: number;
  preview: string;
}

function truncationOf(result: CallToolResult): Truncation {
  const text = textOf(result);
  const parsed = JSON.parse(text) as Truncation;
  expect(result.structuredContent).toEqual(parsed);
  return parsed;
}

/** A text result whose text has exactly `bytes` UTF-8 bytes, built from `unit` (plus ASCII fill). */
function resultOfBytes(bytes: number, unit = 'a'): CallToolResult {
  const unitBytes = bytesOf(unit);
  const text = unit.repeat(Math.floor(bytes / unitBytes)) + 'x'.repeat(bytes % unitBytes);
  expect(bytesOf(text)).toBe(bytes);
  return { content: [{ type: 'text', text }] };
}

describe('success', () => {
  it('sends the payload as compact JSON and as structuredContent', () => {
    const payload = { tabId: 'tab-1', revision: 'rev-AbCd1234', saved: true };
    expect(success(payload)).toEqual({
      content: [{ type: 'text', text: '{"tabId":"tab-1","revision":"rev-AbCd1234","saved":true}' }],
      structuredContent: payload,
    });
  });

  it('has no indentation or line break outside the strings it carries', () => {
    const payload = { windows: [{ label: 'main', tabs: [{ id: 'tab-1', dirty: false }] }] };
    const text = textOf(success(payload));
    expect(text).not.toMatch(/\n|: | {2}/);
    expect(JSON.parse(text)).toEqual(payload);
  });

  it('has no isError', () => {
    expect(success({})).not.toHaveProperty('isError');
    expect(textOf(success({}))).toBe('{}');
  });

  it('wraps an array payload as {items} in structuredContent only', () => {
    const payload = [{ from: 'a' }, { from: 'b' }];
    const result = success(payload);
    expect(textOf(result)).toBe(JSON.stringify(payload));
    expect(result.structuredContent).toEqual({ items: payload });
  });

  it('wraps an empty array too', () => {
    expect(success([])).toEqual({
      content: [{ type: 'text', text: '[]' }],
      structuredContent: { items: [] },
    });
  });
});

describe('refusal', () => {
  it('is an error whose text and structuredContent are the envelope', () => {
    const result = refusal('INVALID_TAB', 'No tab has the id "t9".');
    const envelope = { error: 'INVALID_TAB', message: 'No tab has the id "t9".' };
    expect(result).toEqual({
      content: [{ type: 'text', text: JSON.stringify(envelope) }],
      structuredContent: envelope,
      isError: true,
    });
  });

  it('carries extra fields after error and message', () => {
    const result = refusal('STALE', 'The document changed since your read.', {
      current_revision: 'rev-Zz9Yy8Xx',
    });
    expect(textOf(result)).toBe(
      '{"error":"STALE","message":"The document changed since your read.","current_revision":"rev-Zz9Yy8Xx"}',
    );
    expect(result.structuredContent).toEqual({
      error: 'STALE',
      message: 'The document changed since your read.',
      current_revision: 'rev-Zz9Yy8Xx',
    });
    expect(result.isError).toBe(true);
  });

  it("sends a finer cause under the seeds' code, the cause unchanged in reason", () => {
    expect(textOf(refusal('NOT_FOUND', 'Nothing at /notes/x.md.'))).toBe(
      '{"error":"INVALID_PATH","reason":"NOT_FOUND","message":"Nothing at /notes/x.md."}',
    );
    for (const cause of ['NAME_CLASH', 'PERMISSION', 'TOO_LARGE'] as const) {
      expect(refusal(cause, 'x').structuredContent).toEqual({
        error: 'INVALID_PATH',
        reason: cause,
        message: 'x',
      });
    }
    expect(refusal('INVALID_WINDOW', 'No window doc-9.').structuredContent).toEqual({
      error: 'INVALID_TAB',
      reason: 'INVALID_WINDOW',
      message: 'No window doc-9.',
    });
  });

  it("sends the seeds' own codes and the browser's as they are, with no reason", () => {
    for (const code of ['INVALID_PATH', 'INVALID_TAB', 'STALE', 'TAB_NOT_FOUND'] as const) {
      const envelope = refusal(code, 'x').structuredContent;
      expect(envelope).toEqual({ error: code, message: 'x' });
    }
  });

  it('does not let extra replace the code or the message', () => {
    const result = refusal('READ_ONLY', 'locked', { error: 'INTERNAL', message: 'other', x: 1 });
    expect(result.structuredContent).toEqual({ error: 'READ_ONLY', message: 'locked', x: 1 });
  });
});

describe('needsApproval', () => {
  it('is the APPROVAL_REQUIRED envelope marked needsApproval', () => {
    const result = needsApproval('Opening /Docs needs your approval.', { folderPath: '/Docs' });
    const envelope = {
      error: 'APPROVAL_REQUIRED',
      needsApproval: true,
      message: 'Opening /Docs needs your approval.',
      folderPath: '/Docs',
    };
    expect(result).toEqual({
      content: [{ type: 'text', text: JSON.stringify(envelope) }],
      structuredContent: envelope,
      isError: true,
    });
  });

  it('works without extra', () => {
    expect(needsApproval('ok?').structuredContent).toEqual({
      error: 'APPROVAL_REQUIRED',
      needsApproval: true,
      message: 'ok?',
    });
  });

  it('keeps needsApproval true whatever extra says', () => {
    expect(needsApproval('ok?', { needsApproval: false }).structuredContent).toMatchObject({
      needsApproval: true,
    });
  });
});

describe('argumentError', () => {
  it('is a plain sentence with no envelope and no structuredContent', () => {
    const sentence = 'content (string) is required for document.write.';
    const result = argumentError(sentence);
    expect(result).toEqual({ content: [{ type: 'text', text: sentence }], isError: true });
    expect(result).not.toHaveProperty('structuredContent');
  });
});

describe('REFUSAL_MEANINGS', () => {
  const codes: RefusalCode[] = [
    'STALE',
    'INVALID_PATCH',
    'INVALID_TAB',
    'INVALID_WINDOW',
    'INVALID_PATH',
    'NOT_FOUND',
    'NAME_CLASH',
    'PERMISSION',
    'TOO_LARGE',
    'APPROVAL_REQUIRED',
    'NOT_WORKFLOW',
    'READ_ONLY',
    'BUSY',
    'NO_EDITOR',
    'BROWSER_DISABLED',
    'BROWSER_UNAVAILABLE',
    'TAB_NOT_FOUND',
    'TAB_LIMIT',
    'NAVIGATION_BLOCKED',
    'INVALID_URL',
    'NAVIGATION_FAILED',
    'NAVIGATION_SUPERSEDED',
    'TIMEOUT',
    'STALE_REF',
    'DIALOG_OPEN',
    'ATTACHMENT_REQUIRED',
    'ATTACHMENT_ONCE_INSUFFICIENT',
    'SESSION_NOT_FOUND',
    'SESSION_ORIGIN_MISMATCH',
    'INVALID_WORKFLOW',
    'RUN_NOT_FOUND',
    'RUN_ALREADY_ACTIVE',
    'RESUME_NOT_PAUSED',
    'RESUME_TAB_MISMATCH',
    'RESUME_SOURCE_MISMATCH',
    'INVALID_ARGUMENT',
    'INTERNAL',
  ];

  // Codes whose name says what they mean carry no meaning of their own (issue 25 §4).
  const named: RefusalCode[] = [
    'INVALID_WINDOW',
    'NOT_FOUND',
    // Said by the instructions' Approvals paragraph, and by the message, which says why.
    'APPROVAL_REQUIRED',
    'NOT_WORKFLOW',
    'BROWSER_UNAVAILABLE',
    'TAB_NOT_FOUND',
    'NAVIGATION_FAILED',
    'NAVIGATION_SUPERSEDED',
    'SESSION_NOT_FOUND',
    'INVALID_WORKFLOW',
    'RUN_NOT_FOUND',
    'RESUME_NOT_PAUSED',
    'RESUME_TAB_MISMATCH',
    'RESUME_SOURCE_MISMATCH',
    'INVALID_ARGUMENT',
    'INTERNAL',
  ];

  it('has exactly one sentence for each code whose name does not say it, and none for the others', () => {
    expect(Object.keys(REFUSALS).sort()).toEqual([...codes].sort());
    const explained = codes.filter((code) => !named.includes(code));
    expect(Object.keys(REFUSAL_MEANINGS).sort()).toEqual([...explained].sort());
    for (const code of explained) {
      const meaning = REFUSAL_MEANINGS[code] ?? '';
      expect(meaning, code).toMatch(/^[A-Z].*\.$/);
      expect(meaning.match(/\.(\s|$)/g), code).toHaveLength(1);
    }
    for (const code of named) expect(REFUSAL_MEANINGS[code], code).toBeUndefined();
  });

  it('tells a STALE caller to read again and mentions current_revision', () => {
    expect(REFUSAL_MEANINGS.STALE).toContain('current_revision');
    expect(REFUSAL_MEANINGS.STALE).toMatch(/read again/);
  });
  it('tells a BUSY caller that nothing changed and to retry after retry_after_ms', () => {
    expect(REFUSAL_MEANINGS.BUSY).toMatch(/input method/);
    expect(REFUSAL_MEANINGS.BUSY).toMatch(/nothing changed/);
    expect(REFUSAL_MEANINGS.BUSY).toContain('retry_after_ms');
  });
});

describe('fromRefusal', () => {
  it('carries BUSY with how long to wait, and nothing the refusal does not have', () => {
    const r = fromRefusal({ error: 'BUSY', message: 'Composing.', retry_after_ms: 500 });
    expect(r.isError).toBe(true);
    expect(r.structuredContent).toEqual({
      error: 'BUSY',
      message: 'Composing.',
      retry_after_ms: 500,
    });
    expect(JSON.parse(textOf(r))).toEqual(r.structuredContent);
    expect(fromRefusal({ error: 'READ_ONLY', message: 'Locked.' }).structuredContent).toEqual({
      error: 'READ_ONLY',
      message: 'Locked.',
    });
  });
});

describe('utf8ByteLength', () => {
  it.each([
    ['empty', ''],
    ['ascii', 'hello'],
    ['two-byte', 'café ñ'],
    ['three-byte', '회의록 メモ 中文'],
    ['four-byte', '😀👍🏽'],
    ['a ZWJ family', '👨‍👩‍👧'],
  ])('matches TextEncoder for %s', (_label, text) => {
    expect(utf8ByteLength(text)).toBe(bytesOf(text));
  });

  it('counts a lone surrogate as U+FFFD', () => {
    expect(utf8ByteLength('a\ud800b')).toBe(bytesOf('a\ud800b'));
    expect(utf8ByteLength('\udc00')).toBe(3);
  });
});

describe('limitSize', () => {
  const note = TRUNCATION_NOTES.generic;

  it('uses 75,000 bytes by default', () => {
    expect(MAX_RESULT_BYTES).toBe(75_000);
  });

  it('returns a result at exactly the limit unchanged', () => {
    const result = resultOfBytes(MAX_RESULT_BYTES);
    expect(limitSize(result, note)).toBe(result);
  });

  it('returns a multibyte result at exactly the limit unchanged', () => {
    const result = resultOfBytes(MAX_RESULT_BYTES, '한');
    expect(limitSize(result, note)).toBe(result);
  });

  it('returns a small result unchanged', () => {
    const result = success({ content: 'short' });
    expect(limitSize(result, note)).toBe(result);
  });

  it('truncates a result one byte over the limit', () => {
    const result = resultOfBytes(MAX_RESULT_BYTES + 1);
    const limited = limitSize(result, note);
    const text = textOf(limited);
    expect(bytesOf(text)).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const envelope = truncationOf(limited);
    expect(Object.keys(envelope)).toEqual([
      'truncated',
      'truncation_note',
      'bytes_total',
      'bytes_shown',
      'preview',
    ]);
    expect(envelope.truncated).toBe(true);
    expect(envelope.truncation_note).toBe(note);
    expect(envelope.bytes_total).toBe(MAX_RESULT_BYTES + 1);
    expect(envelope.bytes_shown).toBe(bytesOf(envelope.preview));
    expect(envelope.preview.length).toBeGreaterThan(70_000);
    expect(textOf(result).startsWith(envelope.preview)).toBe(true);
    expect(limited).not.toHaveProperty('isError');
  });

  it('fills the budget: one more character of preview would not fit', () => {
    const limited = limitSize(resultOfBytes(200_000), note);
    const envelope = truncationOf(limited);
    const longer = JSON.stringify({
      ...envelope,
      bytes_shown: envelope.bytes_shown + 1,
      preview: envelope.preview + 'a',
    });
    expect(bytesOf(textOf(limited))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(bytesOf(longer)).toBeGreaterThan(MAX_RESULT_BYTES);
  });

  it('keeps the whole text within the limit when the preview needs escaping', () => {
    const payload = { content: '"quoted"\n\t\\ line\u0001\n'.repeat(20_000) };
    const result = success(payload);
    const limited = limitSize(result, TRUNCATION_NOTES.documentRead);
    expect(bytesOf(textOf(limited))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    const envelope = truncationOf(limited);
    expect(envelope.bytes_total).toBe(bytesOf(textOf(result)));
    expect(envelope.bytes_shown).toBe(bytesOf(envelope.preview));
    expect(textOf(result).startsWith(envelope.preview)).toBe(true);
    // The escaped preview costs more than its raw bytes, so fewer bytes are shown.
    expect(envelope.bytes_shown).toBeLessThan(MAX_RESULT_BYTES - 1_000);
    expect(envelope.bytes_shown).toBeGreaterThan(30_000);
  });

  it.each([
    ['two-byte', 'é'],
    ['three-byte', '語'],
    ['four-byte', '😀'],
    ['mixed', 'a語😀é'],
    ['emoji with modifier', '👍🏽'],
  ])('never cuts a %s character', (_label, unit) => {
    for (const extra of [1, 2, 3, 5, 1_001]) {
      const result = resultOfBytes(MAX_RESULT_BYTES + extra, unit);
      const limited = limitSize(result, note);
      expect(bytesOf(textOf(limited))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
      const envelope = truncationOf(limited);
      const { preview } = envelope;
      expect(preview).not.toContain('\ufffd');
      expect(preview.isWellFormed()).toBe(true);
      expect(textOf(result).startsWith(preview)).toBe(true);
      // Whole characters only: re-encoding and decoding gives the same string.
      expect(new TextDecoder('utf-8', { fatal: true }).decode(encoder.encode(preview))).toBe(
        preview,
      );
      expect(envelope.bytes_shown).toBe(bytesOf(preview));
      expect(envelope.bytes_total).toBe(MAX_RESULT_BYTES + extra);
    }
  });

  it('does not leave a zero-width joiner dangling at the end of the preview', () => {
    const family = '👨‍👩‍👧';
    const text = family.repeat(Math.ceil(80_000 / bytesOf(family)));
    for (const maxBytes of [1_000, 1_001, 1_002, 1_003, 1_004, 1_005, 1_006, 1_007]) {
      const limited = limitSize({ content: [{ type: 'text', text }] }, 'n', maxBytes);
      const { preview } = truncationOf(limited);
      expect(preview.endsWith('\u200d')).toBe(false);
      expect(bytesOf(textOf(limited))).toBeLessThanOrEqual(maxBytes);
    }
  });

  it('keeps isError on a truncated error', () => {
    const big = refusal('INTERNAL', 'x'.repeat(80_000));
    const limited = limitSize(big, note);
    expect(limited.isError).toBe(true);
    expect(truncationOf(limited).truncated).toBe(true);
  });

  it('replaces structuredContent with the envelope', () => {
    const result = success({ content: 'y'.repeat(100_000) });
    const limited = limitSize(result, note);
    expect(limited.structuredContent).toMatchObject({
      truncated: true,
      bytes_total: bytesOf(textOf(result)),
    });
    expect(limited.structuredContent).not.toHaveProperty('content');
  });

  it('honours a custom limit', () => {
    const limited = limitSize(resultOfBytes(501), 'less', 500);
    expect(bytesOf(textOf(limited))).toBeLessThanOrEqual(500);
    expect(truncationOf(limited)).toMatchObject({ bytes_total: 501, truncation_note: 'less' });
    const same = resultOfBytes(500);
    expect(limitSize(same, 'less', 500)).toBe(same);
  });

  it('keeps a non-text block after the envelope', () => {
    const image = { type: 'image' as const, data: 'AAAA', mimeType: 'image/jpeg' };
    const result: CallToolResult = { content: [image, { type: 'text', text: 'z'.repeat(600) }] };
    const limited = limitSize(result, 'n', 500);
    expect(limited.content).toHaveLength(2);
    expect(limited.content[0].type).toBe('text');
    expect(limited.content[1]).toEqual(image);
  });
});
