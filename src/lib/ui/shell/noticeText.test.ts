import { describe, expect, it } from 'vitest';
import { notices, type NoticeId } from '../../core/notice';
import { i18n } from '../../i18n/i18n.svelte';
import { noticeText } from './noticeText';

describe('noticeText', () => {
  const every = [
    notices.notUtf8(),
    notices.notUtf8ReadOnly('/notes/a.md'),
    notices.largeSourceOnly(),
    notices.draftRestored(),
    notices.draftsRestored(1),
    notices.draftsRestored(3),
    notices.fileGone('/notes/a.md'),
    notices.fileDeleted('/notes/a.md'),
    notices.coherenceNotUpdated('/notes/a.md', 'DISK_FULL'),
    notices.saveAsNeedsApproval('Plan', '/notes/b.md'),
  ];

  it('words every notice in English exactly as the core wrote it', () => {
    i18n.setting = 'en';
    for (const n of every) expect(noticeText(n)).toBe(n.text);
  });

  it('words them in the chosen language, with their values', () => {
    i18n.setting = 'ko';
    expect(noticeText(notices.fileGone('/notes/a.md'))).toBe(
      '/notes/a.md이(가) 더 이상 없습니다. 다시 쓰려면 저장하세요.',
    );
    i18n.setting = 'fr';
    expect(noticeText(notices.draftsRestored(2))).toContain('2 documents');
    i18n.setting = 'zh-Hant';
    for (const n of every) expect(noticeText(n)).not.toBe(n.text);
    const ids = new Set<NoticeId>(every.map((n) => n.id));
    expect(ids.size).toBe(9);
  });

  it('shows a sentence without an id as written, in any language', () => {
    i18n.setting = 'ko';
    expect(noticeText(notices.message('The folder is gone.'))).toBe('The folder is gone.');
  });
});
