/**
 * Images pasted or dropped into the WYSIWYG editor: each file is saved beside the document
 * (`ImageAccess.add`) and an image node pointing at it goes where the paste or drop was, that
 * place followed through whatever is typed or received while the file is written.
 */
import { Plugin, PluginKey, type Transaction } from '@milkdown/kit/prose/state';
import type { EditorView } from '@milkdown/kit/prose/view';
import type { ImageAccess } from './imageView';

type Places = ReadonlyMap<number, number>;
type Meta = { add: number; at: number } | { remove: number };

const key = new PluginKey<Places>('vmark-image-paste');
let nextId = 1;

/** The image files a paste or drop carries (a copied text with a picture in it carries none). */
function imageFilesOf(data: DataTransfer | null): File[] {
  return [...(data?.files ?? [])].filter((f) => f.type.startsWith('image/'));
}

async function saveAndInsert(view: EditorView, files: File[], at: number, access: ImageAccess) {
  const id = nextId++;
  view.dispatch(view.state.tr.setMeta(key, { add: id, at } satisfies Meta));
  try {
    for (const file of files) {
      const address = await access.add(file);
      if (address === null || view.isDestroyed) return;
      const place = key.getState(view.state)?.get(id);
      const image = view.state.schema.nodes.image;
      if (place === undefined || !image) return;
      const node = image.create({ src: address, alt: '', title: '' });
      // The next file of the same paste goes after this one.
      const tr = view.state.tr.insert(place, node).scrollIntoView();
      view.dispatch(tr.setMeta(key, { add: id, at: place + node.nodeSize } satisfies Meta));
    }
  } finally {
    if (!view.isDestroyed) view.dispatch(view.state.tr.setMeta(key, { remove: id } satisfies Meta));
  }
}

function apply(tr: Transaction, prev: Places): Places {
  const meta = tr.getMeta(key) as Meta | undefined;
  if (!tr.docChanged && !meta) return prev;
  const next = new Map<number, number>();
  // Mapped first, then set: a place given with an insertion is already after it.
  // assoc -1: what is typed right at the place while the image is saved comes after the image.
  for (const [id, at] of prev) next.set(id, tr.mapping.map(at, -1));
  if (meta && 'add' in meta) next.set(meta.add, meta.at);
  if (meta && 'remove' in meta) next.delete(meta.remove);
  return next;
}

export function imagePastePlugin(access: ImageAccess): Plugin<Places> {
  const handle = (view: EditorView, files: File[], at: number) => {
    if (files.length === 0 || !view.editable) return false;
    void saveAndInsert(view, files, at, access);
    return true;
  };
  return new Plugin<Places>({
    key,
    state: { init: () => new Map(), apply },
    props: {
      handlePaste: (view, event) =>
        handle(view, imageFilesOf(event.clipboardData), view.state.selection.from),
      handleDrop: (view, event) => {
        const files = imageFilesOf(event.dataTransfer);
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        if (!handle(view, files, at ?? view.state.selection.from)) return false;
        event.preventDefault();
        return true;
      },
    },
  });
}
