/** Export to HTML and print: what they tell the person when they cannot go ahead. */
import { area } from './area';

export const exporting = area({
  en: {
    needsWysiwyg:
      'Switch to WYSIWYG (Ctrl/Cmd+/) to export: the export is the document as it shows there.',
    notOnScreen: 'The document is not on screen yet: try again in a moment.',
  },
  ko: {
    needsWysiwyg:
      '내보내려면 WYSIWYG로 전환하세요(Ctrl/Cmd+/). 내보내기는 WYSIWYG에 보이는 그대로의 문서입니다.',
    notOnScreen: '문서가 아직 화면에 표시되지 않았습니다. 잠시 후 다시 시도하세요.',
  },
  'zh-Hant': {
    needsWysiwyg: '請切換到 WYSIWYG（Ctrl/Cmd+/）再匯出：匯出的是文件在該模式中顯示的樣子。',
    notOnScreen: '文件尚未顯示在畫面上，請稍後再試。',
  },
  fr: {
    needsWysiwyg:
      'Passez en WYSIWYG (Ctrl/Cmd+/) pour exporter : l’export reproduit le document tel qu’il s’y affiche.',
    notOnScreen: 'Le document n’est pas encore à l’écran : réessayez dans un instant.',
  },
});
