/**
 * Wikipedia articles: the page furniture around and inside the article (infoboxes, navigation
 * boxes, hatnotes, edit links, the table of contents, reference markers and lists, maintenance
 * notices) goes first, then the generic reader reads what is left.
 */
import { type Reading, readGeneric } from './generic.js';
import { attr, walkElements } from './nodes.js';
import type { SiteReader } from './sites.js';

/** Page furniture, by class, by id, or by tag and class. */
const FURNITURE_CLASSES = [
  'infobox',
  'navbox',
  'vertical-navbox',
  'sidebar',
  'hatnote',
  'mw-editsection',
  'mw-jump-link',
  'toc',
  'reflist',
  'mw-references-wrap',
  'ambox',
  'printfooter',
  'mw-indicators',
];
const FURNITURE_IDS = new Set([
  'toc',
  'mw-navigation',
  'footer',
  'siteSub',
  'contentSub',
  'catlinks',
]);
const FURNITURE_TAGGED: Record<string, string> = {
  sup: 'reference',
  ol: 'references',
  table: 'metadata',
};

function furniture(el: Element): boolean {
  if (FURNITURE_IDS.has(el.id)) return true;
  const classes = (attr(el, 'class') ?? '').split(/\s+/);
  const tagged = FURNITURE_TAGGED[el.localName];
  return classes.some((c) => c === tagged || FURNITURE_CLASSES.includes(c));
}

/** `/wiki/<Title>` with no namespace (`Talk:`, `User:`…): a colon right before a non-space. */
function isArticlePath(path: string): boolean {
  const m = /^\/wiki\/([^/]+)$/.exec(path);
  if (!m) return false;
  let title: string;
  try {
    title = decodeURIComponent(m[1]);
  } catch {
    return false;
  }
  return title !== '' && !/^[^:]+:[^_\s]/.test(title);
}

/** The TeX of a formula, from its MathML `alttext` or its fallback image's `alt`. */
function tex(formula: Element): string {
  const source =
    formula.querySelector('math')?.getAttribute('alttext') ??
    formula.querySelector('img')?.getAttribute('alt') ??
    '';
  const m = /^\{\\displaystyle\s*([\s\S]*)\}$/.exec(source.trim());
  return (m ? m[1] : source).trim();
}

/** Formulas become inline code holding their TeX (the page shows them as images or hidden MathML). */
function formulasAsTex(doc: Document): void {
  for (const formula of Array.from(doc.querySelectorAll('.mwe-math-element'))) {
    const code = doc.createElement('code');
    code.textContent = tex(formula);
    formula.parentNode?.replaceChild(code, formula);
  }
}

export const wikipedia: SiteReader = {
  id: 'wikipedia',
  origins: ['https://*.wikipedia.org'],
  match: (url) => isArticlePath(url.pathname),
  read(doc: Document, url: string): Reading {
    formulasAsTex(doc);
    walkElements(doc, (el) => {
      if (!furniture(el)) return true;
      el.remove();
      return false;
    });
    return readGeneric(doc, url);
  },
};
