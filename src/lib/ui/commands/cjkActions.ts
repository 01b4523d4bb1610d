/** The app's CJK commands: on the selection when there is one, else on the whole document. */
import { noticeText } from '../shell/noticeText';
import { transformTextChecked, type TransformKind } from '../../cjk';
import type { MessageKey } from '../../i18n/catalog';
import { t } from '../../i18n/i18n.svelte';
import { app } from '../shell/appState.svelte';
import { liveEditor } from '../shell/liveEditors';

const NAMES: Record<TransformKind, MessageKey> = {
  'cjk-format': 'cjk.nameFormat',
  'cjk-spacing': 'cjk.nameSpacing',
  'cjk-punctuation': 'cjk.namePunctuation',
};

export async function cjkTransform(kind: TransformKind): Promise<void> {
  const tab = app.activeTab;
  if (!tab || !app.core) return;
  const name = t(NAMES[kind]);
  if (tab.kind !== 'markdown') {
    app.toast(t('cjk.markdownOnly', { name }), 'error');
    return;
  }
  if (tab.readOnly) {
    app.toast(tab.readOnlyReason ? noticeText(tab.readOnlyReason) : t('cjk.readOnly'), 'error');
    return;
  }
  const editor = liveEditor(tab.id);
  const selection = editor?.handle.selection();
  if (editor && selection && selection.from !== selection.to) {
    const settings = app.snapshot?.settings.cjkFormat;
    const r = transformTextChecked(selection.text, kind, settings);
    if (!r.ok) app.toast(r.error, 'error');
    else if (!r.changed) app.toast(t('cjk.nothingInSelection', { name }));
    else {
      editor.handle.replaceSelection(r.text);
      app.toast(t('cjk.appliedToSelection', { name }));
    }
    return;
  }
  await app.session(tab.id).settled();
  const r = await app.core.transform(tab.id, kind);
  if (!app.report(r) || !r.ok) return;
  app.toast(t(r.changed ? 'cjk.appliedToDocument' : 'cjk.nothingToChange', { name }));
}
