/** CJK transforms for markdown: spacing, punctuation width and the configurable formatter. */
export {
  TRANSFORM_KINDS,
  isTransformKind,
  transformMarkdown,
  transformMarkdownChecked,
  transformText,
  transformTextChecked,
  type TransformKind,
  type TransformResult,
} from './transform';
export {
  CJK_FORMAT_RULES,
  DEFAULT_CJK_FORMAT_SETTINGS,
  parseCjkFormatSettings,
  type CjkFormatRule,
  type CjkFormatRuleGroup,
  type CjkFormatSettings,
  type PunctuationLimit,
  type QuoteStyle,
} from './rules/settings';
export {
  findProtectedRanges,
  splitProtected,
  type ProtectOptions,
  type ProtectedKind,
  type ProtectedRange,
  type Run,
} from './protect/protect';
