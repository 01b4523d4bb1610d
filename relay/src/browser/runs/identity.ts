/**
 * Which writes of a workflow have been done already: the completed-writes ledger is keyed by the
 * workflow's identity and its inputs. The identity hashes a canonical form of the parsed workflow
 * (site, input names, trigger, each step's kind and text; not positions, numbering, indentation or
 * unknown front-matter keys), so reformatting keeps the ledger and a real edit starts a new one.
 * Not cryptographic: a session-local guard against posting twice.
 */
import type { Workflow } from '#shared/browserWorkflow/parser.js';

/** Two differently seeded 32-bit FNV-1a hashes of the text, as 16 hex digits. */
export function fnv64(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

export function sourceHash(workflow: Workflow): string {
  return fnv64(
    JSON.stringify([
      workflow.site,
      [...workflow.inputs].sort(),
      workflow.trigger,
      workflow.steps.map((s) => [s.kind, s.text]),
    ]),
  );
}

/** The declared inputs' values, whatever order they were given in. */
export function inputsHash(workflow: Workflow, inputs: Record<string, string>): string {
  const names = [...workflow.inputs].sort();
  return fnv64(JSON.stringify(names.map((n) => [n, inputs[n] ?? null])));
}

export function ledgerId(workflow: Workflow, inputs: Record<string, string>): string {
  return `${sourceHash(workflow)}+${inputsHash(workflow, inputs)}`;
}
