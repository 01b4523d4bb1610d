import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n.svelte';
import { rankByQuery } from '../../text/fuzzy';
import {
  commandLabel,
  groupLabel,
  searchLabels,
  searchLabelsWithGroup,
  type CommandGroup,
  type CommandLabel,
} from './commandText';

const list: { label: CommandLabel; group: CommandGroup }[] = [
  { label: 'commands.save', group: 'File' },
  { label: 'commands.find', group: 'Edit' },
  { label: 'commands.replace', group: 'Edit' },
  { label: 'commands.cjkSpacing', group: 'CJK' },
  { label: 'commands.breakdown', group: 'Panels' },
];

afterEach(() => {
  i18n.setting = 'auto';
});

describe('command names', () => {
  it('are the English words in English', () => {
    i18n.setting = 'en';
    expect(list.map(commandLabel)).toEqual([
      'Save',
      'Find',
      'Find and replace',
      'CJK: spacing',
      'Show or hide the Breakdown view',
    ]);
    expect(groupLabel('Panels')).toBe('Panels');
  });

  it('follow the UI language', () => {
    i18n.setting = 'ko';
    expect(commandLabel(list[2])).toBe('찾기 및 바꾸기');
    expect(groupLabel('File')).toBe('파일');
    i18n.setting = 'zh-Hant';
    expect(commandLabel(list[4])).toBe('顯示或隱藏分析檢視');
    i18n.setting = 'fr';
    expect(commandLabel(list[0])).toBe('Enregistrer');
    expect(groupLabel('Edit')).toBe('Édition');
  });

  it('find a command by its label as shown or in English', () => {
    i18n.setting = 'ko';
    expect(rankByQuery('바꾸기', list, searchLabels)).toEqual([list[2]]);
    expect(rankByQuery('replace', list, searchLabels)).toEqual([list[2]]);
    expect(rankByQuery('brkdwn', list, searchLabels)).toEqual([list[4]]);
    expect(rankByQuery('분석', list, searchLabels)).toEqual([list[4]]);
    // With the group, in either language, but not a mix of both.
    expect(rankByQuery('편집 찾기', list, searchLabelsWithGroup).slice(0, 2)).toEqual([
      list[1],
      list[2],
    ]);
    expect(rankByQuery('cjk sp', list, searchLabelsWithGroup)).toEqual([list[3]]);
    expect(rankByQuery('파일 save', list, searchLabelsWithGroup)).toEqual([]);
    i18n.setting = 'fr';
    expect(rankByQuery('enreg', list, searchLabels)).toEqual([list[0]]);
    expect(rankByQuery('save', list, searchLabels)[0]).toBe(list[0]);
  });
});
