/**
 * One ledger line ↔ one record. Reading checks the envelope (format, ids, kind, time, body) and,
 * for the kinds the app knows, the body's shape (bodies.ts); a record of a newer format is set
 * aside, not judged. Writing gives the exact line: JSON without a newline inside, `\n` at the end.
 */
import { checkBody, isKnownKind, isObject, isUuid, tidyBody } from './bodies';
import type { Entry, Envelope, KnownKind } from './records';
import { LEDGER_FORMAT } from './records';

/** An entry of a known kind (typed body) or of a kind this app does not know (kept as is). */
export type LedgerEntry = Entry | Envelope;

export type ParsedLine =
  | { ok: true; entry: LedgerEntry }
  | { ok: false; reason: string }
  /** A record of a format newer than this app reads: skipped and counted, never quarantined. */
  | { future: true; ok?: undefined };

/** Narrows an entry to a known kind; its body then has that kind's checked shape. */
export function isKind<K extends KnownKind>(entry: { kind: string }, kind: K): entry is Entry<K> {
  return entry.kind === kind;
}

/** Parses one line (without its `\n`; a trailing `\r` or spaces are tolerated as JSON allows). */
export function parseLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (!isObject(value)) return { ok: false, reason: 'not a JSON object' };
  const { format } = value;
  if (typeof format !== 'number' || !Number.isInteger(format) || format < 0)
    return { ok: false, reason: 'format is not a non-negative integer' };
  if (format > LEDGER_FORMAT) return { future: true };
  for (const field of ['id', 'writer', 'idem'] as const)
    if (!isUuid(value[field])) return { ok: false, reason: `${field} is not a UUID` };
  const { kind, time, body } = value;
  if (typeof kind !== 'string' || kind === '') return { ok: false, reason: 'kind is not a string' };
  if (typeof time !== 'string' || parseTime(time) === null)
    return { ok: false, reason: 'time is not an RFC 3339 timestamp' };
  if (!isObject(body)) return { ok: false, reason: 'body is not an object' };
  if (!isKnownKind(kind)) return { ok: true, entry: value as unknown as Envelope };
  const wrong = checkBody(kind, body);
  if (wrong) return { ok: false, reason: `${kind}: ${wrong}` };
  return { ok: true, entry: { ...value, body: tidyBody(kind, body) } as unknown as LedgerEntry };
}

/** The entry's ledger line: one line of JSON, `\n`-terminated. */
export function formatEntry(entry: LedgerEntry): string {
  // The envelope's fields in the format's order; JSON.stringify escapes every control character
  // inside strings, so no raw newline survives.
  const { format, id, kind, time, writer, idem, body, ...rest } = entry;
  return `${JSON.stringify({ format, id, kind, time, writer, idem, body, ...rest })}\n`;
}

/** `YYYY-MM-DDTHH:MM:SS.mmmZ` for a time in ms since the epoch. Throws RangeError if not finite. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString();
}

/** A parsed RFC 3339 time: ms since the epoch, and the nanoseconds below the millisecond. */
export interface TimeKey {
  ms: number;
  subNanos: number;
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** Parses an RFC 3339 timestamp (any offset, up to nanoseconds); null when it is not one. */
export function parseTime(text: string): TimeKey | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  // 60 is a leap second, as RFC 3339 allows.
  if (hour > 23 || minute > 59 || second > 60) return null;
  let offset = 0;
  if (!m[8]) {
    const [oh, om] = [Number(m[10]), Number(m[11])];
    if (oh > 23 || om > 59) return null;
    offset = (m[9] === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  }
  const nanos = Number((m[7] ?? '').padEnd(9, '0'));
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  const base = date.getTime() - offset;
  return { ms: base + Math.floor(nanos / 1e6), subNanos: nanos % 1e6 };
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Orders times; equal instants written differently compare equal. */
export function compareTime(a: TimeKey, b: TimeKey): number {
  return a.ms - b.ms || a.subNanos - b.subNanos;
}

/** Orders entries by (time, id), the only order the ledger has. */
export function compareEntries(
  a: { time: string; id: string },
  b: { time: string; id: string },
): number {
  const ta = parseTime(a.time);
  const tb = parseTime(b.time);
  const byTime = ta && tb ? compareTime(ta, tb) : 0;
  return byTime || compareIds(a.id, b.id);
}

export function compareIds(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}
