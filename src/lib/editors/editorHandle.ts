import type { Splice } from '../core/textEdit';

/** What a document view needs from an editor, whichever kind it is. */
export interface EditorHandle {
  /** The text the editor currently shows (the body, for WYSIWYG). */
  getText(): string;
  /** Replaces the content; `undoable` makes it one step the person can undo. */
  setText(text: string, undoable: boolean): void;
  focus(): void;
  /** Resolves once the whole document is in the editor (long documents load in steps). */
  loaded?: Promise<void>;
  destroy(): void;
}

/** Called after every edit the person makes, with the change against the previous text. */
export type OnEdit = (splices: Splice[]) => void;
