/** What the core tells the person about a document or an AI client (see core/notice.ts). */
import { area } from './area';

export const notices = area({
  en: {
    notUtf8:
      'This file is not valid UTF-8, so it will open read-only. VMark Web will never write to it.',
    notUtf8ReadOnly: '{path} is not valid UTF-8; it is open read-only.',
    largeSourceOnly:
      'This file is over 5 MB, so it opens in source mode: the WYSIWYG editor takes files up to 5 MB, to stay quick to load and to type in.',
    draftRestored: 'Unsaved changes from your last session were restored.',
    draftsRestored: {
      one: 'Restored unsaved changes in {count} document from your last session.',
      other: 'Restored unsaved changes in {count} documents from your last session.',
    },
    fileGone: '{path} no longer exists; save to write it again.',
    fileDeleted: '{path} was deleted; save to write it again.',
    coherenceNotUpdated: 'The coherence record of {path} was not updated: {error}',
    saveAsNeedsApproval:
      'An AI client wanted to save "{title}" as {path}; turn on Settings → Integrations → Auto-approve edits to allow this.',
  },
  ko: {
    notUtf8:
      '이 파일은 올바른 UTF-8이 아니어서 읽기 전용으로 열립니다. VMark Web은 이 파일에 절대 쓰지 않습니다.',
    notUtf8ReadOnly: '{path}은(는) 올바른 UTF-8이 아니어서 읽기 전용으로 열려 있습니다.',
    largeSourceOnly:
      '이 파일은 5 MB가 넘어 소스 모드로 열립니다. WYSIWYG 편집기는 빠르게 열고 입력할 수 있도록 5 MB까지의 파일만 엽니다.',
    draftRestored: '지난 세션에서 저장하지 않은 변경 내용을 복원했습니다.',
    draftsRestored: {
      other: '지난 세션에서 저장하지 않은 문서 {count}개의 변경 내용을 복원했습니다.',
    },
    fileGone: '{path}이(가) 더 이상 없습니다. 다시 쓰려면 저장하세요.',
    fileDeleted: '{path}이(가) 삭제되었습니다. 다시 쓰려면 저장하세요.',
    coherenceNotUpdated: '{path}의 일관성 기록을 갱신하지 못했습니다: {error}',
    saveAsNeedsApproval:
      'AI 클라이언트가 "{title}"을(를) {path}(으)로 저장하려고 했습니다. 허용하려면 설정 → 연동 → 편집 자동 승인을 켜세요.',
  },
  'zh-Hant': {
    notUtf8: '此檔案不是有效的 UTF-8，因此以唯讀方式開啟。VMark Web 絕不會寫入此檔案。',
    notUtf8ReadOnly: '{path} 不是有效的 UTF-8，已以唯讀方式開啟。',
    largeSourceOnly:
      '此檔案超過 5 MB，因此以原始碼模式開啟：為了保持開啟與輸入的速度，WYSIWYG 編輯器只開啟 5 MB 以內的檔案。',
    draftRestored: '已還原上次工作階段中未儲存的變更。',
    draftsRestored: { other: '已還原上次工作階段中 {count} 份文件未儲存的變更。' },
    fileGone: '{path} 已不存在；儲存即可重新寫入。',
    fileDeleted: '{path} 已被刪除；儲存即可重新寫入。',
    coherenceNotUpdated: '{path} 的一致性紀錄未能更新：{error}',
    saveAsNeedsApproval:
      'AI 用戶端想將「{title}」儲存為 {path}；若要允許，請開啟 設定 → 整合 → 自動核准編輯。',
  },
  fr: {
    notUtf8:
      'Ce fichier n’est pas en UTF-8 valide : il s’ouvre en lecture seule. VMark Web n’y écrira jamais.',
    notUtf8ReadOnly: '{path} n’est pas en UTF-8 valide ; il est ouvert en lecture seule.',
    largeSourceOnly:
      'Ce fichier dépasse 5 Mo : il s’ouvre en mode source, car l’éditeur WYSIWYG prend les fichiers jusqu’à 5 Mo, pour rester rapide à ouvrir et à la frappe.',
    draftRestored:
      'Les modifications non enregistrées de votre dernière session ont été restaurées.',
    draftsRestored: {
      one: 'Modifications non enregistrées restaurées dans {count} document de votre dernière session.',
      other:
        'Modifications non enregistrées restaurées dans {count} documents de votre dernière session.',
    },
    fileGone: '{path} n’existe plus ; enregistrez pour l’écrire à nouveau.',
    fileDeleted: '{path} a été supprimé ; enregistrez pour l’écrire à nouveau.',
    coherenceNotUpdated: 'Le registre de cohérence de {path} n’a pas été mis à jour : {error}',
    saveAsNeedsApproval:
      'Un client IA voulait enregistrer « {title} » sous {path} ; activez Réglages → Intégrations → Approuver les modifications pour le permettre.',
  },
});
