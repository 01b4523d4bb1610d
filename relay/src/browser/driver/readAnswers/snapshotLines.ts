/**
 * The compact form of a read, one line per node: `e12 checkbox [checked]: Send newsletter`. The
 * ref, the role, the states in brackets, then `: ` and the name up to the end of the line (no
 * colon when the name is empty). The name comes last so that it needs no quotation marks, hence
 * no escaping, and a name that looks like a state (`Save [disabled]`) cannot pass for one.
 */
import type { SnapshotNode } from '../../agent/agentTypes.js';

/** Whatever a reader takes for the end of a line; a name never carries one into the form. */
const LINE_BREAKS = /[\n\r\v\f\u0085\u2028\u2029]/g;

/** `level=2`, `checked` / `unchecked` / `mixed`, `disabled`, `upload`, in that order. */
export function statesOf(node: SnapshotNode): string[] {
  const states: string[] = [];
  if (node.level !== undefined) states.push(`level=${node.level}`);
  if (node.checked !== undefined) {
    states.push(node.checked === 'mixed' ? 'mixed' : node.checked ? 'checked' : 'unchecked');
  }
  if (node.disabled) states.push('disabled');
  if (node.upload) states.push('upload');
  return states;
}

/** One node as one line. */
export function nodeLine(node: SnapshotNode): string {
  let line = `${node.ref} ${node.role}`;
  for (const state of statesOf(node)) line += ` [${state}]`;
  const name = node.name.replace(LINE_BREAKS, ' ');
  return name === '' ? line : `${line}: ${name}`;
}
