/**
 * Writes one scalar value (or key) as YAML text that reads back as exactly that value, both as
 * YAML 1.2 (the `yaml` package) and as YAML 1.1 (where `yes`, `on`, `1:30` or `2001-12-14` are not
 * strings). Each candidate form is checked by parsing it, so a string that looks like a number,
 * a boolean or null is always quoted.
 */
import { parse } from 'yaml';

/** How a value is embedded: in block context, or inside `[...]` / `{...}`. */
export type ScalarContext = 'block' | 'flow';

/** The quoting styles a caller may prefer, named as the `yaml` package names them. */
export type ScalarStyle = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL';

/**
 * A rendered scalar: `head` goes right after `key: ` (or `- `); `body` lines, already indented,
 * follow on the next lines (only block literals have them).
 */
export interface ScalarText {
  head: string;
  body: string[];
}

export interface ScalarOptions {
  context: ScalarContext;
  /** Column of the key (or `- `) the value belongs to; block literals are indented past it. */
  parentIndent?: number;
  /** Column of the body lines of a block literal, greater than `parentIndent`. */
  indent?: number;
  /** The style to try first, usually the style of the value being replaced. */
  prefer?: ScalarStyle;
  /** False where lines after the value would run into a literal block (deeper comments). */
  literal?: boolean;
}

/** Renders a string, finite number, boolean or null. */
export function renderScalar(
  value: string | number | boolean | null,
  options: ScalarOptions,
): ScalarText {
  if (value === null) return inline('null');
  if (typeof value === 'boolean') return inline(value ? 'true' : 'false');
  if (typeof value === 'number') return inline(Object.is(value, -0) ? '-0' : String(value));
  return renderString(value, options);
}

/** Renders a mapping key: plain when that reads back as the same string, else double-quoted. */
export function renderKey(key: string, context: ScalarContext): string {
  if (isPlainWord(key)) return key;
  if (isPrintable(key) && key.trim() === key && key !== '') {
    const text = key;
    const probe = context === 'flow' ? `{${text}: 0}` : `${text}: 0\n`;
    if (readsBackKey(probe, key)) return text;
  }
  return doubleQuoted(key);
}

function renderString(value: string, options: ScalarOptions): ScalarText {
  const { context, prefer } = options;
  const candidates: Array<() => ScalarText | undefined> = [];
  const multiLine = value.includes('\n');
  const parent = options.parentIndent ?? 0;
  const column = Math.max(options.indent ?? parent + 2, parent + 1);
  const literal = () =>
    context === 'block' && options.literal !== false
      ? literalBlock(value, parent, column)
      : undefined;
  const plain = () => (isPlainCandidate(value) ? inline(value) : undefined);
  const single = () =>
    isPrintable(value) ? inline(`'${value.replaceAll("'", "''")}'`) : undefined;
  const double = () => inline(doubleQuoted(value));
  if (multiLine) candidates.push(literal, double);
  else if (prefer === 'QUOTE_SINGLE') candidates.push(single, double);
  else if (prefer === 'QUOTE_DOUBLE') candidates.push(double);
  else if (value.includes("'")) candidates.push(plain, double, single);
  else candidates.push(plain, single, double);
  // Most values are words that every YAML reads as themselves; no parse is needed for those.
  if (!multiLine && prefer !== 'QUOTE_SINGLE' && prefer !== 'QUOTE_DOUBLE' && isPlainWord(value))
    return inline(value);
  for (const candidate of candidates) {
    const text = candidate();
    if (text !== undefined && readsBack(text, value, context, parent)) return text;
  }
  return double();
}

/**
 * Whether `value` is a word (or words) that YAML 1.2 and 1.1 both read as that string, plain, in
 * block and flow context: it starts with a letter or `_`, holds only letters, digits and
 * `_ . / ( ) -` with single spaces between words, and is none of the words YAML reads as a
 * boolean or null (`yes`, `No`, `ON`, `null`…) nor an exponent alone (`e0`). Other numbers,
 * dates, times and `.inf` start with a digit or a dot, and indicators (`: `, ` #`, `,`,
 * brackets, quotes) are not allowed at all.
 */
