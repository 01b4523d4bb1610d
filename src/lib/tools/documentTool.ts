/**
 * `document`: read and write the text of a tab, verbatim, under the revision rule: whole, or a
 * section or range of lines (documentParts.ts).
 */
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
import { refuse } from '../result';
import { readPart, readsPart, writeArgsError, writesPart, writtenPart } from './documentParts';
import type {
  CoherenceHost,
  DocumentsHost,
  FilesHost,
  FindHost,
  SettingsHost,
  TabView,
  WindowsHost,
} from './host';

import { inScope, targetTab } from './target';
import type { SessionContext } from './sessionContext';

/** What `document` uses: the tabs, their windows, the mounts (scope), settings and coherence. */
type DocumentToolHost = DocumentsHost &
  WindowsHost &
  FilesHost &
  SettingsHost &
  CoherenceHost &
  FindHost;

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
    if (readsPart(args)) return readPart(host, doc, args);
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
    return argumentError(
      'document.write needs content (the whole new text, or of the lines named).',
    );
  const content = args.content.replace(/\r\n/g, '\n');
  const part = writesPart(args);
  const mix = part ? writeArgsError(args) : null;
  if (mix) return argumentError(mix);
  // A section is looked up in the text the write applies to, after the person's typing is in.
  let refused: CallToolResult | null = null;
  const written = await host.mutate(
    doc.id,
    { origin: 'mcp', expectedRevision: args.expected_revision },
    (current) => {
      if (!part) return { ok: true, text: content };
      const next = writtenPart(current, args, content);
      if ('text' in next) return { ok: true, text: next.text };
      refused = next.answer;
      return refuse('INVALID_ARGUMENT');
    },
  );
  if (refused) return refused;
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
