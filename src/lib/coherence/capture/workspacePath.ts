/**
 * The paths a capture accepts: a markdown document inside the workspace, written relative to its
 * root with `/` (`notes/scene-01.md`). Nothing that could leave the workspace or land in `.vmark/`
 * gets through: no absolute path, no drive letter, no backslash, no `..`, `.` or empty segment.
 * Only `.md` files are documents (as for desktop VMark's scan, the extension is exactly `.md`).
 */
import { VMARK_DIR } from '../ledger/ledger';

/** What is wrong with `path` as a tracked document's path, or null when it is fine. */
export function workspacePathProblem(path: unknown): string | null {
  if (typeof path !== 'string' || path === '') return 'the path is empty';
  const shown = JSON.stringify(path);
  if (path.includes('\\')) return `${shown} contains a backslash (write paths with /)`;
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path))
    return `${shown} is absolute, not relative to the workspace`;
  if (path.includes('\0')) return `${shown} contains a NUL character`;
  const segments = path.split('/');
  if (segments.includes('..')) return `${shown} leaves the workspace (..)`;
  if (segments.some((s) => s === '' || s === '.')) return `${shown} has an empty or "." segment`;
  if (segments[0] === VMARK_DIR) return `${shown} is inside ${VMARK_DIR}/`;
  if (!path.endsWith('.md')) return `${shown} is not a markdown document (.md)`;
  return null;
}
