/** "Your name": the setting, the Breakdown view's first question, and why a name is refused. */
import { area } from './area';

export const personName = area({
  en: {
    label: 'Your name',
    hint: 'How the coherence record names you for your saves, waivers, grants and claims. Empty: “unknown-human”. Records made before a change keep the name they were made with.',
    tooLong: 'A name is at most {max} characters.',
    invisible: 'A name cannot hold line breaks, tabs or other invisible characters.',
    noLetter: 'A name needs at least one letter or digit.',
    kept: 'Not saved: the record still names you “{name}”.',
    question:
      'The coherence record names you “unknown-human” until you give it a name. Which name should it record for your saves and decisions?',
    use: 'Use this name',
    notNow: 'Not now',
    later: 'You can change it at any time in Settings → Workspace → Your name.',
  },
  ko: {
    label: '내 이름',
    hint: '일관성 기록이 내 저장, 면제, 위임, 주장에 남기는 이름입니다. 비워 두면 “unknown-human”으로 기록됩니다. 이름을 바꾸기 전에 남은 기록은 그때의 이름을 그대로 유지합니다.',
    tooLong: '이름은 {max}자까지 쓸 수 있습니다.',
    invisible: '이름에는 줄바꿈, 탭, 그 밖의 보이지 않는 문자를 쓸 수 없습니다.',
    noLetter: '이름에는 글자나 숫자가 하나 이상 있어야 합니다.',
    kept: '저장하지 않았습니다. 기록에는 계속 “{name}”(으)로 남습니다.',
    question:
      '이름을 정하기 전까지 일관성 기록은 나를 “unknown-human”으로 남깁니다. 내 저장과 결정에 어떤 이름을 기록할까요?',
    use: '이 이름 사용',
    notNow: '나중에',
    later: '설정 → 작업 공간 → 내 이름에서 언제든 바꿀 수 있습니다.',
  },
  'zh-Hant': {
    label: '你的名字',
    hint: '一致性紀錄在你的儲存、豁免、委派與主張上所記下的名字。留空時記為「unknown-human」。更改前留下的紀錄保留當時的名字。',
    tooLong: '名字最多 {max} 個字元。',
    invisible: '名字不能含有換行、定位字元或其他看不見的字元。',
    noLetter: '名字至少要有一個文字或數字。',
    kept: '未儲存：紀錄仍以「{name}」稱呼你。',
    question:
      '在你提供名字之前，一致性紀錄以「unknown-human」稱呼你。你的儲存與決定要記下哪個名字？',
    use: '使用這個名字',
    notNow: '稍後再說',
    later: '隨時可以在「設定 → 工作區 → 你的名字」中更改。',
  },
  fr: {
    label: 'Votre nom',
    hint: 'Le nom que le registre de cohérence donne à vos enregistrements, tolérances, délégations et affirmations. Vide : « unknown-human ». Les entrées faites avant un changement gardent le nom d’alors.',
    tooLong: 'Un nom compte au plus {max} caractères.',
    invisible:
      'Un nom ne peut contenir ni retour à la ligne, ni tabulation, ni autre caractère invisible.',
    noLetter: 'Un nom doit contenir au moins une lettre ou un chiffre.',
    kept: 'Non enregistré : le registre vous nomme toujours « {name} ».',
    question:
      'Le registre de cohérence vous nomme « unknown-human » tant que vous ne lui donnez pas de nom. Quel nom doit-il inscrire pour vos enregistrements et vos décisions ?',
    use: 'Utiliser ce nom',
    notNow: 'Plus tard',
    later: 'Vous pouvez le changer à tout moment dans Réglages → Espace de travail → Votre nom.',
  },
});
