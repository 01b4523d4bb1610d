/**
 * The CJK formatting rules as the settings show them: a name and, as `…Help`, what the rule
 * does. AI clients read the English of cjk/settings.ts, which these English texts repeat.
 */
import { area } from './area';

export const cjkRules = area({
  en: {
    ellipsisNormalization: 'Ellipsis normalization',
    ellipsisNormalizationHelp:
      'Spaced dots next to Chinese or Japanese (. . .) become ...; three or more 。 become ……',
    newlineCollapsing: 'Collapse blank lines',
    newlineCollapsingHelp: 'Two or more blank lines in a row become one (never inside code).',
    fullwidthAlphanumeric: 'Full-width letters and digits to ASCII',
    fullwidthAlphanumericHelp: 'Ａ–Ｚ, ａ–ｚ and ０–９ become A–Z, a–z and 0–9.',
    fullwidthPunctuation: 'Full-width punctuation',
    fullwidthPunctuationHelp:
      'ASCII , . ! ? ; : next to Chinese or Japanese text become ，。！？；：',
    fullwidthParentheses: 'Full-width parentheses',
    fullwidthParenthesesHelp:
      '( ) become （ ） when the content or a neighbour is Chinese or Japanese.',
    fullwidthBrackets: 'Lenticular brackets',
    fullwidthBracketsHelp:
      '[ ] around content starting with Chinese or Japanese become 【 】, except link syntax.',
    cjkEnglishSpacing: 'CJK–Latin spacing',
    cjkEnglishSpacingHelp:
      'One space between Chinese or Japanese and Latin letters or digits. Korean is left alone.',
    cjkParenthesisSpacing: 'Parenthesis spacing',
    cjkParenthesisSpacingHelp:
      'One space between Chinese or Japanese and a half-width parenthesis pair; none beside full-width ones.',
    currencySpacing: 'Currency spacing',
    currencySpacingHelp:
      'On Chinese or Japanese lines, no space between a currency sign and its amount: $ 100 becomes $100.',
    slashSpacing: 'Slash spacing',
    slashSpacingHelp:
      'On Chinese or Japanese lines, no spaces around a slash between two words: A / B becomes A/B.',
    spaceCollapsing: 'Collapse spaces',
    spaceCollapsingHelp:
      'On Chinese or Japanese lines, runs of spaces become one space (indentation, tabs and table padding stay).',
    dashConversion: 'Dash conversion',
    dashConversionHelp:
      'A double hyphen -- next to Chinese or Japanese text becomes the Chinese dash ——.',
    emdashSpacing: 'Dash spacing',
    emdashSpacingHelp: 'No spaces between the Chinese dash —— and its neighbours.',
    smartQuoteConversion: 'Smart quotes',
    smartQuoteConversionHelp:
      'On Chinese or Japanese lines, paired straight quotes become typographic quotes in the chosen style.',
    quoteStyle: 'Quote style',
    quoteStyleHelp: 'Curly “…” ‘…’, corner 「…」 『…』 or guillemets «…» ‹…›.',
    contextualQuotes: 'Only quotes in CJK context',
    contextualQuotesHelp:
      'Convert a quote pair only when the quoted text or its neighbours are Chinese or Japanese; off converts every pair on those lines.',
    quoteSpacing: 'Double-quote spacing',
    quoteSpacingHelp:
      'One space between Chinese or Japanese and double quotes around a Latin phrase.',
    singleQuoteSpacing: 'Single-quote spacing',
    singleQuoteSpacingHelp:
      'One space between Chinese or Japanese and single quotes around a Latin phrase.',
    cjkCornerQuotes: 'Corner quotes for Chinese',
    cjkCornerQuotesHelp: '“…” around text with Han characters becomes 「…」.',
    cjkNestedQuotes: 'Nested corner quotes',
    cjkNestedQuotesHelp: 'Quotes nested inside 「…」 become 『…』.',
    consecutivePunctuationLimit: 'Repeated punctuation limit',
    consecutivePunctuationLimitHelp:
      'Keep at most this many of the same full-width mark in a row (！！！ → ！ at 1); 0 is off.',
    trailingSpaceRemoval: 'Remove trailing spaces',
    trailingSpaceRemovalHelp:
      'On Chinese or Japanese lines, spaces and tabs at the line end go, except a two-space hard line break.',
    skipReferenceSections: 'Skip reference sections',
    skipReferenceSectionsHelp:
      'Leave “References”, “Further Reading”, “参考文献” and similar sections untouched.',
  },
  ko: {
    ellipsisNormalization: '말줄임표 정리',
    ellipsisNormalizationHelp:
      '중국어나 일본어 옆에 띄어 쓴 점(. . .)은 ...이 되고, 세 개 이상의 。는 ……이 됩니다.',
    newlineCollapsing: '빈 줄 합치기',
    newlineCollapsingHelp: '두 줄 이상 이어진 빈 줄을 한 줄로 줄입니다(코드 안은 제외).',
    fullwidthAlphanumeric: '전각 영문자와 숫자를 ASCII로',
    fullwidthAlphanumericHelp: 'Ａ–Ｚ, ａ–ｚ, ０–９를 A–Z, a–z, 0–9로 바꿉니다.',
    fullwidthPunctuation: '전각 문장 부호',
    fullwidthPunctuationHelp:
      '중국어나 일본어 텍스트 옆의 ASCII , . ! ? ; :를 ，。！？；：로 바꿉니다.',
    fullwidthParentheses: '전각 괄호',
    fullwidthParenthesesHelp:
      '괄호 안의 내용이나 이웃한 글자가 중국어나 일본어이면 ( )를 （ ）로 바꿉니다.',
    fullwidthBrackets: '렌즈 괄호',
    fullwidthBracketsHelp:
      '중국어나 일본어로 시작하는 내용을 감싼 [ ]를 【 】로 바꿉니다(링크 문법은 제외).',
    cjkEnglishSpacing: 'CJK–라틴 문자 간격',
    cjkEnglishSpacingHelp:
      '중국어나 일본어와 라틴 문자 또는 숫자 사이에 공백 하나를 둡니다. 한국어는 건드리지 않습니다.',
    cjkParenthesisSpacing: '괄호 간격',
    cjkParenthesisSpacingHelp:
      '중국어나 일본어와 반각 괄호 쌍 사이에 공백 하나를 두고, 전각 괄호 옆에는 두지 않습니다.',
    currencySpacing: '통화 기호 간격',
    currencySpacingHelp:
      '중국어나 일본어 줄에서 통화 기호와 금액 사이의 공백을 없앱니다. $ 100은 $100이 됩니다.',
    slashSpacing: '빗금 간격',
    slashSpacingHelp:
      '중국어나 일본어 줄에서 두 단어 사이 빗금 양옆의 공백을 없앱니다. A / B는 A/B가 됩니다.',
    spaceCollapsing: '공백 합치기',
    spaceCollapsingHelp:
      '중국어나 일본어 줄에서 이어진 공백을 하나로 줄입니다(들여쓰기, 탭, 표의 여백은 그대로 둡니다).',
    dashConversion: '대시 변환',
    dashConversionHelp: '중국어나 일본어 텍스트 옆의 이중 하이픈 --을 중국어 대시 ——로 바꿉니다.',
    emdashSpacing: '대시 간격',
    emdashSpacingHelp: '중국어 대시 ——와 이웃한 글자 사이의 공백을 없앱니다.',
    smartQuoteConversion: '스마트 따옴표',
    smartQuoteConversionHelp:
      '중국어나 일본어 줄에서 짝을 이룬 곧은 따옴표를 선택한 스타일의 인쇄용 따옴표로 바꿉니다.',
    quoteStyle: '따옴표 스타일',
    quoteStyleHelp: '둥근 따옴표 “…” ‘…’, 낫표 「…」 『…』 또는 화살괄호 «…» ‹…›.',
    contextualQuotes: 'CJK 문맥의 따옴표만',
    contextualQuotesHelp:
      '따옴표 안의 텍스트나 이웃한 글자가 중국어나 일본어일 때만 따옴표 쌍을 바꿉니다. 끄면 그 줄의 모든 쌍을 바꿉니다.',
    quoteSpacing: '큰따옴표 간격',
    quoteSpacingHelp:
      '중국어나 일본어와, 라틴 문자 구절을 감싼 큰따옴표 사이에 공백 하나를 둡니다.',
    singleQuoteSpacing: '작은따옴표 간격',
    singleQuoteSpacingHelp:
      '중국어나 일본어와, 라틴 문자 구절을 감싼 작은따옴표 사이에 공백 하나를 둡니다.',
    cjkCornerQuotes: '중국어에 낫표 사용',
    cjkCornerQuotesHelp: '한자가 든 텍스트를 감싼 “…”를 「…」로 바꿉니다.',
    cjkNestedQuotes: '중첩 낫표',
    cjkNestedQuotesHelp: '「…」 안에 중첩된 따옴표를 『…』로 바꿉니다.',
    consecutivePunctuationLimit: '반복 문장 부호 제한',
    consecutivePunctuationLimitHelp:
      '같은 전각 부호가 이어질 때 이 개수까지만 남깁니다(1이면 ！！！ → ！). 0은 끄기입니다.',
    trailingSpaceRemoval: '줄 끝 공백 제거',
    trailingSpaceRemovalHelp:
      '중국어나 일본어 줄에서 줄 끝의 공백과 탭을 지웁니다. 두 칸 공백으로 된 강제 줄 바꿈은 남깁니다.',
    skipReferenceSections: '참고 문헌 섹션 건너뛰기',
    skipReferenceSectionsHelp:
      '“References”, “Further Reading”, “参考文献” 같은 섹션은 그대로 둡니다.',
  },
  'zh-Hant': {
    ellipsisNormalization: '刪節號正規化',
    ellipsisNormalizationHelp:
      '中文或日文旁以空格隔開的點（. . .）會變成 ...；三個以上的 。會變成 ……',
    newlineCollapsing: '合併空行',
    newlineCollapsingHelp: '連續兩個以上的空行會合併為一個（程式碼內除外）。',
    fullwidthAlphanumeric: '全形英數字轉為 ASCII',
    fullwidthAlphanumericHelp: 'Ａ–Ｚ、ａ–ｚ 與 ０–９ 會變成 A–Z、a–z 與 0–9。',
    fullwidthPunctuation: '全形標點',
    fullwidthPunctuationHelp: '中文或日文旁的 ASCII , . ! ? ; : 會變成 ，。！？；：',
    fullwidthParentheses: '全形括號',
    fullwidthParenthesesHelp: '內容或相鄰文字為中文或日文時，( ) 會變成 （ ）。',
    fullwidthBrackets: '方頭括號',
    fullwidthBracketsHelp: '包住以中文或日文開頭之內容的 [ ] 會變成 【 】，連結語法除外。',
    cjkEnglishSpacing: 'CJK 與拉丁字母間距',
    cjkEnglishSpacingHelp: '中文或日文與拉丁字母或數字之間留一個空格。韓文不受影響。',
    cjkParenthesisSpacing: '括號間距',
    cjkParenthesisSpacingHelp: '中文或日文與一對半形括號之間留一個空格；全形括號旁不留空格。',
    currencySpacing: '貨幣符號間距',
    currencySpacingHelp: '在中文或日文的行中，貨幣符號與金額之間不留空格：$ 100 會變成 $100。',
    slashSpacing: '斜線間距',
    slashSpacingHelp: '在中文或日文的行中，兩個詞之間的斜線前後不留空格：A / B 會變成 A/B。',
    spaceCollapsing: '合併空格',
    spaceCollapsingHelp:
      '在中文或日文的行中，連續的空格會合併為一個（縮排、定位字元與表格填充保持不變）。',
    dashConversion: '破折號轉換',
    dashConversionHelp: '中文或日文旁的雙連字號 -- 會變成中文破折號 ——。',
    emdashSpacing: '破折號間距',
    emdashSpacingHelp: '中文破折號 —— 與相鄰文字之間不留空格。',
    smartQuoteConversion: '智慧引號',
    smartQuoteConversionHelp: '在中文或日文的行中，成對的直引號會依所選樣式變成排版引號。',
    quoteStyle: '引號樣式',
    quoteStyleHelp: '彎引號 “…” ‘…’、直角引號 「…」 『…』 或法式引號 «…» ‹…›。',
    contextualQuotes: '僅轉換 CJK 語境中的引號',
    contextualQuotesHelp:
      '只在引號內的文字或相鄰文字為中文或日文時才轉換該對引號；關閉時轉換這些行中的每一對引號。',
    quoteSpacing: '雙引號間距',
    quoteSpacingHelp: '中文或日文與包住拉丁文字片語的雙引號之間留一個空格。',
    singleQuoteSpacing: '單引號間距',
    singleQuoteSpacingHelp: '中文或日文與包住拉丁文字片語的單引號之間留一個空格。',
    cjkCornerQuotes: '中文使用直角引號',
    cjkCornerQuotesHelp: '包住含漢字文字的 “…” 會變成 「…」。',
    cjkNestedQuotes: '巢狀直角引號',
    cjkNestedQuotesHelp: '「…」 內的巢狀引號會變成 『…』。',
    consecutivePunctuationLimit: '重複標點上限',
    consecutivePunctuationLimitHelp:
      '同一個全形標點連續出現時最多保留此數量（設為 1 時 ！！！ → ！）；0 表示關閉。',
    trailingSpaceRemoval: '移除行尾空白',
    trailingSpaceRemovalHelp:
      '在中文或日文的行中，移除行尾的空格與定位字元，但保留以兩個空格表示的強制換行。',
    skipReferenceSections: '略過參考資料章節',
    skipReferenceSectionsHelp: '不變更「References」、「Further Reading」、「参考文献」等章節。',
  },
  fr: {
    ellipsisNormalization: 'Normaliser les points de suspension',
    ellipsisNormalizationHelp:
      'Les points espacés à côté du chinois ou du japonais (. . .) deviennent ... ; trois 。 ou plus deviennent ……',
    newlineCollapsing: 'Fusionner les lignes vides',
    newlineCollapsingHelp:
      'Deux lignes vides consécutives ou plus n’en font plus qu’une (jamais dans le code).',
    fullwidthAlphanumeric: 'Lettres et chiffres pleine chasse en ASCII',
    fullwidthAlphanumericHelp: 'Ａ–Ｚ, ａ–ｚ et ０–９ deviennent A–Z, a–z et 0–9.',
    fullwidthPunctuation: 'Ponctuation pleine chasse',
    fullwidthPunctuationHelp:
      'Les signes ASCII , . ! ? ; : à côté d’un texte chinois ou japonais deviennent ，。！？；：',
    fullwidthParentheses: 'Parenthèses pleine chasse',
    fullwidthParenthesesHelp:
      '( ) deviennent （ ） quand leur contenu ou un voisin est chinois ou japonais.',
    fullwidthBrackets: 'Crochets lenticulaires',
    fullwidthBracketsHelp:
      'Les [ ] autour d’un contenu qui commence par du chinois ou du japonais deviennent 【 】, sauf dans la syntaxe des liens.',
    cjkEnglishSpacing: 'Espacement CJK–latin',
    cjkEnglishSpacingHelp:
      'Une espace entre le chinois ou le japonais et les lettres latines ou les chiffres. Le coréen n’est pas modifié.',
    cjkParenthesisSpacing: 'Espacement des parenthèses',
    cjkParenthesisSpacingHelp:
      'Une espace entre le chinois ou le japonais et une paire de parenthèses demi-chasse ; aucune à côté des parenthèses pleine chasse.',
    currencySpacing: 'Espacement des devises',
    currencySpacingHelp:
      'Sur les lignes en chinois ou en japonais, pas d’espace entre le symbole monétaire et le montant : $ 100 devient $100.',
    slashSpacing: 'Espacement des barres obliques',
    slashSpacingHelp:
      'Sur les lignes en chinois ou en japonais, pas d’espace autour d’une barre oblique entre deux mots : A / B devient A/B.',
    spaceCollapsing: 'Fusionner les espaces',
    spaceCollapsingHelp:
      'Sur les lignes en chinois ou en japonais, plusieurs espaces de suite n’en font plus qu’une (l’indentation, les tabulations et le remplissage des tableaux restent).',
    dashConversion: 'Conversion des tirets',
    dashConversionHelp:
      'Un double trait d’union -- à côté d’un texte chinois ou japonais devient le tiret chinois ——.',
    emdashSpacing: 'Espacement des tirets',
    emdashSpacingHelp: 'Pas d’espace entre le tiret chinois —— et ses voisins.',
    smartQuoteConversion: 'Guillemets typographiques',
    smartQuoteConversionHelp:
      'Sur les lignes en chinois ou en japonais, les paires de guillemets droits deviennent des guillemets typographiques du style choisi.',
    quoteStyle: 'Style de guillemets',
    quoteStyleHelp: 'Courbes “…” ‘…’, en coin 「…」 『…』 ou chevrons «…» ‹…›.',
    contextualQuotes: 'Guillemets en contexte CJK seulement',
    contextualQuotesHelp:
      'Ne convertir une paire de guillemets que si le texte cité ou ses voisins sont en chinois ou en japonais ; désactivé, toutes les paires de ces lignes sont converties.',
    quoteSpacing: 'Espacement des guillemets doubles',
    quoteSpacingHelp:
      'Une espace entre le chinois ou le japonais et des guillemets doubles autour d’une expression en caractères latins.',
    singleQuoteSpacing: 'Espacement des guillemets simples',
    singleQuoteSpacingHelp:
      'Une espace entre le chinois ou le japonais et des guillemets simples autour d’une expression en caractères latins.',
    cjkCornerQuotes: 'Guillemets en coin pour le chinois',
    cjkCornerQuotesHelp: 'Les “…” autour d’un texte en caractères Han deviennent 「…」.',
    cjkNestedQuotes: 'Guillemets en coin imbriqués',
    cjkNestedQuotesHelp: 'Les guillemets imbriqués dans 「…」 deviennent 『…』.',
    consecutivePunctuationLimit: 'Limite de ponctuation répétée',
    consecutivePunctuationLimitHelp:
      'Garder au plus ce nombre du même signe pleine chasse à la suite (！！！ → ！ pour 1) ; 0 désactive.',
    trailingSpaceRemoval: 'Supprimer les espaces en fin de ligne',
    trailingSpaceRemovalHelp:
      'Sur les lignes en chinois ou en japonais, les espaces et tabulations en fin de ligne sont supprimées, sauf un saut de ligne forcé de deux espaces.',
    skipReferenceSections: 'Ignorer les sections de références',
    skipReferenceSectionsHelp:
      'Laisser intactes les sections « References », « Further Reading », « 参考文献 » et semblables.',
  },
});
