/**
 * Export to HTML (one self-contained file of the document as the WYSIWYG editor shows it:
 * diagrams as their SVG, formulas as MathML) and print (the browser's print, which saves PDF,
 * with the app's print styles leaving only the document).
 */
import { exportName, htmlDocument } from '../export/htmlDocument';
import { t } from '../i18n/i18n.svelte';
import { footnoteIds } from '../markdown/footnotes';
import { app } from './appState.svelte';
import { whenLiveEditor } from './liveEditors';

/** Editor-only parts: never in an export. */
const DROP =
  'script, style, textarea, button, select, iframe, object, embed, .katex-html, ' +
  '.ProseMirror-widget, .ProseMirror-gapcursor, .ProseMirror-separator, ' +
  'br.ProseMirror-trailingBreak, [data-export="skip"], input:not([type="checkbox"])';
const EDITOR_CLASSES = /^(ProseMirror.*|find-match|find-current|focus-current|svelte-.*|vmark-.*)$/;

/**
 * Footnotes as a page links them: a reference links to its note, and the note's label back to the
 * first reference. (Before the data attributes that name them are removed.)
 */
function linkFootnotes(copy: HTMLElement): void {
  const referenced = new Set<string>();
  for (const sup of copy.querySelectorAll<HTMLElement>('sup[data-type="footnote_reference"]')) {
    const ids = footnoteIds(sup.dataset.label ?? '');
    const a = document.createElement('a');
    a.href = `#${ids.note}`;
    if (!referenced.has(ids.ref)) a.id = ids.ref;
    referenced.add(ids.ref);
    a.append(...sup.childNodes);
    sup.replaceChildren(a);
  }
  const noted = new Set<string>();
  for (const dl of copy.querySelectorAll<HTMLElement>('dl[data-type="footnote_definition"]')) {
    const ids = footnoteIds(dl.dataset.label ?? '');
    dl.classList.add('footnote');
    if (!noted.has(ids.note)) dl.id = ids.note;
    noted.add(ids.note);
    const dt = dl.querySelector(':scope > dt');
    if (dt && referenced.has(ids.ref)) {
      const back = document.createElement('a');
      back.href = `#${ids.ref}`;
      back.append(...dt.childNodes);
      dt.replaceChildren(back);
    }
  }
}

/** A copy of the editor's content fit to stand alone: no editing state, no script hooks. */
export function exportableHtml(editorRoot: HTMLElement): string {
  const copy = editorRoot.cloneNode(true) as HTMLElement;
  for (const el of copy.querySelectorAll(DROP)) el.remove();
  linkFootnotes(copy);
  // Task items show their box through the editor's styles: the export gets a real one.
  for (const item of copy.querySelectorAll<HTMLElement>('li[data-item-type="task"]')) {
    const box = document.createElement('input');
    box.type = 'checkbox';
    if (item.dataset.checked === 'true') box.setAttribute('checked', '');
    const first = item.firstElementChild;
    (first?.tagName === 'P' ? first : item).prepend(box, ' ');
    item.style.listStyle = 'none';
  }
  for (const el of [copy, ...copy.querySelectorAll<HTMLElement>('*')]) {
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      if (
        name.startsWith('on') ||
        name.startsWith('data-') ||
        ['contenteditable', 'draggable', 'spellcheck', 'tabindex', 'translate'].includes(name) ||
        ((name === 'href' || name === 'src' || name === 'xlink:href') &&
          /^\s*javascript:/i.test(attr.value))
      )
        el.removeAttribute(attr.name);
    }
    if (el.classList.length) {
      for (const c of [...el.classList]) if (EDITOR_CLASSES.test(c)) el.classList.remove(c);
      if (el.classList.length === 0) el.removeAttribute('class');
    }
    if (el instanceof HTMLInputElement) el.setAttribute('disabled', '');
  }
  return copy.innerHTML;
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/html;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function exportHtml(): Promise<void> {
  const tab = app.activeTab;
  if (!tab) return;
  if (tab.mode !== 'wysiwyg') {
    app.toast(t('exporting.needsWysiwyg'), 'error');
    return;
  }
  await (
    await whenLiveEditor(tab.id)
  )?.handle.loaded;
  const root = document.querySelector<HTMLElement>(
    `.document[data-tab-id="${CSS.escape(tab.id)}"] .ProseMirror`,
  );
  if (!root) {
    app.toast(t('exporting.notOnScreen'), 'error');
    return;
  }
  const lang = document.documentElement.lang || 'en';
  download(exportName(tab.title), htmlDocument(tab.title, exportableHtml(root), lang));
}

export function printDocument(): void {
  window.print();
}
