/**
 * The one way a document changes. A transaction names who changes it, what the new text is, the
 * revision or version it was made against, and whether the text now matches the file; applying
 * it checks the guards, moves the text, revision, version and history on together, and says what
 * happened so the caller can journal the draft and tell the windows. Pure: no IO.
 */
import { isRevision, newRevision } from '../../revisions/revision';
import { staleRevision } from '../../revisions/stale';
import type { Step } from '../../collab/changeLog';
import { refuse, type Result } from '../../result';
import { applySplices, diffSplice, type Splice } from './textEdit';
import { isDirty, type DocState } from './docState';

export interface Transaction {
  /** Who changes the text: a window id, or `mcp`, `transform`, `disk`, `draft`. */
  origin: string;
  /** The change as splices against the current text… */
  splices?: readonly Splice[];
  /** …or as the whole new text. */
  text?: string;
  /** Refuse with STALE unless the document is at this revision (AI clients). */
  expectedRevision?: string;
  /** Refuse with STALE unless the document is at this version (windows). */
  baseVersion?: number;
  /** The token a window drew when the person typed; used when well-formed and new. */
  proposedRevision?: string;
  /** The change is one undo step of its own in the editors that show it. */
  undoable?: boolean;
  /** A change the person or an AI makes (refused on read-only documents); a load is not one. */
  write?: boolean;
  /** After the change the file holds this text (the new text itself when omitted): a save or load. */
  saved?: { savedText?: string };
  /**
   * Facts about the document that come with the change (from reading or saving its file), or that
   * change alone: where its file is, its untitled name, the window it belongs to.
   */
  meta?: Partial<
    Pick<
      DocState,
      | 'kind'
      | 'format'
      | 'readOnlyReason'
      | 'sourceOnly'
      | 'mode'
      | 'notice'
      | 'pending'
      | 'path'
      | 'untitledName'
      | 'windowId'
    >
  >;
}

export interface Applied {
  changed: boolean;
  /** The history step of the change, when the text changed. */
  step: Step | null;
  /** Dirty state or saved text moved (the draft journal needs to know). */
  savedChanged: boolean;
  /** The tab turned dirty or clean. */
  dirtyChanged: boolean;
}

export function applyTransaction(doc: DocState, tr: Transaction): Result<Applied> {
  if (tr.write !== false && doc.readOnlyReason) return refuse('READ_ONLY', doc.readOnlyReason.text);
  const stale = staleRevision(doc, tr.expectedRevision);
  if (stale) return stale;
  if (tr.baseVersion !== undefined && tr.baseVersion !== doc.version) {
    return refuse('STALE', `The document is at version ${doc.version}, not ${tr.baseVersion}.`, {
      current_revision: doc.revision,
      current_version: doc.version,
    });
  }
  let splices: Splice[];
  let next: string;
  try {
    if (tr.splices) {
      next = applySplices(doc.text, tr.splices);
      splices = tr.splices.filter((s) => s.from !== s.to || s.insert !== '');
    } else {
      next = tr.text ?? doc.text;
      const one = diffSplice(doc.text, next);
      splices = one ? [one] : [];
    }
  } catch (e) {
    return refuse('INTERNAL', (e as Error).message);
  }
  const wasDirty = isDirty(doc);
  const savedBefore = doc.savedText;
  let step: Step | null = null;
  if (next !== doc.text) {
    doc.text = next;
    doc.version += 1;
    const proposed = tr.proposedRevision;
    doc.revision =
      proposed && isRevision(proposed) && proposed !== doc.revision
        ? proposed
        : newRevision(doc.revision);
    step = {
      version: doc.version,
      revision: doc.revision,
      splices,
      undoable: tr.undoable ?? false,
      origin: tr.origin,
    };
    doc.log.append(step);
  }
  if (tr.saved) doc.savedText = tr.saved.savedText ?? doc.text;
  if (tr.meta) Object.assign(doc, tr.meta);
  return {
    ok: true,
    changed: step !== null,
    step,
    savedChanged: step !== null || wasDirty !== isDirty(doc) || savedBefore !== doc.savedText,
    dirtyChanged: wasDirty !== isDirty(doc),
  };
}
