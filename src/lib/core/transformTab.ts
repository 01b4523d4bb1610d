/** A CJK transform of a whole tab, for the app's command and for `document.transform`. */
import { transformMarkdownChecked, type TransformKind } from '../cjk';
import type { Core } from './core';
import type { DocState } from './documentStore';
import { applyText, staleMessage } from './applyText';
import { refuse, type Result } from './errors';

export function transformTab(
  core: Core,
  doc: DocState,
  kind: TransformKind,
  expectedRevision?: string,
): Result<{ revision: string; changed: boolean }> {
  if (doc.kind !== 'markdown') {
    return refuse(
      'INVALID_TAB',
      `Tab ${doc.id} is ${doc.kind}; CJK transforms work on markdown documents only.`,
    );
  }
  if (doc.readOnlyReason) return refuse('READ_ONLY', doc.readOnlyReason);
  const stale = staleMessage(doc, expectedRevision);
  if (stale) return refuse('STALE', stale, { current_revision: doc.revision });
  const r = transformMarkdownChecked(doc.text, kind, core.settings.cjkFormat);
  if (!r.ok) return refuse('INTERNAL', r.error);
  const changed = r.changed && applyText(core, doc, r.text, 'transform');
  return { ok: true, revision: doc.revision, changed };
}
