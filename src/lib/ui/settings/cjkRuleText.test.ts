import { afterEach, describe, expect, it } from 'vitest';
import { CJK_FORMAT_RULES } from '../../cjk/rules/settings';
import { i18n } from '../../i18n/i18n.svelte';
import { choiceLabel, groupTitle, ruleHelp, ruleLabel } from './cjkRuleText';

describe('CJK rules in the UI language', () => {
  afterEach(() => {
    i18n.setting = 'en';
  });

  it('in English, says exactly what the rules tell AI clients', () => {
    i18n.setting = 'en';
    for (const rule of CJK_FORMAT_RULES) {
      expect(ruleLabel(rule)).toBe(rule.label);
      expect(ruleHelp(rule)).toBe(rule.description);
    }
    expect(groupTitle('dashQuote')).toBe('Dashes and quotes');
    expect(choiceLabel('curly')).toBe('curly');
    expect(choiceLabel(2)).toBe('2');
  });

  it('names every rule, group and quote style in the chosen language', () => {
    i18n.setting = 'ko';
    const rule = (key: string) => {
      const found = CJK_FORMAT_RULES.find((r) => r.key === key);
      if (!found) throw new Error(`no rule ${key}`);
      return found;
    };
    expect(ruleLabel(rule('newlineCollapsing'))).toBe('빈 줄 합치기');
    expect(groupTitle('fullwidth')).toBe('전각 문자');
    expect(choiceLabel('corner')).toBe('낫표');
    for (const locale of ['ko', 'zh-Hant', 'fr'] as const) {
      i18n.setting = locale;
      for (const r of CJK_FORMAT_RULES) {
        expect(ruleLabel(r)).not.toBe(r.label);
        expect(ruleHelp(r)).not.toBe(r.description);
      }
    }
    i18n.setting = 'fr';
    expect(ruleLabel(rule('quoteStyle'))).toBe('Style de guillemets');
    expect(choiceLabel('guillemets')).toBe('chevrons');
  });
});
