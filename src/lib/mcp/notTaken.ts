/** The one sentence every tool refuses an argument with that its action does not take (SPEC §2). */

/** `write does not take line; it takes tabId, content, expected_revision, save, section, startLine, endLine.` */
export function notTaken(what: string, extra: readonly string[], takes: readonly string[]): string {
  const rest = takes.length === 0 ? 'no argument besides action' : takes.join(', ');
  return `${what} does not take ${extra.join(', ')}; it takes ${rest}.`;
}
