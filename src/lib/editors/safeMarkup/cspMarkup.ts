/**
 * Markup made by a library (a Mermaid SVG, a KaTeX formula) into the page under the app's
 * Content-Security-Policy, which refuses inline style attributes and `<style>` elements without
 * the page's nonce; Chromium refuses setting an element's inline style through the CSSOM too.
 * Even parsing markup with style attributes into an inert document counts as applying them, so
 * style attributes are renamed in the markup text before it is parsed; then each
 * distinct style becomes a class with a rule (its declarations `!important`, as an inline style
 * would win) in one style sheet that carries the page's nonce. `<style>` elements of the markup
 * get the nonce.
 */
import { PARKED, parkStyles, parseDeclarations } from './cssDeclarations';
import { pageStyleNonce } from '../styleNonce';

/** Style text → class name, for the rules already in the sheet. */
const classes = new Map<string, string>();
let sheet: CSSStyleSheet | null = null;

function styleSheet(): CSSStyleSheet | null {
  if (sheet?.ownerNode?.isConnected) return sheet;
  classes.clear();
  const el = document.createElement('style');
  const nonce = pageStyleNonce();
  if (nonce) el.nonce = nonce;
  el.dataset.vmark = 'inline-styles';
  document.head.append(el);
  sheet = el.sheet;
  return sheet;
}

/** The class that gives an element the style `text`, or null when it has none. */
function classFor(text: string): string | null {
  const known = classes.get(text);
  if (known !== undefined) return known;
  const target = styleSheet();
  const body = parseDeclarations(text)
    .map((d) => `${d.property}: ${d.value} !important;`)
    .join(' ');
  if (!target || body === '') return null;
  const name = `vmark-s${classes.size}`;
  try {
    target.insertRule(`.${name} { ${body} }`, target.cssRules.length);
  } catch {
    return null;
  }
  classes.set(text, name);
  return name;
}

/** Copies `roots` (elements of an inert document, parsed from `parkStyles` markup) into this page. */
function importStyled(roots: readonly Element[]): Element[] {
  const nonce = pageStyleNonce();
  for (const root of roots) {
    for (const el of [root, ...root.querySelectorAll(`[${PARKED}]`)]) {
      const style = el.getAttribute(PARKED);
      if (style === null) continue;
      el.removeAttribute(PARKED);
      const name = classFor(style);
      if (name) el.classList.add(name);
    }
    for (const el of root.querySelectorAll('script')) el.remove();
    for (const el of root.querySelectorAll('[style]')) el.removeAttribute('style');
    // Without a nonce the page came without a policy (`vite dev`): the style applies as it is.
    if (nonce) for (const el of root.querySelectorAll('style')) el.setAttribute('nonce', nonce);
  }
  return roots.map((root) => document.importNode(root, true));
}

/** The elements of an HTML fragment, in this page with their styles. */
export function styledHtml(html: string): Element[] {
  const parsed = new DOMParser().parseFromString(`<body>${parkStyles(html)}</body>`, 'text/html');
  return importStyled([...parsed.body.children]);
}

/** An SVG document's root element in this page, or null when the text is not SVG. */
export function styledSvg(svg: string): Element | null {
  const parsed = new DOMParser().parseFromString(parkStyles(svg), 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.localName !== 'svg' || root.querySelector('parsererror')) return null;
  for (const el of root.querySelectorAll('foreignObject')) el.remove();
  return importStyled([root])[0];
}
