/**
 * The node view of an atom that holds source text (an HTML block, a formula): a rendering of the
 * source, and a text area in its place that edits the source (opened by a click or Enter, closed
 * by leaving it, Escape, Ctrl/Cmd+Enter, or Enter in an inline one).
 */
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { NodeSelection, Plugin, PluginKey } from '@milkdown/kit/prose/state';
import type { EditorView, NodeView } from '@milkdown/kit/prose/view';
import type { MessageKey } from '../../i18n/catalog';
import { t } from '../../i18n/i18n.svelte';
import './richBlocks.css';

/** Dispatched on an atom's element to open its source. */
export const EDIT_SOURCE_EVENT = 'vmark-edit-source';

export interface AtomKind {
  /** The class of the view's element; `…-preview` and `…-source` name its parts. */
  className: string;
  inline: boolean;
  /** How the source field is announced (in the UI's language when it opens). */
  label: MessageKey;
  /** Shows `value` in `host` (replacing what it held). */
  render(value: string, host: HTMLElement): void;
}

export class SourceAtomView implements NodeView {
  readonly dom: HTMLElement;
  private readonly preview: HTMLElement;
  private source: HTMLTextAreaElement | null = null;

  constructor(
    private node: ProseNode,
    private readonly view: EditorView,
    private readonly getPos: () => number | undefined,
    private readonly kind: AtomKind,
  ) {
    const tag = kind.inline ? 'span' : 'div';
    this.dom = document.createElement(tag);
    this.dom.className = `vmark-atom ${kind.className}`;
    this.preview = document.createElement(tag);
    this.preview.className = `${kind.className}-preview`;
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
    this.kind.render(this.node.attrs.value as string, this.preview);
    this.dom.classList.toggle('empty', this.preview.childNodes.length === 0);
  }

  /** Shows the source in a text area in place of the preview. */
  open(): void {
    if (this.source || !this.view.editable) return;
    const area = document.createElement('textarea');
    area.className = `${this.kind.className}-source`;
    area.spellcheck = false;
    area.value = this.node.attrs.value as string;
    const size = () => {
      const lines = area.value.split('\n');
      area.rows = this.kind.inline ? lines.length : Math.max(2, lines.length + 1);
      if (this.kind.inline) area.cols = Math.max(4, ...lines.map((l) => l.length + 1));
    };
    size();
    area.setAttribute('aria-label', t(this.kind.label));
    area.addEventListener('input', size);
    area.addEventListener('blur', () => this.close(false));
    area.addEventListener('keydown', (event) => {
      const enter = event.key === 'Enter' && (this.kind.inline || event.ctrlKey || event.metaKey);
      if (event.key === 'Escape' || enter) {
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

/** Enter on a selected atom with a source view opens its source. */
export function openSourceOnEnter(names: readonly string[]): Plugin {
  return new Plugin({
    key: new PluginKey('vmark-atom-source-keys'),
    props: {
      handleKeyDown(view, event) {
        const sel = view.state.selection;
        if (event.key !== 'Enter' || !(sel instanceof NodeSelection)) return false;
        if (!names.includes(sel.node.type.name) || !view.editable) return false;
        view.nodeDOM(sel.from)?.dispatchEvent(new CustomEvent(EDIT_SOURCE_EVENT));
        return true;
      },
    },
  });
}
