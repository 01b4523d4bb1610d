/** A CJK transform of a whole tab's text, for the app's command and for `document.transform`. */
import { transformMarkdownChecked, type TransformKind } from '../cjk';
import type { CjkFormatSettings } from '../cjk/rules/settings';
import type { DocState } from './documents/docState';
import { refuse, type Result } from './errors';

/** The transformed text of a markdown tab (the same text when nothing needs to change). */
export function transformText(
  doc: Readonly<DocState>,
  kind: TransformKind,
  settings: CjkFormatSettings,
): Result<{ text: string }> {
  if (doc.kind !== 'markdown') {
    return refuse(
      'INVALID_TAB',
      `Tab ${doc.id} is ${doc.kind}; CJK transforms work on markdown documents only.`,
    );
  }
  const r = transformMarkdownChecked(doc.text, kind, settings);
  if (!r.ok) return refuse('INTERNAL', r.error);
  return { ok: true, text: r.text };
}
