/**
 * The three CJK transforms over markdown sources and plain selections. Protected regions are
 * masked, the rules run on what is left, and the regions are put back byte for byte.
 */

import { formatMasked } from './rules/format';
import { mask, unmask } from './protect/mask';
import { findProtectedRanges, type ProtectOptions } from './protect/protect';
import { convertPunctuation } from './rules/punctuation';
import { parseCjkFormatSettings, type CjkFormatSettings } from './rules/settings';
import { spaceCjkLatin } from './rules/spacing';

export type TransformKind = 'cjk-spacing' | 'cjk-punctuation' | 'cjk-format';

export const TRANSFORM_KINDS: readonly TransformKind[] = [
  'cjk-spacing',
  'cjk-punctuation',
  'cjk-format',
];

export function isTransformKind(value: unknown): value is TransformKind {
  return TRANSFORM_KINDS.includes(value as TransformKind);
}

export type TransformResult =
  { ok: true; text: string; changed: boolean } | { ok: false; error: string };

/** Passes over the whole source: the second confirms the first reached a fixed point. */
const MAX_PASSES = 3;

/**
 * Transforms a markdown document. Settings only matter to `cjk-format`; missing or invalid
 * fields take their defaults. Fails (as a value) only if a protected region could not be put
 * back unchanged, which would be a bug in a rule.
 */
export function transformMarkdownChecked(
  source: string,
  kind: TransformKind,
  settings?: Partial<CjkFormatSettings>,
): TransformResult {
  return run(source, kind, settings, 'document');
}

/**
 * Transforms a selection: the same rules and the same inline protections (code, math, HTML,
 * URLs, link destinations, escapes), but no front matter and no indented code, since a
 * selection's indentation says nothing about code blocks.
 */
export function transformTextChecked(
  text: string,
  kind: TransformKind,
  settings?: Partial<CjkFormatSettings>,
): TransformResult {
  return run(text, kind, settings, 'fragment');
}

/** Like `transformMarkdownChecked`, throwing on the (buggy) integrity failure. */
export function transformMarkdown(
  source: string,
  kind: TransformKind,
  settings?: Partial<CjkFormatSettings>,
): string {
  return unwrap(transformMarkdownChecked(source, kind, settings));
}

/** Like `transformTextChecked`, throwing on the (buggy) integrity failure. */
export function transformText(
  text: string,
  kind: TransformKind,
  settings?: Partial<CjkFormatSettings>,
): string {
  return unwrap(transformTextChecked(text, kind, settings));
}

function unwrap(result: TransformResult): string {
  if (!result.ok) throw new Error(result.error);
  return result.text;
}

function run(
  source: string,
  kind: TransformKind,
  rawSettings: Partial<CjkFormatSettings> | undefined,
  mode: 'document' | 'fragment',
): TransformResult {
  if (!isTransformKind(kind)) {
    return { ok: false, error: `kind must be one of: ${TRANSFORM_KINDS.join(', ')}` };
  }
  const settings = parseCjkFormatSettings(rawSettings);
  const options: ProtectOptions = {
    mode,
    referenceSections: kind === 'cjk-format' && settings.skipReferenceSections,
  };
  const refused = {
    ok: false as const,
    error: `${kind} refused: the result did not match the input`,
  };
  const original = mask(source, findProtectedRanges(source, options)).pieces;
  let current = source;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const masked = mask(current, findProtectedRanges(current, options));
    const next = unmask(applyRules(masked.text, kind, settings), masked.pieces);
    if (next === null) return refused;
    if (next === current) break;
    current = next;
  }
  if (!containsInOrder(current, original)) return refused;
  return { ok: true, text: current, changed: current !== source };
}

function applyRules(text: string, kind: TransformKind, settings: CjkFormatSettings): string {
  switch (kind) {
    case 'cjk-spacing':
      return spaceCjkLatin(text);
    case 'cjk-punctuation':
      return convertPunctuation(text, { marks: true, parentheses: true, brackets: false });
    case 'cjk-format':
      return formatMasked(text, settings);
  }
}

/** Whether every protected piece of the input is still in the output, in the same order. */
function containsInOrder(text: string, pieces: readonly string[]): boolean {
  let cursor = 0;
  for (const piece of pieces) {
    const found = text.indexOf(piece, cursor);
    if (found < 0) return false;
    cursor = found + piece.length;
  }
  return true;
}
