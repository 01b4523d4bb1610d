/** A core notice in the UI's language; a sentence without an id is shown as the core wrote it. */
import type { Notice, NoticeId } from '../../core/notice';
import type { MessageKey } from '../../i18n/catalog';
import { t } from '../../i18n/i18n.svelte';

const KEYS: Record<Exclude<NoticeId, 'message'>, MessageKey> = {
  notUtf8: 'notices.notUtf8',
  notUtf8ReadOnly: 'notices.notUtf8ReadOnly',
  largeSourceOnly: 'notices.largeSourceOnly',
  draftRestored: 'notices.draftRestored',
  draftsRestored: 'notices.draftsRestored',
  fileGone: 'notices.fileGone',
  fileDeleted: 'notices.fileDeleted',
  coherenceNotUpdated: 'notices.coherenceNotUpdated',
  saveAsNeedsApproval: 'notices.saveAsNeedsApproval',
};

export function noticeText(notice: Notice): string {
  const key = notice.id === 'message' ? undefined : KEYS[notice.id];
  return key ? t(key, notice.params) : notice.text;
}
