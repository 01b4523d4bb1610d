/**
 * Browser workflow files: markdown notes whose name ends in `.workflow.md`. The whole file is the
 * workflow text (front matter, then one step a line), so it opens in the editor like any note and
 * what the editor saves is exactly what a run reads. The name, not the content, marks a file as a
 * workflow, so listing them never reads a file and a note that merely has a `site:` key in its
 * front matter is never mistaken for one.
 */

/** The ending that marks a workflow file (compared without regard to case). */
export const WORKFLOW_FILE_SUFFIX = '.workflow.md';

/** Whether `path` (a virtual path or a bare name) names a browser workflow file. */
export function isBrowserWorkflowPath(path: string | null | undefined): boolean {
  if (!path) return false;
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return name.length > WORKFLOW_FILE_SUFFIX.length && name.endsWith(WORKFLOW_FILE_SUFFIX);
}

/**
 * The file name a workflow for `site` is saved under by default: the site id made safe for a
 * file name (letters, digits, `-` and `_`; anything else becomes `-`), never empty.
 */
export function workflowFileName(site: string): string {
  const stem = site
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}_-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${stem || 'recording'}${WORKFLOW_FILE_SUFFIX}`;
}
