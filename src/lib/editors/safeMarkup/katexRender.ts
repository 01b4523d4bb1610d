/**
 * Typesets formulas with KaTeX, loaded (with its style sheet and fonts) the first time a formula
 * is shown. KaTeX's inline styles are admitted by the CSSOM (`cspMarkup.ts`); a formula KaTeX
 * cannot read is shown as its source, in KaTeX's error colour, with the error as its title.
 */
import type { KatexOptions } from 'katex';
import { styledHtml } from './cspMarkup';

type Katex = { renderToString(tex: string, options?: KatexOptions): string };

let loading: Promise<Katex> | null = null;

function load(): Promise<Katex> {
  loading ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
    ([katex]) => katex.default,
  );
  return loading;
}

/** Shows `tex` typeset in `host` (its source until KaTeX is loaded). */
export function renderTex(tex: string, host: HTMLElement, displayMode: boolean): void {
  host.dataset.tex = tex;
  if (!host.firstChild) host.textContent = tex;
  void load().then((katex) => {
    // A newer formula was asked for in the meantime.
    if (host.dataset.tex !== tex) return;
    let html: string;
    try {
      html = katex.renderToString(tex, { displayMode, throwOnError: false, strict: 'ignore' });
    } catch (e) {
      host.textContent = tex;
      host.title = e instanceof Error ? e.message : String(e);
      return;
    }
    host.replaceChildren(...styledHtml(html));
  });
}
