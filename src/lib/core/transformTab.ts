/** A CJK transform of a whole tab, for the app's command and for `document.transform`. */
import { transformMarkdownChecked, type TransformKind } from '../cjk';
import type { Core } from './core';
import type { DocState } from './documentStore';
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
  if (expectedRevision !== undefined && expectedRevision !== doc.revision) {
    return refuse(
      'STALE',
      `The document changed: it is at ${doc.revision}, not ${expectedRevision}. Read it again.`,
      { current_revision: doc.revision },
    );
  }
  const r = transformMarkdownChecked(doc.text, kind, core.settings.cjkFormat);
  if (!r.ok) return refuse('INTERNAL', r.error);
  if (!r.changed) return { ok: true, revision: doc.revision, changed: false };
  const changed = core.store.setText(doc, r.text).changed;
  if (changed) {
    core.recordDraft(doc);
    core.pushText(doc, 'transform');
    core.changed();
  }
  return { ok: true, revision: doc.revision, changed };
}
