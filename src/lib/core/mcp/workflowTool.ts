/** `workflow`: surgical patches to a GitHub Actions workflow tab, and actionlint on its text. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { argumentError, refusal, success, type WorkflowArgs } from '../../mcp';
import { applyPatches } from '../../workflow/applyPatches';
import { parsePatches } from '../../workflow/irPatch';
import { lintWorkflow } from '../../workflow/lint/linter';
import type { Core } from '../core';
import { applyText, staleMessage } from '../applyText';
import { targetTab } from './target';

export async function workflowTool(core: Core, args: WorkflowArgs): Promise<CallToolResult> {
  const doc = targetTab(core, args.tabId);
  if (typeof doc === 'string') return refusal('INVALID_TAB', doc);
  if (doc.kind !== 'yaml-workflow') {
    return refusal(
      'NOT_WORKFLOW',
      `Tab ${doc.id} (${doc.path ?? 'untitled'}) is ${doc.kind}, not a GitHub Actions workflow; use document.read/write for it.`,
    );
  }
  if (args.action === 'validate') {
    const path = doc.path ?? 'workflow.yml';
    // A window's worker keeps actionlint off the core's thread; without a window, run it here.
    const agent = core.anyAgent(doc.windowId);
    try {
      const r = agent
        ? await agent.lint(doc.text, path)
        : { ok: true as const, result: await lintWorkflow(doc.text, path) };
      if (!r.ok) return refusal('INTERNAL', r.message);
      return success({ ...r.result, binaryAvailable: true });
    } catch (e) {
      return refusal('INTERNAL', `actionlint could not run: ${(e as Error).message}`);
    }
  }
  if (args.patches === undefined) {
    return argumentError('workflow.apply_patch needs patches (an array of IRPatch objects).');
  }
  const parsed = parsePatches(args.patches);
  if (!parsed.ok) {
    const extra = parsed.index === undefined ? {} : { index: parsed.index };
    return refusal('INVALID_PATCH', parsed.message, extra);
  }
  if (doc.readOnlyReason) return refusal('READ_ONLY', doc.readOnlyReason);
  const stale = staleMessage(doc, args.expected_revision);
  if (stale) return refusal('STALE', stale, { current_revision: doc.revision });
  const applied = applyPatches(doc.text, parsed.patches);
  if (!applied.ok) return refusal('INVALID_PATCH', applied.message, { index: applied.index });
  if (applied.changed) applyText(core, doc, applied.text);
  return success({ revision: doc.revision });
}
