/**
 * The front matter every workflow starts with: `---`, then `key: value` lines (blank lines and
 * `#` comments allowed), then `---`. Not YAML: anything else inside is an error, so that a line
 * such as `inputs [title]` can never quietly mean "no inputs".
 */
import { error, warning, type Diagnostic } from './diagnostics.js';
import { lastLine } from './lines.js';

export interface FrontMatter {
  site: string;
  inputs: string[];
  trigger: string | null;
}

const KEY_LINE = /^([A-Za-z_][\w-]*)[ \t]*:(.*)$/;
const INPUT_NAME = /^[a-zA-Z_][\w-]*$/;
const KNOWN = new Set(['site', 'inputs', 'trigger']);

/** Parses the front matter at the top of `lines`; answers where the steps begin (0-based). */
export function parseFrontMatter(
  lines: readonly string[],
  diagnostics: Diagnostic[],
): { frontMatter: FrontMatter | null; bodyStart: number } {
  if (lines.length === 0 || lines[0].trim() !== '---') {
    diagnostics.push(
      error('missing-front-matter', 1, 'A workflow starts with front matter: a line "---".'),
    );
    return { frontMatter: null, bodyStart: 0 };
  }
  const values = new Map<string, { value: string; line: number }>();
  let end = -1;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line === '---') {
      end = i;
      break;
    }
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const m = KEY_LINE.exec(trimmed);
    if (!m) {
      diagnostics.push(
        error(
          'malformed-front-matter',
          i + 1,
          `Front matter holds "key: value" lines only; this line is neither: ${JSON.stringify(trimmed.slice(0, 80))}.`,
        ),
      );
      continue;
    }
    const [, key, raw] = m;
    if (values.has(key)) {
      diagnostics.push(error('duplicate-front-matter-key', i + 1, `"${key}" is given twice.`));
      continue;
    }
    if (!KNOWN.has(key)) {
      diagnostics.push(
        warning('unknown-front-matter-key', i + 1, `"${key}" is not a key workflows use; ignored.`),
      );
    }
    values.set(key, { value: raw.trim(), line: i + 1 });
  }
  if (end < 0) {
    diagnostics.push(
      error(
        'unterminated-front-matter',
        lastLine(lines),
        'The front matter has no closing "---" line.',
      ),
    );
    return { frontMatter: null, bodyStart: lines.length };
  }
  const site = values.get('site');
  if (!site || site.value === '') {
    diagnostics.push(
      error('missing-site', site?.line ?? 1, 'The front matter needs "site:" with a value.'),
    );
  }
  const inputs = values.get('inputs');
  const names = inputs ? parseInputs(inputs.value, inputs.line, diagnostics) : [];
  return {
    frontMatter: {
      site: site?.value ?? '',
      inputs: names,
      trigger: values.get('trigger')?.value || null,
    },
    bodyStart: end + 1,
  };
}

/** `[a, b]` or `a, b`; `[]` or nothing is no inputs. */
function parseInputs(raw: string, line: number, diagnostics: Diagnostic[]): string[] {
  let list = raw;
  const open = list.startsWith('[');
  const close = list.endsWith(']');
  if (open !== close || (open && list.length < 2)) {
    diagnostics.push(
      error('malformed-inputs', line, 'The inputs list opens or closes a bracket alone.'),
    );
    return [];
  }
  if (open) list = list.slice(1, -1);
  if (/[[\]]/.test(list)) {
    diagnostics.push(error('malformed-inputs', line, 'The inputs list has a bracket inside it.'));
    return [];
  }
  if (list.trim() === '') return [];
  const names: string[] = [];
  for (const part of list.split(',')) {
    const name = part.trim();
    if (name === '') {
      diagnostics.push(error('malformed-inputs', line, 'The inputs list has an empty entry.'));
      return [];
    }
    if (!INPUT_NAME.test(name)) {
      diagnostics.push(
        error(
          'invalid-input-name',
          line,
          `"${name.slice(0, 60)}" is not an input name (letters, digits, _ and -; not a digit first).`,
        ),
      );
      continue;
    }
    if (names.includes(name)) {
      diagnostics.push(
        error('duplicate-input-name', line, `The input "${name}" is declared twice.`),
      );
      continue;
    }
    names.push(name);
  }
  return names;
}
