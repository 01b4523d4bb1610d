/** Words many parts of the UI share. */
import { area } from './area';

export const common = area({
  en: {
    close: 'Close',
    cancel: 'Cancel',
    done: 'Done',
    startFailed: 'VMark Web could not start its core: {message}',
  },
  ko: {
    close: '닫기',
    cancel: '취소',
    done: '완료',
    startFailed: 'VMark Web의 코어를 시작하지 못했습니다: {message}',
  },
  'zh-Hant': {
    close: '關閉',
    cancel: '取消',
    done: '完成',
    startFailed: 'VMark Web 無法啟動核心：{message}',
  },
  fr: {
    close: 'Fermer',
    cancel: 'Annuler',
    done: 'Terminé',
    startFailed: 'VMark Web n’a pas pu démarrer son noyau : {message}',
  },
});
