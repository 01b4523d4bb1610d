/**
 * Export to HTML (one self-contained file of the document as the WYSIWYG editor shows it:
 * diagrams as their SVG, formulas as MathML) and print (the browser's print, which saves PDF,
 * with the app's print styles leaving only the document).
 */
import { exportName, htmlDocument } from '../../export/htmlDocument';
import { t } from '../../i18n/i18n.svelte';
import { footnoteIds } from '../../markdown/editorSyntax/footnotes';
import { app } from '../shell/appState.svelte';
import { dataUrlOf } from '../documentView/imageFiles';
import { whenLiveEditor } from '../shell/liveEditors';

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

/**
 * The images a page can show on its own: a workspace file shown through a `blob:` URL goes in as
 * a `data:` URL (`inlined` holds them), one the editor did not load keeps its address as written.
 */
function standaloneImages(copy: HTMLElement, inlined: ReadonlyMap<string, string>): void {
  for (const img of copy.querySelectorAll<HTMLImageElement>('img[data-src]')) {
    const shown = img.getAttribute('src');
    const data = shown === null ? undefined : inlined.get(shown);
    if (data) img.setAttribute('src', data);
    else if (shown === null || shown.startsWith('blob:')) img.setAttribute('src', img.dataset.src!);
  }
}

/** The `data:` URL of each workspace image the editor shows, by the `blob:` URL it shows. */
async function inlineImages(root: HTMLElement): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const img of root.querySelectorAll<HTMLImageElement>('img[src^="blob:"]')) {
    const url = img.getAttribute('src')!;
    const data = found.has(url) ? null : await dataUrlOf(url);
    if (data) found.set(url, data);
  }
  return found;
}

/** A copy of the editor's content fit to stand alone: no editing state, no script hooks. */
export function exportableHtml(
  editorRoot: HTMLElement,
  inlined: ReadonlyMap<string, string> = new Map(),
): string {
  // An inert document: an image given its address there is not loaded by this page.
  const copy = document.implementation.createHTMLDocument('').importNode(editorRoot, true);
  for (const el of copy.querySelectorAll(DROP)) el.remove();
  linkFootnotes(copy);
  standaloneImages(copy, inlined);
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
  const inlined = await inlineImages(root);
  download(exportName(tab.title), htmlDocument(tab.title, exportableHtml(root, inlined), lang));
}

export function printDocument(): void {
  window.print();
}
