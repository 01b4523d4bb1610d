/**
 * The exported HTML file: one self-contained page (no script, no outside link) holding the
 * document as the WYSIWYG editor shows it, with a small style sheet of its own for both light and
 * dark readers and for print.
 */

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const EXPORT_CSS = `
:root { color-scheme: light dark; }
body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; line-height: 1.6; }
article { max-width: 46rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }
pre, code { font-family: ui-monospace, 'SF Mono', Menlo, Consolas, monospace; font-size: 0.9em; }
pre { padding: 0.75rem 1rem; overflow-x: auto; border-radius: 6px; background: rgba(127,127,127,0.12); }
:not(pre) > code { padding: 0.1em 0.3em; border-radius: 4px; background: rgba(127,127,127,0.15); }
blockquote { margin: 0; padding: 0 1rem; border-left: 0.25em solid rgba(127,127,127,0.4); color: inherit; opacity: 0.85; }
table { border-collapse: collapse; }
th, td { border: 1px solid rgba(127,127,127,0.4); padding: 0.3rem 0.6rem; }
img, svg { max-width: 100%; height: auto; }
a { color: #1f6feb; }
mark { background: #fff2a8; color: inherit; border-radius: 2px; }
sup > a { text-decoration: none; }
dl.footnote { display: flex; gap: 0.6em; margin: 0.4em 0; font-size: 0.9em; }
:not(dl.footnote) + dl.footnote { margin-top: 1.5em; padding-top: 0.6em; border-top: 1px solid rgba(127,127,127,0.4); }
dl.footnote > dt { flex: none; min-width: 1.2em; font-size: 0.8em; font-weight: 600; line-height: 2; }
dl.footnote > dt > a { text-decoration: none; }
dl.footnote > dd { flex: 1; min-width: 0; margin: 0; }
dl.footnote > dd > :first-child { margin-top: 0; }
dl.footnote > dd > :last-child { margin-bottom: 0; }
@media (prefers-color-scheme: dark) { body { background: #0d1117; color: #e6edf3; } a { color: #4493f8; } mark { background: #5a4a12; } }
@media print { article { max-width: none; padding: 0; } a { color: inherit; } pre { white-space: pre-wrap; } }
`.trim();

/** The whole file: `body` is already-clean HTML; the title and language are escaped here. */
export function htmlDocument(title: string, body: string, lang: string): string {
  const safeLang = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(lang) ? lang : 'en';
  return [
    '<!doctype html>',
    `<html lang="${safeLang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="VMark Web">',
    `<title>${escapeText(title)}</title>`,
    `<style>${EXPORT_CSS}</style>`,
    '</head>',
    '<body>',
    `<article>${body}</article>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The file name for a document's export: its name with `.html` for `.md` (or added). */
export function exportName(title: string): string {
  const base = title
    .replace(/\.(md|markdown|mdown|txt)$/i, '')
    .replace(/[\\/:*?"<>|]+/g, '-')
    .trim();
  return `${base || 'document'}.html`;
}
