import type { Splice } from '../core/store/textEdit';
import type { FindTarget } from './findTarget';

/** What a document view needs from an editor, whichever kind it is. */
export interface EditorHandle {
  /** The text the editor currently shows (the body, for WYSIWYG). */
  getText(): string;
  /**
   * Shows new text, changing only what differs so the cursor stays where the person was;
   * `undoable` makes it one step the person can undo.
   */
  setText(text: string, undoable: boolean): void;
  /** Applies exact splices (against the text shown) made elsewhere; the cursor moves with them. */
  applyChange?(splices: readonly Splice[], undoable: boolean): void;
  focus(): void;
  /**
   * The selection: positions (WYSIWYG) or character offsets (source), and its text (markdown in
   * WYSIWYG, the raw slice in source).
   */
  selection(): { from: number; to: number; text: string };
  /**
   * Replaces the selection with `content` (inserts at a cursor; empty deletes) as one undo step,
   * reported through the editor's edit callback; answers the length of the text replaced.
   */
  replaceSelection(content: string): { replaced: number };
  /**
   * Puts the cursor at the start of an outline entry and scrolls it to the top: the `index`th
   * top-level heading (WYSIWYG) or the line at `offset` in the whole text (source).
   */
  revealHeading?(index: number, offset: number): void;
  /** Redraws after focus or typewriter mode was switched (editorPrefs). */
  refreshModes?(): void;
  /** Find and replace in what the editor shows. */
  find?: FindTarget;
  /** Resolves once the whole document is in the editor (long documents load in steps). */
  loaded?: Promise<void>;
  destroy(): void;
}

/** Called after every edit the person makes, with the change against the previous text. */
export type OnEdit = (splices: Splice[]) => void;
