/**
 * The ledger on disk: `.vmark/ledger/*.jsonl`, one segment (and its rotations) per writer. Two
 * operations and no more: append one entry to this writer's own segment, and read every segment
 * of every writer. Nothing here rewrites, truncates or deletes a ledger line. Malformed lines are
 * set aside (copied to `.vmark/ledger/quarantine/<segment>.bad`, counted, skipped), never fatal.
 * Every function answers an error value instead of throwing.
 */
import type { LedgerEntry } from '../format/envelope';
import {
  compareEntries,
  compareIds,
  compareTime,
  formatEntry,
  parseLine,
  parseTime,
} from '../format/envelope';

export { compareEntries };
import { isUuid } from '../format/bodies';
import type { LedgerFs, LockFn } from './ledgerFs';
import { inProcessLock } from './ledgerFs';
import { slices } from '../slices';

export const VMARK_DIR = '.vmark';
export const LEDGER_DIR = '.vmark/ledger';
export const QUARANTINE_DIR = '.vmark/ledger/quarantine';
/** A segment this big or bigger is closed; the writer's next entry starts the next one. */
export const SEGMENT_LIMIT = 8 * 1024 * 1024;
/** A longer line is rejected unread, like a malformed one. */
export const LINE_LIMIT = 16 * 1024 * 1024;
/** The lock every ledger write of a workspace takes (the app's wrapper scopes it per workspace). */
export const LEDGER_LOCK = 'vmark-coherence-ledger';

export interface LedgerOptions {
  /** Serialises writes; by default an in-process lock per file system. */
  lock?: LockFn;
  /** Bytes at which a segment rotates (SEGMENT_LIMIT unless a test says otherwise). */
  segmentLimit?: number;
  /** What earlier reads of this ledger parsed (see LedgerCache); a read then parses only news. */
  cache?: LedgerCache;
}

/**
 * What reads of one workspace's ledger parsed, by segment, kept for the next read (the session's
 * WorkspaceState). Segments only ever grow at their end, so a read parses only the bytes added
 * after the last whole line it saw. A segment that shrank, or whose bytes just before that point
 * are no longer those seen (rewritten: a git merge, say), is read whole again; a segment gone is
 * forgotten. A last line without its newline yet (torn, or being written) is parsed at each read
 * and never kept. Malformed lines kept are quarantined at every read, as if read anew.
 */
export type LedgerCache = Map<string, SegmentSeen>;

interface SegmentSeen {
  /** Bytes up to and including the last whole line parsed. */
  size: number;
  /** The last bytes (at most TAIL_BYTES) of those: they must still be there to go on. */
  tail: Uint8Array;
  lines: number;
  found: Found[];
  bad: Bad[];
  future: number;
}

type Found = { entry: LedgerEntry; time: NonNullable<ReturnType<typeof parseTime>> };
const TAIL_BYTES = 64;
const NOTHING_SEEN: SegmentSeen = {
  size: 0,
  tail: new Uint8Array(),
  lines: 0,
  found: [],
  bad: [],
  future: 0,
};

export interface QuarantinedLine {
  /** The segment's file name, e.g. `<writer>-001.jsonl`. */
  segment: string;
  /** 1-based. */
  line: number;
  reason: string;
}

export type LedgerRead =
  | {
      ok: true;
      /** By (time, id); one entry per idem, the earliest. */
      entries: LedgerEntry[];
      /** Malformed lines seen by this read (already quarantined ones included). */
      quarantined: number;
      /** Lines of a newer format, skipped. */
      futureFormat: number;
      quarantinedLines: QuarantinedLine[];
    }
  | { ok: false; error: string };

export type LedgerWrite =
  | {
      ok: true;
      segment: string;
      /** The segment's size after the append, and the bytes the append added, when it wrote. */
      size?: number;
      appended?: number;
    }
  | { ok: false; error: string };

const locks = new WeakMap<LedgerFs, LockFn>();

