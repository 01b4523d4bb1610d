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
  if (args.action === 'transform') {
    return argumentError('document.transform is not available in this version of VMark Web.');
  }
  if (args.content === undefined)
    return argumentError('document.write needs content (the whole new text).');
  if (doc.readOnlyReason) return refusal('READ_ONLY', doc.readOnlyReason);
  if (args.expected_revision !== undefined && args.expected_revision !== doc.revision) {
    return refusal(
      'STALE',
      `The document changed: it is at ${doc.revision}, not ${args.expected_revision}. Read it again.`,
      {
        current_revision: doc.revision,
      },
    );
  }
  const r = core.store.setText(doc, args.content.replace(/\r\n/g, '\n'));
  if (r.changed) {
    core.recordDraft(doc);
    core.pushText(doc, 'mcp');
    core.changed();
  }
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
