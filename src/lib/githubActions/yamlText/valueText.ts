/**
 * Renders a new value (a patch value, possibly wrapped in mappings that do not exist yet) as YAML
 * text for one spot in the document: after `key:` in a block mapping, or inside a flow collection.
 */
import type { PatchValue } from '../irPatch';
import { renderKey, renderScalar, type ScalarStyle, type ScalarText } from './scalarText';

/** A value to write: a patch value, or a chain of new mappings around one (`{a: {b: value}}`). */
export type NewValue =
  { kind: 'value'; value: PatchValue } | { kind: 'map'; key: string; value: NewValue };

/** What the block-context writer knows about the spot and the value being replaced. */
export interface BlockSpot {
  /** Column of the key the value belongs to. */
  column: number;
  /** Indentation step of the document (2 for most workflows). */
  unit: number;
  /** Length of the text before the value on its line (`    runs-on: `), to keep lists short. */
  lineWidth: number;
  /** Style of the scalar being replaced, tried first. */
  prefer?: ScalarStyle;
  /** How a replaced sequence was written; a new list follows it. */
  sequence?: SequenceStyle;
  /** False where the lines after the value would run into a literal block. */
  literal?: boolean;
}

export interface SequenceStyle {
  flow: boolean;
  /** Column of the `-` of a block sequence. */
  dashColumn?: number;
  /** Whether a flow sequence had spaces inside its brackets (`[ a, b ]`). */
  padded?: boolean;
  /** Quoting of the replaced items, tried first for the new ones. */
  itemStyle?: ScalarStyle;
}

/** New lists are written inline (`[a, b]`) when the whole line stays within this width. */
const FLOW_LIST_WIDTH = 80;

export function leaf(value: PatchValue): NewValue {
  return { kind: 'value', value };
}

/** Wraps `value` in new mappings for `keys` (outermost first). */
export function nest(keys: readonly string[], value: NewValue): NewValue {
  return keys.reduceRight<NewValue>((inner, key) => ({ kind: 'map', key, value: inner }), value);
}

/** Renders `value` after `key:` in block context (see `ScalarText` for head and body). */
export function renderBlockValue(value: NewValue, spot: BlockSpot): ScalarText {
  const childColumn = spot.column + spot.unit;
  if (value.kind === 'map') {
    return {
      head: '',
      body: renderBlockPair(value.key, value.value, childColumn, spot.unit, spot.literal),
    };
  }
  const data = value.value;
  if (!Array.isArray(data)) {
    return renderScalar(data, {
      context: 'block',
      parentIndent: spot.column,
      indent: childColumn,
      prefer: spot.prefer,
      literal: spot.literal,
    });
  }
  const style = spot.sequence;
  if (data.length === 0) return { head: '[]', body: [] };
  if (style === undefined || style.flow) {
    const flow = renderFlowList(data, style?.padded ?? false, style?.itemStyle);
    if (style !== undefined || spot.lineWidth + flow.length <= FLOW_LIST_WIDTH) {
      return { head: flow, body: [] };
    }
  }
  const dash = Math.max(style?.dashColumn ?? childColumn, spot.column);
  const body: string[] = [];
  for (const item of data) {
    const text = renderScalar(item, {
      context: 'block',
      parentIndent: dash,
      indent: dash + Math.max(spot.unit, 2),
      prefer: style?.itemStyle,
      literal: spot.literal,
    });
    body.push(`${' '.repeat(dash)}- ${text.head}`, ...text.body);
  }
  return { head: '', body };
}

/** The lines of a new `key: value` pair whose key sits at `column`. */
export function renderBlockPair(
  key: string,
  value: NewValue,
  column: number,
  unit: number,
  literal = true,
): string[] {
  const keyText = `${' '.repeat(column)}${renderKey(key, 'block')}:`;
  const text = renderBlockValue(value, { column, unit, lineWidth: keyText.length + 1, literal });
  return [text.head === '' ? keyText : `${keyText} ${text.head}`, ...text.body];
}

/** Renders `value` inside a flow collection: always one inline piece of text. */
export function renderFlowValue(
  value: NewValue,
  style?: SequenceStyle,
  prefer?: ScalarStyle,
): string {
  if (value.kind === 'map') {
    return `{${renderKey(value.key, 'flow')}: ${renderFlowValue(value.value)}}`;
  }
  const data = value.value;
  if (Array.isArray(data)) return renderFlowList(data, style?.padded ?? false, style?.itemStyle);
  return renderScalar(data, { context: 'flow', prefer }).head;
}

/** A flow sequence of strings, such as `[main, 'release/**']`. */
export function renderFlowList(
  items: readonly string[],
  padded: boolean,
  prefer?: ScalarStyle,
): string {
  if (items.length === 0) return '[]';
  const inner = items
    .map((item) => renderScalar(item, { context: 'flow', prefer }).head)
    .join(', ');
  return padded ? `[ ${inner} ]` : `[${inner}]`;
}
