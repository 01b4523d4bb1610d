/** `document`: read and write the whole text of a tab, verbatim, under the revision rule. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  TRUNCATION_NOTES,
  argumentError,
  fromRefusal,
  limitSize,
  refusal,
  success,
  writeAnswer,
  type DocumentArgs,
} from '../mcp';
import { transformText } from '../cjk/transformTab';
import type {
  CoherenceHost,
  DocumentsHost,
  FilesHost,
  SettingsHost,
  TabView,
  WindowsHost,
} from './host';

import { inScope, targetTab } from './target';
import type { SessionContext } from './sessionContext';

/** What `document` uses: the tabs, their windows, the mounts (scope), settings and coherence. */
type DocumentToolHost = DocumentsHost & WindowsHost & FilesHost & SettingsHost & CoherenceHost;

export async function documentTool(
  host: DocumentToolHost,
  args: DocumentArgs,
  session?: Pick<SessionContext, 'reads'>,
): Promise<CallToolResult> {
  const doc = targetTab(host, args.tabId);
  if (typeof doc === 'string') return refusal('INVALID_TAB', doc);
  if (args.action === 'read') {
    // What the client read becomes an input of its next save (coherence provenance).
    if (session && doc.path) {
      session.reads.push({ path: doc.path, revision: await host.coherenceHead(doc.path) });
    }
    return limitSize(
      success({
        content: doc.text,
        revision: doc.revision,
        filePath: doc.path,
        kind: doc.kind,
        dirty: host.dirty(doc),
        tabId: doc.id,
      }),
      TRUNCATION_NOTES.documentRead,
    );
  }
  if (args.action === 'transform') return transform(host, doc, args);
  if (args.content === undefined)
    return argumentError('document.write needs content (the whole new text).');
  const content = args.content.replace(/\r\n/g, '\n');
  const written = await host.mutate(
    doc.id,
    { origin: 'mcp', expectedRevision: args.expected_revision },
    () => ({ ok: true, text: content }),
  );
  if (!written.ok) return fromRefusal(written);
  const revision = written.revision;
  if (args.save === false) return success(writeAnswer(revision, { skipped: 'opt_out' }));
  const path = host.tab(doc.id)?.path;
  if (!path) return success(writeAnswer(revision, { skipped: 'untitled' }));
  const scope = inScope(host, path);
  if (scope) return success(writeAnswer(revision, { error: scope }));
  const saved = await host.save(doc.id, path, true);
  if (saved.ok && session) {
    await host.recordAiSave(doc.id, saved.path, content, session.reads.splice(0));
  }
  return success(writeAnswer(revision, saved.ok ? { saved: true } : { error: saved.message }));
}

/** A CJK transform of the whole text: not saved, like an edit; a no-op keeps the revision. */
async function transform(
  host: DocumentToolHost,
  doc: TabView,
  args: DocumentArgs,
): Promise<CallToolResult> {
  if (args.kind === undefined) {
    return argumentError(
      'document.transform needs kind: cjk-format, cjk-spacing or cjk-punctuation.',
    );
  }
  const kind = args.kind;
  const r = await host.mutate(
    doc.id,
    { origin: 'mcp', expectedRevision: args.expected_revision },
    (current) => transformText(current, kind, host.settings().cjkFormat),
  );
  if (!r.ok) return fromRefusal(r);
  return success({ revision: r.revision, changed: r.changed });
}
