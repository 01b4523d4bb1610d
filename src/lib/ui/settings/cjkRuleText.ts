/**
 * The CJK formatting rules and groups in the UI's language. cjk/settings.ts keeps the English
 * that AI clients read; this table names the UI's message for each, so call these where the
 * settings are shown.
 */
import type {
  CjkFormatRule,
  CjkFormatRuleGroup,
  CjkFormatSettings,
} from '../../cjk/rules/settings';
import type { MessageKey } from '../../i18n/catalog';
import { t } from '../../i18n/i18n.svelte';

const RULES: Record<keyof CjkFormatSettings, [label: MessageKey, help: MessageKey]> = {
  ellipsisNormalization: ['cjkRules.ellipsisNormalization', 'cjkRules.ellipsisNormalizationHelp'],
  newlineCollapsing: ['cjkRules.newlineCollapsing', 'cjkRules.newlineCollapsingHelp'],
  fullwidthAlphanumeric: ['cjkRules.fullwidthAlphanumeric', 'cjkRules.fullwidthAlphanumericHelp'],
  fullwidthPunctuation: ['cjkRules.fullwidthPunctuation', 'cjkRules.fullwidthPunctuationHelp'],
  fullwidthParentheses: ['cjkRules.fullwidthParentheses', 'cjkRules.fullwidthParenthesesHelp'],
  fullwidthBrackets: ['cjkRules.fullwidthBrackets', 'cjkRules.fullwidthBracketsHelp'],
  cjkEnglishSpacing: ['cjkRules.cjkEnglishSpacing', 'cjkRules.cjkEnglishSpacingHelp'],
  cjkParenthesisSpacing: ['cjkRules.cjkParenthesisSpacing', 'cjkRules.cjkParenthesisSpacingHelp'],
  currencySpacing: ['cjkRules.currencySpacing', 'cjkRules.currencySpacingHelp'],
  slashSpacing: ['cjkRules.slashSpacing', 'cjkRules.slashSpacingHelp'],
  spaceCollapsing: ['cjkRules.spaceCollapsing', 'cjkRules.spaceCollapsingHelp'],
  dashConversion: ['cjkRules.dashConversion', 'cjkRules.dashConversionHelp'],
  emdashSpacing: ['cjkRules.emdashSpacing', 'cjkRules.emdashSpacingHelp'],
  smartQuoteConversion: ['cjkRules.smartQuoteConversion', 'cjkRules.smartQuoteConversionHelp'],
  quoteStyle: ['cjkRules.quoteStyle', 'cjkRules.quoteStyleHelp'],
  contextualQuotes: ['cjkRules.contextualQuotes', 'cjkRules.contextualQuotesHelp'],
  quoteSpacing: ['cjkRules.quoteSpacing', 'cjkRules.quoteSpacingHelp'],
  singleQuoteSpacing: ['cjkRules.singleQuoteSpacing', 'cjkRules.singleQuoteSpacingHelp'],
  cjkCornerQuotes: ['cjkRules.cjkCornerQuotes', 'cjkRules.cjkCornerQuotesHelp'],
  cjkNestedQuotes: ['cjkRules.cjkNestedQuotes', 'cjkRules.cjkNestedQuotesHelp'],
  consecutivePunctuationLimit: [
    'cjkRules.consecutivePunctuationLimit',
    'cjkRules.consecutivePunctuationLimitHelp',
  ],
  trailingSpaceRemoval: ['cjkRules.trailingSpaceRemoval', 'cjkRules.trailingSpaceRemovalHelp'],
  skipReferenceSections: ['cjkRules.skipReferenceSections', 'cjkRules.skipReferenceSectionsHelp'],
};

const GROUPS: Record<CjkFormatRuleGroup, MessageKey> = {
  universal: 'cjk.groupUniversal',
  fullwidth: 'cjk.groupFullwidth',
  spacing: 'cjk.groupSpacing',
  dashQuote: 'cjk.groupDashQuote',
  cleanup: 'cjk.groupCleanup',
  sections: 'cjk.groupSections',
};

/** The choices that are words (the quote styles); numbers are shown as they are. */
const CHOICES: Record<string, MessageKey> = {
  curly: 'cjk.quoteCurly',
  corner: 'cjk.quoteCorner',
  guillemets: 'cjk.quoteGuillemets',
};

export function ruleLabel(rule: CjkFormatRule): string {
  return t(RULES[rule.key][0]);
}

export function ruleHelp(rule: CjkFormatRule): string {
  return t(RULES[rule.key][1]);
}

export function groupTitle(group: CjkFormatRuleGroup): string {
  return t(GROUPS[group]);
}

export function choiceLabel(choice: string | number): string {
  return typeof choice === 'string' && Object.hasOwn(CHOICES, choice)
    ? t(CHOICES[choice])
    : String(choice);
}
