/**
 * Images in the WYSIWYG editor: a `data:` image as written, an image file of the document's own
 * workspace read through `ImageAccess` (an object URL), anything else left unloaded with the
 * reason as its tooltip (`imageSource` decides which). The node and its markdown stay Milkdown's;
 * `data-src` keeps the address as written, for the HTML export.
 */
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import type { NodeView } from '@milkdown/kit/prose/view';
import type { MessageKey } from '../../i18n/catalog';
import { t } from '../../i18n/i18n.svelte';
import { imageSource } from '../../paths/imageSource';
import '../richBlocks/richBlocks.css';

export type ImageLoad =
  { ok: true; url: string } | { ok: false; why: 'missing' | 'too-big' | 'no-access' };

/** What the editor needs from its window to show a document's images. */
export interface ImageAccess {
  /** The document's path now (null while it is not saved anywhere). */
  documentPath(): string | null;
  /** The image file at `path` as a URL the page may show. */
  load(path: string, type: string): Promise<ImageLoad>;
  /**
   * Saves a pasted or dropped image beside the document; answers the address the markdown gets,
   * or null when it was not saved (the window has told the person why).
   */
  add(file: File): Promise<string | null>;
}

const WHY: Record<string, MessageKey> = {
  remote: 'editors.imageRemote',
  outside: 'editors.imageOutside',
  'not-image': 'editors.imageNotImage',
  'no-folder': 'editors.imageNoFolder',
  empty: 'editors.imageEmpty',
  'too-big': 'editors.imageTooBig',
  'no-access': 'editors.imageNoAccess',
};

export class ImageView implements NodeView {
  readonly dom: HTMLImageElement;
  /** Bumped on every change, so a late load for an earlier address is dropped. */
  private shown = 0;

  constructor(
    private node: ProseNode,
    private readonly access: ImageAccess,
  ) {
    this.dom = document.createElement('img');
    this.show();
  }

  private show(): void {
    const { src, alt } = this.node.attrs as { src: string; alt: string };
    const img = this.dom;
    const mine = ++this.shown;
    img.className = 'vmark-image';
    img.alt = alt ?? '';
    img.dataset.src = src ?? '';
    delete img.dataset.unloaded;
    img.removeAttribute('src');
    this.titleWith(null);
    const where = imageSource(src ?? '', this.access.documentPath());
    if (where.kind === 'inline') img.src = where.src;
    else if (where.kind === 'unloaded') this.unloaded(where.reason, null);
    else {
      img.classList.add('vmark-image-loading');
      void this.access.load(where.path, where.type).then((r) => {
        if (mine !== this.shown) return;
        img.classList.remove('vmark-image-loading');
        if (r.ok) img.src = r.url;
        else this.unloaded(r.why, where.path);
      });
    }
  }

  /** The image's own title, and below it why the image is not shown. */
  private titleWith(why: string | null): void {
    const own = (this.node.attrs.title as string) || '';
    const text = [own, why].filter(Boolean).join('\n');
    if (text) this.dom.title = text;
    else this.dom.removeAttribute('title');
  }

  private unloaded(reason: string, path: string | null): void {
    this.dom.classList.add('vmark-image-unloaded');
    this.dom.dataset.unloaded = reason;
    this.titleWith(
      reason === 'missing' ? t('editors.imageMissing', { path: path ?? '' }) : t(WHY[reason]),
    );
  }

  update(node: ProseNode): boolean {
    if (node.type !== this.node.type) return false;
    const same = node.attrs.src === this.node.attrs.src;
    this.node = node;
    if (same) {
      this.dom.alt = (node.attrs.alt as string) ?? '';
      if (!this.dom.dataset.unloaded) this.titleWith(null);
      return true;
    }
    this.show();
    return true;
  }

  destroy(): void {
    this.shown++;
  }
}
