/**
 * Document kinds: which files VMark Web opens, in which editor, and how large they may be.
 *
 * Markdown is recognised by its extension. GitHub workflow YAML is recognised by its place
 * (`.github/workflows/<name>.yml`) or, for other YAML files and untitled content, by its text
 * having top-level `on:` and `jobs:` keys.
 */

import { extnameOf } from '../paths';
import { quote } from '../paths/name';

/** The kinds of document the app can open. */
export type DocumentKind = 'markdown' | 'yaml-workflow';

/** What a path alone says: a kind, a YAML file whose content decides, or unsupported (null). */
export type PathKind = DocumentKind | 'maybe-yaml' | null;

/** Sizes in bytes: above `sourceModeAbove` a file opens as plain source; above `refuseAbove` not at all. */
export const SIZE_LIMITS = { sourceModeAbove: 5_000_000, refuseAbove: 50_000_000 } as const;

const MARKDOWN_EXTENSIONS = ['.md', '.markdown'];
const YAML_EXTENSIONS = ['.yml', '.yaml'];

/** The supported kinds, as named in refusal messages. */
const SUPPORTED =
  'supported are markdown (.md, .markdown) and GitHub workflow YAML (.yml or .yaml in .github/workflows, or with top-level "on:" and "jobs:" keys)';

/** Bytes in a megabyte, as the size limits count them. */
const MEGABYTE = 1_000_000;

/**
 * A top-level YAML key at column 0, optionally quoted, followed by `:` and then a space, a tab
 * or the end of the line (so values and comments may follow, but `on:push` is not a key).
 */
function topLevelKey(key: string): RegExp {
  return new RegExp(`^(?:${key}|"${key}"|'${key}')[ \\t]*:(?:[ \\t]|\\r?$)`, 'm');
}

const ON_KEY = topLevelKey('on');
const JOBS_KEY = topLevelKey('jobs');

/** Whether `path` ends in `.github/workflows/<name>.yml|.yaml` below at least a mount. */
function isWorkflowLocation(path: string): boolean {
  const segments = path.split('/').filter((segment) => segment !== '');
  const [github, workflows] = segments.slice(-3);
  return segments.length >= 4 && github === '.github' && workflows === 'workflows';
}

/** What the path alone says about the kind of a document. */
export function kindForPath(path: string): PathKind {
  const extension = extnameOf(path);
  if (MARKDOWN_EXTENSIONS.includes(extension)) return 'markdown';
  if (!YAML_EXTENSIONS.includes(extension)) return null;
  return isWorkflowLocation(path) ? 'yaml-workflow' : 'maybe-yaml';
}

/** Whether `text` has the top-level `on:` and `jobs:` keys of a GitHub workflow. */
export function looksLikeWorkflow(text: string): boolean {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  return ON_KEY.test(body) && JOBS_KEY.test(body);
}

/** Says why a document of no supported kind is refused, naming the supported kinds. */
function unsupportedReason(path: string, pathKind: PathKind, text: string | undefined): string {
  const untitled = path === '';
  const subject = untitled ? 'The untitled document' : `The file ${quote(path)}`;
  const noKeys = 'no top-level "on:" and "jobs:" keys';
  let detail: string;
  if (pathKind === 'maybe-yaml') {
    detail =
      text === undefined
        ? 'is YAML outside .github/workflows and its text was not given'
        : `is YAML with ${noKeys}`;
  } else if (extnameOf(path) === '') {
    const name = untitled ? '' : 'has no extension and ';
    detail = text === undefined ? `${name}has no text to check` : `${name}has ${noKeys}`;
  } else {
    detail = `has the extension "${extnameOf(path)}"`;
  }
  return `${subject} ${detail}, so its file type is not supported; ${SUPPORTED}.`;
}

/**
 * Decides the kind of a document from its path and, where the path leaves it open, its text.
 * Other `.yml`/`.yaml` files and names without an extension (including '' for untitled content)
 * are GitHub workflows when their text looks like one, and refused otherwise.
 */
export function resolveKind(
  path: string,
  text?: string,
): { ok: true; kind: DocumentKind } | { ok: false; reason: string } {
  const pathKind = kindForPath(path);
  if (pathKind === 'markdown' || pathKind === 'yaml-workflow') return { ok: true, kind: pathKind };
  const judgedByText = pathKind === 'maybe-yaml' || extnameOf(path) === '';
  if (judgedByText && text !== undefined && looksLikeWorkflow(text)) {
    return { ok: true, kind: 'yaml-workflow' };
  }
  return { ok: false, reason: unsupportedReason(path, pathKind, text) };
}

/** Formats a byte count in MB, with enough decimals that it never reads as equal to a limit. */
function formatMegabytes(bytes: number, limit: number): string {
  for (let decimals = 1; decimals < 6; decimals++) {
    const shown = (bytes / MEGABYTE).toFixed(decimals);
    if (Number(shown) * MEGABYTE > limit) return shown;
  }
  return (bytes / MEGABYTE).toFixed(6);
}

/** Decides whether a file of `bytes` bytes opens, and in which editor mode. */
export function checkOpenSize(
  bytes: number,
): { ok: true; mode: 'wysiwyg' | 'source' } | { ok: false; reason: string } {
  if (!Number.isInteger(bytes) || bytes < 0) {
    return { ok: false, reason: `The file size ${String(bytes)} is not a valid number of bytes.` };
  }
  if (bytes > SIZE_LIMITS.refuseAbove) {
    const size = formatMegabytes(bytes, SIZE_LIMITS.refuseAbove);
    const limit = SIZE_LIMITS.refuseAbove / MEGABYTE;
    return {
      ok: false,
      reason: `The file is ${size} MB, which is over the ${limit} MB limit for opening files.`,
    };
  }
  return { ok: true, mode: bytes > SIZE_LIMITS.sourceModeAbove ? 'source' : 'wysiwyg' };
}
