/**
 * The scan's walk over a workspace: which markdown files it reads, which folders it leaves alone,
 * and whether it saw everything (only a complete walk may conclude that a file was deleted).
 *
 * - Folders never entered: `.vmark .git .obsidian .svn .hg node_modules __pycache__ .Trash` at any
 *   depth, `.claude/worktrees` at the workspace root (a second checkout of the same files), and any
 *   folder below the root holding a file named `CACHEDIR.TAG` (a build cache that says so itself).
 * - A symbolic link is never followed (`symlink-skipped`).
 * - Only files whose name ends in `.md` are read. One over 10 MiB is not read (`file-too-large`),
 *   one that is not UTF-8 is not taken as a document (`invalid-utf8`); both still count as present.
 * - A folder that cannot be listed (`unreadable-dir`), a file that cannot be read (`unreadable`) or
 *   more than 20 000 markdown files (`scan-truncated`) make the walk incomplete.
 * - A file whose size and modification time equal those of a file the caller already knows (an
 *   earlier scan of this session read it) is not read again: it is answered with what was known.
 *
 * The walk itself writes nothing: it answers files and diagnostics, and scan.ts records them.
 */
import { decodeUtf8 } from '../format/canonical';
import { inTurns } from './inTurns';
import type { IdentityReading } from '../format/identity';
import type { ContentHash } from '../format/records';

export type WorkspaceEntryKind = 'file' | 'directory' | 'symlink';

export interface WorkspaceEntry {
  name: string;
  kind: WorkspaceEntryKind;
}

/**
 * Read access to a workspace's files, paths relative to its root with `/` ('' is the root). A
 * missing folder or file answers null; an I/O failure throws (the walk turns it into a diagnostic).
 */
export interface WorkspaceFs {
  /** What is directly inside `dir`; a symbolic link is reported as one, never as its target. */
  list(dir: string): Promise<WorkspaceEntry[] | null>;
  read(path: string): Promise<Uint8Array | null>;
  /** A file's size and modification time. */
  stat(path: string): Promise<FileStat | null>;
}

export interface FileStat {
  /** Bytes. */
  size: number;
  /** Milliseconds since the epoch (File.lastModified). */
  lastModified: number;
}

/** What a scan concluded from a file's content, kept with the size and time it had then. */
export interface KnownFile extends FileStat {
  hash: ContentHash;
  identity: IdentityReading;
}

export const IGNORED_DIRS: readonly string[] = [
  '.vmark',
  '.git',
  '.obsidian',
  '.svn',
  '.hg',
  'node_modules',
  '__pycache__',
  '.Trash',
];
/** Folders skipped by their path from the workspace root, not by name. */
export const IGNORED_PREFIXES: readonly string[] = ['.claude/worktrees'];
export const CACHE_TAG = 'CACHEDIR.TAG';
export const MAX_SCAN_FILES = 100_000;
export const MAX_SCAN_FILE_BYTES = 10 * 1024 * 1024;

export interface WalkLimits {
  /** Markdown files the walk takes at most (MAX_SCAN_FILES unless a test says otherwise). */
  maxFiles?: number;
  /** Bytes above which a file is not read (MAX_SCAN_FILE_BYTES unless a test says otherwise). */
  maxFileBytes?: number;
}

export interface WalkDiagnostic {
  code:
    | 'symlink-skipped'
    | 'file-too-large'
    | 'invalid-utf8'
    | 'unreadable'
    | 'unreadable-dir'
    | 'scan-truncated';
  message: string;
  /** The file or folder concerned; '' for the workspace as a whole. */
  path: string;
}

/** A markdown file the walk read, or knew unchanged (same size and modification time). */
export type WalkedFile =
  | {
      path: string;
      stat: FileStat;
      /** The file as stored (what its content hash is taken over). */
      bytes: Uint8Array;
      /** Its text, a leading byte-order mark kept. */
      text: string;
    }
  | { path: string; stat: FileStat; known: KnownFile };

export interface WalkResult {
  /** The markdown files read, or known unchanged, by path. */
  files: WalkedFile[];
  /** Markdown files found but not read (too large, not UTF-8, unreadable): present all the same. */
  skipped: string[];
  /** Folders not entered because they hold a CACHEDIR.TAG. */
  cacheDirs: string[];
  diagnostics: WalkDiagnostic[];
  /** Every folder was listed and every markdown file looked at. */
  complete: boolean;
}

const join = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

