/**
 * Mermaid diagrams in the WYSIWYG editor: a fenced code block in `mermaid` stays an ordinary,
 * editable code block, and a widget right after it shows the rendered diagram, or the syntax
 * error in its place. A diagram is rendered once its widget comes into view, and again a moment
 * after its code changes.
 */
import { Plugin, PluginKey, type EditorState } from '@milkdown/kit/prose/state';
import { Decoration, DecorationSet } from '@milkdown/kit/prose/view';
import { $prose } from '@milkdown/kit/utils';
import { t } from '../../i18n/i18n.svelte';
import { mermaidBlocks } from './mermaidBlocks';
import { renderMermaid, showSvg } from '../safeMarkup/mermaidRender';
import './richBlocks.css';

/** How long after the last change to a diagram's code it is rendered again. */
const RERENDER_MS = 400;

/** One diagram's widget: renders its code when visible and out of date. */
class Preview {
  readonly dom: HTMLElement;
  private code = '';
  private shown: string | null = null;
  private visible = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;

  constructor(private readonly observer: IntersectionObserver | null) {
    this.dom = document.createElement('div');
    this.dom.className = 'vmark-mermaid';
    this.dom.contentEditable = 'false';
    this.dom.dataset.state = 'waiting';
    observer?.observe(this.dom);
    if (!observer) this.visible = true;
  }

  setCode(code: string): void {
    if (code === this.code) return;
    const first = this.code === '' && this.shown === null;
    this.code = code;
    clearTimeout(this.timer);
    if (first) this.refresh();
    else this.timer = setTimeout(() => this.refresh(), RERENDER_MS);
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible) this.refresh();
  }

  private refresh(): void {
    if (!this.visible || this.running || this.shown === this.code) return;
    const code = this.code;
    this.running = true;
    this.dom.dataset.state = 'rendering';
    void renderMermaid(code).then((result) => {
      this.running = false;
      this.shown = code;
      if ('svg' in result && showSvg(this.dom, result.svg)) {
        this.dom.dataset.state = 'rendered';
      } else {
        const message = document.createElement('pre');
        message.className = 'vmark-mermaid-error';
        message.textContent = 'error' in result ? result.error : t('editors.diagramFailed');
        this.dom.replaceChildren(message);
        this.dom.dataset.state = 'error';
      }
      // The code changed while this rendering ran.
      if (this.code !== code) this.refresh();
    });
  }

  destroy(): void {
    clearTimeout(this.timer);
    this.observer?.unobserve(this.dom);
  }
}

const key = new PluginKey<DecorationSet>('vmark-mermaid');

interface Previews {
  byId: Map<string, Preview>;
  byElement: WeakMap<Element, Preview>;
  observer: IntersectionObserver | null;
}

function decorations(state: EditorState, previews: Previews): DecorationSet {
  return DecorationSet.create(
    state.doc,
    mermaidBlocks(state.doc).map((block, index) => {
      const id = `mermaid-${index}`;
      return Decoration.widget(
        block.end,
        () => {
          const preview = new Preview(previews.observer);
          previews.byId.set(id, preview);
          previews.byElement.set(preview.dom, preview);
          preview.setCode(block.code);
          return preview.dom;
        },
        {
          key: id,
          side: -1,
          ignoreSelection: true,
          stopEvent: () => true,
          destroy: (dom) => {
            const preview = previews.byElement.get(dom as Element);
            preview?.destroy();
            if (previews.byId.get(id) === preview) previews.byId.delete(id);
          },
        },
      );
    }),
  );
}

function mermaidPlugin(): Plugin<DecorationSet> {
  const previews: Previews = { byId: new Map(), byElement: new WeakMap(), observer: null };
  if (typeof IntersectionObserver !== 'undefined') {
    previews.observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) previews.byElement.get(e.target)?.setVisible(e.isIntersecting);
      },
      { rootMargin: '400px 0px' },
    );
  }
  return new Plugin<DecorationSet>({
    key,
    state: {
      init: (_, state) => decorations(state, previews),
      apply: (tr, set, _old, state) =>
        tr.docChanged ? decorations(state, previews) : set.map(tr.mapping, tr.doc),
    },
    props: { decorations: (state) => key.getState(state) },
    view: () => ({
      update: (view, prev) => {
        if (view.state.doc === prev.doc) return;
        mermaidBlocks(view.state.doc).forEach((block, index) => {
          previews.byId.get(`mermaid-${index}`)?.setCode(block.code);
        });
      },
      destroy: () => {
        previews.observer?.disconnect();
        for (const p of previews.byId.values()) p.destroy();
        previews.byId.clear();
      },
    }),
  });
}

export const mermaidPreview = $prose(() => mermaidPlugin());
