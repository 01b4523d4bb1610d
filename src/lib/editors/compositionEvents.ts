/** The input-method composition events of a document view's editors, fed to a tracker. */
import type { CompositionTracker } from './compositionTracker';

/**
 * Listens to compositions (and keys) inside `roots`, the panes that hold the editors, so the find
 * bar's own compositions do not count; answers how to stop.
 */
export function watchCompositions(
  roots: readonly HTMLElement[],
  tracker: CompositionTracker,
): () => void {
  const handlers: [string, (event: Event) => void][] = [
    ['compositionstart', () => tracker.start()],
    ['compositionupdate', () => tracker.update()],
    ['compositionend', () => tracker.end()],
    ['keydown', (e) => tracker.key((e as KeyboardEvent).isComposing, (e as KeyboardEvent).keyCode)],
  ];
  for (const root of roots) {
    for (const [type, handler] of handlers) root.addEventListener(type, handler, true);
  }
  return () => {
    for (const root of roots) {
      for (const [type, handler] of handlers) root.removeEventListener(type, handler, true);
    }
  };
}
