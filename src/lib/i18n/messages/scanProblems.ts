/**
 * The Breakdown view's list of what the last scan of a folder could not do, each with its file.
 * `{detail}` is the cause in the browser's own words.
 */
import { area } from './area';

export const scanProblems = area({
  en: {
    heading: 'Not recorded yet',
    intro: 'The last look at this folder could not do everything below; Refresh tries again.',
    wholeRecord: 'the record',
    scanStopped: 'The look at the folder stopped: {detail}',
    ledgerUnreadable: 'The record could not be read: {detail}',
    recordNotStarted: 'The .vmark folder could not be made: {detail}',
    snapshotNotStored: 'Its new version could not be stored: {detail}',
    fileUnreadable: 'It could not be read: {detail}',
    fileChanged: 'It changed while it was being read; the next look reads it again.',
    fileGone: 'It went away while it was being read.',
    notRecorded: 'What was found in it could not be written to the record: {detail}',
    more: { one: '…and {count} more file', other: '…and {count} more files' },
  },
  ko: {
    heading: '아직 기록되지 않음',
    intro:
      '이 폴더를 마지막으로 확인할 때 아래 일을 하지 못했습니다. 새로 고침하면 다시 시도합니다.',
    wholeRecord: '기록',
    scanStopped: '폴더 확인이 중단되었습니다: {detail}',
    ledgerUnreadable: '기록을 읽을 수 없습니다: {detail}',
    recordNotStarted: '.vmark 폴더를 만들 수 없습니다: {detail}',
    snapshotNotStored: '새 버전을 저장할 수 없습니다: {detail}',
    fileUnreadable: '파일을 읽을 수 없습니다: {detail}',
    fileChanged: '읽는 도중에 파일이 바뀌었습니다. 다음 확인 때 다시 읽습니다.',
    fileGone: '읽는 도중에 파일이 사라졌습니다.',
    notRecorded: '이 파일에서 찾은 내용을 기록에 쓸 수 없습니다: {detail}',
    more: { other: '…외 파일 {count}개' },
  },
  'zh-Hant': {
    heading: '尚未記錄',
    intro: '上次檢查此資料夾時，以下事項未能完成；重新整理會再試一次。',
    wholeRecord: '紀錄',
    scanStopped: '資料夾檢查中斷：{detail}',
    ledgerUnreadable: '無法讀取紀錄：{detail}',
    recordNotStarted: '無法建立 .vmark 資料夾：{detail}',
    snapshotNotStored: '無法儲存其新版本：{detail}',
    fileUnreadable: '無法讀取此檔案：{detail}',
    fileChanged: '讀取時檔案有所變更；下次檢查會重新讀取。',
    fileGone: '讀取時檔案已不存在。',
    notRecorded: '無法將在此檔案中發現的內容寫入紀錄：{detail}',
    more: { other: '…另有 {count} 個檔案' },
  },
  fr: {
    heading: 'Pas encore inscrit',
    intro:
      'Le dernier examen de ce dossier n’a pas pu tout faire (ci-dessous) ; Actualiser réessaie.',
    wholeRecord: 'le registre',
    scanStopped: 'L’examen du dossier s’est arrêté : {detail}',
    ledgerUnreadable: 'Le registre n’a pas pu être lu : {detail}',
    recordNotStarted: 'Le dossier .vmark n’a pas pu être créé : {detail}',
    snapshotNotStored: 'Sa nouvelle version n’a pas pu être conservée : {detail}',
    fileUnreadable: 'Il n’a pas pu être lu : {detail}',
    fileChanged: 'Il a changé pendant sa lecture ; le prochain examen le relira.',
    fileGone: 'Il a disparu pendant sa lecture.',
    notRecorded: 'Ce qui y a été trouvé n’a pas pu être inscrit au registre : {detail}',
    more: { one: '…et {count} autre fichier', other: '…et {count} autres fichiers' },
  },
});
