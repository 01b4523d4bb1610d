/** A CJK transform of a whole tab's text, for the app's command and for `document.transform`. */
import { transformMarkdownChecked, type TransformKind } from './index';
import type { CjkFormatSettings } from './rules/settings';
import { refuse, type Result } from '../result';

/** The transformed text of a markdown tab (the same text when nothing needs to change). */
export function transformText(
  doc: { readonly id: string; readonly kind: string; readonly text: string },
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
