/** Inline style text (`color: red; width: 2em !important`) read and set aside without the DOM. */

export interface Declaration {
  property: string;
  value: string;
  /** `important` or empty. */
  priority: string;
}

/** Splits `text` at `separator` characters outside quotes, parentheses and brackets. */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The declarations of `text` in order; malformed ones (no property or no value) are left out. */
export function parseDeclarations(text: string): Declaration[] {
  const out: Declaration[] = [];
  for (const part of splitOutside(text, ';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const property = part.slice(0, colon).trim().toLowerCase();
    let value = part.slice(colon + 1).trim();
    let priority = '';
    const important = /!\s*important\s*$/i.exec(value);
    if (important) {
      priority = 'important';
      value = value.slice(0, important.index).trim();
    }
    if (!/^-{0,2}[a-z][a-z0-9-]*$/i.test(property) || value === '') continue;
    out.push({ property, value, priority });
  }
  return out;
}

/** Where a style attribute waits, renamed, until it is turned into a class (see cspMarkup.ts). */
export const PARKED = 'data-vmark-style';
const STYLE_ATTRIBUTE = /(\s)style\s*=\s*(["'])/gi;

/** Markup with its quoted style attributes renamed to `PARKED`, so parsing it applies no style. */
export function parkStyles(markup: string): string {
  return markup.replace(STYLE_ATTRIBUTE, `$1${PARKED}=$2`);
}