function atOrUnderPrefix(path: string): boolean {
  return IGNORED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * Whether the walk can say nothing about a path: it lies inside a folder the walk never enters
 * (an ignored name, the ignored prefix, or one of `cacheDirs`). Such a path is never taken as
 * deleted.
 */
export function isOutsideWalk(path: string, cacheDirs: readonly string[] = []): boolean {
  const folders = path.split('/').slice(0, -1);
  if (folders.some((f) => IGNORED_DIRS.includes(f))) return true;
  if (atOrUnderPrefix(path)) return true;
  return cacheDirs.some((d) => path.startsWith(`${d}/`));
}

/**
 * `known`: files an earlier walk read, by path; one with the same size and time is not read.
 * `onListed` is told how many markdown files there are once every folder is listed.
 */
export async function walkWorkspace(
  fs: WorkspaceFs,
  limits: WalkLimits = {},
  known: ReadonlyMap<string, KnownFile> = new Map(),
  onListed?: (files: number) => void,
): Promise<WalkResult> {
  const maxFiles = limits.maxFiles ?? MAX_SCAN_FILES;
  const maxBytes = limits.maxFileBytes ?? MAX_SCAN_FILE_BYTES;
  const result: WalkResult = {
    files: [],
    skipped: [],
    cacheDirs: [],
    diagnostics: [],
    complete: true,
  };
  const note = (code: WalkDiagnostic['code'], path: string, text: string) =>
    result.diagnostics.push({ code, message: text, path });
  const unreadable = (code: 'unreadable' | 'unreadable-dir', path: string, text: string) => {
    result.complete = false;
    note(code, path, text);
  };
  // First the folders, in order, noting what the walk meets; then every markdown file met is
  // looked at, several at a time; then what each look found is taken in the walk's order, as if
  // the files had been looked at one by one.
  const met: ({ path: string } | WalkDiagnostic)[] = [];
  const noteLater = (code: WalkDiagnostic['code'], path: string, text: string) =>
    met.push({ code, message: text, path });
  let markdown = 0;
  const stack = [''];
  // A folder's subfolders are listed as soon as it is known they will be entered.
  const listings = new Map<string, Promise<WorkspaceEntry[] | null>>();
  const listing = (dir: string) => {
    const listed = fs.list(dir);
    listed.catch(() => undefined);
    listings.set(dir, listed);
  };
  walk: while (stack.length) {
    const dir = stack.pop()!;
    let entries: WorkspaceEntry[] | null;
    try {
      entries = await (listings.get(dir) ?? fs.list(dir));
      listings.delete(dir);
    } catch (e) {
      noteLater('unreadable-dir', dir, `the folder could not be listed: ${message(e)}`);
      continue;
    }
    if (entries === null) {
      noteLater('unreadable-dir', dir, 'the folder disappeared while it was being scanned');
      continue;
    }
    if (dir !== '' && entries.some((e) => e.name === CACHE_TAG && e.kind === 'file')) {
      result.cacheDirs.push(dir);
      continue;
    }
    const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const subdirs: string[] = [];
    for (const entry of sorted) {
      const path = join(dir, entry.name);
      if (entry.kind === 'symlink') {
        noteLater('symlink-skipped', path, 'symbolic links are never followed');
        continue;
      }
      if (entry.kind === 'directory') {
        if (!IGNORED_DIRS.includes(entry.name) && !atOrUnderPrefix(path)) subdirs.push(path);
        continue;
      }
      if (!isMarkdown(entry.name)) continue;
      if (markdown >= maxFiles) {
        noteLater('scan-truncated', '', `the workspace has more than ${maxFiles} markdown files`);
        break walk;
      }
      markdown++;
      met.push({ path });
    }
    // Popped in name order.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]);
    for (const sub of subdirs) listing(sub);
  }
  const paths = met.flatMap((m) => ('code' in m ? [] : [m.path]));
  onListed?.(paths.length);
  const looks = await inTurns(paths, LOOKS_AT_ONCE, (path) =>
    lookAt(fs, path, maxBytes, known.get(path)),
  );
  let next = 0;
  for (const m of met) {
    if ('code' in m) {
      if (m.code !== 'symlink-skipped') result.complete = false;
      result.diagnostics.push(m);
      continue;
    }
    const look = looks[next++];
    if ('file' in look) {
      result.files.push(look.file);
      continue;
    }
    result.skipped.push(m.path);
    if (look.code === 'unreadable') unreadable(look.code, m.path, look.text);
    else note(look.code, m.path, look.text);
  }
  result.files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return result;
}

const isMarkdown = (name: string) => name.endsWith('.md') && name !== '.md';

/** How many files the walk looks at, at most, at one time. */
const LOOKS_AT_ONCE = 128;

export type Look =
  { file: WalkedFile } | { code: 'unreadable' | 'file-too-large' | 'invalid-utf8'; text: string };

/** One markdown file: known unchanged, read, or why it cannot be taken. Never throws. */
export async function lookAt(
  fs: WorkspaceFs,
  path: string,
  maxBytes: number,
  known: KnownFile | undefined,
): Promise<Look> {
  let stat: FileStat | null;
  let bytes: Uint8Array | null = null;
  try {
    stat = await fs.stat(path);
    if (stat !== null && stat.size <= maxBytes) {
      if (known && known.size === stat.size && known.lastModified === stat.lastModified)
        return { file: { path, stat, known } };
      bytes = await fs.read(path);
    }
  } catch (e) {
    return { code: 'unreadable', text: `the file could not be read: ${message(e)}` };
  }
  if (stat !== null && stat.size > maxBytes)
    return {
      code: 'file-too-large',
      text: `the file is larger than ${maxBytes} bytes, so it is not scanned`,
    };
  if (stat === null || bytes === null)
    return { code: 'unreadable', text: 'the file disappeared while it was being scanned' };
  const text = decodeUtf8(bytes);
  if (text === null)
    return {
      code: 'invalid-utf8',
      text: 'the file is not UTF-8 text, so it is not taken as a document',
    };
  return { file: { path, stat, bytes, text } };
}
