/** `selection`: the focused tab's live editor, reached through the window that shows it. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  TRUNCATION_NOTES,
  argumentError,
  limitSize,
  refusal,
  success,
  type SelectionArgs,
} from '../mcp';
import { composingRefusal, type Refusal } from '../result';
import type { DocumentsHost, WindowsHost } from './host';
import { targetWindow } from './target';

const PASSED_ON = new Set<Refusal['error']>(['STALE', 'READ_ONLY', 'BUSY']);

function fromRefusal(r: Refusal): CallToolResult {
  const code = PASSED_ON.has(r.error) ? r.error : 'NO_EDITOR';
  const extra: Record<string, unknown> = {};
  if (r.current_revision) extra.current_revision = r.current_revision;
  if (r.retry_after_ms !== undefined) extra.retry_after_ms = r.retry_after_ms;
  return refusal(code, r.message, extra);
}

const LATE = refusal(
  'NO_EDITOR',
  'The window showing the tab did not answer; it may be closing. Try again.',
);

export async function selectionTool(
  host: DocumentsHost & WindowsHost,
  args: SelectionArgs,
): Promise<CallToolResult> {
  const windowId = targetWindow(host);
  const w = host.window(windowId);
  const doc = w?.activeTabId ? host.tab(w.activeTabId) : undefined;
  if (!doc) {
    return refusal(
      'INVALID_TAB',
      'No tab is focused; open a file or ask the person to pick a tab.',
    );
  }
  if (args.tabId !== undefined && args.tabId !== doc.id) {
    const exists = host.tab(args.tabId) !== undefined;
    return refusal(
      'INVALID_TAB',
      exists
        ? `Selection works on the focused tab only: ${doc.id} is focused, not ${args.tabId}. Ask the person to switch to it, or use document.read/write.`
        : `No tab with id "${args.tabId}"; the focused tab is ${doc.id}.`,
    );
  }
  const agent = host.editorAgent(windowId);
  if (!agent)
    return refusal('NO_EDITOR', `Window ${windowId} is not open, so no editor shows the tab.`);
  if (args.action === 'get') {
    const r = await agent.selectionGet(doc.id);
    if (r === 'late') return LATE;
    if (!r.ok) return fromRefusal(r);
    return limitSize(
      success({
        text: r.text,
        isEmpty: r.isEmpty,
        range: r.range,
        mode: r.mode,
        kind: doc.kind,
        tabId: doc.id,
        revision: r.revision,
      }),
      TRUNCATION_NOTES.selectionGet,
    );
  }
  if (args.content === undefined) {
    return argumentError('selection.set needs content (the text that replaces the selection).');
  }
  if (doc.readOnlyReason) return refusal('READ_ONLY', doc.readOnlyReason.text);
  // A window showing the tab composes text with an input method: the window checks it too.
  if (host.composing(doc.id)) return fromRefusal(composingRefusal());
  const r = await agent.selectionSet(doc.id, args.content, args.expected_revision);
  if (r === 'late') return LATE;
  if (!r.ok) return fromRefusal(r);
  return success({ revision: r.revision, replaced_chars: r.replaced_chars });
}
