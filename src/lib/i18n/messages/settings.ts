/** Settings dialog: the sections and settings it shows itself. */
import { area } from './area';

export const settings = area({
  en: {
    title: 'Settings',
    appearance: 'Appearance',
    theme: 'Theme',
    themeSystem: 'Same as the system',
    themeLight: 'Light',
    themeDark: 'Dark',
    language: 'Language',
    languageAuto: 'Same as the browser ({name})',
    editor: 'Editor',
    autoPair:
      'Auto-pair brackets and quotes: typing ( [ {brace} " \' ` 「 『 （ 【 《 also types the closing one',
    workspace: 'Workspace',
    workspaceRail: 'Workspace rail: keep several workspaces in one window and show one at a time',
    trackProvenance:
      'Track document provenance: record which documents were written from which, in a .vmark folder in each workspace (as desktop VMark does). Off, a folder without one is never touched.',
    integrations: 'Integrations',
    autoApprove:
      'Auto-approve edits: let AI clients save documents to new paths without asking you',
    cjk: 'CJK formatting',
  },
  ko: {
    title: '설정',
    appearance: '모양',
    theme: '테마',
    themeSystem: '시스템 설정과 같게',
    themeLight: '밝게',
    themeDark: '어둡게',
    language: '언어',
    languageAuto: '브라우저 설정과 같게 ({name})',
    editor: '편집기',
    autoPair:
      '괄호와 따옴표 자동 짝 맞추기: ( [ {brace} " \' ` 「 『 （ 【 《 를 입력하면 닫는 기호도 함께 입력됩니다',
    workspace: '작업 공간',
    workspaceRail: '작업 공간 레일: 한 창에 여러 작업 공간을 두고 한 번에 하나씩 보여 줍니다',
    trackProvenance:
      '문서 출처 추적: 어떤 문서가 어떤 문서를 바탕으로 쓰였는지 각 작업 공간의 .vmark 폴더에 기록합니다(데스크톱 VMark와 같은 방식). 끄면 .vmark 폴더가 없는 폴더는 전혀 건드리지 않습니다.',
    integrations: '연동',
    autoApprove: '편집 자동 승인: AI 클라이언트가 묻지 않고 새 경로에 문서를 저장하도록 허용합니다',
    cjk: 'CJK 서식',
  },
  'zh-Hant': {
    title: '設定',
    appearance: '外觀',
    theme: '主題',
    themeSystem: '跟隨系統',
    themeLight: '淺色',
    themeDark: '深色',
    language: '語言',
    languageAuto: '跟隨瀏覽器（{name}）',
    editor: '編輯器',
    autoPair: '自動配對括號與引號：輸入 ( [ {brace} " \' ` 「 『 （ 【 《 時一併輸入對應的結尾符號',
    workspace: '工作區',
    workspaceRail: '工作區列：在一個視窗中保留多個工作區，一次顯示一個',
    trackProvenance:
      '追蹤文件來源：在每個工作區的 .vmark 資料夾中記錄哪些文件是依據哪些文件寫成的（與桌面版 VMark 相同）。關閉時，不會觸碰沒有 .vmark 資料夾的資料夾。',
    integrations: '整合',
    autoApprove: '自動核准編輯：讓 AI 用戶端不經詢問即可將文件儲存到新路徑',
    cjk: 'CJK 排版',
  },
  fr: {
    title: 'Réglages',
    appearance: 'Apparence',
    theme: 'Thème',
    themeSystem: 'Comme le système',
    themeLight: 'Clair',
    themeDark: 'Sombre',
    language: 'Langue',
    languageAuto: 'Comme le navigateur ({name})',
    editor: 'Éditeur',
    autoPair:
      'Fermer les parenthèses et guillemets : taper ( [ {brace} " \' ` 「 『 （ 【 《 tape aussi le signe fermant',
    workspace: 'Espace de travail',
    workspaceRail:
      'Barre des espaces de travail : garder plusieurs espaces dans une fenêtre et en montrer un à la fois',
    trackProvenance:
      'Suivre la provenance des documents : noter quels documents ont été écrits à partir de quels autres, dans un dossier .vmark de chaque espace de travail (comme VMark sur ordinateur). Désactivé, un dossier qui n’en a pas n’est jamais modifié.',
    integrations: 'Intégrations',
    autoApprove:
      'Approuver les modifications : laisser les clients IA enregistrer des documents sous de nouveaux chemins sans vous demander',
    cjk: 'Mise en forme CJK',
  },
});
