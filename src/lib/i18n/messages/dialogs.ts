/** The app's question dialogs and the AI-tab choice of the workflow panels. */
import { area } from './area';

export const dialogs = area({
  en: {
    ok: 'OK',
    newTabAt: 'A new tab at…',
    address: 'Address',
  },
  ko: {
    ok: '확인',
    newTabAt: '새 탭 (주소 지정)…',
    address: '주소',
  },
  'zh-Hant': {
    ok: '確定',
    newTabAt: '在新分頁開啟…',
    address: '網址',
  },
  fr: {
    ok: 'OK',
    newTabAt: 'Un nouvel onglet à…',
    address: 'Adresse',
  },
});
