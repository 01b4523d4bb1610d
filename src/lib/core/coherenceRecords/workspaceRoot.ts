/** The `workspace_root` of a coherence call: exactly one open folder, as get_state lists it. */

/** The mount the root names, or why it names none (a plain sentence, as the tools answer). */
export function mountOfRoot(root: unknown, mounts: readonly string[]): string | { error: string } {
  const open = mounts.map((m) => `/${m}`).join(', ') || 'none';
  if (typeof root !== 'string' || root.trim() === '') {
    return { error: `workspace_root is missing: give one of the open folders (${open})` };
  }
  const trimmed = root.trim();
  if (!trimmed.startsWith('/')) {
    return {
      error: `workspace_root "${trimmed}" is relative: give an open folder such as ${open}`,
    };
  }
  const segments = trimmed.split('/').filter((s) => s !== '');
  if (segments.length === 0 || !mounts.includes(segments[0])) {
    return { error: `workspace_root "${trimmed}" is not an open folder (open: ${open})` };
  }
  if (segments.length > 1) {
    return {
      error: `workspace_root "${trimmed}" is not a workspace folder: use its root, /${segments[0]}`,
    };
  }
  return segments[0];
}