function lockFor(fs: LedgerFs, options: LedgerOptions): LockFn {
  if (options.lock) return options.lock;
  let lock = locks.get(fs);
  if (!lock) locks.set(fs, (lock = inProcessLock()));
  return lock;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const encoder = new TextEncoder();
const NEWLINE = 0x0a;

/** Reads every segment of every writer, quarantining what is malformed. */
export async function readLedger(fs: LedgerFs, options: LedgerOptions = {}): Promise<LedgerRead> {
  try {
    return await lockFor(fs, options)(LEDGER_LOCK, () => readUnlocked(fs, options.cache));
  } catch (e) {
    return { ok: false, error: `could not read the ledger: ${message(e)}` };
  }
}

interface Bad {
  line: number;
  reason: string;
  /** The line's bytes, or null when it was too long to copy. */
  bytes: Uint8Array | null;
}

async function readUnlocked(fs: LedgerFs, cache?: LedgerCache): Promise<LedgerRead> {
  const names = ((await fs.list(LEDGER_DIR)) ?? []).filter((n) => n.endsWith('.jsonl')).sort();
  if (cache) for (const name of [...cache.keys()]) if (!names.includes(name)) cache.delete(name);
  const reads: SegmentRead[] = [];
  for (const segment of names) reads.push(await readSegment(fs, segment, cache));
  for (const [i, read] of reads.entries())
    if (read?.bad.length) await quarantine(fs, names[i], read.bad);
  if (!cache) return merged(names, reads);
  const last = lastReads.get(cache);
  if (last && sameReads(last.reads, reads)) return last.read;
  const read = merged(names, reads);
  // Kept only when every segment was read whole from what the cache holds, nothing malformed.
  const kept = reads.every((r, i) => r !== null && r === cache.get(names[i]));
  if (kept && read.quarantined === 0) lastReads.set(cache, { reads, read });
  else lastReads.delete(cache);
  return read;
}

type SegmentRead = Pick<SegmentSeen, 'found' | 'bad' | 'future'> | null;

/**
 * The last read made over a cache, and the segment reads it was made of: a read finding every
 * segment as the cache already held it (no new line, none torn, none gone or added) answers that
 * same read again, so a ledger nobody wrote to costs a listing and a size per segment, not a sort
 * of every entry. Its entries are frozen: every reader shares them.
 */
const lastReads = new WeakMap<
  LedgerCache,
  { reads: SegmentRead[]; read: LedgerRead & { ok: true } }
>();

const sameReads = (a: SegmentRead[], b: SegmentRead[]) =>
  a.length === b.length && a.every((r, i) => r === b[i]);

/** The segments' records in one list, by (time, id), one per idem: the earliest. */
function merged(names: string[], reads: SegmentRead[]): LedgerRead & { ok: true } {
  const found: Found[] = [];
  const quarantinedLines: QuarantinedLine[] = [];
  let futureFormat = 0;
  for (const [i, read] of reads.entries()) {
    if (!read) continue;
    for (const f of read.found) found.push(f);
    futureFormat += read.future;
    for (const { line, reason } of read.bad)
      quarantinedLines.push({ segment: names[i], line, reason });
  }
  found.sort((a, b) => compareTime(a.time, b.time) || compareIds(a.entry.id, b.entry.id));
  const seen = new Set<string>();
  const entries: LedgerEntry[] = [];
  for (const { entry } of found) {
    const idem = entry.idem.toLowerCase();
    if (seen.has(idem)) continue;
    seen.add(idem);
    entries.push(entry);
  }
  return {
    ok: true,
    entries: Object.freeze(entries) as LedgerEntry[],
    quarantined: quarantinedLines.length,
    futureFormat,
    quarantinedLines,
  };
}

/** One segment's records and malformed lines, parsing only what `cache` has not seen. */
async function readSegment(
  fs: LedgerFs,
  segment: string,
  cache?: LedgerCache,
): Promise<SegmentRead> {
  const path = `${LEDGER_DIR}/${segment}`;
  const seen = cache?.get(segment);
  let base = NOTHING_SEEN;
  let bytes: Uint8Array | null = null;
  if (seen) {
    const size = await fs.size(path);
    const from = seen.size - seen.tail.length;
    const got = size !== null && size >= seen.size ? await fs.read(path, from) : null;
    if (got && startsWith(got, seen.tail)) {
      base = seen;
      bytes = got.subarray(seen.tail.length);
    }
  }
  // Nothing new since the cache's last whole line: the segment reads as the cache holds it.
  if (bytes?.length === 0) return seen!;
  bytes ??= await fs.read(path);
  if (!bytes) {
    cache?.delete(segment);
    return null;
  }
  const end = bytes.lastIndexOf(NEWLINE) + 1;
  const whole = await parseLines(bytes.subarray(0, end), base.lines, true);
  const next: SegmentSeen = {
    size: base.size + end,
    tail: tailOf(base.tail, bytes.subarray(0, end)),
    lines: base.lines + whole.lines,
    found: base.found.concat(whole.found),
    bad: base.bad.concat(whole.bad),
    future: base.future + whole.future,
  };
  cache?.set(segment, next);
  if (end === bytes.length) return next;
  const rest = await parseLines(bytes.subarray(end), next.lines, false);
  return {
    found: next.found.concat(rest.found),
    bad: next.bad.concat(rest.bad),
    future: next.future + rest.future,
  };
}

/** Parses lines numbered from `after` + 1; `keep` copies malformed lines' bytes (kept long). */
async function parseLines(bytes: Uint8Array, after: number, keep: boolean) {
  const breathe = slices();
  const found: Found[] = [];
  const bad: Bad[] = [];
  let future = 0;
  let lines = 0;
  for (const { line, bytes: lineBytes } of splitLines(bytes)) {
    await breathe();
    lines = line;
    const parsed = parseBytes(lineBytes);
    if (parsed === 'blank') continue;
    if ('future' in parsed) future++;
    else if (parsed.ok) found.push({ entry: parsed.entry, time: parseTime(parsed.entry.time)! });
    else
      bad.push({
        line: after + line,
        reason: parsed.reason,
        bytes: lineBytes.length > LINE_LIMIT ? null : keep ? lineBytes.slice() : lineBytes,
      });
  }
  return { found, bad, future, lines };
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

/** The last TAIL_BYTES of `before` followed by `added`. */
function tailOf(before: Uint8Array, added: Uint8Array): Uint8Array {
  if (added.length >= TAIL_BYTES) return added.slice(added.length - TAIL_BYTES);
  const both = join([before, added]);
  return both.slice(Math.max(0, both.length - TAIL_BYTES));
}

function* splitLines(bytes: Uint8Array): Generator<{ line: number; bytes: Uint8Array }> {
  let start = 0;
  let line = 1;
  while (start < bytes.length) {
    const end = bytes.indexOf(NEWLINE, start);
    const stop = end < 0 ? bytes.length : end;
    yield { line, bytes: bytes.subarray(start, stop) };
    line++;
    start = stop + 1;
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function parseBytes(bytes: Uint8Array): ReturnType<typeof parseLine> | 'blank' {
  if (bytes.length > LINE_LIMIT) return { ok: false, reason: 'line longer than 16 MiB' };
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { ok: false, reason: 'not UTF-8' };
  }
  // A blank line carries nothing (a lone `\n` after a clean tail, say); it is not a record.
  if (text.trim() === '') return 'blank';
  return parseLine(text);
}

/** One byte ↔ one character, so byte strings compare exactly (windows-1252 maps all 256). */
const byteText = new TextDecoder('windows-1252');

/**
 * Copies malformed lines to the segment's quarantine file, each after a `# line N, <reason>`
 * line, skipping copies already there. Never fails the read: a failure only leaves them uncopied.
 */
async function quarantine(fs: LedgerFs, segment: string, bad: Bad[]): Promise<void> {
  const path = `${QUARANTINE_DIR}/${segment}.bad`;
  try {
    const existing = await fs.read(path);
    const have = existing ? `\n${byteText.decode(existing)}` : '\n';
    const blocks: Uint8Array[] = [];
    for (const { line, reason, bytes } of bad) {
      const header = encoder.encode(`# line ${line}, ${reason}${bytes ? '' : ' (not copied)'}\n`);
      const block = bytes ? join([header, bytes, encoder.encode('\n')]) : header;
      if (have.includes(`\n${byteText.decode(block)}`)) continue;
      blocks.push(block);
    }
    if (!blocks.length) return;
    const separator = existing && existing.length && existing[existing.length - 1] !== NEWLINE;
    await fs.append(path, join(separator ? [encoder.encode('\n'), ...blocks] : blocks));
  } catch {
    // The lines stay counted and skipped; the next read tries again.
  }
}

function join(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Appends one entry to `writer`'s active segment (the newest rotation, or the next one when it
 * has reached the segment limit). A segment whose last line was torn gets a lone `\n` first, so
 * the torn part stays a line of its own and the new entry is whole. Refuses an entry that is not
 * `writer`'s or that reading would reject.
 */
export function appendEntry(
  fs: LedgerFs,
  writer: string,
  entry: LedgerEntry,
  options: LedgerOptions = {},
): Promise<LedgerWrite> {
  return appendEntries(fs, writer, [entry], options);
}

/**
 * Appends several entries in one write, in order, as appendEntry does one (a browser's file
 * append copies the whole file, so many entries one at a time cost the square of their number).
 * All or nothing: one entry that cannot be written refuses the batch before anything is written.
 * A segment may pass the rotation limit by one batch.
 */
export async function appendEntries(
  fs: LedgerFs,
  writer: string,
  entries: readonly LedgerEntry[],
  options: LedgerOptions = {},
): Promise<LedgerWrite> {
  if (!isUuid(writer))
    return { ok: false, error: `writer ${JSON.stringify(writer)} is not a UUID` };
  const lines: Uint8Array[] = [];
  // The entries as a read of these lines will find them (checked on the bytes written).
  const found: Found[] = [];
  const breathe = slices();
  for (const entry of entries) {
    await breathe();
    if (entry.writer !== writer)
      return { ok: false, error: `the entry's writer is ${entry.writer}, not ${writer}` };
    const bytes = encoder.encode(formatEntry(entry));
    if (bytes.length - 1 > LINE_LIMIT)
      return { ok: false, error: 'the entry is longer than 16 MiB' };
    const parsed = parseBytes(bytes.subarray(0, bytes.length - 1));
    if (parsed === 'blank') return { ok: false, error: 'not a valid ledger entry: a blank line' };
    if ('future' in parsed)
      return { ok: false, error: `format ${entry.format} is newer than this app writes` };
    if (!parsed.ok) return { ok: false, error: `not a valid ledger entry: ${parsed.reason}` };
    lines.push(bytes);
    found.push({ entry: parsed.entry, time: parseTime(parsed.entry.time)! });
  }
  const limit = options.segmentLimit ?? SEGMENT_LIMIT;
  try {
    return await lockFor(fs, options)(LEDGER_LOCK, async () => {
      await initialize(fs);
      const segment = await activeSegment(fs, writer, limit);
      const path = `${LEDGER_DIR}/${segment}`;
      if (lines.length === 0) return { ok: true as const, segment };
      const size = (await fs.size(path)) ?? 0;
      let torn = false;
      if (size > 0) {
        const last = await fs.read(path, size - 1);
        torn = !!last && last[last.length - 1] !== NEWLINE;
      }
      const bytes = join(torn ? [encoder.encode('\n'), ...lines] : lines);
      await fs.append(path, bytes);
      if (options.cache && !torn) rememberAppend(options.cache, segment, size, bytes, found);
      return { ok: true as const, segment, size: size + bytes.length, appended: bytes.length };
    });
  } catch (e) {
    return { ok: false, error: `could not append to the ledger: ${message(e)}` };
  }
}

/**
 * Tells the cache about lines just appended, so the next read does not read and parse them again
 * (after a big first scan: every entry it made). Only when the cache had seen the segment up to
 * where they start; otherwise the next read finds them as it would anyone's.
 */
function rememberAppend(
  cache: LedgerCache,
  segment: string,
  before: number,
  bytes: Uint8Array,
  found: Found[],
): void {
  const seen = cache.get(segment) ?? (before === 0 ? NOTHING_SEEN : undefined);
  if (!seen || seen.size !== before) return;
  cache.set(segment, {
    size: before + bytes.length,
    tail: tailOf(seen.tail, bytes),
    lines: seen.lines + found.length,
    found: seen.found.concat(found),
    bad: seen.bad,
    future: seen.future,
  });
}

async function activeSegment(fs: LedgerFs, writer: string, limit: number): Promise<string> {
  const pattern = new RegExp(`^${writer}(?:-(\\d{3,}))?\\.jsonl$`);
  let newest = -1;
  for (const name of (await fs.list(LEDGER_DIR)) ?? []) {
    const m = pattern.exec(name);
    if (m) newest = Math.max(newest, m[1] ? Number(m[1]) : 0);
  }
  const nameFor = (n: number) =>
    n === 0 ? `${writer}.jsonl` : `${writer}-${String(n).padStart(3, '0')}.jsonl`;
  if (newest < 0) return nameFor(0);
  const size = (await fs.size(`${LEDGER_DIR}/${nameFor(newest)}`)) ?? 0;
  return size >= limit ? nameFor(newest + 1) : nameFor(newest);
}

const REQUIRED_LINES: [string, string][] = [
  [`${VMARK_DIR}/.gitignore`, 'index.db*'],
  [`${VMARK_DIR}/.gitattributes`, 'ledger/*.jsonl merge=union'],
];

/**
 * Makes `.vmark/` ready for git: `.gitignore` keeps the derived index out, `.gitattributes` merges
 * ledger segments as unions. A line already there is left alone; a missing one is added at the end.
 */
export async function ensureInitialized(
  fs: LedgerFs,
  options: LedgerOptions = {},
): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    await lockFor(fs, options)(LEDGER_LOCK, () => initialize(fs));
    return { ok: true };
  } catch (e) {
    return { ok: false, error: `could not set up ${VMARK_DIR}: ${message(e)}` };
  }
}

async function initialize(fs: LedgerFs): Promise<void> {
  for (const [path, wanted] of REQUIRED_LINES) {
    const existing = await fs.read(path);
    if (!existing) {
      await fs.write(path, encoder.encode(`${wanted}\n`));
      continue;
    }
    const lines = new TextDecoder().decode(existing).split('\n');
    if (lines.some((l) => l.trim() === wanted)) continue;
    const ends = existing.length === 0 || existing[existing.length - 1] === NEWLINE;
    await fs.write(path, join([existing, encoder.encode(`${ends ? '' : '\n'}${wanted}\n`)]));
  }
}
