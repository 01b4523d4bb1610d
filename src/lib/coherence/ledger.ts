/**
 * The ledger on disk: `.vmark/ledger/*.jsonl`, one segment (and its rotations) per writer. Two
 * operations and no more: append one entry to this writer's own segment, and read every segment
 * of every writer. Nothing here rewrites, truncates or deletes a ledger line. Malformed lines are
 * set aside (copied to `.vmark/ledger/quarantine/<segment>.bad`, counted, skipped), never fatal.
 * Every function answers an error value instead of throwing.
 */
import type { LedgerEntry } from './envelope';
import {
  compareEntries,
  compareIds,
  compareTime,
  formatEntry,
  parseLine,
  parseTime,
} from './envelope';

export { compareEntries };
import { isUuid } from './bodies';
import type { LedgerFs, LockFn } from './ledgerFs';
import { inProcessLock } from './ledgerFs';

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
}

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

export type LedgerWrite = { ok: true; segment: string } | { ok: false; error: string };

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
    return await lockFor(fs, options)(LEDGER_LOCK, () => readUnlocked(fs));
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

async function readUnlocked(fs: LedgerFs): Promise<LedgerRead> {
  const names = ((await fs.list(LEDGER_DIR)) ?? []).filter((n) => n.endsWith('.jsonl')).sort();
  const found: { entry: LedgerEntry; time: NonNullable<ReturnType<typeof parseTime>> }[] = [];
  const quarantinedLines: QuarantinedLine[] = [];
  let futureFormat = 0;
  for (const segment of names) {
    const bytes = await fs.read(`${LEDGER_DIR}/${segment}`);
    if (!bytes) continue;
    const bad: Bad[] = [];
    for (const { line, bytes: lineBytes } of splitLines(bytes)) {
      const parsed = parseBytes(lineBytes);
      if (parsed === 'blank') continue;
      if ('future' in parsed) futureFormat++;
      else if (parsed.ok) found.push({ entry: parsed.entry, time: parseTime(parsed.entry.time)! });
      else {
        bad.push({
          line,
          reason: parsed.reason,
          bytes: lineBytes.length > LINE_LIMIT ? null : lineBytes,
        });
        quarantinedLines.push({ segment, line, reason: parsed.reason });
      }
    }
    if (bad.length) await quarantine(fs, segment, bad);
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
    entries,
    quarantined: quarantinedLines.length,
    futureFormat,
    quarantinedLines,
  };
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
export async function appendEntry(
  fs: LedgerFs,
  writer: string,
  entry: LedgerEntry,
  options: LedgerOptions = {},
): Promise<LedgerWrite> {
  if (!isUuid(writer))
    return { ok: false, error: `writer ${JSON.stringify(writer)} is not a UUID` };
  if (entry.writer !== writer)
    return { ok: false, error: `the entry's writer is ${entry.writer}, not ${writer}` };
  const line = formatEntry(entry);
  const parsed = parseLine(line.slice(0, -1));
  if ('future' in parsed)
    return { ok: false, error: `format ${entry.format} is newer than this app writes` };
  if (!parsed.ok) return { ok: false, error: `not a valid ledger entry: ${parsed.reason}` };
  const bytes = encoder.encode(line);
  if (bytes.length - 1 > LINE_LIMIT) return { ok: false, error: 'the entry is longer than 16 MiB' };
  const limit = options.segmentLimit ?? SEGMENT_LIMIT;
  try {
    return await lockFor(fs, options)(LEDGER_LOCK, async () => {
      await initialize(fs);
      const segment = await activeSegment(fs, writer, limit);
      const path = `${LEDGER_DIR}/${segment}`;
      const size = (await fs.size(path)) ?? 0;
      if (size > 0) {
        const last = await fs.read(path, size - 1);
        if (last && last[last.length - 1] !== NEWLINE) await fs.append(path, encoder.encode('\n'));
      }
      await fs.append(path, bytes);
      return { ok: true as const, segment };
    });
  } catch (e) {
    return { ok: false, error: `could not append to the ledger: ${message(e)}` };
  }
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
