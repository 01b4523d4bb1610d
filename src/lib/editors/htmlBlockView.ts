/**
 * The node view of an HTML block: a sanitised preview of the HTML, and a text area over it that
 * edits the block's source in place (opened by a click or Enter, closed by leaving it or Escape).
 */
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import type { EditorView, NodeView } from '@milkdown/kit/prose/view';
import { sanitizedPreview } from './sanitizeHtml';
import './richBlocks.css';

/** Dispatched on an HTML block's element to open its source. */
export const EDIT_SOURCE_EVENT = 'vmark-edit-source';

export class HtmlBlockView implements NodeView {
  readonly dom: HTMLElement;
  private readonly preview: HTMLElement;
  private source: HTMLTextAreaElement | null = null;

  constructor(
    private node: ProseNode,
    private readonly view: EditorView,
    private readonly getPos: () => number | undefined,
  ) {
    this.dom = document.createElement('div');
    this.dom.className = 'vmark-html-block';
    this.dom.dataset.type = 'html-block';
    this.preview = document.createElement('div');
    this.preview.className = 'vmark-html-preview';
    this.dom.append(this.preview);
    this.render();
    this.dom.addEventListener('click', (event) => {
      if (this.source) return;
      // Links and form controls of the preview do nothing; a click edits the source.
      event.preventDefault();
      this.open();
    });
    this.dom.addEventListener(EDIT_SOURCE_EVENT, () => this.open());
  }

  private render(): void {
    this.preview.replaceChildren(sanitizedPreview(this.node.attrs.value as string));
    this.dom.classList.toggle('empty', this.preview.childNodes.length === 0);
  }

  /** Shows the source in a text area in place of the preview. */
  open(): void {
    if (this.source || !this.view.editable) return;
    const area = document.createElement('textarea');
    area.className = 'vmark-html-source';
    area.spellcheck = false;
    area.value = this.node.attrs.value as string;
    area.rows = Math.max(2, area.value.split('\n').length + 1);
    area.setAttribute('aria-label', 'HTML source');
    area.addEventListener('input', () => {
      area.rows = Math.max(2, area.value.split('\n').length + 1);
    });
    area.addEventListener('blur', () => this.close(false));
    area.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) {
        event.preventDefault();
        this.close(true);
      }
    });
    this.source = area;
    this.preview.hidden = true;
    this.dom.classList.add('editing');
    this.dom.append(area);
    area.focus();
  }

  /** Puts the edited source into the document and shows the preview again. */
  private close(refocus: boolean): void {
    const area = this.source;
    if (!area) return;
    this.source = null;
    const value = area.value;
    area.remove();
    this.preview.hidden = false;
    this.dom.classList.remove('editing');
    const pos = this.getPos();
    if (value !== this.node.attrs.value && pos !== undefined) {
      const tr = this.view.state.tr;
      if (value.trim() === '') tr.delete(pos, pos + this.node.nodeSize);
      else tr.setNodeMarkup(pos, undefined, { value });
      this.view.dispatch(tr);
    }
    if (refocus) this.view.focus();
  }

  update(node: ProseNode): boolean {
    if (node.type !== this.node.type) return false;
    const changed = node.attrs.value !== this.node.attrs.value;
    this.node = node;
    if (changed && !this.source) this.render();
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('ProseMirror-selectednode');
  }

  deselectNode(): void {
    this.dom.classList.remove('ProseMirror-selectednode');
  }

  stopEvent(event: Event): boolean {
    return this.source !== null && this.source.contains(event.target as Node);
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    this.source = null;
  }
}
