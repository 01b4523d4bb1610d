/** `document`: read and write the whole text of a tab, verbatim, under the revision rule. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  TRUNCATION_NOTES,
  argumentError,
  limitSize,
  refusal,
  success,
  type DocumentArgs,
} from '../../mcp';
import type { Core } from '../core';
import type { DocState } from '../documentStore';
import { transformTab } from '../transformTab';
import { applyText, staleMessage } from '../applyText';
import { inScope, targetTab } from './target';

export async function documentTool(core: Core, args: DocumentArgs): Promise<CallToolResult> {
  const doc = targetTab(core, args.tabId);
  if (typeof doc === 'string') return refusal('INVALID_TAB', doc);
  if (args.action === 'read') {
    return limitSize(
      success({
        content: doc.text,
        revision: doc.revision,
        kind: doc.kind,
        tabId: doc.id,
        filePath: doc.path,
      }),
      TRUNCATION_NOTES.documentRead,
    );
  }
  if (args.action === 'transform') return transform(core, doc, args);
  if (args.content === undefined)
    return argumentError('document.write needs content (the whole new text).');
  if (doc.readOnlyReason) return refusal('READ_ONLY', doc.readOnlyReason);
  const stale = staleMessage(doc, args.expected_revision);
  if (stale) return refusal('STALE', stale, { current_revision: doc.revision });
  applyText(core, doc, args.content.replace(/\r\n/g, '\n'));
  if (!args.save) return success({ revision: doc.revision, saved: false });
  if (!doc.path) {
    return success({
      revision: doc.revision,
      saved: false,
      save_skipped: 'The tab has no file yet; use workspace.save_as.',
    });
  }
  const scope = inScope(core, doc.path);
  if (scope) return success({ revision: doc.revision, saved: false, save_error: scope });
  const saved = await core.save(doc.id);
  return saved.ok
    ? success({ revision: doc.revision, saved: true })
    : success({ revision: doc.revision, saved: false, save_error: saved.message });
}

/** A CJK transform of the whole text: not saved, like an edit; a no-op keeps the revision. */
function transform(core: Core, doc: DocState, args: DocumentArgs): CallToolResult {
  if (args.kind === undefined) {
    return argumentError(
      'document.transform needs kind: cjk-format, cjk-spacing or cjk-punctuation.',
    );
  }
  const r = transformTab(core, doc, args.kind, args.expected_revision);
  if (!r.ok) {
    const code =
      r.error === 'STALE' || r.error === 'READ_ONLY' || r.error === 'INVALID_TAB'
        ? r.error
        : 'INTERNAL';
    return refusal(
      code,
      r.message,
      r.current_revision ? { current_revision: r.current_revision } : {},
    );
  }
  return success({ revision: r.revision, changed: r.changed });
}
