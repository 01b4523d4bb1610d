/** The app's CJK commands: on the selection when there is one, else on the whole document. */
import { noticeText } from './noticeText';
import { transformTextChecked, type TransformKind } from '../cjk';
import { app } from './appState.svelte';
import { liveEditor } from './liveEditors';

const NAMES: Record<TransformKind, string> = {
  'cjk-format': 'CJK format',
  'cjk-spacing': 'CJK spacing',
  'cjk-punctuation': 'CJK punctuation',
};

export async function cjkTransform(kind: TransformKind): Promise<void> {
  const tab = app.activeTab;
  if (!tab || !app.core) return;
  const name = NAMES[kind];
  if (tab.kind !== 'markdown') {
    app.toast(`${name} works on markdown documents only.`, 'error');
    return;
  }
  if (tab.readOnly) {
    app.toast(
      tab.readOnlyReason ? noticeText(tab.readOnlyReason) : 'This document is read-only.',
      'error',
    );
    return;
  }
  const editor = liveEditor(tab.id);
  const selection = editor?.handle.selection();
  if (editor && selection && selection.from !== selection.to) {
    const settings = app.snapshot?.settings.cjkFormat;
    const r = transformTextChecked(selection.text, kind, settings);
    if (!r.ok) app.toast(r.error, 'error');
    else if (!r.changed) app.toast(`${name}: nothing to change in the selection.`);
    else {
      editor.handle.replaceSelection(r.text);
      app.toast(`${name} applied to the selection.`);
    }
    return;
  }
  await app.session(tab.id).settled();
  const r = await app.core.transform(tab.id, kind);
  if (!app.report(r) || !r.ok) return;
  app.toast(r.changed ? `${name} applied to the document.` : `${name}: nothing to change.`);
}