export function isPlainWord(value: string): boolean {
  return (
    /^[A-Za-z_][A-Za-z0-9_./()-]*(?: [A-Za-z0-9_./()-]+)*$/.test(value) &&
    !/^(?:y|n|yes|no|true|false|on|off|null)$/i.test(value) &&
    // The `yaml` package's YAML 1.1 floats take an exponent alone (`e0`, `E-3`) as a number.
    !/^[eE][-+]?[0-9]+$/.test(value)
  );
}

function inline(head: string): ScalarText {
  return { head, body: [] };
}

function isPlainCandidate(value: string): boolean {
  return value !== '' && value.trim() === value && isPrintable(value);
}

/**
 * Printable characters that every YAML form may hold literally: no control characters, no tab,
 * no C1 controls (U+0085 is a line break in YAML 1.1), no line or paragraph separators, no BOM,
 * no non-characters and no unpaired surrogates.
 */
function isPrintable(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return false;
    if (code === 0x2028 || code === 0x2029 || code === 0xfeff || code >= 0xfffe) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

/** A double-quoted scalar; it can hold any string. */
export function doubleQuoted(value: string): string {
  let out = '"';
  for (let i = 0; i < value.length; i++) {
    const char = value[i];
    const code = value.charCodeAt(i);
    if (char === '"' || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\t') out += '\\t';
    else if (char === '\r') out += '\\r';
    else if (code >= 0xd800 && code <= 0xdbff && isLowSurrogate(value.charCodeAt(i + 1))) {
      out += value.slice(i, i + 2);
      i++;
    } else if (
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0xfeff ||
      code >= 0xfffe ||
      (code >= 0xd800 && code <= 0xdfff)
    ) {
      out += `\\u${code.toString(16).padStart(4, '0')}`;
    } else out += char;
  }
  return `${out}"`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * A literal block scalar (`|`), for multi-line strings in block context. Chomping follows the
 * trailing line break: none `|-`, one `|`. More than one would need `|+`, which also keeps blank
 * lines that follow it in the file, so such strings are double-quoted instead. An indentation
 * indicator is added when the first non-empty line starts with a space.
 */
function literalBlock(value: string, parent: number, column: number): ScalarText | undefined {
  if (!isPrintable(value.replaceAll('\n', ''))) return undefined;
  const content = value.replace(/\n+$/, '');
  const trailing = value.length - content.length;
  if (trailing > 1) return undefined;
  const chomp = trailing === 0 ? '-' : '';
  const lines = content.split('\n');
  const firstText = lines.find((line) => line !== '');
  if (firstText === undefined) return undefined;
  const step = column - parent;
  if (firstText.startsWith(' ') && step > 9) return undefined;
  const indicator = firstText.startsWith(' ') ? String(step) : '';
  const pad = ' '.repeat(column);
  const body = lines.map((line) => (line === '' ? '' : pad + line));
  return { head: `|${indicator}${chomp}`, body };
}

/** Whether the rendered text parses back to `value` under YAML 1.2 and YAML 1.1. */
function readsBack(
  text: ScalarText,
  value: string,
  context: ScalarContext,
  parent: number,
): boolean {
  const body = text.body.length ? `\n${text.body.join('\n')}` : '';
  const probe =
    context === 'flow' ? `[${text.head}]` : `${' '.repeat(parent)}k: ${text.head}${body}\n`;
  for (const version of ['1.2', '1.1'] as const) {
    let parsed: unknown;
    try {
      parsed = parse(probe, { version, prettyErrors: false, logLevel: 'error' });
    } catch {
      return false;
    }
    const read =
      context === 'flow'
        ? Array.isArray(parsed) && parsed.length === 1
          ? (parsed as unknown[])[0]
          : undefined
        : isRecord(parsed) && Object.keys(parsed).length === 1
          ? parsed.k
          : undefined;
    if (read !== value) return false;
  }
  return true;
}

/**
 * Keys are checked as YAML 1.2 only: GitHub reads workflow keys such as `on` as strings, and
 * quoting every `on:` the app creates would surprise people.
 */
function readsBackKey(probe: string, key: string): boolean {
  try {
    const parsed: unknown = parse(probe, { prettyErrors: false, logLevel: 'error' });
    if (!isRecord(parsed)) return false;
    const keys = Object.keys(parsed);
    return keys.length === 1 && keys[0] === key && parsed[key] === 0;
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
