/**
 * `cjk-format`: every rule the user's settings switch on, in a fixed order, repeated until the
 * text stops changing so that formatting twice gives the same result as formatting once.
 * Rules that could touch any text (space and slash cleanups, quotes when not contextual) only
 * act on lines with Han or Kana, so Latin and Korean lines keep their spacing. Works on masked
 * text (see `mask.ts`).
 */

import {
  collapseBlankLines,
  collapseSpaces,
  convertDashes,
  fullwidthToAscii,
  limitRepeatedPunctuation,
  normalizeEllipses,
  onCjkLines,
  removeTrailingSpaces,
} from './cleanup';
import {
  spaceAroundParentheses,
  spaceAroundQuotes,
  tightenCurrency,
  tightenDashes,
  tightenSlashes,
} from './formatSpacing';
import { convertPunctuation } from './punctuation';
import { convertStraightQuotes, cornerQuotes, nestedCornerQuotes } from './quotes';
import type { CjkFormatSettings } from './settings';
import { spaceCjkLatin } from './spacing';

/** Passes before giving up on reaching a fixed point (the rules settle in two or three). */
const MAX_PASSES = 6;

export function formatMasked(text: string, settings: CjkFormatSettings): string {
  let current = text;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = formatOnce(current, settings);
    if (next === current) break;
    current = next;
  }
  return current;
}

/** One pass: characters first, then punctuation width, then spaces. */
function formatOnce(text: string, settings: CjkFormatSettings): string {
  let result = text;
  const apply = (enabled: boolean, rule: (input: string) => string) => {
    if (enabled) result = rule(result);
  };
  apply(settings.fullwidthAlphanumeric, fullwidthToAscii);
  apply(settings.ellipsisNormalization, normalizeEllipses);
  apply(settings.dashConversion, convertDashes);
  apply(settings.smartQuoteConversion, (input) =>
    onCjkLines(input, (line) =>
      convertStraightQuotes(line, settings.quoteStyle, settings.contextualQuotes),
    ),
  );
  apply(settings.cjkCornerQuotes, cornerQuotes);
  apply(settings.cjkNestedQuotes, nestedCornerQuotes);
  result = convertPunctuation(result, {
    marks: settings.fullwidthPunctuation,
    parentheses: settings.fullwidthParentheses,
    brackets: settings.fullwidthBrackets,
  });
  apply(settings.consecutivePunctuationLimit > 0, (input) =>
    limitRepeatedPunctuation(input, settings.consecutivePunctuationLimit),
  );
  apply(settings.cjkEnglishSpacing, spaceCjkLatin);
  apply(settings.cjkParenthesisSpacing, spaceAroundParentheses);
  apply(settings.quoteSpacing || settings.singleQuoteSpacing, (input) =>
    spaceAroundQuotes(input, settings.quoteSpacing, settings.singleQuoteSpacing),
  );
  apply(settings.emdashSpacing, tightenDashes);
  apply(settings.currencySpacing, (input) => onCjkLines(input, tightenCurrency));
  apply(settings.slashSpacing, (input) => onCjkLines(input, tightenSlashes));
  apply(settings.spaceCollapsing, (input) => onCjkLines(input, collapseSpaces));
  apply(settings.trailingSpaceRemoval, removeTrailingSpaces);
  apply(settings.newlineCollapsing, collapseBlankLines);
  return result;
}
