/**
 * The user's settings for `cjk-format`: one switch (or choice) per rule, grouped as in the
 * editor's settings page, with defaults, a forgiving parser and labels for a settings UI.
 */

export type QuoteStyle = 'curly' | 'corner' | 'guillemets';
export type PunctuationLimit = 0 | 1 | 2 | 3;

export interface CjkFormatSettings {
  // Universal
  ellipsisNormalization: boolean;
  newlineCollapsing: boolean;
  // Full-width
  fullwidthAlphanumeric: boolean;
  fullwidthPunctuation: boolean;
  fullwidthParentheses: boolean;
  fullwidthBrackets: boolean;
  // Spacing
  cjkEnglishSpacing: boolean;
  cjkParenthesisSpacing: boolean;
  currencySpacing: boolean;
  slashSpacing: boolean;
  spaceCollapsing: boolean;
  // Dashes and quotes
  dashConversion: boolean;
  emdashSpacing: boolean;
  smartQuoteConversion: boolean;
  quoteStyle: QuoteStyle;
  contextualQuotes: boolean;
  quoteSpacing: boolean;
  singleQuoteSpacing: boolean;
  cjkCornerQuotes: boolean;
  cjkNestedQuotes: boolean;
  // Cleanup
  consecutivePunctuationLimit: PunctuationLimit;
  trailingSpaceRemoval: boolean;
  // Sections
  skipReferenceSections: boolean;
}

export const DEFAULT_CJK_FORMAT_SETTINGS: Readonly<CjkFormatSettings> = Object.freeze({
  ellipsisNormalization: true,
  newlineCollapsing: false,
  fullwidthAlphanumeric: true,
  fullwidthPunctuation: true,
  fullwidthParentheses: true,
  fullwidthBrackets: false,
  cjkEnglishSpacing: true,
  cjkParenthesisSpacing: true,
  currencySpacing: true,
  slashSpacing: true,
  spaceCollapsing: true,
  dashConversion: true,
  emdashSpacing: true,
  smartQuoteConversion: true,
  quoteStyle: 'curly',
  contextualQuotes: true,
  quoteSpacing: true,
  singleQuoteSpacing: true,
  cjkCornerQuotes: false,
  cjkNestedQuotes: false,
  consecutivePunctuationLimit: 0,
  trailingSpaceRemoval: true,
  skipReferenceSections: false,
});

export type CjkFormatRuleGroup =
  'universal' | 'fullwidth' | 'spacing' | 'dashQuote' | 'cleanup' | 'sections';

export interface CjkFormatRule {
  key: keyof CjkFormatSettings;
  group: CjkFormatRuleGroup;
  label: string;
  description: string;
  /** The allowed values of a choice; absent for on/off switches. */
  choices?: readonly (string | number)[];
}

