/** One open document as the core holds it: its text, where it lives, and how far it has come. */
import type { Notice } from '../notice';
import { ChangeLog } from '../../collab/changeLog';
import { newRevision } from '../../revisions/revision';
import type { DocKind, EditorMode, TextFormat } from '../types';

export interface DocState {
  id: string;
  /** The window the tab was first opened in (it may be shown in others too). */
  windowId: string;
  path: string | null;
  untitledName: string | null;
  kind: DocKind;
  text: string;
  /** The text as last loaded from or saved to disk: dirty is `text !== savedText`. */
  savedText: string;
  revision: string;
  /** Counts the changes of the text since the tab opened; windows rebase against it. */
  version: number;
  /** The recent changes, for windows that are behind. */
  log: ChangeLog;
  format: TextFormat;
  readOnlyReason: Notice | null;
  mode: EditorMode;
  sourceOnly: boolean;
  notice: Notice | null;
  pending: boolean;
}

export const LF_FORMAT: TextFormat = { bom: false, eol: 'lf', mixedEol: false };

/** Marks a tab whose file is gone, so it stays dirty until it is saved again. */
export const DELETED = '\u0000deleted';
/** Marks a restored draft whose file has not been read yet. */
export const UNKNOWN_SAVED = '\u0000unknown';

export type NewDoc = Pick<DocState, 'path' | 'kind' | 'text' | 'format'> &
  Partial<Pick<DocState, 'readOnlyReason' | 'mode' | 'sourceOnly' | 'notice' | 'savedText' | 'id'>>;

export function createDocState(
  id: string,
  windowId: string,
  untitledName: string | null,
  init: NewDoc,
): DocState {
  return {
    id,
    windowId,
    path: init.path,
    untitledName,
    kind: init.kind,
    text: init.text,
    savedText: init.savedText ?? init.text,
    revision: newRevision(),
    version: 0,
    log: new ChangeLog(),
    format: init.format,
    readOnlyReason: init.readOnlyReason ?? null,
    mode: init.mode ?? 'wysiwyg',
    sourceOnly: init.sourceOnly ?? false,
    notice: init.notice ?? null,
    pending: false,
  };
}

/** Whether the tab's text differs from its file: the one place this is decided. */
export function isDirty(doc: Pick<DocState, 'text' | 'savedText'>): boolean {
  return doc.text !== doc.savedText;
}
