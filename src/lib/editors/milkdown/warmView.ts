/**
 * The first keystrokes after a document loads ran ProseMirror's own code for a typed character
 * for the first time: reading the changed DOM back into nodes, updating the state, redrawing.
 * warmEdit.ts warms the window's code for an edit; this warms ProseMirror's, once per window: a
 * small editor of the same schema, out of sight and out of the accessibility tree, gets a few
 * characters typed into its text (as a browser changes the DOM) and reads them as it would a
 * keystroke. Then it is removed. Nothing of it reaches a document.
 */
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import { EditorState } from '@milkdown/kit/prose/state';
import { EditorView } from '@milkdown/kit/prose/view';

let warmed = false;

/** Types into a hidden editor showing `doc`; answers how many characters it read back. */
export function warmViewPath(doc: ProseNode): number {
  if (warmed) return 0;
  warmed = true;
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  host.inert = true;
  host.style.cssText =
    'position:fixed;left:-10000px;top:0;width:640px;height:400px;overflow:hidden;contain:strict';
  document.body.append(host);
  const view = new EditorView(host, { state: EditorState.create({ doc }) });
  const observer = (view as unknown as { domObserver?: { flush(): void } }).domObserver;
  const before = view.state.doc.textContent.length;
  try {
    if (!observer) return 0;
    for (let round = 0; round < 4; round++) {
      const walker = document.createTreeWalker(view.dom, NodeFilter.SHOW_TEXT);
      const texts: Text[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
      for (const text of texts.slice(0, 6)) {
        text.data += 'x';
        observer.flush();
      }
    }
    return view.state.doc.textContent.length - before;
  } finally {
    view.destroy();
    host.remove();
  }
}