/** Every setting, in display order, with what it does. */
export const CJK_FORMAT_RULES: readonly CjkFormatRule[] = [
  rule(
    'ellipsisNormalization',
    'universal',
    'Ellipsis normalization',
    'Spaced dots next to Chinese or Japanese (. . .) become ...; three or more 。 become ……',
  ),
  rule(
    'newlineCollapsing',
    'universal',
    'Collapse blank lines',
    'Two or more blank lines in a row become one (never inside code).',
  ),
  rule(
    'fullwidthAlphanumeric',
    'fullwidth',
    'Full-width letters and digits to ASCII',
    'Ａ–Ｚ, ａ–ｚ and ０–９ become A–Z, a–z and 0–9.',
  ),
  rule(
    'fullwidthPunctuation',
    'fullwidth',
    'Full-width punctuation',
    'ASCII , . ! ? ; : next to Chinese or Japanese text become ，。！？；：',
  ),
  rule(
    'fullwidthParentheses',
    'fullwidth',
    'Full-width parentheses',
    '( ) become （ ） when the content or a neighbour is Chinese or Japanese.',
  ),
  rule(
    'fullwidthBrackets',
    'fullwidth',
    'Lenticular brackets',
    '[ ] around content starting with Chinese or Japanese become 【 】, except link syntax.',
  ),
  rule(
    'cjkEnglishSpacing',
    'spacing',
    'CJK–Latin spacing',
    'One space between Chinese or Japanese and Latin letters or digits. Korean is left alone.',
  ),
  rule(
    'cjkParenthesisSpacing',
    'spacing',
    'Parenthesis spacing',
    'One space between Chinese or Japanese and a half-width parenthesis pair; none beside full-width ones.',
  ),
  rule(
    'currencySpacing',
    'spacing',
    'Currency spacing',
    'On Chinese or Japanese lines, no space between a currency sign and its amount: $ 100 becomes $100.',
  ),
  rule(
    'slashSpacing',
    'spacing',
    'Slash spacing',
    'On Chinese or Japanese lines, no spaces around a slash between two words: A / B becomes A/B.',
  ),
  rule(
    'spaceCollapsing',
    'spacing',
    'Collapse spaces',
    'On Chinese or Japanese lines, runs of spaces become one space (indentation, tabs and table padding stay).',
  ),
  rule(
    'dashConversion',
    'dashQuote',
    'Dash conversion',
    'A double hyphen -- next to Chinese or Japanese text becomes the Chinese dash ——.',
  ),
  rule(
    'emdashSpacing',
    'dashQuote',
    'Dash spacing',
    'No spaces between the Chinese dash —— and its neighbours.',
  ),
  rule(
    'smartQuoteConversion',
    'dashQuote',
    'Smart quotes',
    'On Chinese or Japanese lines, paired straight quotes become typographic quotes in the chosen style.',
  ),
  rule(
    'quoteStyle',
    'dashQuote',
    'Quote style',
    'Curly “…” ‘…’, corner 「…」 『…』 or guillemets «…» ‹…›.',
    ['curly', 'corner', 'guillemets'],
  ),
  rule(
    'contextualQuotes',
    'dashQuote',
    'Only quotes in CJK context',
    'Convert a quote pair only when the quoted text or its neighbours are Chinese or Japanese; off converts every pair on those lines.',
  ),
  rule(
    'quoteSpacing',
    'dashQuote',
    'Double-quote spacing',
    'One space between Chinese or Japanese and double quotes around a Latin phrase.',
  ),
  rule(
    'singleQuoteSpacing',
    'dashQuote',
    'Single-quote spacing',
    'One space between Chinese or Japanese and single quotes around a Latin phrase.',
  ),
  rule(
    'cjkCornerQuotes',
    'dashQuote',
    'Corner quotes for Chinese',
    '“…” around text with Han characters becomes 「…」.',
  ),
  rule(
    'cjkNestedQuotes',
    'dashQuote',
    'Nested corner quotes',
    'Quotes nested inside 「…」 become 『…』.',
  ),
  rule(
    'consecutivePunctuationLimit',
    'cleanup',
    'Repeated punctuation limit',
    'Keep at most this many of the same full-width mark in a row (！！！ → ！ at 1); 0 is off.',
    [0, 1, 2, 3],
  ),
  rule(
    'trailingSpaceRemoval',
    'cleanup',
    'Remove trailing spaces',
    'On Chinese or Japanese lines, spaces and tabs at the line end go, except a two-space hard line break.',
  ),
  rule(
    'skipReferenceSections',
    'sections',
    'Skip reference sections',
    'Leave “References”, “Further Reading”, “参考文献” and similar sections untouched.',
  ),
];

function rule(
  key: keyof CjkFormatSettings,
  group: CjkFormatRuleGroup,
  label: string,
  description: string,
  choices?: readonly (string | number)[],
): CjkFormatRule {
  return choices ? { key, group, label, description, choices } : { key, group, label, description };
}

/**
 * Reads settings from anything (stored JSON, an MCP argument). Each field that is missing or
 * not an allowed value takes its default; unknown fields are dropped. Never throws.
 */
export function parseCjkFormatSettings(input: unknown): CjkFormatSettings {
  const settings: CjkFormatSettings = { ...DEFAULT_CJK_FORMAT_SETTINGS };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return settings;
  const record = input as Record<string, unknown>;
  const target = settings as unknown as Record<string, unknown>;
  for (const { key, choices } of CJK_FORMAT_RULES) {
    let value: unknown;
    try {
      value = record[key];
    } catch {
      continue; // a throwing getter counts as a bad value
    }
    const valid = choices ? choices.includes(value as string | number) : typeof value === 'boolean';
    if (valid) target[key] = value;
  }
  return settings;
}
