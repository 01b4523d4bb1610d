/**
 * The names of documents as MCP resources, and the pure parts of answering for them: URIs
 * (`vmark://tab/<tabId>`, `vmark://file/<mount>/<path>`), the opaque list cursor, MIME types, and
 * a text held to the output bound. No host, no SDK.
 */
import { MAX_RESULT_BYTES, utf8ByteLength } from '../../mcp';
import type { TabKind } from '../host';

export const TAB_PREFIX = 'vmark://tab/';
export const FILE_PREFIX = 'vmark://file';

export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: `${FILE_PREFIX}{+path}`,
    name: 'file',
    title: 'Workspace file',
    description:
      'A file of an open workspace by its path, e.g. vmark://file/notes/a.md for /notes/a.md (see session.get_state for the workspaces). While the file is open in a tab, its text is the tab\u2019s, with its revision; otherwise it is read from disk and has no revision.',
    mimeType: 'text/markdown',
  },
  {
    uriTemplate: `${TAB_PREFIX}{tabId}`,
    name: 'tab',
    title: 'Open tab',
    description:
      'An open tab by its id (as in session.get_state): the same text and revision as document.read.',
  },
];

export function tabUri(tabId: string): string {
  return TAB_PREFIX + encodeURIComponent(tabId);
}

/** `path` is a workspace path such as `/notes/a.md`. */
export function fileUri(path: string): string {
  return FILE_PREFIX + path.split('/').map(encodeURIComponent).join('/');
}

export type ResourceTarget = { kind: 'tab'; tabId: string } | { kind: 'file'; path: string };

/** What a URI names, or a sentence saying why it names nothing. */
export function parseResourceUri(uri: string): ResourceTarget | string {
  try {
    if (uri.startsWith(TAB_PREFIX)) {
      const tabId = decodeURIComponent(uri.slice(TAB_PREFIX.length));
      if (tabId === '' || tabId.includes('/')) return `${uri} names no tab.`;
      return { kind: 'tab', tabId };
    }
    if (uri.startsWith(`${FILE_PREFIX}/`)) {
      const path = uri
        .slice(FILE_PREFIX.length)
        .split('/')
        .map((segment) => decodeURIComponent(segment))
        .join('/');
      return { kind: 'file', path };
    }
  } catch {
    return `${uri} is not a valid URI (bad percent-encoding).`;
  }
  return `${uri} is not a VMark resource: use vmark://tab/<tabId> or vmark://file/<path>.`;
}

export function mimeTypeOf(kind: TabKind): string {
  return kind === 'yaml-workflow' ? 'application/yaml' : 'text/markdown';
}

/**
 * Where the next page of `resources/list` starts: in the open tabs, or in the walk over the
 * workspaces' documents (`walk` says which walk of the session it continues).
 */
export type ListPosition =
  { phase: 'tabs'; offset: number } | { phase: 'files'; walk: number; offset: number };

/** An opaque cursor for a position. */
export function encodeCursor(position: ListPosition): string {
  return btoa(
    position.phase === 'tabs'
      ? `tabs:${position.offset}`
      : `files:${position.walk}:${position.offset}`,
  );
}

/** The position a cursor names, or null when it is not one of ours. */
export function decodeCursor(cursor: string): ListPosition | null {
  let plain: string;
  try {
    plain = atob(cursor);
  } catch {
    return null;
  }
  const tabs = /^tabs:(\d{1,9})$/.exec(plain);
  if (tabs) return { phase: 'tabs', offset: Number(tabs[1]) };
  const files = /^files:(\d{1,9}):(\d{1,9})$/.exec(plain);
  if (files) return { phase: 'files', walk: Number(files[1]), offset: Number(files[2]) };
  return null;
}

export const RESOURCE_TRUNCATION_NOTE =
  'The document is longer than the 75,000-byte bound of an answer; text is its start only, cut at a character. document.read has the same bound, so neither returns the rest: never write this text back (it would cut the document), and ask the person which part matters.';

/** The text within `maxBytes` UTF-8 bytes, cut at a character, and what to say when cut. */
export function boundText(
  text: string,
  maxBytes: number = MAX_RESULT_BYTES,
): { text: string; meta: Record<string, unknown> } {
  if (text.length * 3 <= maxBytes) return { text, meta: {} };
  const total = utf8ByteLength(text);
  if (total <= maxBytes) return { text, meta: {} };
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(maxBytes));
  const shown = text.slice(0, read ?? 0);
  return {
    text: shown,
    meta: {
      truncated: true,
      bytes_total: total,
      bytes_shown: utf8ByteLength(shown),
      truncation_note: RESOURCE_TRUNCATION_NOTE,
    },
  };
}
